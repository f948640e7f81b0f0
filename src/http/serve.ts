/**
 * Runs the HTTP server: binds HOST:PORT (127.0.0.1:8180 by default), applies header, request and
 * keep-alive timeouts and a connection cap, and on SIGTERM/SIGINT stops accepting connections, lets
 * in-flight requests finish (up to SHUTDOWN_GRACE_MS), then exits 0.
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { knowledge } from '../knowledge.js';
import { createServer } from '../mcp/server.js';
import { createApp } from './app.js';
import { loadHttpConfig, type HttpConfig } from './config.js';
import { RateLimiter } from './rate-limit.js';
import { SessionManager } from './sessions.js';
import { keepRunningOnStrayErrors, log } from '../log.js';

export interface RunningHttp {
  port: number;
  close: () => Promise<void>;
}

async function connectRedis(url: string): Promise<import('ioredis').Redis> {
  const { Redis } = await import('ioredis');
  // No offline queue and a command timeout: while Redis is away or slow, the limiter answers from
  // its in-memory insurance at once instead of queueing requests behind a dead connection.
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000, connectTimeout: 3000, lazyConnect: false });
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
  kb.warm();
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
  const limiter = new RateLimiter({ perMinute: config.perMinute, burst: config.burst, prefix: config.rateLimitPrefix, ...(redis ? { redis } : {}) });
  const sessions = new SessionManager({
    max: config.maxSessions,
    maxPerOwner: config.maxSessionsPerClient,
    idleMs: config.sessionIdleMs,
    maxBodyBytes: config.maxBodyBytes,
    createServer: () => createServer(kb),
  });
  const app = createApp({
    sessions,
    limiter,
    maxBodyBytes: config.maxBodyBytes,
    allowedHosts: config.allowedHosts,
    allowedOrigins: config.allowedOrigins,
    corsOrigins: config.corsOrigins,
    trustProxyHeader: config.trustProxyHeader,
    apiKeys: config.apiKeys,
    maxJsonDepth: config.maxJsonDepth,
    maxBatch: config.maxBatch,
    responseTimeoutMs: config.responseTimeoutMs,
    web: config.web ? kb : null,
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
  if (config.maxConnections > 0) server.maxConnections = config.maxConnections;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log('start', { transport: 'http', host: config.host, port, web: config.web, redis: Boolean(redis), rate: `${config.perMinute}/min burst ${config.burst}` });

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      // Stop accepting; connections end as their in-flight requests finish (idle keep-alive ones
      // are closed as soon as they are idle), and whatever is left after the grace period is cut.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const reaper = setInterval(() => server.closeIdleConnections(), 100);
      let graceTimer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        graceTimer = setTimeout(resolve, config.shutdownGraceMs);
      });
      await Promise.race([closed, grace]);
      clearInterval(reaper);
      clearTimeout(graceTimer);
      server.closeAllConnections();
      await sessions.closeAll();
      if (redis) redis.disconnect();
    })();
    return closing;
  };
  return { port, close };
}

export async function runHttp(): Promise<void> {
  // A bug in one request must not take the server down for everyone: log it and keep serving.
  // Logging itself must not either (a closed stderr would otherwise raise on every line).
  process.stderr.on('error', () => undefined);
  keepRunningOnStrayErrors();
  let running: RunningHttp;
  try {
    running = await startHttp();
  } catch (e) {
    log('start_failed', { error: e instanceof Error ? e.message : String(e) });
    process.exit(1);
  }
  const stop = (signal: string) => {
    log('stop', { signal });
    void running.close().then(() => {
      log('stopped', { signal });
      process.exit(0);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
