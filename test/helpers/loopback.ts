/**
 * HTTP requests from a chosen loopback source address (127.x.y.z, all of which reach 127.0.0.1 on
 * Linux): many distinct clients on one machine, as the server sees them. Only loopback targets and
 * sources are accepted. No vitest here: tools/load.ts uses it too.
 */
import http from 'node:http';

const agents = new Map<string, http.Agent>();

/** The n-th client address (n from 0): 127.1.0.1, 127.1.0.2, ... 127.1.0.250, 127.1.1.1, ... */
export function clientAddress(n: number, block = 1): string {
  return `127.${block}.${Math.floor(n / 250) % 256}.${(n % 250) + 1}`;
}

function agentFor(localAddress: string): http.Agent {
  let a = agents.get(localAddress);
  if (!a) {
    a = new http.Agent({ keepAlive: true, maxSockets: 4, localAddress });
    agents.set(localAddress, a);
  }
  return a;
}

export type LoopbackResult = { status: number; headers: http.IncomingHttpHeaders; text: string; ms: number } | { error: string; ms: number };

export interface LoopbackRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: unknown;
  from: string;
  timeoutMs?: number;
  /** A connection of its own, closed after the answer (a newcomer), instead of a kept-alive one. */
  fresh?: boolean;
}

const LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** One request to `url` (http://127.0.0.1:PORT) from address `from`. */
export function loopbackRequest(url: string, r: LoopbackRequest): Promise<LoopbackResult> {
  const u = new URL(url);
  if (!LOOPBACK.test(u.hostname) || !LOOPBACK.test(r.from)) throw new Error(`loopback only: ${u.hostname} from ${r.from}`);
  const body = r.body === undefined ? undefined : typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
  const t = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: r.path ?? '/mcp',
        method: r.method ?? 'POST',
        ...(r.fresh ? { agent: false, localAddress: r.from } : { agent: agentFor(r.from) }),
        timeout: r.timeoutMs ?? 10_000,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
          ...r.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t }));
        res.on('error', (e) => resolve({ error: e.message, ms: performance.now() - t }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ error: e.message, ms: performance.now() - t }));
    req.end(body);
  });
}

/** Closes the kept-alive sockets. */
export function closeLoopbackAgents(): void {
  for (const a of agents.values()) a.destroy();
  agents.clear();
}
