/**
 * The tool pool on real servers: a simulate_ruling that outlasts its deadline (a cascade that never
 * repeats a state, with the engine's own budget raised through ENGINE_MAX_*) is stopped at its
 * deadline (TOOL_DEADLINE_MS, low here) and answered with an error saying why and what to do, while other calls and /healthz are
 * answered meanwhile; its worker is replaced and the next costly call works. Over HTTP (SDK client,
 * ephemeral loopback port) and stdio; a worker that runs out of its heap is replaced too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { httpClient, httpServer, stdioClient, type HttpServer } from '../helpers/servers.js';
import { serverTrouble } from '../helpers/trouble.js';
import { CASCADE, ORDINARY } from '../helpers/scenarios.js';

/** The engine's own budget out of the way, so that only the pool's deadline or heap limit stops CASCADE. */
const UNBOUNDED = { ENGINE_MAX_EVENTS: '100000000', ENGINE_MAX_RESOLUTIONS: '100000000' };

type Result = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> };

const text = (r: Result) => r.content.map((c) => c.text ?? '').join('\n');
const LONG = { timeout: 120_000 };

/**
 * Calls `probe` one after another until `pending` settles (at most `max` times, 50 ms apart), and
 * returns whether each answer came while it was still pending.
 */
async function whilePending(pending: Promise<unknown>, probe: () => Promise<boolean>, max = 400): Promise<{ ok: boolean; during: boolean }[]> {
  let settled = false;
  void pending.finally(() => (settled = true)).catch(() => undefined);
  const out: { ok: boolean; during: boolean }[] = [];
  for (let i = 0; i < max && !settled; i++) {
    const ok = await probe();
    out.push({ ok, during: !settled });
    await new Promise((r) => setTimeout(r, 50));
  }
  return out;
}

describe('costly calls run in the tool pool under a deadline (HTTP)', () => {
  let s: HttpServer;
  let bomber: Client;
  let other: Client;
  beforeAll(async () => {
    s = await httpServer({ ...UNBOUNDED, TOOL_DEADLINE_MS: '1500', RATE_LIMIT_PER_MINUTE: '100000' });
    bomber = await httpClient(s.url);
    other = await httpClient(s.url);
  });
  afterAll(async () => {
    await bomber?.close();
    await other?.close();
    expect(serverTrouble(s.logs())).toEqual([]);
    expect(await s.stop()).toBe(0);
  });

  it('stops a simulation that outlasts its deadline while get_rule and /healthz answer, then serves the next call', async () => {
    const bomb = bomber.callTool({ name: 'simulate_ruling', arguments: CASCADE }, undefined, LONG) as Promise<Result>;
    const probes = await whilePending(bomb, async () => {
      const rule = (await other.callTool({ name: 'get_rule', arguments: { id: '8-5-3' } })) as Result;
      const health = await fetch(`${s.url}/healthz`);
      await health.body?.cancel();
      return !rule.isError && health.status === 200;
    });
    const answer = await bomb;
    expect(answer.isError).toBe(true);
    expect(text(answer)).toMatch(/simulate_ruling was stopped after 1500 ms: this input needs more work than one call may take/);
    expect(text(answer)).toMatch(/Simulate a smaller part of it/);
    // Another client was answered while the runaway call ran, every time.
    expect(probes.filter((p) => p.during).length).toBeGreaterThan(0);
    expect(probes.every((p) => p.ok)).toBe(true);
    // The log line comes down stderr, another pipe than the answer: wait for it rather than race it.
    await expect.poll(() => s.logs(), { timeout: 5_000 }).toMatch(/"event":"tool_deadline","tool":"simulate_ruling"/);
    // The worker was replaced: the same client's next costly calls work.
    const next = (await bomber.callTool({ name: 'simulate_ruling', arguments: ORDINARY }, undefined, LONG)) as Result;
    expect(next.isError).toBeFalsy();
    expect(next.structuredContent!.legal).toBe(true);
    const search = (await other.callTool({ name: 'search_rules', arguments: { query: 'first strike', limit: 3 } }, undefined, LONG)) as Result;
    expect(search.isError, text(search)).toBeFalsy();
    expect((search.structuredContent!.results as { id: string }[])[0]!.id).toBe('13-1-5');
  });

  it('answers a tool error raised in a worker as the same clear error as in-process', async () => {
    const r = (await other.callTool({ name: 'search_rules', arguments: { query: 'first strike', document: 'no-such-document' } }, undefined, LONG)) as Result;
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/no-such-document/);
  });
});

describe('costly calls run in the tool pool under a deadline (stdio)', () => {
  let client: Client;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ client, close } = await stdioClient({ ...UNBOUNDED, TOOL_DEADLINE_MS: '1500' }));
  });
  afterAll(async () => {
    await close?.();
  });

  it('stops a simulation that outlasts its deadline while the connection goes on answering, then serves the next call', async () => {
    const bomb = client.callTool({ name: 'simulate_ruling', arguments: CASCADE }, undefined, LONG) as Promise<Result>;
    const probes = await whilePending(bomb, async () => {
      const r = (await client.callTool({ name: 'get_rule', arguments: { id: '8-5-3' } })) as Result;
      return !r.isError && (r.structuredContent as { rule?: { id?: string } }).rule?.id === '8-5-3';
    });
    const answer = await bomb;
    expect(answer.isError).toBe(true);
    expect(text(answer)).toMatch(/simulate_ruling was stopped after 1500 ms/);
    expect(probes.filter((p) => p.during).length).toBeGreaterThan(0);
    expect(probes.every((p) => p.ok)).toBe(true);
    const next = (await client.callTool({ name: 'simulate_ruling', arguments: ORDINARY }, undefined, LONG)) as Result;
    expect(next.structuredContent!.legal).toBe(true);
  });
});

describe('a worker that runs out of memory (stdio)', () => {
  it('is replaced: the call gets an error and the server goes on serving', async () => {
    // A small heap and a long deadline: the cascade's growing log and queue fill the heap first.
    const { client, close } = await stdioClient({ ...UNBOUNDED, TOOL_DEADLINE_MS: '100000', TOOL_HEAP_MB: '64' });
    try {
      const answer = (await client.callTool({ name: 'simulate_ruling', arguments: CASCADE }, undefined, LONG)) as Result;
      expect(answer.isError).toBe(true);
      // Out of its heap, or (if the deadline came first on a slow machine) stopped at the deadline.
      expect(text(answer)).toMatch(/needed more memory than one call may use on this server \(64 MB\)|was stopped after 100000 ms/);
      const next = (await client.callTool({ name: 'simulate_ruling', arguments: ORDINARY }, undefined, LONG)) as Result;
      expect(next.structuredContent!.legal).toBe(true);
    } finally {
      await close();
    }
  }, 180_000);
});
