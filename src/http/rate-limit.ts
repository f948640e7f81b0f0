/**
 * Per-client rate limiting with rate-limiter-flexible: `perMinute` points a minute and, only when
 * `burst` is set below it, at most `burst` of them per (burst / perMinute) minutes as well.
 *
 * - `take` charges a request before it runs and refuses it when the budget cannot pay; a refused
 *   request is given back at once, so retrying while limited never pushes the wait further out.
 * - `charge` adds what a request cost beyond its price after it ran (measured work), and may take a
 *   client past its budget: it then waits longer, past the window's end until the debt is paid.
 * - `peek` reads the budget without touching it (for the headers of free requests).
 *
 * In memory by default; with a Redis client the budget lives in Redis (atomic Lua updates) and is
 * shared by every process using the same key prefix. Redis is a dependency, not a bottleneck: a
 * command that fails or takes longer than the client's command timeout is answered from an
 * in-memory limiter with the same budget, and for the next few seconds Redis is not asked at all,
 * so a frozen Redis costs one short timeout, not one per request. While Redis is away each process
 * enforces the full budget on its own (a client spreading over N replicas gets up to N times it).
 */
import { RateLimiterCluster, RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { log } from '../log.js';

export interface RateLimitConfig {
  perMinute: number;
  /** A shorter window: at most this many at once. Unset (or >= perMinute): the minute's window only. */
  burst?: number | null;
  redis?: Redis;
  /** Key prefix, so several deployments (or test runs) can share one Redis. */
  prefix?: string;
  /**
   * In a cluster worker without Redis: the budget lives in the primary process (over IPC), so the
   * workers of one machine share it. Redis, when given, wins. Answers slower than `clusterTimeoutMs`
   * (or a primary that is gone) fall back to the in-memory limiter, as Redis failures do.
   */
  cluster?: boolean;
  clusterTimeoutMs?: number;
  /** After a Redis failure, how long the in-memory fallback answers alone (default 5 s). */
  redisBackoffMs?: number;
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

interface Window {
  points: number;
  duration: number;
  store: RateLimiterAbstract;
  /** Same budget in this process's memory: answers while Redis is away. */
  local: RateLimiterAbstract;
}

export class RateLimiter {
  private readonly windows: Window[];
  /** Redis is not asked until this time (ms since epoch) after it failed or was slow. */
  private redisAwayUntil = 0;
  readonly burst: number | null;

  constructor(readonly config: RateLimitConfig) {
    const burst = config.burst && config.burst < config.perMinute ? Math.max(1, config.burst) : null;
    this.burst = burst;
    const make = (points: number, duration: number, name: string): Window => {
      const keyPrefix = `${config.prefix ?? 'gundam-rules'}:${name}`;
      const local = new RateLimiterMemory({ points, duration, keyPrefix: `${keyPrefix}:local` });
      const store = config.redis
        ? new RateLimiterRedis({ storeClient: config.redis, points, duration, keyPrefix, rejectIfRedisNotReady: true })
        : config.cluster
          ? new RateLimiterCluster({ points, duration, keyPrefix, timeoutMs: config.clusterTimeoutMs ?? 200 })
          : local;
      return { points, duration, store, local };
    };
    this.windows = [make(config.perMinute, 60, 'minute')];
    if (burst) this.windows.unshift(make(burst, Math.max(1, Math.round((60 * burst) / config.perMinute)), 'burst'));
  }

  /** "60;w=60" (and the burst window's), for the RateLimit-Policy header. */
  get policy(): string {
    return this.windows.map((w) => `${w.points};w=${w.duration}`).join(', ');
  }

  /** Runs `op` on Redis, or on the in-memory limiter while Redis is away or when it fails now. */
  private async on<T>(w: Window, op: (l: RateLimiterAbstract) => Promise<T>): Promise<T> {
    if (w.store === w.local || Date.now() < this.redisAwayUntil) return op(w.local);
    try {
      return await op(w.store);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw e;
      if (Date.now() >= this.redisAwayUntil) log('rate_limit_fallback', { error: e instanceof Error ? e.message : String(e), for_ms: this.config.redisBackoffMs ?? 5000 });
      this.redisAwayUntil = Date.now() + (this.config.redisBackoffMs ?? 5000);
      return op(w.local);
    }
  }

  private decide(all: (RateLimiterRes | null)[], rejected: RateLimiterRes[]): RateDecision {
    const limit = this.config.perMinute;
    const remaining = Math.max(0, Math.min(...all.map((r, i) => (r ? r.remainingPoints : this.windows[i]!.points))));
    const reset = Math.ceil(Math.max(0, ...all.map((r) => (r ? r.msBeforeNext : 0))) / 1000);
    if (rejected.length) {
      const retryAfter = Math.max(1, Math.ceil(Math.max(...rejected.map((r) => r.msBeforeNext)) / 1000));
      return { allowed: false, limit, remaining: 0, retryAfter, reset: Math.max(reset, retryAfter) };
    }
    return { allowed: true, limit, remaining, retryAfter: 0, reset };
  }

  /**
   * Takes `points` from `key`'s budget if it can pay them; otherwise refuses and takes nothing (what
   * the refused attempt consumed is given back). A store failure even the fallback could not absorb
   * lets the request through: a rate limiter must not take the service down with it.
   */
  async take(key: string, points = 1): Promise<RateDecision> {
    const n = Math.max(1, Math.ceil(points));
    try {
      const results = await Promise.all(
        this.windows.map((w) =>
          this.on(w, (l) => l.consume(key, n)).then(
            (res) => ({ ok: true as const, res, w }),
            (err: unknown) => {
              if (err instanceof RateLimiterRes) return { ok: false as const, res: err, w };
              throw err;
            },
          ),
        ),
      );
      const rejected = results.filter((r) => !r.ok);
      if (rejected.length) {
        // Give back what this refused attempt consumed in every window.
        await Promise.all(results.map((r) => this.on(r.w, (l) => l.reward(key, n)).catch(() => undefined)));
        const d = this.decide(
          results.map((r) => r.res),
          rejected.map((r) => r.res),
        );
        return d;
      }
      return this.decide(
        results.map((r) => r.res),
        [],
      );
    } catch {
      return { allowed: true, limit: this.config.perMinute, remaining: 0, retryAfter: 0, reset: 0 };
    }
  }

  /** Gives back `points` taken for a request that could not be served (not the client's doing). */
  async refund(key: string, points: number): Promise<RateDecision> {
    const n = Math.floor(points);
    if (n > 0) await Promise.all(this.windows.map((w) => this.on(w, (l) => l.reward(key, n)).catch(() => undefined)));
    return this.peek(key);
  }

  /**
   * Adds `points` of measured cost to `key`'s spending, past its budget if need be. What goes past
   * the budget is a debt that outlasts the window: the client is refused until the window ends and
   * then for as long as the window's rate takes to pay it (points x duration / budget), so a call
   * that cost ten windows' worth keeps its client limited for ten windows, not one.
   */
  async charge(key: string, points: number): Promise<void> {
    const n = Math.floor(points);
    if (n <= 0) return;
    await Promise.all(
      this.windows.map((w) =>
        this.on(w, async (l) => {
          const res = await l.penalty(key, n);
          // The part of this charge beyond the budget (all of it when the client was already over).
          const debt = Math.min(n, res.consumedPoints - w.points);
          if (debt > 0) await l.block(key, Math.ceil((res.msBeforeNext + (debt * w.duration * 1000) / w.points) / 1000));
        }).catch(() => undefined),
      ),
    );
  }

  /** The budget as it stands, without charging; `allowed` is false when the client is over it. */
  async peek(key: string): Promise<RateDecision> {
    try {
      const all = await Promise.all(this.windows.map((w) => this.on(w, (l) => l.get(key))));
      const over = all.filter((r, i): r is RateLimiterRes => !!r && r.consumedPoints >= this.windows[i]!.points);
      return this.decide(all, over);
    } catch {
      return { allowed: true, limit: this.config.perMinute, remaining: this.config.perMinute, retryAfter: 0, reset: 0 };
    }
  }

  /** The standard headers for a decision (RateLimit-Policy/RateLimit, and the older RateLimit-* trio). */
  headers(d: RateDecision): Record<string, string> {
    const h: Record<string, string> = {
      'RateLimit-Policy': this.policy,
      RateLimit: `limit=${d.limit}, remaining=${d.remaining}, reset=${d.reset}`,
      'RateLimit-Limit': String(d.limit),
      'RateLimit-Remaining': String(d.remaining),
      'RateLimit-Reset': String(d.reset),
    };
    if (!d.allowed) h['Retry-After'] = String(d.retryAfter);
    return h;
  }
}
