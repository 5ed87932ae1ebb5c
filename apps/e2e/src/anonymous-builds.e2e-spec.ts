import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Browser } from 'playwright-core';
import { adminAccount, api, closeBus, createKey, e2eEnv, latestMailTo, launchChromium, platformControl, throughEdge, uniqueEmail, until, type TestAccount } from './support';

/**
 * Anonymous builds (contract 4.8, decisions.md "Anonymous builds and claims"): a visitor without an account builds
 * an app behind a proxy the gateways trust (the harness sets TRUSTED_PROXIES to loopback, so X-Forwarded-For names
 * the visitor), polls it, and an account claims it; one nobody claims is deleted when its window ends.
 */
describe('anonymous builds', () => {
  let owner: TestAccount;
  let database: Client;
  let browser: Browser;

  /** A visitor address of its own for each test, so the per-IP limits of one test never touch another. */
  const visitor = (): string => `198.51.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] ?? 0) % 250}`;
  const build = (ip: string, body: object, gateway = 0) => api(gateway).post('/api/v1/anonymous_builds').set('X-Forwarded-For', ip).send(body);
  const poll = (id: string) => api().get(`/api/v1/anonymous_builds/${id}`).set('X-Forwarded-For', visitor());
  const claim = (id: string, body: object, key: string | null, ip = visitor()) => {
    const request = api().post(`/api/v1/anonymous_builds/${id}/claim`).set('X-Forwarded-For', ip);
    return key ? request.set('X-API-Key', key).send(body) : request.send(body);
  };
  /** The claim page (or one of its forms) at the site root, from `ip`. */
  const claimPage = (claimUrl: string, ip: string, step?: string) => {
    const path = `${new URL(claimUrl).pathname}${step === undefined ? '' : `/${step}`}`;
    return (step === undefined ? api().get(path) : api().post(path)).set('X-Forwarded-For', ip);
  };
  const generated = (id: string) => until(`anonymous build ${id} generated`, async () => (await poll(id).expect(200)).body, (body) => body.generation.status === 'completed');

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'claimer');
    database = new Client({ connectionString: e2eEnv().databaseUrl });
    await database.connect();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
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
    // Claiming adds an app to the account: a read-only key may not, and the build stays claimable.
    const readOnly = await createKey(owner.key, 'read_only');
    const refused = await claim(created.app_id, { claim_token: created.claim_token }, readOnly.raw).expect(403);
    expect(refused.body).toEqual({ error: 'forbidden', message: expect.stringContaining('apps:write') });

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
    const page = await claimPage(created.claim_url, visitor()).expect(409).expect('content-type', /text\/html/);
    expect(page.text).toContain('Already claimed');

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

  it('claims through the claim page in a browser: the app and its preview, sign-up by mailed code, Claim, and the app is in the new account', async () => {
    const created = (await build(visitor(), { prompt: 'A plant watering schedule for my balcony' }).expect(201)).body;
    const done = await generated(created.app_id);
    // One visitor address for the whole journey: it views the page twice and claims once, the 3 a minute it may.
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': visitor() } });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const opened = await page.goto(created.claim_url);
      expect(opened?.status()).toBe(200);
      const headers = opened?.headers() ?? {};
      expect(headers['cache-control']).toBe('no-store');
      expect(headers['referrer-policy']).toBe('same-origin');
      expect(headers['content-security-policy']).toContain("form-action 'self'");
      await page.getByRole('heading', { name: `Claim ${done.name}` }).waitFor();
      expect(await page.getByRole('link', { name: `Open the preview of ${done.name}` }).getAttribute('href')).toBe(created.preview_url);

      const email = uniqueEmail('claim-page');
      await page.getByLabel('E-mail address').fill(email);
      const asked = new Date();
      await page.getByRole('button', { name: 'Send me a code' }).click();
      const mail = await latestMailTo(email, { since: asked });
      const code = /\b\d{6}\b/.exec(mail.subject)?.[0] ?? '';
      await page.getByLabel('Sign-in code').fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'That code is wrong or has expired' }).waitFor();
      await page.getByLabel('Sign-in code').fill(code);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText(`Signed in as ${email}`).waitFor();

      // The signed-in state is a sealed cookie of this page only: HttpOnly, SameSite=Lax, no account id in clear.
      const [cookie] = (await context.cookies()).filter((each) => each.name === 'appgen_claim');
      expect(cookie).toEqual(expect.objectContaining({ httpOnly: true, sameSite: 'Lax', path: new URL(created.claim_url).pathname }));
      expect(cookie?.value).not.toContain(email);

      await page.getByRole('button', { name: `Claim ${done.name}` }).click();
      await page.getByRole('heading', { name: `${done.name} is now yours` }).waitFor();
      expect(await page.getByRole('link', { name: `Edit ${done.name}` }).getAttribute('href')).toContain(`/account/apps/${created.app_id}/editor`);

      // The new account signs in by code through the API and finds the app among its apps.
      const askedAgain = new Date();
      await api().post('/api/v1/auth/magic_code').send({ email }).expect(200);
      const apiCode = /\b\d{6}\b/.exec((await latestMailTo(email, { since: askedAgain })).subject)?.[0];
      const signedIn = await api().post('/api/v1/auth/magic_code').send({ email, code: apiCode }).expect(200);
      const listed = await api().get('/api/v1/managed_apps').set('Authorization', `Bearer ${signedIn.body.access_token}`).expect(200);
      expect(listed.body.apps.map((app: { id: string }) => app.id)).toContain(created.app_id);
      expect((await poll(created.app_id).expect(200)).body.claimed).toBe(true);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('answers an unknown claim token with a 404 page, and past the per-address claim limit a 429 page with Retry-After', async () => {
    const ip = visitor();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const unknown = await claimPage(`${e2eEnv().gateways[0]}/claim/clm_nosuchtoken${attempt}`, ip).expect(404).expect('content-type', /text\/html/);
      expect(unknown.text).toContain('No app to claim here');
      expect(unknown.headers['link']).toContain('/SKILL.md>');
    }
    const limited = await claimPage(`${e2eEnv().gateways[0]}/claim/clm_nosuchtoken`, ip).expect(429).expect('content-type', /text\/html/);
    expect(limited.text).toContain('Too many tries');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
  });

  it('refuses claim page forms without their token, without the cookie, or from another origin', async () => {
    const created = (await build(visitor(), { prompt: 'A board game night planner' }).expect(201)).body;
    const ip = visitor();
    const shown = await claimPage(created.claim_url, ip).expect(200);
    // A page of the site (contract 4.11): the Link header points at the skill file and the other discovery files.
    expect(shown.headers['link']).toContain('/llms.txt>');
    const cookie = String(shown.headers['set-cookie']).split(';')[0] ?? '';
    const csrf = /name="csrf" value="([^"]+)"/.exec(shown.text)?.[1] ?? '';
    expect(csrf).not.toBe('');
    const site = e2eEnv().gateways[0];
    const email = uniqueEmail('csrf');

    const noToken = await claimPage(created.claim_url, ip, 'email').set('Cookie', cookie).set('Origin', site).type('form').send({ email }).expect(403);
    expect(noToken.text).toContain('This form cannot be used');
    await claimPage(created.claim_url, ip, 'email').set('Origin', site).type('form').send({ email, csrf }).expect(403);
    await claimPage(created.claim_url, ip, 'email').set('Cookie', cookie).set('Origin', 'http://attacker.example').type('form').send({ email, csrf }).expect(403);
    await claimPage(created.claim_url, ip, 'claim').set('Cookie', cookie).set('Origin', site).type('form').send({ csrf }).expect(403);
    // Nothing was mailed for the refused forms; the form itself, sent properly, mails the code.
    const sent = await claimPage(created.claim_url, ip, 'email').set('Cookie', cookie).set('Origin', site).type('form').send({ email, csrf }).expect(200);
    expect(sent.text).toContain('Check your mail');
    await latestMailTo(email);
    // The API still takes JSON only.
    await api().post('/api/v1/accounts').type('form').send({ email: uniqueEmail('form') }).expect(415);
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
      const page = await claimPage(created.claim_url, visitor()).expect(410).expect('content-type', /text\/html/);
      expect(page.text).toContain('This claim link has expired');
      expect(page.text).toContain('claim window ended');
    } finally {
      await control.restart('claim-service', {});
    }
  }, 90_000);
});
