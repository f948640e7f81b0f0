/**
 * Abuse and faults: no client can starve, evict or deafen the others, and a damaged corpus never
 * serves. Against the real server processes on loopback; many clients are distinct 127.x.y.z
 * source addresses.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, initializeBody, post, rawStdio, root, session } from '../helpers/servers.js';
import { clientAddress, loopbackRequest } from '../helpers/loopback.js';
import { checkedServers } from './leaks.js';

const start = checkedServers();

const call = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

describe('budgets at the default settings', () => {
  it('never refuses an ordinary session (initialize, initialized, list, 40 calls, DELETE), and every reply says where it stands', async () => {
    const s = await start({ RATE_LIMIT_PER_MINUTE: '', RATE_LIMIT_BURST: '' });
    const from = clientAddress(0, 30);
    const send = async (body: unknown, headers: Record<string, string> = {}, method = 'POST') => {
      const r = await loopbackRequest(s.url, { from, body, headers, method });
      if ('error' in r) throw new Error(r.error);
      expect(r.headers['ratelimit-policy'], `${method} ${JSON.stringify(body)?.slice(0, 60)}`).toBe('60;w=60');
      expect(r.headers.ratelimit).toMatch(/^limit=60, remaining=\d+, reset=\d+$/);
      return r;
    };
    const init = await send(initializeBody());
    expect(init.status).toBe(200);
    const sid = { 'mcp-session-id': init.headers['mcp-session-id'] as string };
    expect((await send({ jsonrpc: '2.0', method: 'notifications/initialized' }, sid)).status).toBe(202);
    expect((await send(undefined, sid, 'GET')).status).toBe(405);
    expect((await send({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, sid)).status).toBe(200);
    const names = ['search_rules', 'get_rule', 'get_card', 'search_glossary'];
    const args = [{ query: 'can a unit attack the turn it is deployed' }, { id: '8-5-3-2-3' }, { id: 'GD01-001' }, { query: 'blocker' }];
    let last;
    for (let i = 0; i < 40; i++) {
      last = await send(call(10 + i, names[i % 4]!, args[i % 4]!), sid);
      expect(last.status, `call ${i}`).toBe(200);
    }
    // initialize + list + 40 calls = 42 points: the notification and the GET were free (a call whose
    // work ran past COST_UNIT_MS on a busy machine may cost one more).
    expect(Number(/remaining=(\d+)/.exec(last!.headers.ratelimit as string)![1])).toBeGreaterThanOrEqual(14);
    expect((await send(undefined, sid, 'DELETE')).status).toBe(204);
  });

  it('never refuses or charges a DELETE, even over budget; refusals are not charged', async () => {
    const s = await start({ RATE_LIMIT_PER_MINUTE: '3' });
    const ids = [await session(s.url), await session(s.url), await session(s.url)];
    // Over budget now: retrying does not push the wait further out.
    const refused = [];
    for (let i = 0; i < 5; i++) {
      const r = await post(s.url, initializeBody());
      refused.push([r.status, r.headers.get('ratelimit-remaining')]);
      await r.text();
    }
    expect(refused.every(([st, rem]) => st === 429 && rem === '0')).toBe(true);
    for (const id of ids) {
      const d = await fetch(`${s.url}/mcp`, { method: 'DELETE', headers: { 'mcp-session-id': id } });
      expect(d.status).toBe(204);
    }
    expect(((await (await fetch(`${s.url}/healthz`)).json()) as { sessions: number }).sessions).toBe(0);
  });

  it('charges a body that is not a usable JSON-RPC message one point: garbage is not free', async () => {
    const s = await start({ RATE_LIMIT_PER_MINUTE: '3' });
    const garbage = () => fetch(`${s.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":3,' });
    for (let i = 0; i < 3; i++) {
      const r = await garbage();
      expect(r.status).toBe(400);
      await r.text();
    }
    // Three malformed bodies spent the budget of 3: the next real request is refused.
    const r = await post(s.url, initializeBody());
    expect(r.status).toBe(429);
    await r.text();
  });

  it('charges a request by its measured work beyond its price', async () => {
    // COST_UNIT_MS=1: each millisecond past the first of a call costs a point.
    const s = await start({ RATE_LIMIT_PER_MINUTE: '1000', COST_UNIT_MS: '1' });
    const id = await session(s.url);
    const q = Array.from({ length: 120 }, (_, i) => ['unit', 'attack', 'damage', 'shield', 'blocker', 'deploy'][i % 6]).join(' ').slice(0, 500);
    const batch = Array.from({ length: 10 }, (_, i) => call(i + 1, 'search_rules', { query: q, limit: 50 }));
    const r = await post(s.url, batch, { 'mcp-session-id': id });
    expect(r.status).toBe(200);
    await r.text();
    // initialize (1) + 10 requests: anything below 989 is measured work charged on top.
    const left = await post(s.url, { jsonrpc: '2.0', id: 99, method: 'ping' }, { 'mcp-session-id': id });
    await left.text();
    expect(Number(left.headers.get('ratelimit-remaining'))).toBeLessThan(988);
  });
});

describe('fair turns', () => {
  it('answers another client and /healthz while one sends worst-case batches', async () => {
    const s = await start({ RATE_LIMIT_PER_MINUTE: '100000' });
    const noisy = clientAddress(0, 31);
    const other = clientAddress(1, 31);
    const init = async (from: string) => {
      const r = await loopbackRequest(s.url, { from, body: initializeBody() });
      if ('error' in r) throw new Error(r.error);
      return { 'mcp-session-id': r.headers['mcp-session-id'] as string };
    };
    const [ns, os_] = [await init(noisy), await init(other)];
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const worst = (k: number) => Array.from({ length: 250 }, (_, i) => letters[(i * 7 + k) % 26]).join(' ').slice(0, 500);
    let batchMs = 0;
    const noise = (async () => {
      for (let b = 0; b < 3; b++) {
        const r = await loopbackRequest(s.url, { from: noisy, headers: ns, body: Array.from({ length: 20 }, (_, i) => call(b * 20 + i + 1, 'search_rules', { query: worst(i), limit: 50 })) });
        if ('error' in r) throw new Error(r.error);
        expect(r.status).toBe(200);
        batchMs = Math.max(batchMs, r.ms);
      }
    })();
    const latencies: number[] = [];
    await new Promise((r) => setTimeout(r, 20));
    for (let i = 0; i < 10; i++) {
      const r = await loopbackRequest(s.url, { from: other, headers: os_, body: call(100 + i, 'get_rule', { id: '8-5-3-2-3' }) });
      if ('error' in r) throw new Error(r.error);
      expect(r.status).toBe(200);
      latencies.push(r.ms);
      const h = await loopbackRequest(s.url, { from: other, method: 'GET', path: '/healthz', timeoutMs: 2000 });
      expect('error' in h ? h.error : h.status).toBe(200);
    }
    await noise;
    latencies.sort((a, b) => a - b);
    // Far below a whole batch: the other client waited for one of the noisy calls at a time, not twenty.
    expect(latencies[8]!).toBeLessThan(Math.max(100, batchMs / 2));
  });
});

describe('connections and hosts', () => {
  it('caps connections per address: one address\'s idle sockets do not lock others out', async () => {
    const s = await start({ MAX_CONNECTIONS_PER_ADDRESS: '4', HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '10000' });
    const hog = clientAddress(0, 32);
    const sockets = Array.from({ length: 12 }, () => net.connect({ port: s.port, host: '127.0.0.1', localAddress: hog }));
    const closed = sockets.map((sk) => new Promise<boolean>((resolve) => {
      sk.on('error', () => undefined);
      sk.on('close', () => resolve(true));
      sk.on('connect', () => sk.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n'));
    }));
    await new Promise((r) => setTimeout(r, 300));
    const dropped = sockets.filter((sk) => sk.destroyed).length;
    expect(dropped).toBeGreaterThanOrEqual(8);
    const other = await loopbackRequest(s.url, { from: clientAddress(1, 32), method: 'GET', path: '/healthz' });
    expect('error' in other ? other.error : other.status).toBe(200);
    for (const sk of sockets) sk.destroy();
    await Promise.all(closed);
  });

  it('/healthz checks Host like /mcp', async () => {
    const s = await start();
    const r = await loopbackRequest(s.url, { from: clientAddress(0, 33), method: 'GET', path: '/healthz', headers: { host: 'evil.example' } });
    expect('error' in r ? r.error : r.status).toBe(403);
  });

  it('answers resources/read with a URI that is not one -32602, logging nothing', async () => {
    const s = await start();
    const id = await session(s.url);
    const r = await post(s.url, { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'not a uri' } }, { 'mcp-session-id': id });
    expect(await r.json()).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/not a valid URI/) } });
  });
});

describe('sessions', () => {
  it('a failed initialize evicts nothing', async () => {
    const s = await start({ MAX_SESSIONS_PER_CLIENT: '1' });
    const id = await session(s.url);
    const bad = await post(s.url, initializeBody(), { accept: 'text/html' });
    expect(bad.status).toBe(406);
    await bad.text();
    const r = await post(s.url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-session-id': id });
    expect(r.status).toBe(200);
    await r.text();
  });
});

describe('stdio fails loudly', () => {
  const run = rawStdio;

  it('answers an oversized line with a JSON-RPC error and keeps serving', async () => {
    const { out, err, code } = await run((stdin) => {
      stdin.write(`${'x'.repeat(11 * 1024 * 1024)}\n`);
      stdin.write(`${JSON.stringify(initializeBody())}\n`);
      stdin.write('not json\n');
      stdin.end(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' })}\n`);
    });
    const lines = out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: unknown; error?: { code: number }; result?: unknown });
    expect(lines[0]).toMatchObject({ id: null, error: { code: -32600 } });
    expect(lines.find((l) => l.id === 1)?.result).toBeTruthy();
    expect(lines.some((l) => l.error?.code === -32700)).toBe(true);
    expect(lines.find((l) => l.id === 2)?.result).toEqual({});
    expect(err).toContain('"event":"stdio_message_refused"');
    expect(code).toBe(0);
  });

  it('ends when stdout is closed (EPIPE), with a log line', async () => {
    const child = spawn(process.execPath, [cli, '--stdio'], { cwd: root, env: { ...process.env, LOG_LEVEL: '' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    for (let i = 0; i < 200 && !err.includes('"event":"start"'); i++) await new Promise((r) => setTimeout(r, 25));
    child.stdout.destroy();
    child.stdin.write(`${JSON.stringify(initializeBody())}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
    const code = await Promise.race([exited, new Promise<string>((r) => setTimeout(() => r('still running'), 15_000))]);
    if (code === 'still running') child.kill('SIGKILL');
    expect(code).toBe(0);
    expect(err).toContain('"event":"stdout_closed"');
    expect(err).not.toContain('uncaught_exception');
  });
});

describe('integrity', () => {
  /** A copy of the built package (dist/ and corpus/ copied, node_modules linked) to damage. */
  function copyPackage(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gundam-integrity-'));
    fs.cpSync(path.join(root, 'dist'), path.join(dir, 'dist'), { recursive: true, filter: (src) => !src.endsWith('.blob') });
    fs.cpSync(path.join(root, 'corpus'), path.join(dir, 'corpus'), { recursive: true, filter: (src) => !src.includes(`${path.sep}sources`) });
    // The other runtime files integrity.json records.
    fs.cpSync(path.join(root, 'public'), path.join(dir, 'public'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'docs'));
    fs.copyFileSync(path.join(root, 'docs', 'engine.md'), path.join(dir, 'docs', 'engine.md'));
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    fs.copyFileSync(path.join(root, 'package.json'), path.join(dir, 'package.json'));
    return dir;
  }
  const startIn = (dir: string, args: string[]) => spawnSync(process.execPath, [path.join(dir, 'dist', 'cli.js'), ...args], { cwd: dir, env: { ...process.env, PORT: '0', LOG_LEVEL: '' }, input: '', encoding: 'utf8', timeout: 30_000 });
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('refuses to start, in both transports, on a truncated corpus document', () => {
    const dir = copyPackage();
    dirs.push(dir);
    const doc = path.join(dir, 'corpus', 'documents', 'gundam', 'en', 'comprehensive-rules.md');
    const text = fs.readFileSync(doc);
    fs.writeFileSync(doc, text.subarray(0, text.length / 2));
    for (const args of [['--stdio'], []]) {
      const r = startIn(dir, args);
      expect(r.status, `${args.join(' ') || 'http'}: ${r.stderr}`).toBe(1);
      expect(r.stderr).toMatch(/not starting: corpus damaged: documents\/gundam\/en\/comprehensive-rules\.md \(content differs\)/);
      expect(r.stdout).toBe('');
    }
  });

  it('refuses to start on a damaged data file of the build', () => {
    const dir = copyPackage();
    dirs.push(dir);
    const file = path.join(dir, 'dist', 'data', 'index-rules-en.json');
    fs.appendFileSync(file, ' ');
    for (const args of [['--stdio'], []]) {
      const r = startIn(dir, args);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/build damaged: dist\/data\/index-rules-en\.json \(content differs\)/);
    }
  });
});
