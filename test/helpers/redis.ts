/** Test-run hygiene for a shared redis-server: the keys a test wrote under its prefix go away. */
import { Redis } from 'ioredis';

export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}
