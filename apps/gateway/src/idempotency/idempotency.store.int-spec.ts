import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { RedisIdempotencyStore, type StoredResponse } from './idempotency.store';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const created: StoredResponse = { status: 201, headers: { 'content-type': 'application/json; charset=utf-8', location: '/x' }, body: '{"ok":true}' };

describe('Redis idempotency store (real Redis, two replicas)', () => {
  const prefix = `appgen-idem-it-${randomBytes(4).toString('hex')}:idempotency:`;
  // One connection per simulated gateway replica.
  const connections = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
  const [one, two] = connections.map((redis) => new RedisIdempotencyStore(redis, prefix));

  afterAll(async () => {
    const leftovers = await connections[0]?.keys(`${prefix}*`);
    if (leftovers?.length) await connections[0]?.del(...leftovers);
    await Promise.all(connections.map((redis) => redis.quit()));
  });

  it('gives a key to exactly one of many concurrent requests across replicas', async () => {
    if (!one || !two) throw new Error('stores not built');
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).begin('acct:1:race', 'fp', 60_000)));
    expect(outcomes.filter((o) => o.kind === 'claimed')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'existing' && o.entry.state === 'in_flight')).toHaveLength(19);
  });

  it('replays the completed response on the other replica, for 24 hours', async () => {
    if (!one || !two) throw new Error('stores not built');
    const claim = await one.begin('acct:1:done', 'fp', 60_000);
    if (claim.kind !== 'claimed') throw new Error('expected a claim');
    expect(await connections[0]?.pttl(`${prefix}acct:1:done`)).toBeLessThanOrEqual(60_000);
    await one.complete('acct:1:done', claim.token, 'fp', created, 86_400_000);
    expect(await two.begin('acct:1:done', 'fp', 60_000)).toEqual({
      kind: 'existing',
      entry: { state: 'completed', token: claim.token, fingerprint: 'fp', response: created },
    });
    expect(await connections[0]?.pttl(`${prefix}acct:1:done`)).toBeGreaterThan(86_000_000);
  });

  it('releases only its own claim, and never overwrites a newer one', async () => {
    if (!one || !two) throw new Error('stores not built');
    const stale = await one.begin('acct:1:mine', 'fp', 50);
    if (stale.kind !== 'claimed') throw new Error('expected a claim');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const fresh = await two.begin('acct:1:mine', 'fp', 60_000);
    expect(fresh.kind).toBe('claimed');
    await one.release('acct:1:mine', stale.token);
    await one.complete('acct:1:mine', stale.token, 'fp', created, 60_000);
    expect(await two.begin('acct:1:mine', 'fp', 60_000)).toMatchObject({ kind: 'existing', entry: { state: 'in_flight' } });
    await two.release('acct:1:mine', fresh.kind === 'claimed' ? fresh.token : '');
    expect((await one.begin('acct:1:mine', 'fp', 60_000)).kind).toBe('claimed');
  });
});
