/**
 * The rate-limit budget shared through Redis, and the limiter's behaviour when Redis fails.
 *
 * The shared-budget test needs a real redis-server: it runs when REDIS_URL (or TEST_REDIS_URL) is
 * set, as .ci/run does, and is skipped with a message otherwise. The fault tests start their own
 * redis-server when the binary is installed, or use an address where nothing listens.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { initializeBody, post, type HttpServer } from '../helpers/servers.js';
import { deleteRedisKeys } from '../helpers/redis.js';
import { freePort, waitForPort } from '../helpers/ports.js';
import { checkedServers } from './leaks.js';

const redisUrl = process.env.TEST_REDIS_URL || process.env.REDIS_URL || '';
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const prefix = `test-${process.pid}-${Date.now()}`;

const start = checkedServers();
async function waitFor(s: HttpServer, event: string): Promise<void> {
  for (let i = 0; i < 400 && !s.logs().includes(`"event":"${event}"`); i++) await new Promise((r) => setTimeout(r, 25));
  expect(s.logs(), `no ${event} logged`).toContain(`"event":"${event}"`);
}

async function status(url: string, key: string): Promise<number> {
  const r = await post(url, initializeBody(), { 'x-api-key': key });
  await r.text();
  return r.status;
}

describe.runIf(redisUrl)(`budget shared through Redis (${redisUrl || 'REDIS_URL unset'})`, () => {
  afterAll(() => deleteRedisKeys(redisUrl, prefix));

  it('two server processes behind one Redis together allow the budget once, not twice', async () => {
    // A generous command timeout: this is about sharing, and a busy CI machine may be slow to answer.
    const env = { REDIS_URL: redisUrl, RATE_LIMIT_PREFIX: prefix, RATE_LIMIT_PER_MINUTE: '10', API_KEYS: 'shared-key,other-key', REDIS_TIMEOUT_MS: '3000' };
    const [a, b] = await Promise.all([start(env), start(env)]);
    await Promise.all([waitFor(a, 'redis_ready'), waitFor(b, 'redis_ready')]);
    // 30 requests for one API key, in waves of 6 parallel requests spread over both processes.
    const statuses: number[] = [];
    for (let wave = 0; wave < 5; wave++) {
      statuses.push(...(await Promise.all(Array.from({ length: 6 }, (_, i) => status(i % 2 ? a.url : b.url, 'shared-key')))));
    }
    expect(statuses.filter((x) => x === 200)).toHaveLength(10);
    expect(statuses.filter((x) => x === 429)).toHaveLength(20);
    // Another key has its own budget, shared the same way.
    const other: number[] = [];
    for (let i = 0; i < 14; i++) other.push(await status(i % 2 ? a.url : b.url, 'other-key'));
    expect(other.filter((x) => x === 200)).toHaveLength(10);
    // The counters are in Redis, under this run's prefix.
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    expect((await redis.keys(`${prefix}:*`)).length).toBeGreaterThan(0);
    redis.disconnect();
  });
});

// Without REDIS_URL the shared-budget test above cannot run: one skipped line says how to run it.
// With it, nothing is registered here, so a run that has Redis reports no skip for it.
if (!redisUrl) {
  describe('budget shared through Redis', () => {
    it.skip('skipped: set REDIS_URL=redis://127.0.0.1:PORT (a running redis-server) to run it; .ci/run does', () => undefined);
  });
}

describe('Redis faults', () => {
  it('with Redis unreachable from the start, the server answers and still limits per process', async () => {
    const port = await freePort();
    const s = await start({ REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_PREFIX: prefix, RATE_LIMIT_PER_MINUTE: '5' });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push(await status(s.url, 'k'));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    await waitFor(s, 'redis_error');
    // One error line for the outage, not one per reconnect attempt.
    expect(s.logs().split('"event":"redis_error"').length - 1).toBe(1);
  });

  let redisProcess: ChildProcess | undefined;
  afterAll(() => {
    redisProcess?.kill('SIGKILL');
  });

  it.runIf(hasRedisServer)('keeps answering when Redis dies mid-run, and uses it again when it is back', async () => {
    const port = await freePort();
    const startRedis = async () => {
      const p = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await waitForPort(port);
      return p;
    };
    redisProcess = await startRedis();
    const s = await start({ REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_PREFIX: prefix, RATE_LIMIT_PER_MINUTE: '1000' });
    await waitFor(s, 'redis_ready');
    expect(await status(s.url, 'k1')).toBe(200);
    redisProcess.kill('SIGKILL');
    await new Promise((r) => redisProcess!.once('exit', r));
    // Every request is still answered while Redis is gone.
    const during = await Promise.all(Array.from({ length: 20 }, () => status(s.url, 'k1')));
    expect(during.every((x) => x === 200)).toBe(true);
    await waitFor(s, 'redis_error');
    const readyBefore = s.logs().split('"event":"redis_ready"').length;
    redisProcess = await startRedis();
    for (let i = 0; i < 400 && s.logs().split('"event":"redis_ready"').length === readyBefore; i++) await new Promise((r) => setTimeout(r, 25));
    expect(s.logs().split('"event":"redis_ready"').length).toBeGreaterThan(readyBefore);
    expect(await status(s.url, 'k1')).toBe(200);
  });
});
