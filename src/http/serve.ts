/**
 * Runs the HTTP server: binds HOST:PORT (127.0.0.1:8180 by default), applies header and request
 * timeouts, and on SIGTERM/SIGINT stops accepting connections, lets in-flight requests finish
 * (up to SHUTDOWN_GRACE_MS), then exits.
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { knowledge } from '../knowledge.js';
import { createServer } from '../mcp/server.js';
import { createApp } from './app.js';
import { loadHttpConfig, type HttpConfig } from './config.js';
import { RateLimiter } from './rate-limit.js';
import { SessionManager } from './sessions.js';
import { log } from '../log.js';

export interface RunningHttp {
  port: number;
  close: () => Promise<void>;
}

export async function startHttp(config: HttpConfig = loadHttpConfig()): Promise<RunningHttp> {
  const kb = knowledge();
  kb.warm();
  let redis: import('ioredis').Redis | undefined;
  if (config.redisUrl) {
    const { Redis } = await import('ioredis');
    redis = new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on('error', (e) => log('redis_error', { error: e.message }));
  }
  const limiter = new RateLimiter({ perMinute: config.perMinute, burst: config.burst, ...(redis ? { redis } : {}) });
  const sessions = new SessionManager({
    max: config.maxSessions,
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
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s as Server));
    (s as Server).once('error', reject);
  });
  server.headersTimeout = config.headersTimeoutMs;
  server.requestTimeout = config.requestTimeoutMs;
  server.keepAliveTimeout = 5_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log('start', { transport: 'http', host: config.host, port, redis: Boolean(redis), rate: `${config.perMinute}/min burst ${config.burst}` });

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const grace = new Promise<void>((resolve) => setTimeout(resolve, config.shutdownGraceMs).unref());
      await Promise.race([closed, grace]);
      server.closeAllConnections();
      await sessions.closeAll();
      if (redis) redis.disconnect();
    })();
    return closing;
  };
  return { port, close };
}

export async function runHttp(): Promise<void> {
  let running: RunningHttp;
  try {
    running = await startHttp();
  } catch (e) {
    log('start_failed', { error: e instanceof Error ? e.message : String(e) });
    process.exit(1);
  }
  const stop = (signal: string) => {
    log('stop', { signal });
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
