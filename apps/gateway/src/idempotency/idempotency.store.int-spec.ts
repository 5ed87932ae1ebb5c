import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { loadGatewayConfig } from '../config/gateway.config';
import { IdempotencyService } from './idempotency.service';
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

describe('IdempotencyService over Redis', () => {
  const prefix = `appgen-idem-svc-${randomBytes(4).toString('hex')}`;
  const config = loadGatewayConfig({ LOG_LEVEL: 'warn', REDIS_URL, REDIS_KEY_PREFIX: prefix, SECRETS_KEY: randomBytes(32).toString('base64') });
  const service = new IdempotencyService(config);
  const redis = new Redis(REDIS_URL);

  beforeAll(() => service.onModuleInit());
  afterAll(async () => {
    const leftovers = await redis.keys(`${prefix}:*`);
    if (leftovers.length) await redis.del(...leftovers);
    await Promise.all([service.onApplicationShutdown(), redis.quit()]);
  });

  it('keeps a response that shows a secret once (a raw API key) sealed while it waits for a replay, and replays it whole', async () => {
    const rawKey = `svc_${'k'.repeat(40)}`;
    const body = JSON.stringify({ raw_key: rawKey, api_key: { id: 7, name: 'ci' }, warning: 'Store this key now' });
    const first = {};
    expect(await service.begin(first, 'acct:1', 'create-ci-key', 'fp')).toEqual({ kind: 'run' });
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    await service.finish(first, { statusCode: 201, getHeader: (name) => headers[name] }, body);

    const stored = await Promise.all((await redis.keys(`${prefix}:*`)).map((key) => redis.get(key)));
    expect(stored).toHaveLength(1);
    expect(stored.join('')).not.toContain(rawKey);
    expect(stored.join('')).not.toContain('raw_key');

    expect(await service.begin({}, 'acct:1', 'create-ci-key', 'fp')).toEqual({ kind: 'replay', response: { status: 201, headers, body } });
  });
});
