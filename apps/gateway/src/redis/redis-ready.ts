import type Redis from 'ioredis';

/**
 * Resolves once `redis` is connected, once it first fails, or after `timeoutMs`, whichever comes
 * first. Awaited at boot so a gateway whose Redis is up shares state from its first request (the
 * clients have no offline queue, so a command sent before the connection is ready fails at once),
 * while one whose Redis is down still starts promptly and runs on its fallbacks.
 */
export function redisReady(redis: Redis, timeoutMs = 5_000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
    redis.once('error', done);
  });
}
