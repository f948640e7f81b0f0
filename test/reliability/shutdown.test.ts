/**
 * Graceful shutdown: on SIGTERM the server stops accepting connections at once, finishes the
 * requests already in flight (answering them 200), and exits 0.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { httpServer, post, session as newSession } from '../helpers/servers.js';
import { serverTrouble } from './leaks.js';

describe('SIGTERM', () => {
  it('finishes in-flight requests, refuses new connections, and exits 0', async () => {
    const s = await httpServer({ SHUTDOWN_GRACE_MS: '20000' });
    const session = await newSession(s.url);

    // Requests that are surely in flight when the signal arrives: their headers and half their
    // body are sent, and the server is waiting for the rest.
    const inflight = Array.from({ length: 3 }, (_, i) => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 10 + i, method: 'tools/call', params: { name: 'read_rules_document', arguments: { document: 'gundam-cr-en', offset: i * 200, limit: 200 } } });
      const half = Math.floor(body.length / 2);
      let req!: http.ClientRequest;
      const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
        req = http.request(
          {
            host: '127.0.0.1',
            port: s.port,
            path: '/mcp',
            method: 'POST',
            agent: false,
            headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            let data = '';
            res.on('data', (d: Buffer) => (data += d.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
          },
        );
        req.on('error', reject);
      });
      req.write(body.slice(0, half));
      return { finish: () => req.end(body.slice(half)), response };
    });
    // Wait until the server is handling all three: their headers are in (the server has routed each
    // to /mcp and is reading its body); give them a moment to arrive.
    await new Promise((r) => setTimeout(r, 500));
    const health = (await (await fetch(`${s.url}/healthz`)).json()) as { status: string };
    expect(health.status).toBe('ok');

    const exited = new Promise<number | null>((resolve) => s.child.once('exit', (code) => resolve(code)));
    s.child.kill('SIGTERM');
    await expect.poll(() => s.logs(), { timeout: 5_000 }).toContain('"event":"stop"');
    // A second signal while draining is ignored: the requests in flight still finish.
    s.child.kill('SIGTERM');
    await expect.poll(() => s.logs(), { timeout: 5_000 }).toContain('"event":"stop_ignored"');

    // New connections are refused while the in-flight requests are still open.
    await expect(fetch(`${s.url}/healthz`)).rejects.toThrow();

    for (const r of inflight) r.finish();
    const answers = await Promise.all(inflight.map((r) => r.response));
    for (const [i, a] of answers.entries()) {
      expect(a.status).toBe(200);
      const msg = JSON.parse(a.body) as { id: number; result: { structuredContent: { records: unknown[]; offset: number } } };
      expect(msg.id).toBe(10 + i);
      expect(msg.result.structuredContent.offset).toBe(i * 200);
      expect(msg.result.structuredContent.records.length).toBeGreaterThan(0);
    }
    expect(await exited).toBe(0);
    expect(s.logs()).toContain('"event":"stopped"');
    expect(serverTrouble(s.logs())).toEqual([]);
  });

  it('exits 0 at once when idle', async () => {
    const s = await httpServer();
    await (await fetch(`${s.url}/healthz`)).text();
    expect(await s.stop()).toBe(0);
  });
});
