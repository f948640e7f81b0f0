/**
 * The HTTP front under hostile conditions, against the real server process on 127.0.0.1:
 * slow clients and connection floods, error bodies without internals, CORS only where configured,
 * bounded sessions with idle expiry, batches and nesting, who the rate-limit key is, where logs
 * go, and that nothing a client sends reaches the file system.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHttpConfig } from '../../src/http/config.js';
import { cli, httpClient, initializeBody, post, root, session, type HttpServer } from '../helpers/servers.js';
import { clientAddress, loopbackRequest } from '../helpers/loopback.js';
import { assertNoLeak, checkedServers } from './leaks.js';

const start = checkedServers();

const listTools = (url: string, id: string, headers: Record<string, string> = {}) => post(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { ...headers, 'mcp-session-id': id });

/** Writes `chunks` to a raw socket and collects what comes back until the server closes it. */
function rawSocket(port: number, first: string): { socket: net.Socket; closed: Promise<string> } {
  const socket = net.connect(port, '127.0.0.1');
  let data = '';
  socket.on('data', (d) => (data += d.toString()));
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(data));
    socket.on('error', () => undefined);
  });
  socket.write(first);
  return { socket, closed };
}

describe('slow clients and floods', () => {
  let s: HttpServer;
  beforeAll(async () => {
    s = await start({ HEADERS_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '600' });
  });

  it('drops a client that never finishes its headers, and keeps answering others meanwhile', async () => {
    const slow = rawSocket(s.port, 'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n');
    const other = await post(s.url, initializeBody());
    expect(other.status).toBe(200);
    await other.text();
    const answer = await slow.closed;
    expect(answer === '' || /^HTTP\/1\.1 408/.test(answer), answer).toBe(true);
  });

  it('drops a client that never finishes its body', async () => {
    const slow = rawSocket(s.port, 'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 500\r\n\r\n{"jsonrpc":');
    const answer = await slow.closed;
    expect(answer === '' || /^HTTP\/1\.1 (408|400)/.test(answer), answer).toBe(true);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  });

  it('caps open connections, and serves again once they go', async () => {
    const capped = await start({ MAX_CONNECTIONS: '8' });
    const idle = Array.from({ length: 8 }, () => rawSocket(capped.port, ''));
    await Promise.all(idle.map((c) => new Promise((r) => c.socket.once('connect', r))));
    await new Promise((r) => setTimeout(r, 100));
    // Past the cap, a new connection is closed without an answer.
    const extra = rawSocket(capped.port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await extra.closed).toBe('');
    for (const c of idle) c.socket.destroy();
    await Promise.all(idle.map((c) => c.closed));
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = await fetch(`${capped.url}/healthz`).then((r) => r.status, () => 0);
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  });

  it('refuses oversized headers without falling over', async () => {
    const r = rawSocket(s.port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
    expect(await r.closed).toMatch(/^HTTP\/1\.1 431|^$/);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  });
});

describe('error bodies', () => {
  let s: HttpServer;
  beforeAll(async () => {
    s = await start({ RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_BURST: '1000', MAX_BODY_BYTES: '2048' });
  });

  it('are JSON without stack traces or file paths, on every failure path', async () => {
    const id = await session(s.url);
    const withSession = { 'mcp-session-id': id };
    const failures: [string, () => Promise<Response>, number][] = [
      ['unknown path', () => fetch(`${s.url}/../../etc/passwd`), 404],
      ['unknown path 2', () => fetch(`${s.url}/mcp/x`), 404],
      ['GET /mcp', () => fetch(`${s.url}/mcp`), 405],
      ['PUT /mcp', () => fetch(`${s.url}/mcp`, { method: 'PUT', body: '{}' }), 405],
      ['oversized', () => post(s.url, { ...initializeBody(), pad: 'x'.repeat(4096) }), 413],
      ['content type', () => post(s.url, 'x', { 'content-type': 'text/xml' }), 415],
      ['bad JSON', () => post(s.url, '{"jsonrpc":'), 400],
      ['not an object', () => post(s.url, '"hello"'), 400],
      ['too deep', () => post(s.url, '['.repeat(500) + ']'.repeat(500)), 400],
      ['empty batch', () => post(s.url, '[]', withSession), 400],
      ['big batch', () => post(s.url, Array.from({ length: 21 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' })), withSession), 400],
      ['self-cancelling batch', () => post(s.url, [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }], withSession), 400],
      ['bad initialize', () => post(s.url, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: 7 } }), 400],
      ['no session', () => post(s.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }), 400],
      ['unknown session', () => post(s.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-session-id': '../../etc/passwd' }), 404],
      ['bad origin', () => post(s.url, initializeBody(), { origin: 'https://evil.example' }), 403],
      ['not acceptable', () => post(s.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { ...withSession, accept: 'text/html' }), 406],
      ['bad protocol version', () => post(s.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { ...withSession, 'mcp-protocol-version': '../../x' }), 400],
      ['null arguments', () => post(s.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_card', arguments: null } }, withSession), 200],
      ['malformed URI', () => post(s.url, { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'gundam://cards/%E0%A4%A' } }, withSession), 200],
      ['file URI', () => post(s.url, { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'file:///etc/passwd' } }, withSession), 200],
      ['unknown method', () => post(s.url, { jsonrpc: '2.0', id: 1, method: 'fs/readFile', params: { path: '/etc/passwd' } }, withSession), 200],
    ];
    for (const [what, send, status] of failures) {
      const r = await send();
      const text = await r.text();
      expect(r.status, `${what}: ${text}`).toBe(status);
      const body = JSON.parse(text) as { error?: { message?: string } | string };
      expect(body.error, what).toBeTruthy();
      assertNoLeak(text);
    }
  });

  it('tool failures and invalid params name what is wrong, as JSON-RPC', async () => {
    const id = await session(s.url);
    const r = await post(s.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_card', arguments: null } }, { 'mcp-session-id': id });
    expect(await r.json()).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/params\.arguments: .*expected record/) } });
    const u = await post(s.url, { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'gundam://cards/%' } }, { 'mcp-session-id': id });
    expect(await u.json()).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/percent-encoding/) } });
  });
});

describe('binding, CORS and origins', () => {
  it('binds to 127.0.0.1 unless HOST says otherwise', async () => {
    expect(loadHttpConfig({}).host).toBe('127.0.0.1');
    expect(loadHttpConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    // Bound elsewhere, the names in ALLOWED_HOSTS pass the Host check, added to the loopback names.
    expect([...(loadHttpConfig({ HOST: '0.0.0.0', ALLOWED_HOSTS: 'rules.example:443' }).allowedHosts ?? [])].sort()).toEqual(['127.0.0.1', '::1', '[::1]', 'localhost', 'rules.example'].sort());
    expect(loadHttpConfig({ ALLOWED_HOSTS: 'rules.example' }).allowedHosts?.has('127.0.0.1')).toBe(true);
    const s = await start({ HOST: '' });
    expect(s.logs()).toMatch(/"event":"start","transport":"http","host":"127\.0\.0\.1"/);
  });

  it('sends no CORS headers unless CORS_ORIGINS is set', async () => {
    const s = await start();
    const pre = await fetch(`${s.url}/mcp`, { method: 'OPTIONS', headers: { origin: `http://localhost:${s.port}`, 'access-control-request-method': 'POST' } });
    await pre.text();
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const r = await post(s.url, initializeBody(), { origin: `http://localhost:${s.port}` });
    await r.text();
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers CORS only for the configured origins', async () => {
    const s = await start({ CORS_ORIGINS: 'https://judge.example' });
    const ok = await fetch(`${s.url}/mcp`, { method: 'OPTIONS', headers: { origin: 'https://judge.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,mcp-session-id' } });
    await ok.text();
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://judge.example');
    expect(ok.headers.get('access-control-allow-headers')).toMatch(/mcp-session-id/);
    const evil = await fetch(`${s.url}/mcp`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    await evil.text();
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const post1 = await post(s.url, initializeBody(), { origin: 'https://judge.example' });
    await post1.text();
    expect(post1.status).toBe(200);
    expect(post1.headers.get('access-control-allow-origin')).toBe('https://judge.example');
    const post2 = await post(s.url, initializeBody(), { origin: 'https://evil.example' });
    expect(post2.status).toBe(403);
    expect(post2.headers.get('access-control-allow-origin')).toBeNull();
    await post2.text();
  });
});

describe('sessions', () => {
  it('keeps at most MAX_SESSIONS: when full, a new initialize is refused 503 and nobody is evicted', async () => {
    const s = await start({ MAX_SESSIONS: '3' });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await session(s.url));
    const full = await post(s.url, initializeBody());
    expect(full.status).toBe(503);
    expect(Number(full.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await full.json()) as { error: { message: string } }).error.message).toMatch(/Service Unavailable/);
    for (const id of ids) {
      const r = await listTools(s.url, id);
      expect(r.status).toBe(200);
      await r.text();
    }
    // One ends: a place is free again.
    expect((await fetch(`${s.url}/mcp`, { method: 'DELETE', headers: { 'mcp-session-id': ids[0]! } })).status).toBe(204);
    await session(s.url);
    expect(((await (await fetch(`${s.url}/healthz`)).json()) as { sessions: number }).sessions).toBe(3);
  });

  it('expires a session idle for SESSION_IDLE_SECONDS', async () => {
    const s = await start({ SESSION_IDLE_SECONDS: '1' });
    const idle = await session(s.url);
    await new Promise((r) => setTimeout(r, 1600));
    const r = await listTools(s.url, idle);
    expect(r.status).toBe(404);
    await r.text();
    // A fresh one works.
    const fresh = await session(s.url);
    const ok = await listTools(s.url, fresh);
    expect(ok.status).toBe(200);
    await ok.text();
  });

  it('bounds sessions per client: a client over its share loses its own oldest, not another client\'s', async () => {
    const s = await start({ MAX_SESSIONS_PER_CLIENT: '2' });
    const init = async (from: string) => {
      const r = await loopbackRequest(s.url, { from, body: initializeBody() });
      if ('error' in r) throw new Error(r.error);
      expect(r.status).toBe(200);
      return r.headers['mcp-session-id'] as string;
    };
    const list = async (from: string, id: string) => {
      const r = await loopbackRequest(s.url, { from, body: { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers: { 'mcp-session-id': id } });
      return 'error' in r ? 0 : r.status;
    };
    const judge = clientAddress(0, 20);
    const flooder = clientAddress(1, 20);
    const victim = await init(judge);
    const mine = [];
    for (let i = 0; i < 5; i++) mine.push(await init(flooder));
    // Made-up keys do not make the flooder someone else.
    for (let i = 0; i < 3; i++) mine.push(await (async () => {
      const r = await loopbackRequest(s.url, { from: flooder, body: initializeBody(), headers: { 'x-api-key': `made-up-${i}` } });
      return 'error' in r ? '' : (r.headers['mcp-session-id'] as string);
    })());
    expect(await list(judge, victim)).toBe(200);
    expect(await list(flooder, mine[0]!)).toBe(404);
    expect(await list(flooder, mine.at(-1)!)).toBe(200);
    expect(((await (await fetch(`${s.url}/healthz`)).json()) as { sessions: number }).sessions).toBe(3);
  });
});

describe('budgets: batches, API keys, proxies', () => {
  it('charges every message of a batch', async () => {
    const s = await start({ RATE_LIMIT_PER_MINUTE: '10' });
    const id = await session(s.url); // 1 request: initialize (the notification is free)
    const batch = Array.from({ length: 5 }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'ping' }));
    const one = await post(s.url, batch, { 'mcp-session-id': id }); // 6
    expect(one.status).toBe(200);
    expect(await one.json()).toHaveLength(5);
    const two = await post(s.url, [...batch, { jsonrpc: '2.0', id: 6, method: 'ping' }], { 'mcp-session-id': id }); // would be 12
    expect(two.status).toBe(429);
    await two.text();
    // Refused, so not charged: a batch that fits the 4 left still passes.
    const three = await post(s.url, batch.slice(0, 4), { 'mcp-session-id': id });
    expect(three.status).toBe(200);
    await three.text();
  });

  it('with API_KEYS, a listed key has a budget of its own and an unlisted one is refused 401, uncharged', async () => {
    const s = await start({ RATE_LIMIT_PER_MINUTE: '5', API_KEYS: 'judge-key-1,judge-key-2' });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await post(s.url, initializeBody(), { 'x-api-key': `minted-${i}` });
      statuses.push(r.status);
      expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(/Unauthorized/);
    }
    expect(statuses).toEqual(Array(8).fill(401));
    // The address's own budget was not touched by the refusals...
    const plain = [];
    for (let i = 0; i < 6; i++) {
      const r = await post(s.url, initializeBody());
      plain.push(r.status);
      await r.text();
    }
    expect(plain).toEqual([200, 200, 200, 200, 200, 429]);
    // ...and each listed key has its own.
    for (const key of ['judge-key-1', 'judge-key-2']) {
      const listed = await post(s.url, initializeBody(), { authorization: `Bearer ${key}` });
      expect(listed.status).toBe(200);
      await listed.text();
    }
  });

  it('behind a trusted proxy, keys by the address the proxy appended, not one the client forged', async () => {
    const s = await start({ RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY_HEADER: 'x-forwarded-for' });
    const send = async (xff: string) => {
      const r = await post(s.url, initializeBody(), { 'x-forwarded-for': xff });
      await r.text();
      return r.status;
    };
    // One real client (203.0.113.7) forging a different first address each time: one budget.
    const forged = [];
    for (let i = 0; i < 5; i++) forged.push(await send(`10.0.0.${i}, 203.0.113.7`));
    expect(forged).toEqual([200, 200, 200, 429, 429]);
    // Another client behind the same proxy has its own.
    expect(await send('198.51.100.9')).toBe(200);
    // A value that is not an address falls back to the socket's address.
    expect(await send('not-an-ip')).toBe(200);
  });
});

describe('logs', () => {
  it('writes one JSON line per request to stderr with tool, status, duration and a hashed client key, never the key itself', async () => {
    const s = await start();
    const secret = 'sk-very-secret-api-key-123';
    const client = await httpClient(s.url, { 'x-api-key': secret });
    await client.callTool({ name: 'search_rules', arguments: { query: 'blocker' } });
    await client.callTool({ name: 'get_card', arguments: { id: 'NOPE-1' } });
    await client.close();
    // The lines come down stderr, not the socket: wait for them rather than sleep and race them.
    await expect.poll(() => s.logs(), { timeout: 5_000 }).toMatch(/"tool":"get_card"/);
    const lines = s.logs().split('\n').filter(Boolean);
    for (const l of lines) expect(() => JSON.parse(l), l).not.toThrow();
    const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.event === 'request');
    const calls = requests.filter((e) => e.tool);
    expect(calls.map((e) => e.tool)).toEqual(['search_rules', 'get_card']);
    for (const e of calls) {
      expect(e).toMatchObject({ method: 'POST', path: '/mcp', status: 200, rpc: 'tools/call' });
      expect(typeof e.ms).toBe('number');
      expect(e.client).toMatch(/^[0-9a-f]{16}$/);
    }
    expect(new Set(requests.map((e) => e.client)).size).toBe(1);
    expect(s.logs()).not.toContain(secret);
    for (const e of requests) expect(JSON.stringify(e)).not.toContain('127.0.0.1');
  });

  it('in stdio mode, stdout carries only JSON-RPC (even for garbage), logs go to stderr', async () => {
    const child = spawn(process.execPath, [cli, '--stdio'], { cwd: root, env: { ...process.env, LOG_LEVEL: '' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const send = (line: string) => child.stdin.write(`${line}\n`);
    send(JSON.stringify(initializeBody()));
    send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    send('this is not json');
    send('{"jsonrpc":"2.0","id":2,"method":');
    send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search_rules', arguments: { query: 5 } } }));
    send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'get_card', arguments: null } }));
    send(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'read_rules_document', arguments: { document: '../../etc/passwd' } } }));
    send(JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'get_card', arguments: { id: 'GD01-001' } } }));
    const deadline = Date.now() + 30_000;
    while (!/"id":6/.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    child.stdin.end();
    await new Promise((r) => child.once('exit', r));
    const lines = out.split('\n').filter(Boolean);
    for (const l of lines) expect((JSON.parse(l) as { jsonrpc?: string }).jsonrpc, l).toBe('2.0');
    const byId = new Map(lines.map((l) => JSON.parse(l) as { id?: number; result?: { isError?: boolean }; error?: unknown }).map((m) => [m.id, m]));
    expect(byId.get(3)?.result?.isError).toBe(true);
    expect(byId.get(4)?.error).toMatchObject({ code: -32602 });
    expect(byId.get(5)?.result?.isError).toBe(true);
    expect(byId.get(6)?.result?.isError).toBeFalsy();
    assertNoLeak(out);
    expect(err).toMatch(/"event":"start","transport":"stdio"/);
    for (const l of err.split('\n').filter((x) => x.startsWith('{'))) expect(() => JSON.parse(l)).not.toThrow();
  });
});

describe('nothing from input reaches the file system', () => {
  it('only the corpus loaders touch the file system, with fixed paths', () => {
    // Besides the loaders: the rules page reads its fixed files under public/ once at start, and the
    // command line reads the files its user names on its own command line (never a request's input).
    const allowed = new Set(['src/corpus/load.ts', 'src/search/persist.ts', 'src/build-data.ts', 'src/web/routes.ts', 'src/cli/commands.ts', 'src/restrictions/load.ts']);
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (p.endsWith('.ts')) {
          const rel = path.relative(root, p).split(path.sep).join('/');
          const src = fs.readFileSync(p, 'utf8');
          if (/from ['"](?:node:)?fs(?:\/promises)?['"]|require\(['"](?:node:)?fs/.test(src) && !allowed.has(rel)) offenders.push(rel);
        }
      }
    };
    walk(path.join(root, 'src'));
    expect(offenders).toEqual([]);
  });

  it('tools and resources answer path-like input with "unknown", never with a file', async () => {
    const s = await start({ RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_BURST: '1000' });
    const client = await httpClient(s.url);
    const paths = ['../../../../etc/passwd', '/etc/passwd', '..%2F..%2Fetc%2Fpasswd', 'file:///etc/passwd', '../corpus/manifest', 'corpus/manifest.json', '../package.json', '\\..\\..\\etc\\passwd', '....//....//etc/passwd', '%00'];
    for (const p of paths) {
      const doc = (await client.callTool({ name: 'read_rules_document', arguments: { document: p } })) as { isError?: boolean; content: { text: string }[] };
      expect(doc.isError, p).toBe(true);
      expect(doc.content[0]!.text).toMatch(/unknown document/);
      assertNoLeak(doc.content[0]!.text);
      const rule = (await client.callTool({ name: 'get_rule', arguments: { id: '1-1', document: p } })) as { isError?: boolean; content: { text: string }[] };
      expect(rule.isError, p).toBe(true);
      expect(rule.content[0]!.text).toMatch(/unknown document/);
      assertNoLeak(rule.content[0]!.text);
      for (const uri of [`gundam://documents/${encodeURIComponent(p)}`, `gundam://rules/${encodeURIComponent(p)}/1`, `gundam://cards/${encodeURIComponent(p)}`]) {
        const r = await client.readResource({ uri }).then(
          (x) => JSON.stringify(x),
          (e: Error) => e.message,
        );
        expect(r).toMatch(/unknown document|no rule|no card|not found/i);
        assertNoLeak(r);
      }
    }
    await client.close();
  });
});
