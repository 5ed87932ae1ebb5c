import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { readAllEvents, waitForEvents } from '@appgen/testing';
import { adminAccount, api, bus, closeBus, e2eEnv, latestMailTo, parseEml, platformControl, uniqueEmail, type TestAccount } from './support';

const REPLAYED = 'idempotent-replayed';

describe('Idempotency-Key on POST', () => {
  afterAll(closeBus);

  const post = (who: TestAccount, path: string, body: object, key?: string, gateway = 0) => {
    const request = api(gateway).post(`/api/v1${path}`).set('X-API-Key', who.key);
    return (key === undefined ? request : request.set('Idempotency-Key', key)).send(body);
  };
  const appCount = async (who: TestAccount): Promise<number> =>
    (await api().get('/api/v1/managed_apps').set('X-API-Key', who.key)).body.meta.total_count;

  it('replays the first response on the other replica: same app, 201, one app and one app.created', async () => {
    const owner = await adminAccount('enterprise', 'idem-replay');
    const key = randomUUID();
    const first = await post(owner, '/managed_apps', { name: 'Once', visibility: 'login_required' }, key, 0);
    expect(first.status).toBe(201);
    expect(first.headers[REPLAYED]).toBeUndefined();

    // Same body with its keys in another order, through the other replica.
    const again = await post(owner, '/managed_apps', { visibility: 'login_required', name: 'Once' }, key, 1);
    expect(again.status).toBe(201);
    expect(again.headers[REPLAYED]).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toEqual(first.body);
    // A replay is still a request: it counts against the limit and carries fresh limit headers.
    expect(Number(again.headers['x-ratelimit-remaining'])).toBeLessThan(Number(first.headers['x-ratelimit-remaining']));

    expect(await appCount(owner)).toBe(1);
    const id: string = first.body.app.id;
    const nats = await bus();
    await waitForEvents(nats, (all) => all.some((e) => e.app_id === id && e.event === 'app.created'));
    await sleep(500); // the relay publishes within milliseconds; a second event would be there by now
    const created = (await readAllEvents(nats)).filter((e) => e.account_id === owner.account.id && e.event === 'app.created');
    expect(created.map((e) => e.app_id)).toEqual([id]);
  });

  it('refuses the same key with a different body: 422 idempotency_key_reused, nothing created', async () => {
    const owner = await adminAccount('enterprise', 'idem-reuse');
    const key = randomUUID();
    expect((await post(owner, '/managed_apps', { name: 'First' }, key)).status).toBe(201);
    const reused = await post(owner, '/managed_apps', { name: 'Second' }, key, 1);
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual({ error: 'idempotency_key_reused', message: expect.any(String) });
    expect(reused.headers[REPLAYED]).toBeUndefined();
    expect(await appCount(owner)).toBe(1);
  });

  it('scopes keys to the account: another account with the same key creates its own app', async () => {
    const [alice, bob] = await Promise.all([adminAccount('enterprise', 'idem-alice'), adminAccount('enterprise', 'idem-bob')]);
    const key = randomUUID();
    const mine = await post(alice, '/managed_apps', { name: 'Shared key' }, key);
    const theirs = await post(bob, '/managed_apps', { name: 'Shared key' }, key);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers[REPLAYED]).toBeUndefined();
    expect(theirs.body.app.id).not.toBe(mine.body.app.id);
    expect(await appCount(bob)).toBe(1);
  });

  it('runs concurrent duplicates once: one creation, the rest replays or 409 in progress', async () => {
    const owner = await adminAccount('enterprise', 'idem-race');
    const key = randomUUID();
    const responses = await Promise.all([0, 1, 2, 3, 4].map((i) => post(owner, '/managed_apps', { name: 'Raced' }, key, i % 2)));
    const fresh = responses.filter((r) => r.status === 201 && r.headers[REPLAYED] === undefined);
    expect(fresh).toHaveLength(1);
    for (const response of responses) {
      if (response === fresh[0]) continue;
      if (response.status === 201) {
        expect(response.headers[REPLAYED]).toBe('true');
        expect(response.body).toEqual(fresh[0]?.body);
      } else {
        expect({ status: response.status, body: response.body }).toEqual({
          status: 409,
          body: { error: 'conflict', message: 'A request with this Idempotency-Key is still in progress' },
        });
      }
    }
    expect(await appCount(owner)).toBe(1);
  });

  it('replays a validation failure as the same 422', async () => {
    const owner = await adminAccount('enterprise', 'idem-invalid');
    const key = randomUUID();
    const first = await post(owner, '/managed_apps', { visibility: 'friends_only' }, key);
    expect(first.status).toBe(422);
    expect(first.body.error).toBe('validation_failed');
    const again = await post(owner, '/managed_apps', { visibility: 'friends_only' }, key, 1);
    expect(again.status).toBe(422);
    expect(again.headers[REPLAYED]).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('creates two apps from two POSTs without a key', async () => {
    const owner = await adminAccount('enterprise', 'idem-none');
    const responses = [await post(owner, '/managed_apps', { name: 'Twice' }), await post(owner, '/managed_apps', { name: 'Twice' }, undefined, 1)];
    expect(responses.map((r) => [r.status, r.headers[REPLAYED]])).toEqual([
      [201, undefined],
      [201, undefined],
    ]);
    expect(await appCount(owner)).toBe(2);
  });

  it('refuses a malformed key with 422 naming the header, before running anything', async () => {
    const owner = await adminAccount('enterprise', 'idem-badkey');
    for (const key of ['k'.repeat(256), 'naïve']) {
      const response = await post(owner, '/managed_apps', { name: 'Nope' }, key);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        error: 'validation_failed',
        message: expect.any(String),
        errors: [{ field: 'Idempotency-Key', message: expect.any(String) }],
      });
    }
    expect(await appCount(owner)).toBe(0);
  });

  it('does not keep a failure of a down service: the retry with the same key runs again', async () => {
    const owner = await adminAccount('enterprise', 'idem-down');
    const key = randomUUID();
    const control = platformControl();
    await control.kill('apps-service');
    let failed;
    try {
      failed = await post(owner, '/managed_apps', { name: 'Retried' }, key);
    } finally {
      await control.start('apps-service');
    }
    expect([503, 504]).toContain(failed.status);
    const retried = await post(owner, '/managed_apps', { name: 'Retried' }, key, 1);
    expect(retried.status).toBe(201);
    expect(retried.headers[REPLAYED]).toBeUndefined();
    expect(await appCount(owner)).toBe(1);
  });

  it('replays a public sign-up: same 201, no second account and no second mail', async () => {
    const email = uniqueEmail('idem-signup');
    const key = randomUUID();
    const first = await api(0).post('/api/v1/accounts').set('Idempotency-Key', key).send({ email, name: 'Grace' });
    expect(first.status).toBe(201);
    await latestMailTo(email);

    const again = await api(1).post('/api/v1/accounts').set('Idempotency-Key', key).send({ name: 'Grace', email });
    expect(again.status).toBe(201);
    expect(again.headers[REPLAYED]).toBe('true');
    expect(again.body).toEqual(first.body);

    // Without the key the address is taken: the replay above created nothing.
    expect((await api().post('/api/v1/accounts').send({ email })).status).toBe(409);
    await sleep(1000); // mail goes out after the response; give a second one time to arrive
    const { mailDir } = e2eEnv();
    const mails = readdirSync(mailDir)
      .filter((name) => name.endsWith('.eml'))
      .map((name) => parseEml(`${mailDir}/${name}`))
      .filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase()));
    expect(mails).toHaveLength(1);
  });

  it('declares the optional Idempotency-Key header on every POST operation', async () => {
    const { body } = await api().get('/openapi.json');
    const posts = Object.entries(body.paths as Record<string, { post?: { parameters?: Array<{ name: string; in: string; required?: boolean }> } }>).filter(
      ([, item]) => item.post,
    );
    expect(posts.length).toBeGreaterThanOrEqual(4);
    for (const [path, item] of posts) {
      const header = item.post?.parameters?.find((p) => p.name === 'Idempotency-Key');
      expect({ path, header }).toEqual({ path, header: expect.objectContaining({ in: 'header', required: false }) });
    }
  });
});
