/** HTTP settings from the environment, with the defaults a local server should have. */
import { availableParallelism } from 'node:os';
import { envInt } from '../env-int.js';

export interface HttpConfig {
  port: number;
  host: string;
  perMinute: number;
  /** A shorter window (at most this many at once); null: none, the minute's budget only. */
  burst: number | null;
  /** Prefix of the rate-limit keys (in Redis: several deployments, or test runs, can share one Redis). */
  rateLimitPrefix: string;
  /**
   * API keys that get a budget of their own. null: keys are ignored and every client is its address
   * (a header cannot mint a budget). With a set, a listed key has its own budget, a request carrying
   * any other key is refused 401, and one carrying none is keyed by its address.
   */
  apiKeys: Set<string> | null;
  maxBodyBytes: number;
  /** JSON nested deeper than this is rejected before anything walks it. */
  maxJsonDepth: number;
  /** JSON-RPC messages in one batch (each request in it is charged). */
  maxBatch: number;
  maxSessions: number;
  /** Sessions one client key may hold; past it, that client's own least recently used session is closed. */
  maxSessionsPerClient: number;
  sessionIdleMs: number;
  /** Idle time after which a session expires while the table is at least half full (less than sessionIdleMs). */
  sessionIdleUnderPressureMs: number;
  /** Budget points an initialize costs (a session held costs memory until it expires). */
  sessionCost: number;
  /**
   * Per client and minute, for requests that cost no budget: notifications, requests naming an
   * unknown session, and (10 points each) /offline.json. Past it they are refused 429.
   */
  freePerMinute: number;
  /** Host names accepted in the Host header (loopback names and ALLOWED_HOSTS); null accepts any. */
  allowedHosts: Set<string> | null;
  /** Origins accepted besides loopback ones (exact "scheme://host:port"). */
  allowedOrigins: Set<string>;
  corsOrigins: string[];
  trustProxyHeader: string | null;
  redisUrl: string | null;
  /** A Redis command slower than this is answered from the in-memory fallback. */
  redisTimeoutMs: number;
  /** A request's price covers this much measured work; each further this much costs one more point. */
  costUnitMs: number;
  /** Open connections one address may hold; 0 = no cap (ignored behind TRUST_PROXY_HEADER). */
  maxConnectionsPerAddress: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** While at least half of maxConnections are open: a connection waiting this long for its headers (or next request) is dropped. */
  busyHeadersTimeoutMs: number;
  /** While busy: a request whose body is still arriving after this long is dropped. */
  busyRequestTimeoutMs: number;
  /** A response not ready after this long is answered 504 (and its session closed). */
  responseTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /**
   * Open connections at once; past it a newcomer takes the place of the connection waiting longest
   * for a request, and is dropped only when every one is in a request. 0 = no limit.
   */
  maxConnections: number;
  shutdownGraceMs: number;
  /** The judges' rules page at / (WEB=off turns it off). */
  web: boolean;
  /** The rules page's own budget (its pages and /api/*), per client, separate from /mcp's. */
  webPerMinute: number;
  /** Secret that signs the venue pass cookie (/join?key=...); null: venue links are off. */
  webPassSecret: string | null;
  /** How long a venue pass cookie lasts. */
  webPassDays: number;
  /**
   * No server-side sessions (MCP_STATELESS=1): every request is answered by a fresh transport
   * without a session id, so any process or replica can answer any request. For replicas and WORKERS.
   */
  stateless: boolean;
  /** HTTP worker processes (node:cluster); 1 = this process serves. More than 1 needs stateless. */
  workers: number;
}

const int = envInt;

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new Error(`${name} must be on or off, got "${env[name]}"`);
}

function list(raw: string | undefined): string[] {
  return (raw ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
}

/** Names of this machine: a server bound to one accepts them as Host, and any port of them as Origin. */
export const LOOPBACK: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** "Example.com:8180" -> "example.com"; "[::1]:8180" -> "[::1]". */
export function hostnameOf(hostHeader: string): string {
  const h = hostHeader.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d+$/, '');
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false' || raw === 'no') return false;
  if (raw === '1' || raw === 'true' || raw === 'yes') return true;
  throw new Error(`${name} must be 1 or 0, got "${env[name]}"`);
}

/** A short secret would make the pass cookie guessable offline: at least 32 characters. */
function webPassSecret(env: NodeJS.ProcessEnv): string | null {
  const raw = env.WEB_PASS_SECRET?.trim();
  if (!raw) return null;
  if (raw.length < 32) throw new Error(`WEB_PASS_SECRET must be at least 32 characters (e.g. openssl rand -hex 32), got ${raw.length}`);
  return raw;
}

export function loadHttpConfig(env: NodeJS.ProcessEnv = process.env): HttpConfig {
  const port = int(env, 'PORT', 8180, 0, 65535);
  const host = env.HOST?.trim() || '127.0.0.1';
  const loopback = LOOPBACK.has(host);
  // Host and Origin are compared by host name: the port is ours by the time a request arrives, and
  // DNS rebinding changes the name, not the port. Loopback names always pass (a rebinding attack
  // cannot make a browser send them for another site), and ALLOWED_HOSTS adds names to them, so a
  // container started as the Dockerfile says still answers its own health check and a test on
  // 127.0.0.1; bound elsewhere without ALLOWED_HOSTS, any Host passes.
  const configuredHosts = list(env.ALLOWED_HOSTS).map(hostnameOf);
  const allowedHosts = configuredHosts.length ? new Set([...LOOPBACK, ...configuredHosts]) : loopback ? new Set(LOOPBACK) : null;
  const allowedOrigins = new Set([...list(env.ALLOWED_ORIGINS), ...list(env.CORS_ORIGINS)]);
  // API keys are compared exactly (not lower-cased).
  const apiKeys = (env.API_KEYS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const prefix = env.RATE_LIMIT_PREFIX?.trim() || 'gundam-rules';
  if (!/^[\w.:-]{1,64}$/.test(prefix)) throw new Error(`RATE_LIMIT_PREFIX must be 1-64 characters of letters, digits, "_", ".", ":" or "-", got "${prefix}"`);
  const headersTimeoutMs = int(env, 'HEADERS_TIMEOUT_MS', 10_000, 100, 600_000);
  const requestTimeoutMs = int(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, 600_000);
  if (headersTimeoutMs > requestTimeoutMs) throw new Error(`HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  const sessionIdleMs = int(env, 'SESSION_IDLE_SECONDS', 1800, 1, 86_400) * 1000;
  const stateless = flag(env, 'MCP_STATELESS');
  // One worker per core by default when any process may answer any request; one process otherwise
  // (sessions live in the memory of the process that created them).
  const workers = int(env, 'WORKERS', stateless ? availableParallelism() : 1, 1, 256);
  if (workers > 1 && !stateless) throw new Error(`WORKERS=${workers} needs MCP_STATELESS=1: sessions live in one process's memory, and workers take connections in turn`);
  return {
    stateless,
    workers,
    port,
    host,
    perMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000),
    burst: env.RATE_LIMIT_BURST?.trim() ? int(env, 'RATE_LIMIT_BURST', 0, 1, 1_000_000) : null,
    rateLimitPrefix: prefix,
    apiKeys: apiKeys.length ? new Set(apiKeys) : null,
    maxBodyBytes: int(env, 'MAX_BODY_BYTES', 256 * 1024, 1024, 16 * 1024 * 1024),
    maxJsonDepth: int(env, 'MAX_JSON_DEPTH', 64, 8, 1000),
    maxBatch: int(env, 'MAX_BATCH', 20, 1, 1000),
    // A session costs ~50 KB: 2000 of them fit in ~100 MB, and 10 per client need 200 clients to fill.
    maxSessions: int(env, 'MAX_SESSIONS', 2000, 1, 1_000_000),
    maxSessionsPerClient: int(env, 'MAX_SESSIONS_PER_CLIENT', 10, 1, 1_000_000),
    sessionIdleMs,
    sessionIdleUnderPressureMs: Math.min(sessionIdleMs, int(env, 'SESSION_IDLE_UNDER_PRESSURE_SECONDS', 120, 1, 86_400) * 1000),
    sessionCost: int(env, 'SESSION_COST', 1, 1, 1_000_000),
    freePerMinute: int(env, 'FREE_REQUESTS_PER_MINUTE', 120, 1, 1_000_000),
    allowedHosts,
    allowedOrigins,
    corsOrigins: list(env.CORS_ORIGINS),
    trustProxyHeader: env.TRUST_PROXY_HEADER?.trim().toLowerCase() || null,
    redisUrl: env.REDIS_URL?.trim() || null,
    redisTimeoutMs: int(env, 'REDIS_TIMEOUT_MS', 200, 10, 10_000),
    costUnitMs: int(env, 'COST_UNIT_MS', 50, 1, 60_000),
    maxConnectionsPerAddress: int(env, 'MAX_CONNECTIONS_PER_ADDRESS', 32, 0, 1_000_000),
    headersTimeoutMs,
    requestTimeoutMs,
    busyHeadersTimeoutMs: Math.min(headersTimeoutMs, int(env, 'BUSY_HEADERS_TIMEOUT_MS', 1000, 50, 600_000)),
    busyRequestTimeoutMs: Math.min(requestTimeoutMs, int(env, 'BUSY_REQUEST_TIMEOUT_MS', 5000, 50, 600_000)),
    responseTimeoutMs: int(env, 'RESPONSE_TIMEOUT_MS', 30_000, 100, 600_000),
    keepAliveTimeoutMs: int(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000),
    maxConnections: int(env, 'MAX_CONNECTIONS', 1024, 0, 1_000_000),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    web: onOff(env, 'WEB', true),
    webPerMinute: int(env, 'WEB_RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
    webPassSecret: webPassSecret(env),
    webPassDays: int(env, 'WEB_PASS_DAYS', 3, 1, 365),
  };
}
