import { randomBytes } from 'node:crypto';
import { adminAccount, api, closeBus, platformControl } from './support';

function limitHeaders(response: { headers: Record<string, string> }) {
  return {
    limit: Number(response.headers['x-ratelimit-limit']),
    remaining: Number(response.headers['x-ratelimit-remaining']),
    reset: Number(response.headers['x-ratelimit-reset']),
  };
}

describe('plan rate limits, shared by both gateway replicas through Redis', () => {
  afterAll(closeBus);

  it('gives a free account 60 requests a minute across both replicas, then 429 with Retry-After', async () => {
    const { key } = await adminAccount('free', 'limited');
    const remaining: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const response = await api(i % 2).get('/api/v1/managed_apps').set('X-API-Key', key);
      expect(response.status).toBe(200);
      const headers = limitHeaders(response);
      expect(headers.limit).toBe(60);
      const now = Date.now() / 1000;
      expect(Number.isInteger(headers.reset)).toBe(true);
      expect(headers.reset).toBeGreaterThanOrEqual(Math.floor(now));
      expect(headers.reset).toBeLessThanOrEqual(Math.ceil(now) + 60);
      remaining.push(headers.remaining);
    }
    // One counter for both replicas: 59, 58, ... 0, whichever replica answered.
    expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));

    for (const gateway of [0, 1]) {
      const refused = await api(gateway).get('/api/v1/managed_apps').set('X-API-Key', key);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: 'rate_limited', message: expect.any(String) });
      expect(limitHeaders(refused)).toMatchObject({ limit: 60, remaining: 0 });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }

    // Another account is not held back by this one.
    const other = await adminAccount('free', 'unaffected');
    expect((await api().get('/api/v1/managed_apps').set('X-API-Key', other.key)).status).toBe(200);
  });

  it('sizes the limit by plan', async () => {
    for (const [plan, limit] of [['pro', 300], ['enterprise', 1000]] as const) {
      const { key } = await adminAccount(plan, plan);
      const response = await api(1).get('/api/v1/managed_apps').set('X-API-Key', key);
      expect(limitHeaders(response)).toMatchObject({ limit, remaining: limit - 1 });
    }
  });

  it('puts the headers on error responses too', async () => {
    const { key } = await adminAccount('free', 'errors');
    for (const response of [
      await api().get('/api/v1/managed_apps/doesnotexist').set('X-API-Key', key),
      await api().post('/api/v1/managed_apps').set('X-API-Key', key).send({ visibility: 'nope' }),
      await api().get('/api/v1/no_such_route').set('X-API-Key', key),
      await api().get('/api/v1/managed_apps'),
    ]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
      expect(response.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
      expect(response.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
    }
  });

  it('throttles unauthenticated callers per IP', async () => {
    const control = platformControl();
    // A replica with a small anonymous allowance and its own counters, so this suite's other
    // unauthenticated requests don't count here.
    await control.restart('gateway-2', {
      ANONYMOUS_RATE_LIMIT: '5',
      REDIS_KEY_PREFIX: `appgen-e2e-anon-${randomBytes(4).toString('hex')}`,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await api(1).get('/api/v1/managed_apps')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await control.restart('gateway-2');
    }
  });
});
