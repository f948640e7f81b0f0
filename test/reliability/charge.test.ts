/**
 * Charge before, settle after: a request pays its estimated cost (by tool and input size) before it
 * runs, and the work measured settles it (charged beyond, given back below); a charge larger than
 * the 60 s window is a debt that keeps the client limited past the window until it is paid.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createApp } from '../../src/http/app.js';
import { estimateCost, MAX_ESTIMATE } from '../../src/http/cost.js';
import { FairScheduler } from '../../src/http/fair.js';
import { RateLimiter } from '../../src/http/rate-limit.js';
import type { SessionManager } from '../../src/http/sessions.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('a charge past the budget carries into the next windows', () => {
  it('keeps the client refused after the window ends, until the debt is paid at the budget\'s rate', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = new RateLimiter({ perMinute: 10 });
    expect((await limiter.take('a')).allowed).toBe(true);
    // 36 points in a 10-point window: 26 beyond it, paid at 10 a minute after the window ends.
    await limiter.charge('a', 35);
    const d = await limiter.peek('a');
    expect(d.allowed).toBe(false);
    expect(d.retryAfter).toBeGreaterThanOrEqual(60 + 26 * 6 - 1);
    await vi.advanceTimersByTimeAsync(61_000);
    // A window later the client would be free again if the debt had expired with it.
    const after = await limiter.take('a');
    expect(after.allowed).toBe(false);
    // Asking while limited does not push the wait further out.
    expect(after.retryAfter).toBeLessThanOrEqual(d.retryAfter - 60);
    await vi.advanceTimersByTimeAsync((after.retryAfter + 1) * 1000);
    expect((await limiter.take('a')).allowed).toBe(true);
  });

  it('adds a later charge to the debt rather than restarting it', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = new RateLimiter({ perMinute: 10 });
    await limiter.charge('a', 20);
    const first = (await limiter.peek('a')).retryAfter;
    await limiter.charge('a', 10);
    // Ten more points at 10 a minute: a minute more.
    expect((await limiter.peek('a')).retryAfter).toBeGreaterThanOrEqual(first + 59);
  });

  it('leaves a charge within the budget to its window', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = new RateLimiter({ perMinute: 10 });
    await limiter.charge('b', 5);
    expect((await limiter.peek('b')).remaining).toBe(5);
    await vi.advanceTimersByTimeAsync(61_000);
    expect((await limiter.take('b')).remaining).toBe(9);
  });
});

describe('estimateCost', () => {
  const call = (name: string, args: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
  it('charges one point per request, nothing for notifications, more for a large costly input', () => {
    expect(estimateCost({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBe(0);
    expect(estimateCost({ jsonrpc: '2.0', id: 1, method: 'ping' })).toBe(1);
    expect(estimateCost(call('get_rule', { id: '8-5-3'.repeat(100) }))).toBe(1);
    expect(estimateCost(call('simulate_ruling', { state: { pad: 'x'.repeat(5000) } }))).toBe(1 + Math.floor(JSON.stringify({ state: { pad: 'x'.repeat(5000) } }).length / 1024));
    expect(estimateCost(call('simulate_ruling', { state: { pad: 'x'.repeat(1_000_000) } }))).toBe(MAX_ESTIMATE);
  });
  it('is between 0 and MAX_ESTIMATE for any message', () => {
    fc.assert(fc.property(fc.anything(), fc.string(), fc.anything(), (m, name, args) => {
      for (const x of [m, call(name, args)]) {
        const n = estimateCost(x);
        expect(n).toBeGreaterThanOrEqual(0);
        expect(n).toBeLessThanOrEqual(MAX_ESTIMATE);
      }
    }));
  });
});

describe('settlement after the call', () => {
  /** An app over one session whose tool call "measured" `ms` of work for its client. */
  function appMeasuring(ms: number, limiter: RateLimiter) {
    const scheduler = new FairScheduler(50);
    const sessions = {
      size: 1,
      scheduler,
      get: (id: string) =>
        id === 's1'
          ? {
              transport: {
                handleRequest: async () => {
                  scheduler.addSpent('ip:unknown', ms);
                  return Response.json({ jsonrpc: '2.0', id: 1, result: { content: [] } });
                },
              },
            }
          : undefined,
      close: async () => undefined,
      create: async () => {
        throw new Error('not used');
      },
    } as unknown as SessionManager;
    return createApp({ sessions, limiter, maxBodyBytes: 1_000_000, allowedHosts: null, allowedOrigins: new Set(), corsOrigins: [], trustProxyHeader: null, costUnitMs: 50 });
  }
  const simulate = (bytes: number) =>
    new Request('http://127.0.0.1/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mcp-session-id': 's1' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'simulate_ruling', arguments: { state: { pad: 'x'.repeat(bytes) } } } }),
    });

  it('gives back what the estimate took beyond the work measured', async () => {
    const limiter = new RateLimiter({ perMinute: 100 });
    const r = await appMeasuring(0, limiter).fetch(simulate(5000));
    expect(r.status).toBe(200);
    // Charged 5 before, measured nothing beyond its one point: 99 left.
    expect((await limiter.peek('ip:unknown')).remaining).toBe(99);
  });

  it('charges the work measured beyond the estimate', async () => {
    const limiter = new RateLimiter({ perMinute: 100 });
    await appMeasuring(2050, limiter).fetch(simulate(5000));
    // 2,000 ms beyond the 50 ms a point includes: 40 points of work, 4 of them paid in advance.
    expect((await limiter.peek('ip:unknown')).remaining).toBe(100 - 1 - 40);
  });

  it('refuses the client past the window after a call that cost more than the window holds', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = new RateLimiter({ perMinute: 10 });
    const app = appMeasuring(30_050, limiter);
    expect((await app.fetch(simulate(10))).status).toBe(200);
    await vi.advanceTimersByTimeAsync(61_000);
    const r = await app.fetch(simulate(10));
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(60);
  });
});
