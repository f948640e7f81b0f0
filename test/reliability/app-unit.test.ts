/**
 * Pieces of the HTTP front that no well-behaved server state reaches from outside: a response that
 * never comes (answered 504, its session closed), and the nesting scan that runs before parsing.
 */
import { describe, expect, it } from 'vitest';
import { createApp, jsonDepthExceeds } from '../../src/http/app.js';
import { RateLimiter } from '../../src/http/rate-limit.js';
import type { SessionManager } from '../../src/http/sessions.js';

describe('response timeout', () => {
  it('answers 504 with a JSON-RPC error and closes the session when a response never comes', async () => {
    const closed: string[] = [];
    const sessions = {
      size: 1,
      get: (id: string) => (id === 's1' ? { transport: { handleRequest: () => new Promise<Response>(() => undefined) } } : undefined),
      close: async (id: string) => {
        closed.push(id);
      },
      create: async () => {
        throw new Error('not used');
      },
    } as unknown as SessionManager;
    const app = createApp({
      sessions,
      limiter: new RateLimiter({ perMinute: 100, burst: 100 }),
      maxBodyBytes: 4096,
      allowedHosts: null,
      allowedOrigins: new Set(),
      corsOrigins: [],
      trustProxyHeader: null,
      responseTimeoutMs: 100,
    });
    const r = await app.fetch(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'mcp-session-id': 's1' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_games', arguments: {} } }),
      }),
    );
    expect(r.status).toBe(504);
    expect(await r.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32001, message: expect.stringMatching(/timed out/) } });
    expect(closed).toEqual(['s1']);
  });
});

describe('jsonDepthExceeds', () => {
  it('counts nesting of arrays and objects, not brackets inside strings', () => {
    expect(jsonDepthExceeds('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[1,{"b":[2]}]}', 3)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ q: '[[[[[[[[[[{{{{{{{{' }), 2)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ q: 'a\\"[[[[[[' }), 1)).toBe(false);
    expect(jsonDepthExceeds('"\\\\"[[[', 2)).toBe(true);
    expect(jsonDepthExceeds('['.repeat(65) + ']'.repeat(65), 64)).toBe(true);
    expect(jsonDepthExceeds('['.repeat(64) + ']'.repeat(64), 64)).toBe(false);
  });
});
