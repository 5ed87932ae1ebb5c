import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { adminAccount, api, closeBus, e2eEnv, latestMailTo, platformControl, throughEdge, uniqueEmail, until, type TestAccount } from './support';

/**
 * Anonymous builds (contract 4.8, decisions.md "Anonymous builds and claims"): a visitor without an account builds
 * an app behind a proxy the gateways trust (the harness sets TRUSTED_PROXIES to loopback, so X-Forwarded-For names
 * the visitor), polls it, and an account claims it; one nobody claims is deleted when its window ends.
 */
describe('anonymous builds', () => {
  let owner: TestAccount;
  let database: Client;

  /** A visitor address of its own for each test, so the per-IP limits of one test never touch another. */
  const visitor = (): string => `198.51.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] ?? 0) % 250}`;
  const build = (ip: string, body: object, gateway = 0) => api(gateway).post('/api/v1/anonymous_builds').set('X-Forwarded-For', ip).send(body);
  const poll = (id: string) => api().get(`/api/v1/anonymous_builds/${id}`).set('X-Forwarded-For', visitor());
  const claim = (id: string, body: object, key: string | null, ip = visitor()) => {
    const request = api().post(`/api/v1/anonymous_builds/${id}/claim`).set('X-Forwarded-For', ip);
    return key ? request.set('X-API-Key', key).send(body) : request.send(body);
  };
  const generated = (id: string) => until(`anonymous build ${id} generated`, async () => (await poll(id).expect(200)).body, (body) => body.generation.status === 'completed');

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'claimer');
    database = new Client({ connectionString: e2eEnv().databaseUrl });
    await database.connect();
  });

  afterAll(async () => {
    await database.end();
    await closeBus();
  });

  it('builds an app for a visitor, mails the claim link, shows its progress, and never shows the token again', async () => {
    const ip = visitor();
    const email = uniqueEmail('visitor');
    const created = await build(ip, { prompt: 'A habit tracker where I tick off daily habits', email }).expect(201);
    const site = e2eEnv().gateways[0];
    expect(created.body).toEqual({
      success: true,
      app_id: expect.stringMatching(/^[a-z][a-z0-9]{11}$/),
      name: expect.any(String),
      preview_url: expect.stringContaining(`preview-${created.body.app_id}.`),
      claim_token: expect.stringMatching(/^clm_[A-Za-z0-9_-]{43}$/),
      claim_url: `${site}/claim/${created.body.claim_token}`,
      expires_at: expect.any(String),
    });
    const window = Date.parse(created.body.expires_at) - Date.now();
    expect(window).toBeGreaterThan(47.9 * 3600_000);
    expect(window).toBeLessThanOrEqual(48 * 3600_000);
    expect(created.headers['x-ratelimit-limit']).toBe('1');
    expect(created.headers['x-ratelimit-remaining']).toBe('0');

    const mail = await latestMailTo(email);
    expect(mail.text).toContain(created.body.claim_url);

    const done = await generated(created.body.app_id);
    expect(done).toEqual({
      app_id: created.body.app_id,
      name: expect.any(String),
      status: 'generated',
      preview_url: created.body.preview_url,
      claimed: false,
      expires_at: created.body.expires_at,
      generation: { status: 'completed', progress: 100, message: expect.stringContaining('ready') },
    });
    expect(JSON.stringify(done)).not.toContain(created.body.claim_token);
    await throughEdge(done.preview_url).expect(200);

    // No account owns it: the IP is kept only as a keyed hash, the token only as its SHA-256.
    const { rows } = await database.query('SELECT token_hash, ip_hash FROM claim.anonymous_builds WHERE app_id = $1', [created.body.app_id]);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(ip);
    expect(JSON.stringify(rows)).not.toContain(created.body.claim_token);
  });

  it('refuses a build without a prompt as the generation queue does, and odd bodies and ids with a 4xx', async () => {
    const ip = visitor();
    const missing = await build(ip, {}).expect(400);
    expect(missing.body).toEqual({ error: 'missing_prompt', message: 'prompt is required: describe the app to build' });
    expect((await build(ip, { prompt: 7 }).expect(422)).body.error).toBe('validation_failed');
    expect((await build(ip, { prompt: 'x', email: 'not an address' }).expect(422)).body.errors).toEqual([{ field: 'email', message: expect.any(String) }]);
    expect((await build(ip, { prompt: 'x', extra: true }).expect(422)).body.error).toBe('validation_failed');
    expect((await build(ip, { prompt: 'x'.repeat(10_001) }).expect(422)).body.error).toBe('validation_failed');
    expect((await poll('nosuchapp0000').expect(404)).body).toEqual({ error: 'not_found', message: expect.any(String) });
    expect((await poll('%E2%9C%93%F0%9F%99%82').expect(404)).body.error).toBe('not_found');
    // Refused bodies build nothing, so the visitor's one build a minute is still there.
    await build(ip, { prompt: 'A guest book' }).expect(201);
  });

  it('limits builds per visitor address: 1 a minute, with Retry-After and the headers; another address is not limited', async () => {
    const ip = visitor();
    await build(ip, { prompt: 'A reading list' }).expect(201);
    // The second replica shares the counters (Redis).
    const refused = await build(ip, { prompt: 'A reading list' }, 1).expect(429);
    expect(refused.body).toEqual({ error: 'rate_limited', message: expect.stringContaining('retry in') });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['x-ratelimit-limit']).toBe('1');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    await build(visitor(), { prompt: 'A reading list' }).expect(201);
  });

  it('lets an account claim a build with its token: wrong token 404, no credential 401, then the app is theirs and a second claim 409', async () => {
    const created = (await build(visitor(), { prompt: 'A recipe box where I save recipes' }).expect(201)).body;
    await generated(created.app_id);

    await claim(created.app_id, { claim_token: created.claim_token }, null).expect(401);
    expect((await claim(created.app_id, { claim_token: `${created.claim_token}x` }, owner.key).expect(404)).body.error).toBe('not_found');
    expect((await claim(created.app_id, { claim_token: 'clm_ünïcødé🙂' }, owner.key).expect(404)).body.error).toBe('not_found');
    expect((await claim('nosuchapp0000', { claim_token: created.claim_token }, owner.key).expect(404)).body.error).toBe('not_found');
    expect((await claim(created.app_id, { claim_token: 42 }, owner.key).expect(422)).body.error).toBe('validation_failed');

    const claimed = await claim(created.app_id, { claim_token: created.claim_token }, owner.key).expect(200);
    expect(claimed.body).toEqual({
      success: true,
      app: expect.objectContaining({ id: created.app_id, status: 'generated', creator: { id: owner.account.id, email: owner.email } }),
      message: expect.any(String),
    });
    const listed = await api().get('/api/v1/managed_apps').set('X-API-Key', owner.key).expect(200);
    expect(listed.body.apps.map((app: { id: string }) => app.id)).toContain(created.app_id);
    expect((await poll(created.app_id).expect(200)).body.claimed).toBe(true);

    const again = await claim(created.app_id, { claim_token: created.claim_token }, owner.key).expect(409);
    expect(again.body).toEqual({ error: 'conflict', message: expect.stringContaining('already been claimed') });

    // Its builds and job followed it into the account: the owner reads its errors and status, and deploys it.
    await until('the build moved to the owner', async () => (await api().get(`/api/v1/managed_apps/${created.app_id}/status`).set('X-API-Key', owner.key)).body, (body) => body.generation?.status === 'completed');
    await api().get(`/api/v1/managed_apps/${created.app_id}/errors`).set('X-API-Key', owner.key).expect(200);
  });

  it('limits claims per address: 3 a minute, with 429 and its headers', async () => {
    const ip = visitor();
    for (let attempt = 0; attempt < 3; attempt += 1) await claim('nosuchapp0000', { claim_token: 'clm_x' }, owner.key, ip).expect(404);
    const refused = await claim('nosuchapp0000', { claim_token: 'clm_x' }, owner.key, ip).expect(429);
    expect(refused.body.error).toBe('rate_limited');
    expect(refused.headers['x-ratelimit-limit']).toBe('3');
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('deletes a build nobody claimed when its window ends, everywhere, and then answers its claim with 410', async () => {
    const control = platformControl();
    // 0.001 hours is 3.6 s; the sweep looks every half second.
    await control.restart('claim-service', { CLAIM_WINDOW_HOURS: '0.001', CLAIM_SWEEP_INTERVAL_MS: '500' });
    try {
      const created = (await build(visitor(), { prompt: 'A packing list for trips' }).expect(201)).body;
      await until(
        'the expired build deleted',
        async () => (await database.query('SELECT deleted_at FROM claim.anonymous_builds WHERE app_id = $1', [created.app_id])).rows[0],
        (row) => row?.deleted_at !== null,
        30_000,
      );
      await poll(created.app_id).expect(404);
      expect((await database.query('SELECT count(*)::int AS n FROM apps.managed_apps WHERE id = $1', [created.app_id])).rows[0].n).toBe(0);
      await until('its builds removed', async () => (await database.query('SELECT count(*)::int AS n FROM deployment.builds WHERE app_id = $1', [created.app_id])).rows[0].n, (n) => n === 0, 30_000);
      const gone = await claim(created.app_id, { claim_token: created.claim_token }, owner.key).expect(410);
      expect(gone.body).toEqual({ error: 'gone', message: expect.stringContaining('claim window') });
    } finally {
      await control.restart('claim-service', {});
    }
  }, 90_000);
});
