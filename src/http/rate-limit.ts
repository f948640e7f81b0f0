/**
 * Per-client rate limiting with rate-limiter-flexible: `perMinute` requests a minute, at most `burst`
 * of them at once. Two windows enforce it together: `burst` points per (burst / perMinute) minutes,
 * and `perMinute` points per minute. In memory by default; with a Redis client the budget lives in
 * Redis (atomic Lua updates) and is shared by every server process using the same key prefix.
 *
 * Faults: when Redis is unreachable, slow or not ready, each window falls back to an in-memory
 * "insurance" limiter with the same budget, so the limit still holds per process and the service
 * keeps answering. Only if that failed too would a request be let through.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';

export interface RateLimitConfig {
  perMinute: number;
  burst: number;
  redis?: Redis;
  /** Key prefix, so several deployments (or test runs) can share one Redis. */
  prefix?: string;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the budget allows this client again (0 when allowed). */
  retryAfter: number;
  /** Seconds until the current window resets. */
  reset: number;
}

export class RateLimiter {
  private readonly windows: RateLimiterAbstract[];

  constructor(readonly config: RateLimitConfig) {
    const burst = Math.max(1, Math.min(config.burst, config.perMinute));
    const burstSeconds = Math.max(1, Math.round((60 * burst) / config.perMinute));
    const make = (points: number, duration: number, name: string): RateLimiterAbstract => {
      const keyPrefix = `${config.prefix ?? 'gundam-rules'}:${name}`;
      if (!config.redis) return new RateLimiterMemory({ points, duration, keyPrefix });
      return new RateLimiterRedis({
        storeClient: config.redis,
        points,
        duration,
        keyPrefix,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ points, duration, keyPrefix: `${keyPrefix}:insurance` }),
      });
    };
    // A burst as large as the minute's budget needs no window of its own.
    this.windows = burst < config.perMinute ? [make(burst, burstSeconds, 'burst'), make(config.perMinute, 60, 'minute')] : [make(config.perMinute, 60, 'minute')];
  }

  /**
   * Takes `points` requests (at least 1) from `key`'s budget. A store failure that even the
   * insurance limiter could not absorb lets the request through: a rate limiter must not take the
   * service down with it.
   */
  async consume(key: string, points = 1): Promise<RateDecision> {
    const n = Math.max(1, Math.floor(points));
    const results = await Promise.all(
      this.windows.map((w) =>
        w.consume(key, n).then(
          (res) => ({ ok: true as const, res }),
          (err: unknown) => (err instanceof RateLimiterRes ? { ok: false as const, res: err } : { ok: 'error' as const, err }),
        ),
      ),
    );
    if (results.some((r) => r.ok === 'error')) {
      return { allowed: true, limit: this.config.perMinute, remaining: 0, retryAfter: 0, reset: 0 };
    }
    const rejected = results.filter((r): r is { ok: false; res: RateLimiterRes } => r.ok === false);
    const all = results as { ok: boolean; res: RateLimiterRes }[];
    const remaining = Math.max(0, Math.min(...all.map((r) => r.res.remainingPoints)));
    const reset = Math.ceil(Math.max(...all.map((r) => r.res.msBeforeNext)) / 1000);
    if (rejected.length) {
      const retryAfter = Math.max(1, Math.ceil(Math.max(...rejected.map((r) => r.res.msBeforeNext)) / 1000));
      return { allowed: false, limit: this.config.perMinute, remaining: 0, retryAfter, reset: Math.max(reset, retryAfter) };
    }
    return { allowed: true, limit: this.config.perMinute, remaining, retryAfter: 0, reset };
  }
}
