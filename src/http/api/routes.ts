/**
 * The JSON API under /api/v1 and its OpenAPI document at /openapi.json, on the server's Hono app.
 * Every request passes what /mcp requests pass, in the same order: the budget (a client already
 * over it is refused before anything is read), Host and Origin, API keys, one point of the shared
 * per-client budget, then the body's type, size and nesting (POST). The tool then runs in the
 * client's turn on the fair scheduler, and work beyond what a request's price includes is charged
 * after it, as /mcp charges it. Answers are the tools' structured content.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { bodyLimit } from 'hono/body-limit';
import type { HttpBindings } from '@hono/node-server';
import type { Knowledge } from '../../knowledge.js';
import { callTool } from '../../mcp/server.js';
import type { RateDecision, RateLimiter } from '../rate-limit.js';
import type { FairScheduler } from '../fair.js';
import { hostnameOf } from '../config.js';
import { jsonDepthExceeds } from '../app.js';
import { log } from '../../log.js';
import { API_PREFIX, ENDPOINTS, honoPath, queryFields, toolOf, type Endpoint } from './endpoints.js';
import { queryArgs } from './query.js';
import { failure, invalid, type ApiError } from './errors.js';
import { openApiDocument } from './openapi.js';

type ApiEnv = { Bindings: HttpBindings; Variables: { client: string; decision: RateDecision } };

export interface ApiOptions {
  kb: Knowledge;
  limiter: RateLimiter;
  /** The process's fair scheduler (the one /mcp sessions use); absent: the tool runs at once. */
  scheduler?: FairScheduler;
  /** Measured work (ms) charged as one more point beyond a request's price. */
  costUnitMs: number;
  maxBodyBytes: number;
  maxJsonDepth: number;
  corsOrigins: string[];
  allowedHosts: Set<string> | null;
  originAllowed: (origin: string) => boolean;
  /** Who the request is (app.ts clientIdentity): its budget key, and whether it sent an unlisted API key. */
  identity: (c: Context<{ Bindings: HttpBindings }>) => { key: string; unlisted: boolean };
  /** The client key as logs write it (a keyed hash). */
  logKey: (key: string) => string;
}

/** CPU time this process has used, in ms: what a tool's work costs, however busy the machine is. */
const cpuNow = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Waits for `owner`'s turn on the scheduler (at once without one). */
const turn = (scheduler: FairScheduler | undefined, owner: string): Promise<void> =>
  scheduler ? new Promise((resolve) => scheduler.run(owner, resolve)) : Promise.resolve();

const fail = (c: Context<ApiEnv>, status: 400 | 401 | 403 | 404 | 405 | 413 | 415 | 429 | 500, body: ApiError, headers: Record<string, string> = {}) => c.json(body, status, headers);

export function mountApi(app: Hono<{ Bindings: HttpBindings }>, o: ApiOptions): void {
  const api = new Hono<ApiEnv>();
  const paths = [`${API_PREFIX}/*`, API_PREFIX, '/openapi.json'];

  if (o.corsOrigins.length) {
    const cross = cors({
      origin: o.corsOrigins,
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['content-type', 'accept', 'authorization', 'x-api-key'],
      exposeHeaders: ['retry-after', 'ratelimit', 'ratelimit-policy', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'],
    });
    for (const p of paths) api.use(p, cross);
  }

  /** The checks every API request passes before its endpoint (running `tool`) sees it, and the budget headers on every answer. */
  const gate = (tool?: string): MiddlewareHandler<ApiEnv> => async (c, next) => {
    const started = performance.now();
    const who = o.identity(c as unknown as Context<{ Bindings: HttpBindings }>);
    c.set('client', who.key);
    c.set('decision', await o.limiter.peek(who.key));
    const limited = (d: RateDecision) => {
      c.set('decision', d);
      const burst = o.limiter.burst;
      return fail(c, 429, { error: `Rate limit exceeded: ${o.limiter.config.perMinute} requests per minute${burst ? ` (at most ${burst} at once)` : ''}; retry after ${d.retryAfter} s` });
    };
    const respond = async (): Promise<Response | void> => {
      if (o.allowedHosts && !o.allowedHosts.has(hostnameOf(c.req.header('host') ?? ''))) return fail(c, 403, { error: 'Forbidden: this Host is not allowed' });
      const origin = c.req.header('origin');
      if (origin && !o.originAllowed(origin)) return fail(c, 403, { error: 'Forbidden: this Origin is not allowed' });
      if (who.unlisted) return fail(c, 401, { error: 'Unauthorized: this API key is not accepted; send a listed key, or none' }, { 'WWW-Authenticate': 'Bearer' });
      if (!c.get('decision').allowed) return limited(c.get('decision'));
      const d = await o.limiter.take(who.key, 1);
      if (!d.allowed) return limited(d);
      c.set('decision', d);
      await next();
    };
    const res = await respond();
    if (res) c.res = res;
    for (const [k, v] of Object.entries(o.limiter.headers(c.get('decision')))) c.res.headers.set(k, v);
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    log('request', { method: c.req.method, path: c.req.path.slice(0, 120), status: c.res.status, ms: Math.round((performance.now() - started) * 10) / 10, tool, client: o.logKey(who.key) });
  };

  /** Runs an endpoint's tool in the client's turn and charges the work beyond the price. */
  const answer = async (c: Context<ApiEnv>, e: Endpoint, args: Record<string, unknown>) => {
    const tool = toolOf(e);
    const key = c.get('client');
    await turn(o.scheduler, key);
    const t = cpuNow();
    let result: Awaited<ReturnType<typeof callTool>> | ReturnType<typeof failure>;
    try {
      // Awaited: a handler may answer with a promise (run elsewhere) as well as at once.
      result = await callTool(tool.name, args, o.kb);
    } catch (err) {
      result = failure(err, tool, e.lookup ?? false);
    } finally {
      const ms = cpuNow() - t;
      if (o.scheduler) {
        o.scheduler.addSpent(key, ms);
        const extra = o.scheduler.takeSpent(key, o.costUnitMs);
        if (extra > 0) {
          await o.limiter.charge(key, extra);
          const d = c.get('decision');
          c.set('decision', { ...d, remaining: Math.max(0, d.remaining - extra) });
        }
      }
    }
    if ('status' in result) return fail(c, result.status, result.body);
    return c.json(result.structured as Record<string, unknown>, 200);
  };

  const readBody = bodyLimit({
    maxSize: o.maxBodyBytes,
    onError: (c) => fail(c as Context<ApiEnv>, 413, { error: `Payload Too Large: the body limit is ${o.maxBodyBytes} bytes` }),
  });

  for (const e of ENDPOINTS) {
    const tool = toolOf(e);
    if (e.method === 'get') {
      const fields = queryFields(e);
      api.get(honoPath(e), gate(tool.name), (c) => {
        const { args, problems } = queryArgs(fields, c.req.queries());
        for (const f of e.require ?? []) if (args[f] === undefined) problems.push({ field: f, message: 'required' });
        if (problems.length) {
          const f = invalid(problems);
          return fail(c, f.status, f.body);
        }
        for (const f of e.pathFields ?? []) args[f] = c.req.param(f);
        return answer(c, e, args);
      });
    } else {
      api.post(honoPath(e), gate(tool.name), async (c, next) => {
        const type = c.req.header('content-type') ?? '';
        if (!/^application\/json\b/i.test(type)) return fail(c, 415, { error: `Unsupported Media Type: Content-Type must be application/json, got "${type.slice(0, 80)}"` });
        return readBody(c, next);
      }, async (c) => {
        let raw: string;
        try {
          raw = await c.req.text();
        } catch {
          return fail(c, 400, { error: 'Bad Request: the body could not be read' });
        }
        if (jsonDepthExceeds(raw, o.maxJsonDepth)) return fail(c, 400, { error: `Invalid input: JSON nested deeper than ${o.maxJsonDepth} levels` });
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          return fail(c, 400, { error: `Invalid input: the body is not valid JSON; send a ${tool.name} input object` });
        }
        if (body === null || typeof body !== 'object' || Array.isArray(body)) return fail(c, 400, { error: `Invalid input: the body must be a JSON object (the ${tool.name} input)` });
        return answer(c, e, body as Record<string, unknown>);
      });
    }
  }

  api.get('/openapi.json', gate(), (c) => c.json(openApiDocument()));

  // Anything else under the prefix: 405 when the path exists with another method, else 404. Here,
  // not in the app's notFound, so that no later '/api/*' route (the rules page's) sees it.
  const templates = ENDPOINTS.map((e) => ({ e, re: new RegExp(`^${honoPath(e).replace(/:\w+/g, '[^/]+')}$`) }));
  const elsewhere: MiddlewareHandler<ApiEnv> = async (c) => {
    const methods = templates.filter((t) => t.re.test(c.req.path)).map((t) => t.e.method.toUpperCase());
    if (methods.length) return fail(c, 405, { error: `Method Not Allowed: ${c.req.method.slice(0, 10)} ${c.req.path.slice(0, 120)}; use ${methods.join(', ')}` }, { Allow: methods.join(', ') });
    return fail(c, 404, { error: `Not Found: ${c.req.path.slice(0, 120)}; the endpoints are listed in /openapi.json: ${[...new Set(ENDPOINTS.map((x) => `${x.method.toUpperCase()} ${API_PREFIX}${x.path}`))].join(', ')}` });
  };
  api.all(API_PREFIX, gate(), elsewhere);
  api.all(`${API_PREFIX}/*`, gate(), elsewhere);

  app.route('/', api);
}
