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
    const s = await httpServer({ SHUTDOWN_GRACE_MS: '20000', RATE_LIMIT_PER_MINUTE: '60', RATE_LIMIT_BURST: '30' });
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
            headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-key': 'inflight', 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18', 'content-length': Buffer.byteLength(body) },
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
    // Wait until the server is handling all three: each has passed the rate limiter (which runs
    // before the body is read), as the budget left for their key shows.
    let allInFlight = false;
    for (let probes = 1; probes < 400; probes++) {
      const probe = await post(s.url, 'x', { 'content-type': 'text/plain', 'x-api-key': 'inflight' });
      await probe.text();
      const used = 30 - Number(probe.headers.get('ratelimit-remaining'));
      if (used >= 3 + probes) {
        allInFlight = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(allInFlight, 'the three requests never all reached the server').toBe(true);

    const exited = new Promise<number | null>((resolve) => s.child.once('exit', (code) => resolve(code)));
    s.child.kill('SIGTERM');
    for (let i = 0; i < 200 && !s.logs().includes('"event":"stop"'); i++) await new Promise((r) => setTimeout(r, 25));
    expect(s.logs()).toContain('"event":"stop"');

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
