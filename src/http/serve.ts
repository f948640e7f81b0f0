/**
 * Runs the HTTP server: binds HOST:PORT (127.0.0.1:8180 by default), applies header, request and
 * keep-alive timeouts and the connection pool's caps (connections.ts), and on SIGTERM/SIGINT stops
 * accepting connections, lets in-flight requests finish and their answers go out whole (up to
 * SHUTDOWN_GRACE_MS), then exits 0.
 */
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import { knowledge } from '../knowledge.js';
import { createServer } from '../mcp/server.js';
import { toolPoolFromEnv } from '../mcp/pool.js';
import { engineBudget } from '../engine/bounds.js';
import { createApp } from './app.js';
import { loadHttpConfig, type HttpConfig } from './config.js';
import { RateLimiter } from './rate-limit.js';
import { SessionManager, StatelessServers } from './sessions.js';
import { FairScheduler } from './fair.js';
import { addressCounterFromPrimary, ConnectionPool, countAddressesInPrimary } from './connections.js';
import { SampledLog } from './log-sample.js';
import { flushLogs, keepRunningOnStrayErrors, log } from '../log.js';

export interface RunningHttp {
  port: number;
  close: () => Promise<void>;
}

async function connectRedis(url: string, commandTimeout: number): Promise<import('ioredis').Redis> {
  const { Redis } = await import('ioredis');
  // No offline queue and a short command timeout: while Redis is away, slow or frozen, the limiter
  // answers from its in-memory fallback instead of holding requests behind a dead connection.
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout, connectTimeout: 3000, lazyConnect: false });
  // Log the transitions, not every reconnect attempt.
  let healthy = true;
  redis.on('ready', () => {
    log('redis_ready', {});
    healthy = true;
  });
  redis.on('error', (e: Error) => {
    if (healthy) log('redis_error', { error: e.message, fallback: 'in-memory limits per process until Redis is back' });
    healthy = false;
  });
  return redis;
}

export async function startHttp(config: HttpConfig = loadHttpConfig()): Promise<RunningHttp> {
  const kb = knowledge();
  // The costly tools run in worker threads under a deadline (pool.ts); the main thread keeps the lookups.
  // A bad ENGINE_MAX_* setting is an error at start, not at the first simulation.
  engineBudget();
  const pool = toolPoolFromEnv();
  // With a pool the searches run in its workers: the main thread loads an index only when the
  // rules page searches (lazily), which keeps the process's memory down by the indexes' size.
  if (!pool) kb.warm();
  // Listen once a worker has its indexes loaded, as the main thread used to before it listened, but
  // not for long: until one is ready, searches are answered in-process and the engine's tools wait.
  if (pool && !(await pool.whenReady(10_000))) log('tool_pool_not_ready', { after_ms: 10_000 });
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, config.redisTimeoutMs) : undefined;
  // A cluster worker without Redis shares the budget with its siblings through the primary.
  const limiter = new RateLimiter({
    perMinute: config.perMinute,
    burst: config.burst,
    prefix: config.rateLimitPrefix,
    ...(redis ? { redis } : cluster.isWorker ? { cluster: true, clusterTimeoutMs: config.redisTimeoutMs } : {}),
  });
  // Requests that cost no budget have one of their own (notifications, unknown sessions, /offline.json).
  const freeLimiter = new RateLimiter({
    perMinute: config.freePerMinute,
    prefix: `${config.rateLimitPrefix}:free`,
    ...(redis ? { redis } : cluster.isWorker ? { cluster: true, clusterTimeoutMs: config.redisTimeoutMs } : {}),
  });
  const sampled = new SampledLog();
  const scheduler = new FairScheduler(config.costUnitMs);
  const stateless = config.stateless ? new StatelessServers({ createServer: () => createServer(kb, { pool }), maxBodyBytes: config.maxBodyBytes, scheduler }) : null;
  const sessions = new SessionManager({
    max: config.maxSessions,
    maxPerOwner: config.maxSessionsPerClient,
    idleMs: config.sessionIdleMs,
    idleUnderPressureMs: config.sessionIdleUnderPressureMs,
    maxBodyBytes: config.maxBodyBytes,
    createServer: () => createServer(kb, { pool }),
    scheduler,
  });
  const app = createApp({
    sessions,
    stateless,
    limiter,
    freeLimiter,
    sessionCost: config.sessionCost,
    sampledLog: sampled,
    maxBodyBytes: config.maxBodyBytes,
    allowedHosts: config.allowedHosts,
    allowedOrigins: config.allowedOrigins,
    corsOrigins: config.corsOrigins,
    trustProxyHeader: config.trustProxyHeader,
    apiKeys: config.apiKeys,
    maxJsonDepth: config.maxJsonDepth,
    maxBatch: config.maxBatch,
    responseTimeoutMs: config.responseTimeoutMs,
    costUnitMs: config.costUnitMs,
    web: config.web ? kb : null,
    api: kb,
    // The rules page's budget: its own limiter (and Redis keys), so a room of phones behind one
    // venue address does not spend what /mcp clients from it have.
    webLimiter: new RateLimiter({
      perMinute: config.webPerMinute,
      prefix: `${config.rateLimitPrefix}:web`,
      ...(redis ? { redis } : cluster.isWorker ? { cluster: true, clusterTimeoutMs: config.redisTimeoutMs } : {}),
    }),
    webPass: config.webPassSecret ? { secret: config.webPassSecret, days: config.webPassDays } : null,
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve(
      {
        fetch: app.fetch,
        port: config.port,
        hostname: config.host,
        serverOptions: {
          headersTimeout: config.headersTimeoutMs,
          requestTimeout: config.requestTimeoutMs,
          keepAliveTimeout: config.keepAliveTimeoutMs,
          // How often Node checks the two timeouts above (its default, 30 s, would let a slow
          // client hold a connection far past them).
          connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(config.headersTimeoutMs / 2))),
        },
      },
      () => resolve(s as Server),
    );
    (s as Server).once('error', reject);
  });
  // Per address too: a few hundred sockets from one address (trickling headers) must not take every
  // connection slot. Behind a trusted proxy every socket is the proxy's, so the proxy limits instead.
  const perAddress = config.trustProxyHeader ? 0 : config.maxConnectionsPerAddress;
  const connections = new ConnectionPool(server, {
    max: config.maxConnections,
    perAddress,
    busyHeadersTimeoutMs: config.busyHeadersTimeoutMs,
    busyRequestTimeoutMs: config.busyRequestTimeoutMs,
    shared: perAddress > 0 && cluster.isWorker ? addressCounterFromPrimary(config.redisTimeoutMs) : null,
    onDrop: (reason) => sampled.write(`connection:${reason}`, 'connection_refused', { reason, max: reason === 'per-address cap' ? perAddress : config.maxConnections }),
  });
  // A hard ceiling well past the pool's own cap (which makes room by eviction), against a burst of accepts.
  if (config.maxConnections > 0) server.maxConnections = config.maxConnections * 2;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log('start', { transport: 'http', host: config.host, port, ...(cluster.isWorker ? { worker: cluster.worker?.id, pid: process.pid } : {}), web: config.web, stateless: config.stateless, redis: Boolean(redis), rate: `${config.perMinute}/min${config.burst && config.burst < config.perMinute ? ` burst ${config.burst}` : ''}` });

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      // Stop accepting; connections end once their in-flight answers are out whole (idle keep-alive
      // ones at once), and whatever is left after the grace period is cut.
      connections.drain();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      let graceTimer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        graceTimer = setTimeout(resolve, config.shutdownGraceMs);
      });
      await Promise.race([closed, grace]);
      connections.stop();
      clearTimeout(graceTimer);
      server.closeAllConnections();
      sampled.flush();
      await sessions.closeAll();
      await stateless?.closeAll();
      await pool?.close();
      if (redis) redis.disconnect();
    })();
    return closing;
  };
  return { port, close };
}

/**
 * WORKERS=N (N > 1, stateless only): this process is the cluster primary. It serves nothing itself;
 * it forks N workers that share the listening socket (node:cluster hands connections out in turn),
 * holds the rate-limit budget they share when there is no Redis and the per-address connection
 * counts, replaces a worker that dies, and on SIGTERM/SIGINT has every worker drain (as one process
 * would) before it exits 0. A worker still running after the grace period (stuck in a computation)
 * is killed (SIGKILL), and the primary then exits 1; it never exits leaving a worker behind.
 */
async function runPrimary(config: HttpConfig): Promise<void> {
  if (!config.redisUrl) {
    new RateLimiterClusterMaster();
  }
  if (config.maxConnectionsPerAddress > 0 && !config.trustProxyHeader) countAddressesInPrimary(config.maxConnectionsPerAddress);
  // Whatever ends the primary, its workers end with it (a worker spinning in a computation would
  // not notice the primary is gone).
  process.on('exit', () => {
    for (const w of Object.values(cluster.workers ?? {})) if (w && !w.isDead()) w.process.kill('SIGKILL');
  });
  // One salt for every worker: a client's log hash is the same whichever worker answered it.
  process.env.LOG_HASH_SALT ||= randomBytes(16).toString('hex');
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork();
    let listening = false;
    worker.once('listening', () => {
      listening = true;
    });
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      if (!listening) {
        // It could not start (bad settings, a damaged build): so would the next one. Stop.
        log('start_failed', { error: `worker ${worker.id} exited ${code ?? signal} before listening` });
        stopping = true;
        for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGKILL');
        process.exit(1);
      }
      log('worker_exit', { worker: worker.id, code, signal, replaced: true });
      setTimeout(fork, 200).unref();
    });
  };
  log('cluster_start', { workers: config.workers, shared_limit: config.redisUrl ? 'redis' : 'primary' });
  for (let i = 0; i < config.workers; i++) fork();
  const stop = (signal: string) => {
    if (stopping) return log('stop_ignored', { signal, reason: 'already draining' });
    stopping = true;
    log('stop', { signal, workers: Object.keys(cluster.workers ?? {}).length });
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    let left = workers.length;
    let killed = 0;
    if (!left) process.exit(0);
    for (const w of workers) {
      w.once('exit', () => {
        if (--left === 0) {
          log('stopped', { signal, ...(killed ? { killed } : {}) });
          process.exit(killed ? 1 : 0);
        }
      });
      w.process.kill('SIGTERM');
    }
    // Workers end within their grace period (and a moment to exit); a stuck one is killed.
    setTimeout(() => {
      for (const w of workers) {
        if (w.isDead()) continue;
        killed++;
        log('worker_killed', { worker: w.id, reason: `still running ${config.shutdownGraceMs + 2000} ms after SIGTERM`, signal: 'SIGKILL' });
        w.process.kill('SIGKILL');
      }
      // The exits of the killed workers end the primary (above); this is for one that cannot even be reaped.
      setTimeout(() => process.exit(1), 5000).unref();
    }, config.shutdownGraceMs + 2000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

export async function runHttp(): Promise<void> {
  // A bug in one request must not take the server down for everyone: log it and keep serving.
  // Logging itself must not either (a closed stderr would otherwise raise on every line).
  process.stderr.on('error', () => undefined);
  keepRunningOnStrayErrors();
  let config: HttpConfig;
  let running: RunningHttp;
  try {
    config = loadHttpConfig();
    if (config.workers > 1 && cluster.isPrimary) return await runPrimary(config);
    running = await startHttp(config);
  } catch (e) {
    log('start_failed', { error: e instanceof Error ? e.message : String(e) });
    process.exit(1);
  }
  // A second signal while draining is noted and ignored: the requests in flight still finish (the
  // grace period bounds the wait; SIGKILL is the way to stop at once).
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return log('stop_ignored', { signal, reason: 'already draining' });
    stopping = true;
    log('stop', { signal });
    // Test hook: a worker stuck in a computation (what the primary's SIGKILL is for).
    if (process.env.NODE_ENV === 'test' && process.env.TEST_WORKER_SPIN_ON_STOP === '1' && cluster.isWorker) {
      flushLogs();
      for (;;);
    }
    void running.close().then(() => {
      log('stopped', { signal });
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // A worker whose primary is gone (killed with SIGKILL) must not serve on alone.
  if (cluster.isWorker) process.on('disconnect', () => stop('primary_gone'));
}
