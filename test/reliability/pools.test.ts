/**
 * Pools that many addresses cannot fill (issue 19): the connection pool under slow-header sockets
 * from many addresses, the per-address cap across cluster workers, the session table under a
 * flood of initialize, the budget of free requests and the sampled log of refusals, the security
 * headers on every answer, and deep nesting. Real server processes on loopback; every client is a
 * 127.x.y.z source address of its own.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { httpServer, initializeBody, post, session } from '../helpers/servers.js';
import { clientAddress, loopbackRequest } from '../helpers/loopback.js';
import { checkedServers, serverTrouble } from './leaks.js';
import { deepSimulate } from '../helpers/nesting.js';

const start = checkedServers();

/** A socket from `from` that sends a request line and then a header line every 200 ms, never finishing. */
function trickler(port: number, from: string): { socket: net.Socket; closed: Promise<void> } {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  let timer: NodeJS.Timeout | undefined;
  socket.on('connect', () => {
    socket.write('POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    timer = setInterval(() => socket.write('X-Slow: 1\r\n'), 200);
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve();
    }),
  );
  return { socket, closed };
}

const waitFor = async (cond: () => boolean, ms: number) => {
  for (let t = 0; t < ms && !cond(); t += 25) await new Promise((r) => setTimeout(r, 25));
};

describe('connection pool', () => {
  it('slow-header sockets from many addresses filling the pool do not lock out a newcomer', async () => {
    // The busy deadline is out of the way here (as long as the headers timeout): room comes from
    // the newcomer taking the place of a connection still waiting for its headers.
    const s = await start({ MAX_CONNECTIONS: '40', MAX_CONNECTIONS_PER_ADDRESS: '8', HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '30000', BUSY_HEADERS_TIMEOUT_MS: '20000' });
    const slow = Array.from({ length: 6 }, (_, a) => Array.from({ length: 8 }, () => trickler(s.port, clientAddress(a, 70)))).flat();
    await new Promise((r) => setTimeout(r, 700));
    const open = () => slow.filter((t) => !t.socket.destroyed).length;
    // 48 sockets against 40 places: the pool is full of them.
    expect(open()).toBeLessThanOrEqual(40);
    for (let n = 0; n < 5; n++) {
      const r = await loopbackRequest(s.url, { from: clientAddress(n, 71), method: 'GET', path: '/healthz', fresh: true });
      expect('error' in r ? r.error : r.status).toBe(200);
      const i = await loopbackRequest(s.url, { from: clientAddress(n, 71), body: initializeBody(), fresh: true });
      expect('error' in i ? i.error : i.status).toBe(200);
    }
    // The log line comes down stderr, not the socket: wait for it rather than race it.
    await expect.poll(() => s.logs(), { timeout: 5_000 }).toContain('"reason":"evicted for a newcomer"');
    for (const t of slow) t.socket.destroy();
    await Promise.all(slow.map((t) => t.closed));
  });

  it('while the pool is busy, drops sockets still sending headers after BUSY_HEADERS_TIMEOUT_MS', async () => {
    const s = await start({ MAX_CONNECTIONS: '20', MAX_CONNECTIONS_PER_ADDRESS: '8', HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '60000', BUSY_HEADERS_TIMEOUT_MS: '300' });
    const slow = Array.from({ length: 2 }, (_, a) => Array.from({ length: 6 }, () => trickler(s.port, clientAddress(a, 72)))).flat();
    // 12 of 20 open: busy (the mark is half of 20). The pool sheds sockets past the busy deadline
    // while it is busy, long before the 60 s headers timeout, until it is no longer busy. Sockets it
    // accepted a sweep later than the others may be younger than the deadline when the pool drops
    // below its mark; those it leaves alone, by design, so the promise is "below the mark", not "none".
    const open = () => slow.filter((t) => !t.socket.destroyed).length;
    await waitFor(() => open() < 10, 15_000);
    expect(open()).toBeLessThan(10);
    // The log line comes down another pipe than the socket's close: wait for it rather than race it.
    await expect.poll(() => s.logs(), { timeout: 5_000 }).toContain('"reason":"slow while busy"');
    const r = await loopbackRequest(s.url, { from: clientAddress(0, 73), method: 'GET', path: '/healthz', fresh: true });
    expect('error' in r ? r.error : r.status).toBe(200);
  });

  it('holds the per-address cap across cluster workers (WORKERS=2): the primary counts', async () => {
    const s = await httpServer({ MCP_STATELESS: '1', WORKERS: '2', MAX_CONNECTIONS_PER_ADDRESS: '4', HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '30000' }, { startTimeoutMs: 60_000 });
    try {
      await waitFor(() => s.logs().split('"event":"start"').length >= 3, 10_000);
      const hog = clientAddress(0, 74);
      const sockets = Array.from({ length: 12 }, () => trickler(s.port, hog));
      await new Promise((r) => setTimeout(r, 1000));
      // Both workers took connections in turn; without the shared count each would keep 4 (8 in all).
      expect(sockets.filter((t) => !t.socket.destroyed)).toHaveLength(4);
      const other = await loopbackRequest(s.url, { from: clientAddress(1, 74), method: 'GET', path: '/healthz', fresh: true });
      expect('error' in other ? other.error : other.status).toBe(200);
      for (const t of sockets) t.socket.destroy();
      await Promise.all(sockets.map((t) => t.closed));
      // Closed connections are given back: the address may open 4 again.
      await new Promise((r) => setTimeout(r, 300));
      const again = Array.from({ length: 4 }, () => trickler(s.port, hog));
      await new Promise((r) => setTimeout(r, 500));
      expect(again.filter((t) => !t.socket.destroyed)).toHaveLength(4);
      for (const t of again) t.socket.destroy();
      await Promise.all(again.map((t) => t.closed));
      expect(serverTrouble(s.logs())).toEqual([]);
    } finally {
      expect(await s.stop()).toBe(0);
    }
  });
});

describe('session table', () => {
  it('a flood of initialize from many addresses does not lock out a newcomer: small per-client cap, early expiry under pressure', async () => {
    const s = await start({ MAX_SESSIONS: '20', MAX_SESSIONS_PER_CLIENT: '2', SESSION_IDLE_UNDER_PRESSURE_SECONDS: '3' });
    // A client that keeps using its session keeps it.
    const keeper = clientAddress(0, 75);
    const kept = await loopbackRequest(s.url, { from: keeper, body: initializeBody() });
    const keptId = 'status' in kept ? String(kept.headers['mcp-session-id']) : '';
    const keeperStatuses: number[] = [];
    let flooding = true;
    let floodEnded = Infinity;
    const keeping = (async () => {
      // Through the flood and 4 s after it (longer than SESSION_IDLE_UNDER_PRESSURE_SECONDS).
      while (flooding || Date.now() - floodEnded < 4000) {
        const r = await loopbackRequest(s.url, { from: keeper, headers: { 'mcp-session-id': keptId }, body: { jsonrpc: '2.0', id: 10, method: 'ping' } });
        keeperStatuses.push('status' in r ? r.status : 0);
        await new Promise((res) => setTimeout(res, 300));
      }
    })();
    const statuses: number[] = [];
    // 12 addresses x 3 initialize: each holds at most 2 (its own oldest goes), the table fills.
    await Promise.all(
      Array.from({ length: 12 }, async (_, a) => {
        for (let i = 0; i < 3; i++) {
          const r = await loopbackRequest(s.url, { from: clientAddress(a + 1, 75), body: initializeBody() });
          statuses.push('status' in r ? r.status : 0);
        }
      }),
    );
    flooding = false;
    floodEnded = Date.now();
    expect(statuses.filter((x) => x !== 200 && x !== 503)).toEqual([]);
    expect(statuses.filter((x) => x === 503).length).toBeGreaterThan(0);
    const health = (await (await fetch(`${s.url}/healthz`)).json()) as { sessions: number };
    expect(health.sessions).toBeLessThanOrEqual(20);
    // Idle for longer than SESSION_IDLE_UNDER_PRESSURE_SECONDS, the crowd's sessions expire; the keeper's does not.
    await keeping;
    expect(new Set(keeperStatuses)).toEqual(new Set([200]));
    const newcomer = await loopbackRequest(s.url, { from: clientAddress(0, 76), body: initializeBody() });
    expect('status' in newcomer && newcomer.status).toBe(200);
  });

  it('opening a session costs SESSION_COST points, and a client holds at most 10 by default', async () => {
    const s = await start({ SESSION_COST: '5' });
    const from = clientAddress(0, 77);
    const first = await loopbackRequest(s.url, { from, body: initializeBody() });
    expect('status' in first && first.headers['ratelimit-remaining']).toBe('55');
    const ids = ['status' in first ? String(first.headers['mcp-session-id']) : ''];
    for (let i = 0; i < 10; i++) {
      const r = await loopbackRequest(s.url, { from, body: initializeBody() });
      ids.push('status' in r ? String(r.headers['mcp-session-id']) : '');
    }
    // The 11th session replaced the client's own first one.
    const health = (await (await fetch(`${s.url}/healthz`)).json()) as { sessions: number };
    expect(health.sessions).toBe(10);
    const old = await loopbackRequest(s.url, { from, headers: { 'mcp-session-id': ids[0]! }, body: { jsonrpc: '2.0', id: 2, method: 'ping' } });
    expect('status' in old && old.status).toBe(404);
  });
});

describe('free requests have a budget of their own', () => {
  it('notifications, unknown sessions and /offline.json are charged to FREE_REQUESTS_PER_MINUTE, then refused 429', async () => {
    const s = await start({ FREE_REQUESTS_PER_MINUTE: '30' });
    const from = clientAddress(0, 78);
    const own = await loopbackRequest(s.url, { from, body: initializeBody() });
    const sid = 'status' in own ? String(own.headers['mcp-session-id']) : '';
    const notes = Array.from({ length: 20 }, () => ({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    const a = await loopbackRequest(s.url, { from, headers: { 'mcp-session-id': sid }, body: notes });
    expect('status' in a && a.status).toBe(202);
    const b = await loopbackRequest(s.url, { from, headers: { 'mcp-session-id': sid }, body: notes });
    expect('status' in b && b.status).toBe(429);
    expect('status' in b && b.text).toMatch(/notifications are limited to 30 a minute/);
    // The session still answers paid requests: the free budget is separate.
    const paid = await loopbackRequest(s.url, { from, headers: { 'mcp-session-id': sid }, body: { jsonrpc: '2.0', id: 5, method: 'ping' } });
    expect('status' in paid && paid.status).toBe(200);

    const other = clientAddress(1, 78);
    const unknown: number[] = [];
    for (let i = 0; i < 32; i++) {
      const r = await loopbackRequest(s.url, { from: other, headers: { 'mcp-session-id': `made-up-${i}` }, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
      unknown.push('status' in r ? r.status : 0);
    }
    expect(unknown.filter((x) => x === 404)).toHaveLength(30);
    expect(unknown.slice(30)).toEqual([429, 429]);

    const third = clientAddress(2, 78);
    const downloads: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await loopbackRequest(s.url, { from: third, method: 'GET', path: '/offline.json' });
      downloads.push('status' in r ? r.status : 0);
    }
    expect(downloads).toEqual([200, 200, 200, 429]);
  });

  it('logs refused requests sampled, with counts that add up', async () => {
    const s = await start({ FREE_REQUESTS_PER_MINUTE: '1' });
    const from = clientAddress(3, 78);
    // At once, on connections of their own (within the 32 per address).
    const rs = await Promise.all(Array.from({ length: 30 }, (_, i) => loopbackRequest(s.url, { from, fresh: true, headers: { 'mcp-session-id': `nope-${i}` }, body: { jsonrpc: '2.0', id: 1, method: 'ping' } })));
    const refused = rs.filter((r) => 'status' in r && r.status === 429).length;
    expect(refused).toBe(29);
    // The flush timer writes what was left out.
    await new Promise((r) => setTimeout(r, 2500));
    const events = s
      .logs()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { event: string; status?: number; skipped?: number; kind?: string });
    const lines = events.filter((e) => e.event === 'request' && e.status === 429);
    expect(lines.length).toBeLessThan(5);
    const counted = lines.reduce((n, e) => n + 1 + (e.skipped ?? 0), 0) + events.filter((e) => e.event === 'log_skipped' && e.kind === 'request:429').reduce((n, e) => n + (e.skipped ?? 0), 0);
    expect(counted).toBe(29);
  });
});

describe('every answer', () => {
  it('carries the security headers: the JSON 404, /healthz, /mcp errors and answers', async () => {
    for (const web of ['on', 'off']) {
      const s = await start({ WEB: web });
      const answers = [await fetch(`${s.url}/nope`), await fetch(`${s.url}/healthz`), await post(s.url, 'not json'), await fetch(`${s.url}/mcp`, { method: 'POST', body: '{}' }), await post(s.url, initializeBody())];
      for (const r of answers) {
        await r.text();
        expect(r.headers.get('x-content-type-options'), `${r.url} ${r.status}`).toBe('nosniff');
        expect(r.headers.get('content-security-policy'), `${r.url} ${r.status}`).toContain("default-src 'none'");
        expect(r.headers.get('x-frame-options')).toBe('DENY');
        expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      }
      expect(answers.map((r) => r.status)).toEqual([404, 200, 400, 415, 200]);
    }
  });

  it('answers a 5,000-level nested action_step with the depth error naming the limit, never a stack overflow', async () => {
    const s = await start();
    const id = await session(s.url);
    const body = deepSimulate(5000);
    expect(body.length).toBeLessThan(256 * 1024);
    const r = await post(s.url, body, { 'mcp-session-id': id });
    expect(r.status).toBe(400);
    const text = await r.text();
    expect(JSON.parse(text)).toMatchObject({ error: { code: -32600, message: 'Invalid Request: JSON nested deeper than 64 levels' } });
    expect(text).not.toMatch(/call stack/i);
  });
});
