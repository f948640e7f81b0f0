/**
 * The streamable HTTP front: Hono app with /mcp and /healthz. Every /mcp request passes, in order:
 * Host and Origin checks (DNS rebinding), the per-client rate limit, content type and body size,
 * JSON parsing, and the session lookup, before the SDK's transport sees it. Every failure is a
 * clear 4xx with a JSON-RPC error body; nothing reaches the client as a stack trace.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import type { HttpBindings } from '@hono/node-server';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { RateLimiter } from './rate-limit.js';
import type { SessionManager } from './sessions.js';
import { log } from '../log.js';
import { hostnameOf } from './config.js';

export interface AppOptions {
  sessions: SessionManager;
  limiter: RateLimiter;
  maxBodyBytes: number;
  /** Host names accepted in the Host header; null accepts any (bound to a non-loopback address without ALLOWED_HOSTS). */
  allowedHosts: Set<string> | null;
  /** Origins accepted when a request carries one, besides loopback origins (always accepted). */
  allowedOrigins: Set<string>;
  /** Origins that get CORS headers; empty means no CORS. */
  corsOrigins: string[];
  /** Header carrying the client address when behind a trusted proxy (e.g. x-forwarded-for). */
  trustProxyHeader: string | null;
}

type Env = { Bindings: HttpBindings };

export function jsonRpcError(code: number, message: string, id: unknown = null) {
  return { jsonrpc: '2.0' as const, error: { code, message }, id };
}

function hash(s: string): string {
  return createHash('sha256').update(s).digest('hex').slice(0, 16);
}

/** The rate-limit key: an API key when one is sent, else the proxy's client address if trusted, else the socket's. */
export function clientKey(c: Context<Env>, trustProxyHeader: string | null): string {
  const auth = c.req.header('authorization');
  const apiKey = c.req.header('x-api-key') ?? (auth?.toLowerCase().startsWith('bearer ') ? auth.slice(7).trim() : undefined);
  if (apiKey) return `key:${hash(apiKey)}`;
  if (trustProxyHeader) {
    const forwarded = c.req.header(trustProxyHeader)?.split(',')[0]?.trim();
    if (forwarded) return `ip:${forwarded}`;
  }
  return `ip:${c.env?.incoming?.socket?.remoteAddress ?? 'unknown'}`;
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

function originAllowed(origin: string, allowed: Set<string>): boolean {
  const o = origin.toLowerCase();
  if (allowed.has(o)) return true;
  try {
    const u = new URL(o);
    return (u.protocol === 'http:' || u.protocol === 'https:') && LOOPBACK_NAMES.has(u.hostname);
  } catch {
    return false;
  }
}

export function createApp(o: AppOptions): Hono<Env> {
  const app = new Hono<Env>();

  if (o.corsOrigins.length) {
    app.use(
      '/mcp',
      cors({
        origin: o.corsOrigins,
        allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
        allowHeaders: ['content-type', 'accept', 'authorization', 'x-api-key', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id'],
        exposeHeaders: ['mcp-session-id', 'retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'],
      }),
    );
  }

  app.get('/healthz', (c) => c.json({ status: 'ok', sessions: o.sessions.size, uptime_s: Math.round(process.uptime()) }));

  app.all('/mcp', async (c) => {
    const started = performance.now();
    const key = clientKey(c, o.trustProxyHeader);
    let tool: string | undefined;
    const done = (res: Response) => {
      log('request', { method: c.req.method, path: '/mcp', status: res.status, ms: Math.round((performance.now() - started) * 10) / 10, tool, client: hash(key) });
      return res;
    };

    // DNS rebinding: a page on another site must not reach a server bound to this machine.
    if (o.allowedHosts && !o.allowedHosts.has(hostnameOf(c.req.header('host') ?? ''))) {
      return done(c.json(jsonRpcError(-32600, `Forbidden: Host "${c.req.header('host') ?? ''}" is not allowed`), 403));
    }
    const origin = c.req.header('origin');
    if (origin && !originAllowed(origin, o.allowedOrigins)) {
      return done(c.json(jsonRpcError(-32600, `Forbidden: Origin "${origin}" is not allowed`), 403));
    }

    const decision = await o.limiter.consume(key);
    c.header('RateLimit-Limit', String(decision.limit));
    c.header('RateLimit-Remaining', String(decision.remaining));
    c.header('RateLimit-Reset', String(decision.reset));
    if (!decision.allowed) {
      c.header('Retry-After', String(decision.retryAfter));
      return done(c.json(jsonRpcError(-32000, `Rate limit exceeded: ${o.limiter.config.perMinute} requests per minute (burst ${o.limiter.config.burst}); retry after ${decision.retryAfter} s`), 429));
    }

    const sessionId = c.req.header('mcp-session-id');
    if (c.req.method === 'GET') {
      // This server answers with JSON, never with a standalone SSE stream.
      return done(c.json(jsonRpcError(-32600, 'Method Not Allowed: this server does not offer an SSE stream; POST JSON-RPC requests to /mcp'), 405, { Allow: 'POST, DELETE' }));
    }
    if (c.req.method === 'DELETE') {
      if (!sessionId || !o.sessions.get(sessionId)) return done(c.json(jsonRpcError(-32001, 'Session not found'), 404));
      await o.sessions.close(sessionId);
      return done(c.body(null, 204));
    }
    if (c.req.method !== 'POST') {
      return done(c.json(jsonRpcError(-32600, `Method Not Allowed: ${c.req.method}; use POST`), 405, { Allow: 'POST, DELETE' }));
    }

    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\b/i.test(type)) {
      return done(c.json(jsonRpcError(-32600, `Unsupported Media Type: Content-Type must be application/json, got "${type}"`), 415));
    }
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > o.maxBodyBytes) {
      return done(c.json(jsonRpcError(-32600, `Payload Too Large: the body limit is ${o.maxBodyBytes} bytes`), 413));
    }
    let raw: string;
    try {
      raw = await readLimited(c.req.raw, o.maxBodyBytes);
    } catch {
      return done(c.json(jsonRpcError(-32600, `Payload Too Large: the body limit is ${o.maxBodyBytes} bytes`), 413));
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return done(c.json(jsonRpcError(-32700, 'Parse error: the body is not valid JSON'), 400));
    }
    if (body === null || typeof body !== 'object') {
      return done(c.json(jsonRpcError(-32600, 'Invalid Request: expected a JSON-RPC object or array'), 400));
    }
    const messages = Array.isArray(body) ? body : [body];
    const call = messages.find((m) => (m as { method?: unknown })?.method === 'tools/call') as { params?: { name?: unknown } } | undefined;
    if (typeof call?.params?.name === 'string') tool = call.params.name.slice(0, 64);

    // The body is already read and parsed; the transport takes it from parsedBody.
    const request = c.req.raw;
    if (messages.some((m) => isInitializeRequest(m))) {
      if (sessionId) return done(c.json(jsonRpcError(-32600, 'Bad Request: initialize must not carry an Mcp-Session-Id'), 400));
      const transport = await o.sessions.create();
      return done(await transport.handleRequest(request, { parsedBody: body }));
    }
    if (!sessionId) {
      return done(c.json(jsonRpcError(-32000, 'Bad Request: no Mcp-Session-Id header; send initialize first'), 400));
    }
    const session = o.sessions.get(sessionId);
    if (!session) {
      return done(c.json(jsonRpcError(-32001, 'Session not found: it expired or never existed; send initialize again'), 404));
    }
    return done(await session.transport.handleRequest(request, { parsedBody: body }));
  });

  app.notFound((c) => c.json({ error: `Not Found: ${c.req.path}; the MCP endpoint is /mcp, health is /healthz` }, 404));
  app.onError((err, c) => {
    log('http_error', { path: c.req.path, error: err instanceof Error ? err.message : String(err) });
    return c.json(jsonRpcError(-32603, 'Internal error'), 500);
  });
  return app;
}

/** Reads a body up to `limit` bytes, failing beyond it (a Content-Length can lie or be absent). */
async function readLimited(req: Request, limit: number): Promise<string> {
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new Error('too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
