import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/mcp/server.js';
import { httpClient, httpServer, initializeBody, post, session as newSession, type HttpServer } from '../helpers/servers.js';

let server: HttpServer;
type RpcError = { error: { message: string } };

beforeAll(async () => {
  // A budget these tests cannot exhaust; the rate limit has its own server below.
  server = await httpServer({ RATE_LIMIT_PER_MINUTE: '600', RATE_LIMIT_BURST: '300', MAX_BODY_BYTES: '4096' });
});
afterAll(async () => {
  await server.stop();
});

// A session of the shared server (the helper throws unless initialize answers 200 with an id).
const session = () => newSession(server.url);

describe('MCP over streamable HTTP', () => {
  it('answers /healthz', async () => {
    const r = await fetch(`${server.url}/healthz`);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ status: 'ok' });
  });

  it('serves the tools to the SDK client', async () => {
    const client = await httpClient(server.url);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name as string).sort());
    const r = (await client.callTool({ name: 'get_card', arguments: { id: 'GD01-001' } })) as unknown as { structuredContent: { card: { name: string } } };
    expect(r.structuredContent.card.name).toBe('Gundam');
    const s = (await client.callTool({ name: 'search_rules', arguments: { query: 'hand size limit', limit: 3 } })) as unknown as { structuredContent: { results: { id: string }[] } };
    // 4-8-4 (a hand holds at most ten cards) and 7-6-5 (the hand step) both answer it.
    expect(s.structuredContent.results.map((x) => x.id).some((id) => id === '4-8-4' || id.startsWith('7-6-5'))).toBe(true);
    await client.close();
  });

  it('rejects malformed JSON with 400 and a JSON-RPC parse error', async () => {
    const r = await post(server.url, '{"jsonrpc":"2.0","id":3,"method":"tools/call",');
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
  });

  it('rejects a wrong content type with 415', async () => {
    const r = await post(server.url, 'hello', { 'content-type': 'text/plain' });
    expect(r.status).toBe(415);
    expect(((await r.json()) as RpcError).error.message).toMatch(/application\/json/);
  });

  it('rejects an oversized body with 413, declared or not', async () => {
    const big = JSON.stringify({ ...initializeBody(), pad: 'x'.repeat(10_000) });
    const r = await post(server.url, big);
    expect(r.status).toBe(413);
    // A chunked body without Content-Length is cut off at the limit too.
    const chunked = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode(big));
          c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('answers an unknown tool with a JSON-RPC error', async () => {
    const id = await session();
    const r = await post(server.url, { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'format_disk', arguments: {} } }, { 'mcp-session-id': id });
    expect(r.status).toBe(200);
    const body = (await r.json()) as RpcError & { error: { code: number } };
    expect(body.error.code).toBe(-32602);
    expect(body.error.message).toMatch(/Unknown tool: format_disk/);
  });

  it('requires a session after initialize, and says when one is unknown', async () => {
    const none = await post(server.url, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(none.status).toBe(400);
    expect(((await none.json()) as RpcError).error.message).toMatch(/initialize/);
    const gone = await post(server.url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-session-id': 'no-such-session' });
    expect(gone.status).toBe(404);
    await gone.text();
  });

  it('checks Origin and Host against DNS rebinding', async () => {
    const evil = await post(server.url, initializeBody(), { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as RpcError).error.message).toMatch(/Origin/);
    const local = await post(server.url, initializeBody(), { origin: `http://localhost:${server.port}` });
    expect(local.status).toBe(200);
    await local.text();
    // fetch will not send a forged Host header; a raw request will, as a rebinding browser would.
    const status = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify(initializeBody());
      const req = http.request(
        { host: '127.0.0.1', port: server.port, path: '/mcp', method: 'POST', headers: { host: 'attacker.example', 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(403);
  });

  it('answers GET without a stream with 405, and unknown paths with 404', async () => {
    const get = await fetch(`${server.url}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    await get.text();
    const nf = await fetch(`${server.url}/nothing`);
    expect(nf.status).toBe(404);
    await nf.text();
  });

  it('ends a session on DELETE', async () => {
    const id = await session();
    const del = await fetch(`${server.url}/mcp`, { method: 'DELETE', headers: { 'mcp-session-id': id } });
    expect(del.status).toBe(204);
    const after = await post(server.url, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, { 'mcp-session-id': id });
    expect(after.status).toBe(404);
    await after.text();
  });

  it('logs one JSON line per request to stderr, with the tool and a hashed client key', async () => {
    const id = await session();
    await (await post(server.url, { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'list_card_sets', arguments: {} } }, { 'mcp-session-id': id })).text();
    // The line comes down stderr, not the socket: wait for it rather than sleep and race it.
    await expect.poll(() => server.logs(), { timeout: 5_000 }).toMatch(/"tool":"list_card_sets"/);
    const lines = server.logs().split('\n').filter((l) => l.includes('"event":"request"'));
    const entry = lines.map((l) => JSON.parse(l)).find((e) => e.tool === 'list_card_sets');
    expect(entry).toMatchObject({ method: 'POST', status: 200, tool: 'list_card_sets' });
    expect(entry.client).toMatch(/^[0-9a-f]{16}$/);
    expect(typeof entry.ms).toBe('number');
  });
});

describe('rate limit', () => {
  let limited: HttpServer;
  beforeAll(async () => {
    limited = await httpServer({ RATE_LIMIT_PER_MINUTE: '10', RATE_LIMIT_BURST: '5', API_KEYS: 'another-client' });
  });
  afterAll(async () => {
    await limited.stop();
  });

  it('allows the burst, then answers 429 with Retry-After, RateLimit headers and a JSON-RPC error', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 8; i++) {
      last = await post(limited.url, initializeBody(i + 1));
      statuses.push(last.status);
      if (last.status === 429) break;
      await last.text();
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.headers.get('ratelimit-limit')).toBe('10');
    expect(last!.headers.get('ratelimit-remaining')).toBe('0');
    expect(await last!.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringMatching(/Rate limit/) } });
    // Health checks are never limited.
    expect((await fetch(`${limited.url}/healthz`)).status).toBe(200);
  });

  it('keeps a separate budget per listed API key', async () => {
    // Spend the anonymous budget (the burst is 5), so this test does not rely on the one above.
    let anonymous: Response | undefined;
    for (let i = 0; i < 8; i++) {
      anonymous = await post(limited.url, initializeBody(i + 1));
      await anonymous.text();
      if (anonymous.status === 429) break;
    }
    expect(anonymous!.status).toBe(429);
    const r = await post(limited.url, initializeBody(), { 'x-api-key': 'another-client' });
    expect(r.status).toBe(200);
    await r.text();
  });
});
