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
import { RateLimiter, type RateDecision } from './rate-limit.js';
import { estimateCost } from './cost.js';
import { SessionsFull, type SessionManager, type StatelessServers } from './sessions.js';
import { log } from '../log.js';
import { hostnameOf, LOOPBACK } from './config.js';
import type { Knowledge } from '../knowledge.js';
import { mountWeb, SECURITY_HEADERS } from '../web/routes.js';
import { mountApi } from './api/routes.js';
import { SampledLog } from './log-sample.js';
import { jsonDepthExceeds } from '../json-depth.js';

export { jsonDepthExceeds };

/** /offline.json (hundreds of KB) costs this many points of the free budget. */
export const OFFLINE_COST = 10;
/** How long a refusal of the free budget waits before it is sent. */
export const FREE_REFUSAL_DELAY_MS = 500;

export interface AppOptions {
  sessions: SessionManager;
  /** Set in stateless mode (MCP_STATELESS=1): every request is answered without a session. */
  stateless?: StatelessServers | null;
  limiter: RateLimiter;
  /**
   * The budget of requests that cost nothing from `limiter` (notifications, requests naming an
   * unknown session, /offline.json at OFFLINE_COST); default: 120 a minute in this process.
   */
  freeLimiter?: RateLimiter;
  /** Points an initialize costs (default 1, SESSION_COST raises it): a session held costs memory until it expires. */
  sessionCost?: number;
  /** Where refused and free requests are logged, sampled (default: a SampledLog of its own). */
  sampledLog?: SampledLog;
  maxBodyBytes: number;
  /** Host names accepted in the Host header; null accepts any (bound to a non-loopback address without ALLOWED_HOSTS). */
  allowedHosts: Set<string> | null;
  /** Origins accepted when a request carries one, besides loopback origins (always accepted). */
  allowedOrigins: Set<string>;
  /** Origins that get CORS headers; empty means no CORS. */
  corsOrigins: string[];
  /** Header carrying the client address when behind a trusted proxy (e.g. x-forwarded-for). */
  trustProxyHeader: string | null;
  /** API keys that get their own budget (others are refused 401); null: keys are ignored, the address is the client. */
  apiKeys?: Set<string> | null;
  /** JSON nested deeper than this is rejected (default 64). */
  maxJsonDepth?: number;
  /** JSON-RPC messages in one batch (default 20). */
  maxBatch?: number;
  /** A response not ready after this long is answered 504 and its session closed (default 30 s). */
  responseTimeoutMs?: number;
  /** Measured work (ms) charged as one more point beyond a request's price (default 50). */
  costUnitMs?: number;
  /** Serve the judges' rules page at / from this Knowledge (src/web); absent or null: /mcp only. */
  web?: Knowledge | null;
  /** Serve the JSON API under /api/v1 and /openapi.json from this Knowledge (src/http/api); absent or null: none. */
  api?: Knowledge | null;
  /** The rules page's own budget, separate from /mcp's (default: 600 a minute per client, in memory). */
  webLimiter?: RateLimiter;
  /** Signs venue pass cookies (/join?key=... for a listed API key); absent or null: no venue links. */
  webPass?: { secret: string; days: number } | null;
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

/** The client's address: the trusted proxy's last entry when it is an IP address, else the socket's. */
export function addressKey(c: Context<Env>, trustProxyHeader: string | null): string {
  if (trustProxyHeader) {
    const forwarded = c.req.header(trustProxyHeader)?.split(',').pop()?.trim();
    if (forwarded && isIP(forwarded)) return `ip:${forwarded}`;
  }
  return `ip:${c.env?.incoming?.socket?.remoteAddress ?? 'unknown'}`;
}

/**
 * Who a request is, for budgets and sessions. Without API_KEYS its address, whatever key it sends:
 * a header must not mint a budget. With API_KEYS, a listed key (X-Api-Key or Authorization: Bearer)
 * is its own client; an unlisted key is refused (`unlisted`); no key at all is its address. From a
 * proxy header only the last address is taken (the one the proxy itself appended; earlier ones are
 * the client's to forge), and only if it is an IP address.
 */
export function clientIdentity(c: Context<Env>, trustProxyHeader: string | null, apiKeys: Set<string> | null = null): { key: string; unlisted: boolean } {
  if (apiKeys) {
    const auth = c.req.header('authorization');
    const apiKey = c.req.header('x-api-key')?.trim() || (auth?.toLowerCase().startsWith('bearer ') ? auth.slice(7).trim() : undefined);
    if (apiKey) return apiKeys.has(apiKey) ? { key: `key:${keyHash(apiKey)}`, unlisted: false } : { key: addressKey(c, trustProxyHeader), unlisted: true };
  }
  return { key: addressKey(c, trustProxyHeader), unlisted: false };
}

/** A JSON-RPC request (has a method and an id): what the budget charges for. */
function isRequestMessage(m: unknown): boolean {
  const msg = m as { id?: unknown; method?: unknown };
  return typeof msg?.method === 'string' && (typeof msg.id === 'string' || typeof msg.id === 'number');
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

  // Every answer carries the security headers: JSON errors, 404s and /healthz as much as pages.
  app.use('*', async (c, next) => {
    await next();
    try {
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!c.res.headers.has(k)) c.res.headers.set(k, v);
    } catch {
      // Immutable headers (a fetched Response): Hono's setter rebuilds it, keeping its headers.
      const copy = new Response(c.res.body, c.res);
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!copy.headers.has(k)) copy.headers.set(k, v);
      c.res = copy;
    }
  });

  if (o.corsOrigins.length) {
    app.use(
      '/mcp',
      cors({
        origin: o.corsOrigins,
        allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
        allowHeaders: ['content-type', 'accept', 'authorization', 'x-api-key', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id'],
        exposeHeaders: ['mcp-session-id', 'retry-after', 'ratelimit', 'ratelimit-policy', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'],
      }),
    );
  }

  const maxJsonDepth = o.maxJsonDepth ?? 64;
  const maxBatch = o.maxBatch ?? 20;
  const responseTimeoutMs = o.responseTimeoutMs ?? 30_000;
  const costUnitMs = o.costUnitMs ?? 50;
  const apiKeys = o.apiKeys ?? null;
  // /healthz is cheap and polled by monitors: its own per-address budget, ten times the requests'.
  const healthLimiter = new RateLimiter({ perMinute: Math.max(60, o.limiter.config.perMinute * 10), prefix: 'healthz' });
  const freeLimiter = o.freeLimiter ?? new RateLimiter({ perMinute: 120, prefix: 'free' });
  const sessionCost = o.sessionCost ?? 1;
  const sampled = o.sampledLog ?? new SampledLog();
  /**
   * 429 for a request of the free budget (its headers say where the client stands in it), after
   * FREE_REFUSAL_DELAY_MS: a client flooding as fast as it is answered then sends a few a second,
   * not hundreds (the wait costs a timer, not CPU).
   */
  const freeRefused = async (c: Context<Env>, d: RateDecision, what: string) => {
    await new Promise((r) => setTimeout(r, FREE_REFUSAL_DELAY_MS));
    return c.json(jsonRpcError(-32000, `Rate limit exceeded: ${what} are limited to ${freeLimiter.config.perMinute} a minute per client; retry after ${d.retryAfter} s`), 429, freeLimiter.headers(d));
  };

  // The offline data is large: each fetch costs OFFLINE_COST points of the free budget.
  if (o.web) {
    app.use('/offline.json', async (c, next) => {
      const d = await freeLimiter.take(clientIdentity(c, o.trustProxyHeader, apiKeys).key, OFFLINE_COST);
      if (!d.allowed) {
        sampled.write('offline:429', 'request', { method: c.req.method, path: '/offline.json', status: 429 });
        return await freeRefused(c, d, `/offline.json downloads (${OFFLINE_COST} points each)`);
      }
      return next();
    });
  }

  /** Host and Origin (DNS rebinding): a page on another site must not reach a server bound to this machine. */
  const forbidden = (c: Context<Env>): Response | null => {
    if (o.allowedHosts && !o.allowedHosts.has(hostnameOf(c.req.header('host') ?? ''))) {
      return c.json(jsonRpcError(-32600, `Forbidden: Host "${clip(c.req.header('host') ?? '')}" is not allowed`), 403);
    }
    const origin = c.req.header('origin');
    if (origin && !originAllowed(origin, o.allowedOrigins)) {
      return c.json(jsonRpcError(-32600, `Forbidden: Origin "${clip(origin)}" is not allowed`), 403);
    }
    return null;
  };

  app.get('/healthz', async (c) => {
    const refused = forbidden(c);
    if (refused) return refused;
    const d = await healthLimiter.take(addressKey(c, o.trustProxyHeader));
    for (const [k, v] of Object.entries(healthLimiter.headers(d))) c.header(k, v);
    if (!d.allowed) return c.json({ error: `Rate limit exceeded; retry after ${d.retryAfter} s` }, 429);
    return c.json({ status: 'ok', stateless: Boolean(o.stateless), sessions: o.sessions.size, uptime_s: Math.round(process.uptime()) });
  });

  app.all('/mcp', async (c) => {
    const started = performance.now();
    const who = clientIdentity(c, o.trustProxyHeader, apiKeys);
    const key = who.key;
    let tool: string | undefined;
    let rpc: string | undefined;
    /** The budget as the reply reports it: read at the start, updated when the request is charged. */
    let decision: RateDecision | null = null;
    const done = (res: Response) => {
      const line = { method: c.req.method, path: '/mcp', status: res.status, ms: Math.round((performance.now() - started) * 10) / 10, rpc, tool, client: logHash(key) };
      // Answered requests are paid for and logged each; refused and free ones can be sent at will, so sampled.
      if (res.status === 200) log('request', line);
      else sampled.write(`request:${res.status}`, 'request', line);
      if (decision) {
        // Every reply says where the client stands, the transport's own responses included.
        try {
          for (const [k, v] of Object.entries(o.limiter.headers(decision))) res.headers.set(k, v);
        } catch {
          // Immutable headers (a fetched Response): rebuild around the same body.
          const copy = new Response(res.body, res);
          for (const [k, v] of Object.entries(o.limiter.headers(decision))) copy.headers.set(k, v);
          return copy;
        }
      }
      return res;
    };

    // A client already over its budget is refused before its body is read (and that costs it nothing).
    decision = await o.limiter.peek(key);
    const refused = forbidden(c);
    if (refused) return done(refused);
    if (who.unlisted) {
      return done(c.json(jsonRpcError(-32001, 'Unauthorized: this API key is not accepted; send a listed key, or none'), 401, { 'WWW-Authenticate': 'Bearer' }));
    }
    const limited = (d: RateDecision) => {
      decision = d;
      const burst = o.limiter.burst;
      return done(c.json(jsonRpcError(-32000, `Rate limit exceeded: ${o.limiter.config.perMinute} requests per minute${burst ? ` (at most ${burst} at once)` : ''}; retry after ${d.retryAfter} s`), 429));
    };

    const sessionId = c.req.header('mcp-session-id');
    // Ending a session is never refused nor charged: refusing it would only leave the session behind.
    if (c.req.method === 'DELETE' && o.stateless) {
      return done(c.json(jsonRpcError(-32600, 'Method Not Allowed: this server keeps no sessions (stateless); there is nothing to end'), 405, { Allow: 'POST' }));
    }
    if (c.req.method === 'DELETE') {
      if (!sessionId || !o.sessions.get(sessionId)) {
        const d = await freeLimiter.take(key);
        if (!d.allowed) return done(await freeRefused(c, d, 'requests naming an unknown session'));
        return done(c.json(jsonRpcError(-32001, 'Session not found'), 404));
      }
      await o.sessions.close(sessionId);
      return done(c.body(null, 204));
    }
    if (!decision.allowed) return limited(decision);
    if (c.req.method === 'GET') {
      // This server answers with JSON, never with a standalone SSE stream.
      return done(c.json(jsonRpcError(-32600, 'Method Not Allowed: this server does not offer an SSE stream; POST JSON-RPC requests to /mcp'), 405, { Allow: 'POST, DELETE' }));
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
    // A body that is not a usable JSON-RPC message still costs one point: a flood of garbage must
    // spend its sender's budget like any request (only notifications, DELETE and refusals are free).
    const badRequest = async (message: string, status: 400 | 413) => {
      await o.limiter.charge(key, 1);
      return done(c.json(jsonRpcError(message.startsWith('Parse error') ? -32700 : -32600, message), status));
    };
    let raw: string;
    try {
      // Under @hono/node-server the Node request is read directly; elsewhere (app.request in tests,
      // other runtimes) the web Request's body.
      const incoming = c.env?.incoming;
      raw = incoming ? await readLimited(incoming, o.maxBodyBytes) : await readWebBody(c.req.raw, o.maxBodyBytes);
    } catch (e) {
      if (e instanceof BodyTooLarge) return badRequest(`Payload Too Large: the body limit is ${o.maxBodyBytes} bytes`, 413);
      return badRequest('Bad Request: the body could not be read', 400);
    }
    // Nesting is checked on the text, before anything (the parser, the SDK, zod) walks the value.
    if (jsonDepthExceeds(raw, maxJsonDepth)) {
      return badRequest(`Invalid Request: JSON nested deeper than ${maxJsonDepth} levels`, 400);
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return badRequest('Parse error: the body is not valid JSON', 400);
    }
    if (body === null || typeof body !== 'object') {
      return badRequest('Invalid Request: expected a JSON-RPC object or array', 400);
    }
    const messages = (Array.isArray(body) ? body : [body]) as unknown[];
    const problem = batchProblem(messages, maxBatch);
    if (problem) return badRequest(`Invalid Request: ${problem}`, 400);
    const first = messages[0] as { method?: unknown };
    if (typeof first?.method === 'string') rpc = clip(first.method, 64);
    const call = messages.find((m) => (m as { method?: unknown })?.method === 'tools/call') as { params?: { name?: unknown } } | undefined;
    if (typeof call?.params?.name === 'string') tool = clip(call.params.name, 64);

    // The price: one point per request in the body, more for a costly tool by input size (cost.ts),
    // paid before it runs (an initialize costs sessionCost); after it ran, the work measured settles
    // it. Notifications and responses are paid from the free budget, one point each.
    const requests = messages.filter(isRequestMessage).length;
    const initialize = messages.some((m) => (m as { method?: unknown })?.method === 'initialize');
    const sessionSurcharge = initialize && !o.stateless ? sessionCost - 1 : 0;
    const price = Math.min(o.limiter.config.perMinute, messages.reduce<number>((sum, m) => sum + estimateCost(m), 0) + sessionSurcharge);
    if (messages.length > requests) {
      const d = await freeLimiter.take(key, messages.length - requests);
      if (!d.allowed) return done(await freeRefused(c, d, 'notifications'));
    }
    if (price > 0) {
      const d = await o.limiter.take(key, price);
      if (!d.allowed) return limited(d);
      decision = d;
    }
    const chargeWork = async () => {
      const extra = (o.stateless ?? o.sessions).scheduler?.takeSpent(key, costUnitMs) ?? 0;
      // What the estimate took beyond one point per request was paid for work in advance.
      // (A session's surcharge is its price, not work paid in advance: never given back.)
      const owed = extra - Math.max(0, price - requests - sessionSurcharge);
      if (owed > 0) {
        await o.limiter.charge(key, owed);
        if (decision) decision = { ...decision, remaining: Math.max(0, decision.remaining - owed) };
      } else if (owed < 0) decision = await o.limiter.refund(key, -owed);
    };

    // The body is already read and parsed; the transport takes it from parsedBody.
    const request = c.req.raw;
    if (o.stateless) {
      // Any process answers any request: no session to find, none to create (an Mcp-Session-Id a
      // client still sends is ignored).
      const { response, abandon } = await o.stateless.handle(request, body, key);
      const res = await withTimeout(response, abandon);
      await chargeWork();
      return done(res);
    }
    if (initialize) {
      if (sessionId) return done(c.json(jsonRpcError(-32600, 'Bad Request: initialize must not carry an Mcp-Session-Id'), 400));
      if (!messages.some((m) => isInitializeRequest(m))) {
        return done(
          c.json(jsonRpcError(-32602, 'Invalid params: initialize needs an id and params {protocolVersion: string, capabilities: object, clientInfo: {name: string, version: string}}'), 400),
        );
      }
      let transport;
      try {
        transport = await o.sessions.create(key);
      } catch (e) {
        if (e instanceof SessionsFull) {
          // Not the client's fault: give back what it paid.
          if (price > 0) decision = await o.limiter.refund(key, price);
          return done(c.json(jsonRpcError(-32000, e.message), 503, { 'Retry-After': String(e.retryAfterSeconds) }));
        }
        throw e;
      }
      const res = await withTimeout(transport.handleRequest(request, { parsedBody: body }), () => {
        if (transport.sessionId) void o.sessions.close(transport.sessionId);
        else void transport.close();
      });
      await o.sessions.settle(transport);
      await chargeWork();
      return done(res);
    }
    if (!sessionId) {
      return done(c.json(jsonRpcError(-32000, 'Bad Request: no Mcp-Session-Id header; send initialize first'), 400));
    }
    const session = o.sessions.get(sessionId);
    if (!session) {
      if (price > 0) decision = await o.limiter.refund(key, price);
      const d = await freeLimiter.take(key);
      if (!d.allowed) return done(await freeRefused(c, d, 'requests naming an unknown session'));
      return done(c.json(jsonRpcError(-32001, 'Session not found: it expired or never existed; send initialize again'), 404));
    }
    const res = await withTimeout(session.transport.handleRequest(request, { parsedBody: body }), () => void o.sessions.close(sessionId));
    await chargeWork();
    return done(res);
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

  // Before the rules page: its '/api/*' checks (GET only, a second charge) must not see /api/v1.
  if (o.api) {
    mountApi(app, {
      kb: o.api, limiter: o.limiter, scheduler: (o.stateless ?? o.sessions).scheduler, costUnitMs, maxBodyBytes: o.maxBodyBytes, maxJsonDepth, corsOrigins: o.corsOrigins,
      allowedHosts: o.allowedHosts, originAllowed: (origin) => originAllowed(origin, o.allowedOrigins), identity: (c) => clientIdentity(c, o.trustProxyHeader, apiKeys), logKey: logHash,
    });
  }
  if (o.web) {
    mountWeb(app, {
      kb: o.web,
      limiter: o.webLimiter ?? new RateLimiter({ perMinute: 600, prefix: 'web' }),
      allowedHosts: o.allowedHosts,
      originAllowed: (origin) => originAllowed(origin, o.allowedOrigins),
      clientKey: (c) => clientIdentity(c, o.trustProxyHeader, o.apiKeys ?? null).key,
      apiKeys: o.apiKeys ?? null,
      pass: o.webPass ?? null,
    });
  }

  app.notFound((c) => c.json({ error: `Not Found: ${c.req.path}; the MCP endpoint is /mcp, health is /healthz${o.api ? ', the JSON API is /api/v1 (/openapi.json)' : ''}${o.web ? ', the rules page is /' : ''}` }, 404));
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
