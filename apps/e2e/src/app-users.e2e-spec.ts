import supertest from 'supertest';
import {
  adminAccount,
  api,
  closeBus,
  createKey,
  e2eEnv,
  latestMailTo,
  startWebhookReceiver,
  uniqueEmail,
  verifyWebhook,
  waitFor,
  type TestAccount,
  type WebhookReceiver,
} from './support';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/**
 * The users of an account's generated apps (contract 4.3): granting them a tier, listing and revoking them through
 * the public API, and what that does where they use the app, at the edge.
 */
describe('app users through the public API', () => {
  let owner: TestAccount;
  let stranger: TestAccount;
  let appId: string;
  let strangersAppId: string;
  let receiver: WebhookReceiver;
  let webhookSecret: string;

  const as = (who: TestAccount | string, gateway = 0) => {
    const key = typeof who === 'string' ? who : who.key;
    return {
      get: (path: string) => api(gateway).get(`/api/v1${path}`).set('X-API-Key', key),
      post: (path: string, body?: object) => api(gateway).post(`/api/v1${path}`).set('X-API-Key', key).send(body),
    };
  };
  const grant = (body: object, who: TestAccount = owner) => as(who).post('/managed_users/grant_access', body);
  const usersCount = async (id: string, path = 'managed_apps') => (await as(owner).get(`/${path}/${id}`).expect(200)).body.app.users_count;

  beforeAll(async () => {
    [owner, stranger] = await Promise.all([adminAccount('enterprise', 'app-users'), adminAccount('enterprise', 'app-users-stranger')]);
    appId = (await as(owner).post('/managed_apps', { name: 'Members club' }).expect(201)).body.app.id;
    strangersAppId = (await as(stranger).post('/managed_apps', { name: 'Elsewhere' }).expect(201)).body.app.id;
    receiver = await startWebhookReceiver();
    const subscribed = await as(owner)
      .post('/webhooks', { url: receiver.url, events: ['app.user.access_granted', 'app.user.access_revoked'] })
      .expect(201);
    webhookSecret = subscribed.body.webhook.secret;
  });

  afterAll(async () => {
    await receiver?.close();
    await closeBus();
  });

  it("grants access with the defaults, answering exactly the contract's fields, and changes an existing user's tier", async () => {
    const email = uniqueEmail('member');
    const created = await grant({ app_id: appId, email: `  ${email.toUpperCase()} ` });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      app_user: {
        id: expect.any(Number),
        app_id: appId,
        email,
        access_tier: 'free',
        tier_granted_at: expect.stringMatching(ISO),
        tier_expires_at: null,
      },
      message: expect.any(String),
    });

    const expiresAt = inDays(30);
    const upgraded = await grant({ app_id: appId, email, tier: 'premium', expires_at: expiresAt }).expect(201);
    expect(upgraded.body.app_user).toEqual({ ...created.body.app_user, access_tier: 'premium', tier_granted_at: expect.stringMatching(ISO), tier_expires_at: expiresAt });

    const listed = await as(owner).get(`/managed_users?email=${encodeURIComponent(email)}`).expect(200);
    expect(listed.body.app_users).toEqual([
      { ...upgraded.body.app_user, revoked: false, first_accessed_at: null, last_accessed_at: null, access_count: 0 },
    ]);
  });

  it('refuses a bad e-mail, tier or expiry and unknown fields with 422 naming the field', async () => {
    const cases: [object, string][] = [
      [{ app_id: appId, email: 'not an address' }, 'email'],
      [{ app_id: appId, email: uniqueEmail('x'), tier: 'gold' }, 'tier'],
      [{ app_id: appId, email: uniqueEmail('x'), expires_at: new Date(Date.now() - 60_000).toISOString() }, 'expires_at'],
      [{ app_id: appId, email: uniqueEmail('x'), expires_at: 'tomorrow' }, 'expires_at'],
      [{ app_id: appId, email: uniqueEmail('x'), role: 'admin' }, 'role'],
      [{ email: uniqueEmail('x') }, 'app_id'],
    ];
    for (const [body, field] of cases) {
      const refused = await grant(body);
      expect({ body, status: refused.status }).toEqual({ body, status: 422 });
      expect(refused.body).toEqual({ error: 'validation_failed', message: expect.any(String), errors: [{ field, message: expect.any(String) }] });
    }
    const past = await grant({ app_id: appId, email: uniqueEmail('x'), expires_at: new Date(Date.now() - 60_000).toISOString() });
    expect(past.body.errors).toEqual([{ field: 'expires_at', message: 'must be in the future' }]);
    expect((await as(owner).get('/managed_users?tier=gold')).status).toBe(422);
  });

  it('lists the account’s app users newest first, by app, tier and part of the e-mail, in pages', async () => {
    const listApp = (await as(owner).post('/managed_apps', { name: 'Listed' }).expect(201)).body.app.id as string;
    const tag = uniqueEmail('listing').split('@')[0] ?? '';
    const emails = [`${tag}-a@example.com`, `${tag}-b@example.com`, `${tag}-c@example.com`];
    const tiers = ['basic', 'pro', 'basic'];
    for (const [index, email] of emails.entries()) await grant({ app_id: listApp, email, tier: tiers[index] }).expect(201);
    const newestFirst = [...emails].reverse();

    const byApp = await as(owner).get(`/managed_users?app_id=${listApp}`).expect(200);
    expect(byApp.body.app_users.map((u: { email: string }) => u.email)).toEqual(newestFirst);
    expect(byApp.body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 3, per_page: 25 });

    const basic = await as(owner).get(`/managed_users?app_id=${listApp}&tier=basic`).expect(200);
    expect(basic.body.app_users.map((u: { email: string }) => u.email)).toEqual([emails[2], emails[0]]);

    const byEmail = await as(owner).get(`/managed_users?email=${tag.toUpperCase()}-B`).expect(200);
    expect(byEmail.body.app_users.map((u: { email: string }) => u.email)).toEqual([emails[1]]);

    const page1 = await as(owner).get(`/managed_users?app_id=${listApp}&per_page=2`).expect(200);
    const page2 = await as(owner, 1).get(`/managed_users?app_id=${listApp}&per_page=2&page=2`).expect(200);
    expect(page1.body.meta).toEqual({ current_page: 1, total_pages: 2, total_count: 3, per_page: 2 });
    expect([...page1.body.app_users, ...page2.body.app_users].map((u: { email: string }) => u.email)).toEqual(newestFirst);

    // The stranger sees none of them, whatever the filter.
    const theirs = await as(stranger).get(`/managed_users?email=${tag}`).expect(200);
    expect(theirs.body).toEqual({ app_users: [], meta: { current_page: 1, total_pages: 0, total_count: 0, per_page: 25 } });
  });

  it("answers 404 for another account's app or app user, both ways", async () => {
    const mine = (await grant({ app_id: appId, email: uniqueEmail('mine') }).expect(201)).body.app_user;
    const theirs = (await grant({ app_id: strangersAppId, email: uniqueEmail('theirs') }, stranger).expect(201)).body.app_user;

    for (const [who, app, user] of [
      [owner, strangersAppId, theirs],
      [stranger, appId, mine],
    ] as const) {
      const granted = await grant({ app_id: app, email: uniqueEmail('sneaky') }, who);
      expect(granted.status).toBe(404);
      expect(granted.body).toEqual({ error: 'not_found', message: `App ${app} was not found` });
      const revoked = await as(who).post(`/managed_users/${user.id}/revoke`);
      expect(revoked.status).toBe(404);
      expect(revoked.body).toEqual({ error: 'not_found', message: `App user ${user.id} was not found` });
      expect((await as(who).get(`/managed_users?app_id=${app}`)).status).toBe(404);
    }
    expect((await as(owner).post('/managed_users/abc/revoke')).status).toBe(404);
    expect((await as(owner).get(`/managed_users?email=${encodeURIComponent(mine.email)}`).expect(200)).body.app_users[0].revoked).toBe(false);
  });

  it('lets a read_only key list app users but not grant or revoke (403)', async () => {
    const readOnly = (await createKey(owner.key, 'read_only')).raw;
    const user = (await grant({ app_id: appId, email: uniqueEmail('guarded') }).expect(201)).body.app_user;
    await as(readOnly).get('/managed_users').expect(200);
    const refused = await as(readOnly).post('/managed_users/grant_access', { app_id: appId, email: uniqueEmail('nope') });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'forbidden', message: expect.stringContaining('users:write') });
    expect((await as(readOnly).post(`/managed_users/${user.id}/revoke`)).status).toBe(403);
    const readWrite = (await createKey(owner.key, 'read_write')).raw;
    await as(readWrite).post('/managed_users/grant_access', { app_id: appId, email: uniqueEmail('allowed') }).expect(201);
  });

  it('counts the users of an app who are not revoked in users_count, on both paths', async () => {
    const counted = (await as(owner).post('/managed_apps', { name: 'Counted' }).expect(201)).body.app.id as string;
    expect(await usersCount(counted)).toBe(0);
    const first = (await grant({ app_id: counted, email: uniqueEmail('one') }).expect(201)).body.app_user;
    await grant({ app_id: counted, email: uniqueEmail('two') }).expect(201);
    expect(await usersCount(counted)).toBe(2);
    expect(await usersCount(counted, 'apps')).toBe(2);
    await as(owner).post(`/managed_users/${first.id}/revoke`).expect(200);
    expect(await usersCount(counted)).toBe(1);
    expect(await usersCount(counted, 'apps')).toBe(1);
    await grant({ app_id: counted, email: first.email }).expect(201);
    expect(await usersCount(counted)).toBe(2);
  });

  it('signs a revoked user out of the app at once and keeps them from signing in, and a repeat changes nothing', async () => {
    const port = new URL(e2eEnv().edge).port;
    const host = `preview-${appId}.preview.localhost:${port}`;
    const headers = { Host: host, Origin: `http://${host}` };
    const edge = () => supertest(e2eEnv().edge);
    const email = uniqueEmail('leaving');

    const asked = new Date();
    await edge().post('/_api/auth/request_code').set(headers).send({ email }).expect(200);
    const code = /\b\d{6}\b/.exec((await latestMailTo(email, { since: asked })).subject)?.[0];
    const verified = await edge().post('/_api/auth/verify').set(headers).send({ email, code }).expect(200);
    const cookie = ([] as string[]).concat(verified.headers['set-cookie'] ?? []).find((value) => value.startsWith('appgen_session='))?.split(';')[0];
    if (!cookie) throw new Error('signing in set no session cookie');
    await edge().get('/_api/auth/me').set({ ...headers, Cookie: cookie }).expect(200);

    const [user] = (await as(owner).get(`/managed_users?email=${encodeURIComponent(email)}`).expect(200)).body.app_users;
    expect(user).toMatchObject({ email, revoked: false, access_count: 1, first_accessed_at: expect.stringMatching(ISO) });

    const revoked = await as(owner, 1).post(`/managed_users/${user.id}/revoke`).expect(200);
    expect(revoked.body).toEqual({
      app_user: { id: user.id, app_id: appId, email, access_tier: 'free', revoked: true, revoked_at: expect.stringMatching(ISO) },
      message: expect.any(String),
    });

    // The very next request with their cookie is a visitor's, whichever edge cached the session.
    const me = await edge().get('/_api/auth/me').set({ ...headers, Cookie: cookie });
    expect(me.status).toBe(401);
    const again = await edge().post('/_api/auth/request_code').set(headers).send({ email });
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ error: 'forbidden', message: 'Your access to this app has been revoked by its owner.' });

    const repeated = await as(owner).post(`/managed_users/${user.id}/revoke`).expect(200);
    expect(repeated.body.app_user).toEqual(revoked.body.app_user);
  });

  it('delivers app.user.access_granted and app.user.access_revoked to a subscriber, signed', async () => {
    const email = uniqueEmail('hooked');
    const granted = (await grant({ app_id: appId, email, tier: 'basic' }).expect(201)).body.app_user;
    await as(owner).post(`/managed_users/${granted.id}/revoke`).expect(200);

    for (const event of ['app.user.access_granted', 'app.user.access_revoked']) {
      const delivery = await waitFor(
        () => receiver.received.find((r) => r.headers['x-service-event'] === event && r.raw.includes(email)),
        10_000,
        `${event} of ${email}`,
      );
      expect(verifyWebhook(webhookSecret, String(delivery.headers['x-service-signature']), delivery.raw)).toBe(true);
      expect(JSON.parse(delivery.raw)).toEqual({
        id: expect.any(String),
        event,
        timestamp: expect.stringMatching(/Z$/),
        account_id: owner.account.id,
        app_id: appId,
        data: { app_user: { id: granted.id, app_id: appId, email, access_tier: 'basic' } },
      });
    }
  });
});
