/**
 * The streamable HTTP front: Hono app with /mcp and /healthz. Every /mcp request passes, in order:
 * Host and Origin checks (DNS rebinding), the per-client rate limit, content type and body size,
 * JSON parsing, and the session lookup, before the SDK's transport sees it. Every failure is a
 * clear 4xx with a JSON-RPC error body; nothing reaches the client as a stack trace.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import type { HttpBindings } from '@hono/node-server';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { RateLimiter } from './rate-limit.js';
import type { SessionManager } from './sessions.js';
import { log } from '../log.js';
import { hostnameOf, LOOPBACK } from './config.js';
import type { Knowledge } from '../knowledge.js';
import { mountWeb } from '../web/routes.js';

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
  /** API keys that get their own budget; null: any key sent is the client's key. */
  apiKeys?: Set<string> | null;
  /** JSON nested deeper than this is rejected (default 64). */
  maxJsonDepth?: number;
  /** JSON-RPC messages in one batch (default 20). */
  maxBatch?: number;
  /** A response not ready after this long is answered 504 and its session closed (default 30 s). */
  responseTimeoutMs?: number;
  /** Serve the judges' rules page at / from this Knowledge (src/web); absent or null: /mcp only. */
  web?: Knowledge | null;
}

type Env = { Bindings: HttpBindings };

export function jsonRpcError(code: number, message: string, id: unknown = null) {
  return { jsonrpc: '2.0' as const, error: { code, message }, id };
}

/**
 * Client keys in logs are keyed hashes: they correlate one client's requests without writing its
 * address or API key down. LOG_HASH_SALT makes them stable across processes and restarts.
 */
let logSalt: string | undefined;
/** Drawn on first use, not at load: a startup snapshot must not bake one salt into every process. */
const salt = () => (logSalt ??= process.env.LOG_HASH_SALT || randomBytes(16).toString('hex'));

/** Remembers recent hashes: a client sends many requests, and an HMAC per request is not free. */
function memoized(f: (s: string) => string, max = 10_000): (s: string) => string {
  const cache = new Map<string, string>();
  return (s) => {
    let h = cache.get(s);
    if (h === undefined) {
      if (cache.size >= max) cache.clear();
      h = f(s);
      cache.set(s, h);
    }
    return h;
  };
}

const logHash = memoized((s) => createHmac('sha256', salt()).update(s).digest('hex').slice(0, 16));

/** API keys are stored in the limiter only as (unsalted, so shared across processes) hashes. */
const keyHash = memoized((s) => createHmac('sha256', 'gundam-rules-api-key').update(s).digest('hex').slice(0, 32));

/**
 * The rate-limit key: an API key when one is sent (and, with API_KEYS set, listed), else the
 * trusted proxy's client address, else the socket's address. From a proxy header only the last
 * address is taken (the one the proxy itself appended; earlier ones are the client's to forge), and
 * only if it is an IP address.
 */
export function clientKey(c: Context<Env>, trustProxyHeader: string | null, apiKeys: Set<string> | null = null): string {
  const auth = c.req.header('authorization');
  const apiKey = c.req.header('x-api-key')?.trim() || (auth?.toLowerCase().startsWith('bearer ') ? auth.slice(7).trim() : undefined);
  if (apiKey && (!apiKeys || apiKeys.has(apiKey))) return `key:${keyHash(apiKey)}`;
  if (trustProxyHeader) {
    const forwarded = c.req.header(trustProxyHeader)?.split(',').pop()?.trim();
    if (forwarded && isIP(forwarded)) return `ip:${forwarded}`;
  }
  return `ip:${c.env?.incoming?.socket?.remoteAddress ?? 'unknown'}`;
}

/** How deeply the JSON text nests arrays and objects, stopping once past `limit` (strings skipped). */
export function jsonDepthExceeds(raw: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \\ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      if (++depth > limit) return true;
    } else if (ch === 93 /* ] */ || ch === 125 /* } */) depth--;
  }
  return false;
}

/** Clips a value from a request for an error message or a log line. */
function clip(s: string, n = 80): string {
  return s.length > n ? `${s.slice(0, n)}...` : s;
}

function originAllowed(origin: string, allowed: Set<string>): boolean {
  const o = origin.toLowerCase();
  if (allowed.has(o)) return true;
  try {
    const u = new URL(o);
    return (u.protocol === 'http:' || u.protocol === 'https:') && LOOPBACK.has(u.hostname);
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

  const maxJsonDepth = o.maxJsonDepth ?? 64;
  const maxBatch = o.maxBatch ?? 20;
  const responseTimeoutMs = o.responseTimeoutMs ?? 30_000;

  app.all('/mcp', async (c) => {
    const started = performance.now();
    const key = clientKey(c, o.trustProxyHeader, o.apiKeys ?? null);
    let tool: string | undefined;
    let rpc: string | undefined;
    const done = (res: Response) => {
      log('request', { method: c.req.method, path: '/mcp', status: res.status, ms: Math.round((performance.now() - started) * 10) / 10, rpc, tool, client: logHash(key) });
      return res;
    };

    // DNS rebinding: a page on another site must not reach a server bound to this machine.
    if (o.allowedHosts && !o.allowedHosts.has(hostnameOf(c.req.header('host') ?? ''))) {
      return done(c.json(jsonRpcError(-32600, `Forbidden: Host "${clip(c.req.header('host') ?? '')}" is not allowed`), 403));
    }
    const origin = c.req.header('origin');
    if (origin && !originAllowed(origin, o.allowedOrigins)) {
      return done(c.json(jsonRpcError(-32600, `Forbidden: Origin "${clip(origin)}" is not allowed`), 403));
    }

    const decision = await o.limiter.consume(key);
    c.header('RateLimit-Limit', String(decision.limit));
    c.header('RateLimit-Remaining', String(decision.remaining));
    c.header('RateLimit-Reset', String(decision.reset));
    const limited = (d: typeof decision) => {
      c.header('RateLimit-Remaining', '0');
      c.header('RateLimit-Reset', String(d.reset));
      c.header('Retry-After', String(d.retryAfter));
      return done(c.json(jsonRpcError(-32000, `Rate limit exceeded: ${o.limiter.config.perMinute} requests per minute${o.limiter.config.burst < o.limiter.config.perMinute ? ` (at most ${o.limiter.config.burst} at once)` : ''}; retry after ${d.retryAfter} s`), 429));
    };
    if (!decision.allowed) return limited(decision);

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
      return done(c.json(jsonRpcError(-32600, `Unsupported Media Type: Content-Type must be application/json, got "${clip(type)}"`), 415));
    }
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > o.maxBodyBytes) {
      return done(c.json(jsonRpcError(-32600, `Payload Too Large: the body limit is ${o.maxBodyBytes} bytes`), 413));
    }
    let raw: string;
    try {
      // Under @hono/node-server the Node request is read directly; elsewhere (app.request in tests,
      // other runtimes) the web Request's body.
      const incoming = c.env?.incoming;
      raw = incoming ? await readLimited(incoming, o.maxBodyBytes) : await readWebBody(c.req.raw, o.maxBodyBytes);
    } catch (e) {
      if (e instanceof BodyTooLarge) return done(c.json(jsonRpcError(-32600, `Payload Too Large: the body limit is ${o.maxBodyBytes} bytes`), 413));
      return done(c.json(jsonRpcError(-32600, 'Bad Request: the body could not be read'), 400));
    }
    // Nesting is checked on the text, before anything (the parser, the SDK, zod) walks the value.
    if (jsonDepthExceeds(raw, maxJsonDepth)) {
      return done(c.json(jsonRpcError(-32600, `Invalid Request: JSON nested deeper than ${maxJsonDepth} levels`), 400));
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
    const messages = (Array.isArray(body) ? body : [body]) as unknown[];
    const problem = batchProblem(messages, maxBatch);
    if (problem) return done(c.json(jsonRpcError(-32600, `Invalid Request: ${problem}`), 400));
    const first = messages[0] as { method?: unknown };
    if (typeof first?.method === 'string') rpc = clip(first.method, 64);
    const call = messages.find((m) => (m as { method?: unknown })?.method === 'tools/call') as { params?: { name?: unknown } } | undefined;
    if (typeof call?.params?.name === 'string') tool = clip(call.params.name, 64);
    // Every message of a batch costs one request of the budget; the first was paid above.
    if (messages.length > 1) {
      const more = await o.limiter.consume(key, messages.length - 1);
      if (!more.allowed) return limited(more);
    }

    // The body is already read and parsed; the transport takes it from parsedBody.
    const request = c.req.raw;
    const initialize = messages.some((m) => (m as { method?: unknown })?.method === 'initialize');
    if (initialize) {
      if (sessionId) return done(c.json(jsonRpcError(-32600, 'Bad Request: initialize must not carry an Mcp-Session-Id'), 400));
      if (!messages.some((m) => isInitializeRequest(m))) {
        return done(
          c.json(jsonRpcError(-32602, 'Invalid params: initialize needs an id and params {protocolVersion: string, capabilities: object, clientInfo: {name: string, version: string}}'), 400),
        );
      }
      const transport = await o.sessions.create(key);
      return done(
        await withTimeout(transport.handleRequest(request, { parsedBody: body }), () => {
          if (transport.sessionId) void o.sessions.close(transport.sessionId);
          else void transport.close();
        }),
      );
    }
    if (!sessionId) {
      return done(c.json(jsonRpcError(-32000, 'Bad Request: no Mcp-Session-Id header; send initialize first'), 400));
    }
    const session = o.sessions.get(sessionId);
    if (!session) {
      return done(c.json(jsonRpcError(-32001, 'Session not found: it expired or never existed; send initialize again'), 404));
    }
    return done(await withTimeout(session.transport.handleRequest(request, { parsedBody: body }), () => void o.sessions.close(sessionId)));
  });

  /**
   * A response that is not ready in time (a handler that never settles, a request cancelled from
   * elsewhere) is answered 504, and its session is closed: that releases what the transport holds
   * for the request, and the client can initialize again.
   */
  async function withTimeout(pending: Promise<Response>, onTimeout: () => void): Promise<Response> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), responseTimeoutMs);
      timer.unref();
    });
    try {
      const r = await Promise.race([pending, timeout]);
      if (r !== 'timeout') return r;
      log('response_timeout', { after_ms: responseTimeoutMs });
      onTimeout();
      return Response.json(jsonRpcError(-32001, `Request timed out: no response within ${responseTimeoutMs} ms; the session was closed, send initialize again`), { status: 504 });
    } finally {
      clearTimeout(timer);
    }
  }

  if (o.web) {
    mountWeb(app, {
      kb: o.web,
      limiter: o.limiter,
      allowedHosts: o.allowedHosts,
      originAllowed: (origin) => originAllowed(origin, o.allowedOrigins),
      clientKey: (c) => clientKey(c, o.trustProxyHeader, o.apiKeys ?? null),
    });
  }

  app.notFound((c) => c.json({ error: `Not Found: ${c.req.path}; the MCP endpoint is /mcp, health is /healthz${o.web ? ', the rules page is /' : ''}` }, 404));
  app.onError((err, c) => {
    log('http_error', { path: c.req.path, error: err instanceof Error ? err.message : String(err) });
    return c.json(jsonRpcError(-32603, 'Internal error'), 500);
  });
  return app;
}

/**
 * What makes a batch unacceptable before the SDK sees it: too many messages, an empty batch, two
 * requests with one id, or a cancellation of a request in the same batch (whose response would then
 * never come, leaving the HTTP request open for good).
 */
function batchProblem(messages: unknown[], maxBatch: number): string | null {
  if (messages.length === 0) return 'an empty batch';
  if (messages.length > maxBatch) return `a batch holds at most ${maxBatch} messages, got ${messages.length}`;
  if (messages.length === 1) return null;
  const ids = new Set<string>();
  for (const m of messages) {
    const msg = m as { id?: unknown; method?: unknown };
    if (typeof msg?.method === 'string' && (typeof msg.id === 'string' || typeof msg.id === 'number')) {
      const id = `${typeof msg.id}:${msg.id}`;
      if (ids.has(id)) return `two requests in one batch share the id ${clip(String(msg.id), 40)}`;
      ids.add(id);
    }
  }
  for (const m of messages) {
    const msg = m as { method?: unknown; params?: { requestId?: unknown } };
    const target = msg?.params?.requestId;
    if (msg?.method === 'notifications/cancelled' && ids.has(`${typeof target}:${String(target)}`)) {
      return 'a batch cannot cancel a request it carries itself';
    }
  }
  return null;
}

class BodyTooLarge extends Error {}

/**
 * Reads a body up to `limit` bytes straight from the Node request, failing beyond it (a
 * Content-Length can lie or be absent). Reading the Node stream directly, rather than the web
 * Request's body, spares building a web stream per request; the request handed to the SDK then
 * only serves headers and URL (the body goes as parsedBody).
 */
function readLimited(incoming: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        // Stop reading; the 413 answer goes out and the connection is not reused.
        incoming.pause();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    };
    const onError = (e: Error) => {
      cleanup();
      reject(e);
    };
    const cleanup = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
    };
    if (incoming.readableEnded) return resolve('');
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
  });
}

/** The same limit over a web Request's body. */
async function readWebBody(req: Request, limit: number): Promise<string> {
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
