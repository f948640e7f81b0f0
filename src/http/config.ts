/** HTTP settings from the environment, with the defaults a local server should have. */

export interface HttpConfig {
  port: number;
  host: string;
  perMinute: number;
  burst: number;
  maxBodyBytes: number;
  maxSessions: number;
  sessionIdleMs: number;
  /** Host names accepted in the Host header; null accepts any. */
  allowedHosts: Set<string> | null;
  /** Origins accepted besides loopback ones (exact "scheme://host:port"). */
  allowedOrigins: Set<string>;
  corsOrigins: string[];
  trustProxyHeader: string | null;
  redisUrl: string | null;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  shutdownGraceMs: number;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return n;
}

function list(raw: string | undefined): string[] {
  return (raw ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** "Example.com:8180" -> "example.com"; "[::1]:8180" -> "[::1]". */
export function hostnameOf(hostHeader: string): string {
  const h = hostHeader.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d+$/, '');
}

export function loadHttpConfig(env: NodeJS.ProcessEnv = process.env): HttpConfig {
  const port = int(env, 'PORT', 8180, 0, 65535);
  const host = env.HOST?.trim() || '127.0.0.1';
  const loopback = LOOPBACK.has(host);
  // Host and Origin are compared by host name: the port is ours by the time a request arrives, and
  // DNS rebinding changes the name, not the port. Bound to loopback, only loopback names pass unless
  // ALLOWED_HOSTS says otherwise; bound elsewhere without ALLOWED_HOSTS, any Host passes.
  const configuredHosts = list(env.ALLOWED_HOSTS).map(hostnameOf);
  const allowedHosts = configuredHosts.length ? new Set(configuredHosts) : loopback ? new Set(LOOPBACK) : null;
  const allowedOrigins = new Set([...list(env.ALLOWED_ORIGINS), ...list(env.CORS_ORIGINS)]);
  return {
    port,
    host,
    perMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000),
    burst: int(env, 'RATE_LIMIT_BURST', 30, 1, 1_000_000),
    maxBodyBytes: int(env, 'MAX_BODY_BYTES', 256 * 1024, 1024, 16 * 1024 * 1024),
    maxSessions: int(env, 'MAX_SESSIONS', 1000, 1, 1_000_000),
    sessionIdleMs: int(env, 'SESSION_IDLE_SECONDS', 1800, 1, 86_400) * 1000,
    allowedHosts,
    allowedOrigins,
    corsOrigins: list(env.CORS_ORIGINS),
    trustProxyHeader: env.TRUST_PROXY_HEADER?.trim().toLowerCase() || null,
    redisUrl: env.REDIS_URL?.trim() || null,
    headersTimeoutMs: int(env, 'HEADERS_TIMEOUT_MS', 10_000, 100, 600_000),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, 600_000),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
  };
}
