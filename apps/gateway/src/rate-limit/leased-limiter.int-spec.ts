import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { freePort } from '@appgen/testing';
import { leaseCap, LeasedLimiter, mostHeld } from './leased-limiter';
import type { RateLimitDecision } from './rate-limit-headers';

/**
 * The leased limit against the machine's Redis, each "replica" a limiter on its own connection, as two gateways
 * would be: what is let through, what each answer says is left, and how often Redis is asked.
 */

jest.setTimeout(30_000);

const REDIS_URL = 'redis://127.0.0.1:6379';
const clients: Redis[] = [];

function connection(url = REDIS_URL): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, enableAutoPipelining: true, maxRetriesPerRequest: 1, lazyConnect: url !== REDIS_URL });
  redis.on('error', () => undefined);
  clients.push(redis);
  return redis;
}

async function ready(redis: Redis): Promise<Redis> {
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  return redis;
}

/** Two replicas sharing one prefix; `asked` counts the leases each takes from Redis. */
async function replicas(limit: number, windowSeconds = 60) {
  const prefix = `appgen_lease_it_${randomBytes(4).toString('hex')}`;
  const asked = [0, 0];
  const limiters = await Promise.all(
    [0, 1].map(async (i) => {
      const redis = await ready(connection());
      const limiter = new LeasedLimiter(redis, prefix, limit, windowSeconds, () => undefined);
      // Counted on the client only: ioredis copies the command onto each auto-pipeline, which runs it again.
      const lease = Reflect.get(redis, 'appgenLeaseTokens') as (this: unknown, ...args: unknown[]) => unknown;
      Reflect.set(redis, 'appgenLeaseTokens', function (this: unknown, ...args: unknown[]) {
        if (this === redis) asked[i] = (asked[i] ?? 0) + 1;
        return lease.apply(this, args);
      });
      return limiter;
    }),
  );
  const counter = (key: string) => clients[0]?.get(`${prefix}:${key}`).then(Number);
  return { limiters: limiters as [LeasedLimiter, LeasedLimiter], asked, counter };
}

afterAll(() => Promise.all(clients.map((redis) => redis.quit().catch(() => redis.disconnect()))));

describe('LeasedLimiter (Redis)', () => {
  it('counts a limit under 200 exactly across replicas: each answer one less, whichever replica gave it, then refusals', async () => {
    const { limiters, asked } = await replicas(60);
    expect(leaseCap(60)).toBe(1);
    const remaining: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const decision = await limiters[i % 2].consume('7');
      expect(decision.allowed).toBe(true);
      remaining.push(decision.remaining);
    }
    expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));
    expect(asked).toEqual([30, 30]);
    for (const limiter of limiters) expect(await limiter.consume('7')).toMatchObject({ allowed: false, remaining: 0 });
    // Once Redis said the window is full, a replica refuses without asking again.
    for (const limiter of limiters) expect(await limiter.consume('7')).toMatchObject({ allowed: false, remaining: 0 });
    expect(asked).toEqual([31, 31]);
  });

  it('lets through exactly the limit of many requests at once, each seeing its own remaining count', async () => {
    const { limiters } = await replicas(60);
    const decisions = await Promise.all(Array.from({ length: 100 }, () => limiters[0].consume('8')));
    const allowed = decisions.filter((decision) => decision.allowed);
    expect(allowed.map((decision) => decision.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i));
  });

  it('leases a key in steady use ahead, growing to 1% of the limit, and asks Redis once per lease', async () => {
    const { limiters, asked, counter } = await replicas(1000);
    const remaining: number[] = [];
    for (let i = 0; i < 40; i += 1) remaining.push((await limiters[0].consume('9')).remaining);
    // One replica alone: every answer exact, the leases taken ahead included.
    expect(remaining).toEqual(Array.from({ length: 40 }, (_, i) => 999 - i));
    // Leases of 1, 2, 4, 8, then 10: at most seven questions for 40 requests, and never more held than mostHeld.
    expect(asked[0]).toBeLessThanOrEqual(7);
    const taken = (await counter('9')) ?? 0;
    expect(taken - 40).toBeGreaterThanOrEqual(0);
    expect(taken - 40).toBeLessThanOrEqual(mostHeld(1000));
    // The other replica counts what the first holds as used.
    expect((await limiters[1].consume('9')).remaining).toBe(1000 - taken - 1);
  });

  it('takes the next lease of a key in steady use before the current one runs out', async () => {
    const { limiters } = await replicas(1000);
    let waited = 0;
    for (let i = 0; i < 150; i += 1) {
      const decision = limiters[0].consume('13');
      // Answered from memory, without a promise, unless it had to wait for Redis.
      if (decision instanceof Promise) {
        waited += 1;
        await decision;
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    // Only the first, small leases of the window are waited for.
    expect(waited).toBeLessThanOrEqual(4);
  });

  it('never lets replicas together past the limit, and refuses at most mostHeld − 1 early per other replica', async () => {
    const limit = 1000;
    const { limiters, counter } = await replicas(limit);
    const decisions: RateLimitDecision[] = [];
    // Both replicas in steady use at once, in interleaved bursts.
    for (let burst = 0; burst < 60; burst += 1) {
      decisions.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => limiters[(burst + i) % 2].consume('10')))));
    }
    const allowed = decisions.filter((decision) => decision.allowed).length;
    expect(allowed).toBeLessThanOrEqual(limit);
    expect(allowed).toBeGreaterThanOrEqual(limit - (mostHeld(limit) - 1));
    expect(await counter('10')).toBe(limit);
    expect(decisions.filter((decision) => !decision.allowed).every((decision) => decision.remaining === 0 && decision.retryAfter >= 1)).toBe(true);
  });

  it('starts over when the window ends, with leases of one token again', async () => {
    const { limiters, asked } = await replicas(2, 1);
    expect((await limiters[0].consume('11')).allowed).toBe(true);
    expect((await limiters[1].consume('11')).allowed).toBe(true);
    const refused = await limiters[0].consume('11');
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfter: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await limiters[0].consume('11')).toMatchObject({ allowed: true, remaining: 1 });
    expect(await limiters[1].consume('11')).toMatchObject({ allowed: true, remaining: 0 });
    expect(asked).toEqual([3, 2]);
  });

  it('counts in memory while Redis cannot be reached', async () => {
    const dead = connection(`redis://127.0.0.1:${await freePort()}`);
    const failures: unknown[] = [];
    const limiter = new LeasedLimiter(dead, 'appgen_lease_it_dead', 3, 60, (error) => failures.push(error));
    const decisions = [];
    for (let i = 0; i < 4; i += 1) decisions.push(await limiter.consume('12'));
    expect(decisions.map(({ allowed, remaining }) => ({ allowed, remaining }))).toEqual([
      { allowed: true, remaining: 2 },
      { allowed: true, remaining: 1 },
      { allowed: true, remaining: 0 },
      { allowed: false, remaining: 0 },
    ]);
  });
});
