/**
 * The rate limit under concurrency, with the default budget (60 a minute, at most 30 at once): 200 clients
 * with distinct API keys in parallel each get their own budget, and one abusive key hammering the
 * server takes nothing from anyone else's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpServer, initializeBody, post, type HttpServer } from '../helpers/servers.js';
import { serverTrouble } from './leaks.js';

let s: HttpServer;
beforeAll(async () => {
  // The defaults, whatever the environment says.
  s = await httpServer({ RATE_LIMIT_PER_MINUTE: '', RATE_LIMIT_BURST: '' });
});
afterAll(async () => {
  expect(serverTrouble(s.logs())).toEqual([]);
  expect(await s.stop()).toBe(0);
});

/**
 * A client with API key `key`: initializes a session, then pings in it, one request after another,
 * until the first 429 (at most `max` requests); returns how many passed.
 */
async function untilLimited(key: string, max = 70): Promise<{ passed: number; limited: boolean; other: number[] }> {
  const other: number[] = [];
  const init = await post(s.url, initializeBody(), { 'x-api-key': key });
  await init.text();
  if (init.status !== 200) return { passed: 0, limited: init.status === 429, other: init.status === 429 ? [] : [init.status] };
  const session = init.headers.get('mcp-session-id')!;
  let passed = 1;
  for (let i = 1; i < max; i++) {
    const r = await post(s.url, { jsonrpc: '2.0', id: i, method: 'ping' }, { 'x-api-key': key, 'mcp-session-id': session });
    await r.text();
    if (r.status === 429) return { passed, limited: true, other };
    if (r.status === 200) passed++;
    else other.push(r.status);
  }
  return { passed, limited: false, other };
}

describe('rate limit under concurrency (default 60/min, burst 30)', () => {
  it('gives each of 200 parallel clients with distinct API keys its own budget', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => untilLimited(`client-${i}`)));
    for (const [i, r] of results.entries()) {
      expect(r.other, `client-${i}`).toEqual([]);
      expect(r.limited, `client-${i} was never limited`).toBe(true);
      // The burst is 30; only if the run outlasted the 30 s burst window could a client pass more,
      // and never more than the minute's 60.
      expect(r.passed, `client-${i}`).toBeGreaterThanOrEqual(30);
      expect(r.passed, `client-${i}`).toBeLessThanOrEqual(60);
    }
  });

  it('does not let one abusive key exhaust another key\'s budget, or the address budget', async () => {
    let stop = false;
    let abusive = 0;
    let abusiveLimited = 0;
    const hammer = Promise.all(
      Array.from({ length: 50 }, async () => {
        while (!stop && abusive < 3000) {
          abusive++;
          const r = await post(s.url, initializeBody(), { 'x-api-key': 'abuser' });
          await r.text();
          if (r.status === 429) abusiveLimited++;
          else expect(r.status).toBe(200);
        }
      }),
    );
    // Let the abuser exhaust its own budget first.
    while (abusiveLimited < 100) await new Promise((r) => setTimeout(r, 10));
    const victim = await untilLimited('victim');
    const anonymous = await post(s.url, initializeBody());
    await anonymous.text();
    stop = true;
    await hammer;
    expect(victim.other).toEqual([]);
    expect(victim.passed).toBeGreaterThanOrEqual(30);
    expect(victim.passed).toBeLessThanOrEqual(60);
    expect(anonymous.status).toBe(200);
    // The abuser itself got no more than its minute's budget.
    expect(abusive - abusiveLimited).toBeLessThanOrEqual(60);
  });
});
