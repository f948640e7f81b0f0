/**
 * The rate limit under concurrency, with the default budget (60 a minute, no shorter window): 200
 * clients at distinct addresses in parallel each get their own budget, one abusive address hammering
 * the server takes nothing from anyone else's, and a header cannot mint a budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpServer, initializeBody, type HttpServer } from '../helpers/servers.js';
import { clientAddress, loopbackRequest } from '../helpers/loopback.js';
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

async function status(from: string, headers: Record<string, string> = {}): Promise<number> {
  const r = await loopbackRequest(s.url, { from, body: initializeBody(), headers });
  if ('error' in r) throw new Error(r.error);
  return r.status;
}

/**
 * A client at address `from`: initializes a session, then pings in it, one request after another,
 * until the first 429 (at most `max` requests); returns how many passed.
 */
async function untilLimited(from: string, max = 70): Promise<{ passed: number; limited: boolean; other: number[] }> {
  const other: number[] = [];
  const init = await loopbackRequest(s.url, { from, body: initializeBody() });
  if ('error' in init) throw new Error(init.error);
  if (init.status !== 200) return { passed: 0, limited: init.status === 429, other: init.status === 429 ? [] : [init.status] };
  const session = init.headers['mcp-session-id'] as string;
  let passed = 1;
  for (let i = 1; i < max; i++) {
    const r = await loopbackRequest(s.url, { from, body: { jsonrpc: '2.0', id: i, method: 'ping' }, headers: { 'mcp-session-id': session } });
    if ('error' in r) throw new Error(r.error);
    if (r.status === 429) return { passed, limited: true, other };
    if (r.status === 200) passed++;
    else other.push(r.status);
  }
  return { passed, limited: false, other };
}

describe('rate limit under concurrency (default 60/min, no shorter window)', () => {
  it('gives each of 200 parallel clients at distinct addresses its own budget of 60', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => untilLimited(clientAddress(i, 10))));
    for (const [i, r] of results.entries()) {
      expect(r.other, `client-${i}`).toEqual([]);
      expect(r.limited, `client-${i} was never limited`).toBe(true);
      // 60, less a point for a request whose work ran past COST_UNIT_MS on a busy machine.
      expect(r.passed, `client-${i}`).toBeGreaterThanOrEqual(56);
      expect(r.passed, `client-${i}`).toBeLessThanOrEqual(60);
    }
    // 12,200 requests: 11 to 25 s on a quiet machine, past a minute on a loaded one. The limit guards
    // against a hang, it measures nothing.
  }, 180_000);

  it('does not let one abusive address exhaust another\'s budget', async () => {
    const abuser = clientAddress(0, 11);
    let stop = false;
    let abusive = 0;
    let abusiveLimited = 0;
    const hammer = Promise.all(
      Array.from({ length: 20 }, async () => {
        while (!stop && abusive < 3000) {
          abusive++;
          const st = await status(abuser);
          if (st === 429) abusiveLimited++;
          else expect(st).toBe(200);
        }
      }),
    );
    while (abusiveLimited < 100) await new Promise((r) => setTimeout(r, 10));
    const victim = await untilLimited(clientAddress(1, 11));
    stop = true;
    await hammer;
    expect(victim.other).toEqual([]);
    expect(victim.passed).toBeGreaterThanOrEqual(56);
    expect(victim.passed).toBeLessThanOrEqual(60);
    // The abuser got no more than its minute's budget, however often it retried.
    expect(abusive - abusiveLimited).toBeLessThanOrEqual(60);
  });

  it('without API_KEYS, made-up keys share their address\'s budget: a header mints nothing', async () => {
    const from = clientAddress(0, 12);
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) statuses.push(await status(from, i % 2 ? { 'x-api-key': `minted-${i}` } : { authorization: `Bearer minted-${i}` }));
    const passed = statuses.filter((x) => x === 200).length;
    expect(passed).toBeGreaterThanOrEqual(56);
    expect(passed).toBeLessThanOrEqual(60);
    expect(statuses.filter((x) => x === 429)).toHaveLength(70 - passed);
  });
});
