/**
 * Clean stops (issue 19): SIGTERM lets an answer still being written go out whole; the cluster
 * primary kills a worker still running after the grace period and leaves none behind; stdio
 * answers every request it has read before it exits at the end of input, and refuses deep nesting
 * with the depth error instead of overflowing the stack.
 */
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { httpServer, initializeBody, rawStdio, session, type HttpServer } from '../helpers/servers.js';
import { serverTrouble } from './leaks.js';
import { deepSimulate } from '../helpers/nesting.js';

const servers: HttpServer[] = [];
afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
});

const call = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

describe('SIGTERM', () => {
  it('delivers a large answer whole when the signal comes while it is still being written', async () => {
    const s = await httpServer({ SHUTDOWN_GRACE_MS: '20000', RATE_LIMIT_PER_MINUTE: '1000', MAX_BATCH: '100' });
    servers.push(s);
    const id = await session(s.url);
    // A batch of 100 reads of 200 records: ~3.6 MB, more than the socket buffers hold while the
    // client does not read.
    const body = JSON.stringify(Array.from({ length: 100 }, (_, i) => call(i + 1, 'read_rules_document', { document: i % 2 ? 'gundam-cr-ja' : 'gundam-cr-en', offset: 0, limit: 200 })));
    let res!: http.IncomingMessage;
    const req = http.request({
      host: '127.0.0.1',
      port: s.port,
      path: '/mcp',
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18', 'content-length': Buffer.byteLength(body) },
    });
    const headers = new Promise<void>((resolve, reject) => {
      req.on('response', (r) => {
        res = r;
        // Not read yet: the server's writes back up.
        r.pause();
        resolve();
      });
      req.on('error', reject);
    });
    req.end(body);
    await headers;
    await new Promise((r) => setTimeout(r, 500));
    const exited = new Promise<number | null>((resolve) => s.child.once('exit', resolve));
    s.child.kill('SIGTERM');
    // Long enough for a drain that counts the answer as idle to cut it.
    await new Promise((r) => setTimeout(r, 1000));
    const chunks: Buffer[] = [];
    const whole = new Promise<string>((resolve, reject) => {
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('aborted')));
    });
    res.resume();
    const text = await whole;
    expect(res.statusCode, text.slice(0, 300)).toBe(200);
    expect(text.length).toBeGreaterThan(2_500_000);
    const answers = JSON.parse(text) as { id: number; result?: unknown }[];
    expect(answers.map((a) => a.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    for (const a of answers) expect(a.result).toBeTruthy();
    expect(await exited).toBe(0);
    expect(serverTrouble(s.logs())).toEqual([]);
  });

  it('the cluster primary kills a worker still running after the grace period, and leaves none behind', async () => {
    const s = await httpServer({ MCP_STATELESS: '1', WORKERS: '2', SHUTDOWN_GRACE_MS: '300', NODE_ENV: 'test', TEST_WORKER_SPIN_ON_STOP: '1' }, { startTimeoutMs: 60_000 });
    servers.push(s);
    for (let i = 0; i < 400 && s.logs().split('"event":"start"').length < 3; i++) await new Promise((r) => setTimeout(r, 25));
    const pids = [...s.logs().matchAll(/"event":"start"[^\n]*"pid":(\d+)/g)].map((m) => Number(m[1]));
    expect(pids).toHaveLength(2);
    const exited = new Promise<number | null>((resolve) => s.child.once('exit', resolve));
    s.child.kill('SIGTERM');
    // Both workers spin on SIGTERM (the test hook): the primary must kill them and say so.
    expect(await exited).toBe(1);
    expect(s.logs().split('"event":"worker_killed"').length - 1).toBe(2);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 100 && pids.some(alive); i++) await new Promise((r) => setTimeout(r, 50));
    expect(pids.filter(alive)).toEqual([]);
  });
});

describe('stdio', () => {
  // All at once, and the input ends at once.
  const run = (input: string, env: Record<string, string> = {}) => rawStdio((stdin) => stdin.end(input), env);

  it('answers every queued request before it exits at the end of input (the last line without a newline too), and exits 0', async () => {
    const calls = Array.from({ length: 30 }, (_, i) =>
      call(i + 2, ['search_rules', 'get_rule', 'search_cards', 'read_rules_document', 'simulate_ruling'][i % 5]!, [
        { query: 'first strike damage' },
        { id: '8-5-3-2-3' },
        { query: 'gundam' },
        { document: 'gundam-cr-en', offset: 0, limit: 100 },
        { state: { active_player: 'A', players: { A: { units: [{ id: 'a1', ap: 3, hp: 3 }] }, B: { units: [{ id: 'b1', ap: 2, hp: 2, rested: true }] } } }, actions: [{ type: 'attack', attacker: 'a1', target: 'b1' }] },
      ][i % 5]!),
    );
    const input = [JSON.stringify(initializeBody()), JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), ...calls.map((c) => JSON.stringify(c))].join('\n');
    const { out, err, code } = await run(input);
    const answers = out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: number; result?: { isError?: boolean } });
    expect(answers.map((a) => a.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    for (const a of answers) expect(a.result?.isError, JSON.stringify(a).slice(0, 200)).toBeFalsy();
    expect(err).not.toContain('stdio_unanswered');
    expect(code).toBe(0);
  });

  it('answers a 5,000-level nested action_step with the depth error naming the limit, and keeps serving', async () => {
    const input = [JSON.stringify(initializeBody()), deepSimulate(5000, 2), JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' })].join('\n') + '\n';
    const { out, code } = await run(input);
    const answers = out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: number; error?: { code: number; message: string }; result?: unknown });
    expect(answers.find((a) => a.id === 2)?.error).toEqual({ code: -32600, message: 'Invalid Request: JSON nested deeper than 64 levels (MAX_JSON_DEPTH)' });
    expect(out).not.toMatch(/call stack/i);
    expect(answers.find((a) => a.id === 3)?.result).toEqual({});
    expect(code).toBe(0);
  });
});
