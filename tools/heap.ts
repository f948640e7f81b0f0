/**
 * Heap after garbage collection across many HTTP calls, for `npm run bench` (part "heap"): the
 * server (startHttp) and a keep-alive client in one process run with --expose-gc, so the live heap
 * can be read after a full collection. Two runs: N calls in one session (stateful), and M sessions
 * each opened, used and closed. Prints one JSON line: heap (MB) at each fifth of each run.
 *
 *   node --expose-gc --import tsx tools/heap.ts [calls=50000] [sessions=1000]
 */
import http from 'node:http';
import { startHttp } from '../src/http/serve.js';
import { loadHttpConfig } from '../src/http/config.js';

process.env.LOG_LEVEL = 'silent';
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const calls = Number(process.argv[2] ?? 50_000);
const sessions = Number(process.argv[3] ?? 1000);

const config = loadHttpConfig({ PORT: '0', RATE_LIMIT_PER_MINUTE: '1000000', MAX_SESSIONS_PER_CLIENT: '1000000', MAX_SESSIONS: '100000' });
const server = await startHttp(config);
const url = `http://127.0.0.1:${server.port}/mcp`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function request(method: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? '' : JSON.stringify(body);
    const req = http.request(url, { method, agent, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18', 'content-length': Buffer.byteLength(data), ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(data);
  });
}
const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'heap', version: '0' } } };
const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_rule', arguments: { id: '8-5-2-3-1' } } });
async function open(): Promise<Record<string, string>> {
  const r = await request('POST', init);
  const h = { 'mcp-session-id': String(r.headers['mcp-session-id']) };
  await request('POST', { jsonrpc: '2.0', method: 'notifications/initialized' }, h);
  return h;
}
const heapMb = () => {
  gc();
  gc();
  return Math.round((process.memoryUsage().heapUsed / 1e6) * 10) / 10;
};

// Warm-up: code paths compiled and lazy data loaded before the first reading.
const warm = await open();
for (let i = 0; i < 500; i++) await request('POST', call(i + 2), warm);
await request('DELETE', undefined, warm);

const oneSession: number[] = [heapMb()];
const h = await open();
for (let i = 1; i <= calls; i++) {
  const r = await request('POST', call(i + 1), h);
  if (r.status !== 200) throw new Error(`call ${i} answered ${r.status}`);
  if (i % (calls / 5) === 0) oneSession.push(heapMb());
}
await request('DELETE', undefined, h);

const manySessions: number[] = [heapMb()];
for (let s = 1; s <= sessions; s++) {
  const hs = await open();
  for (let i = 0; i < 5; i++) await request('POST', call(i + 2), hs);
  await request('DELETE', undefined, hs);
  if (s % (sessions / 5) === 0) manySessions.push(heapMb());
}
await server.close();
agent.destroy();
process.stdout.write(`${JSON.stringify({ calls, sessions, one_session_mb: oneSession, many_sessions_mb: manySessions })}\n`);
