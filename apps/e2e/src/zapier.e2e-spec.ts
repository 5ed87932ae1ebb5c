import { SCOPE_GRANTS } from '@appgen/contracts';
import { adminAccount, api, closeBus, createKey, startWebhookReceiver, verifyWebhook, waitFor, type TestAccount, type WebhookReceiver } from './support';

/** Zapier's REST hooks and helpers (decisions.md, "Zapier"), driven the way Zapier drives them. */
describe('zapier: a Zap subscribes, receives signed events, and unsubscribes', () => {
  let owner: TestAccount;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'zapier');
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await closeBus();
  });

  const createApp = async (name: string): Promise<string> =>
    (await api().post('/api/v1/managed_apps').set('X-API-Key', owner.key).send({ name }).expect(201)).body.app.id;

  it("answers the auth test with the credential's account, and 401 without one", async () => {
    const me = await api().get('/api/v1/zapier/me').set('X-API-Key', owner.key).expect(200);
    expect(me.body).toEqual({ id: owner.account.id, email: owner.email, plan: 'enterprise', scope: 'full_access', grants: [...SCOPE_GRANTS.full_access] });
    const readOnly = await createKey(owner.key, 'read_only');
    expect((await api().get('/api/v1/zapier/me').set('X-API-Key', readOnly.raw).expect(200)).body.scope).toBe('read_only');
    await api().get('/api/v1/zapier/me').expect(401);
  });

  it('subscribes a hook that receives its event signed with the subscription secret, whose body matches the sample', async () => {
    const subscribed = await api()
      .post('/api/v1/zapier/hooks')
      .set('X-API-Key', owner.key)
      .send({ target_url: receiver.urlFor('/zap/created'), event: 'app.created' })
      .expect(201);
    expect(Object.keys(subscribed.body)).toEqual(['id']);
    const { webhook } = (await api().get(`/api/v1/webhooks/${subscribed.body.id}`).set('X-API-Key', owner.key).expect(200)).body;
    expect(webhook).toMatchObject({ url: receiver.urlFor('/zap/created'), events: ['app.created'], source: 'zapier', enabled: true });

    const appId = await createApp('Zapped');
    const delivery = await waitFor(() => receiver.received.find((request) => request.path === '/zap/created' && request.raw.includes(appId)));
    expect(verifyWebhook(webhook.secret, String(delivery.headers['x-service-signature']), delivery.raw)).toBe(true);
    const body = JSON.parse(delivery.raw);

    const samples = await api().get('/api/v1/zapier/samples/app.created').set('X-API-Key', owner.key).expect(200);
    expect(samples.body).toHaveLength(1);
    const [sample] = samples.body;
    expect(sample).toMatchObject({ event: 'app.created', account_id: owner.account.id });
    // The sample has the shape of a real delivery, so fields mapped in a Zap exist when events arrive.
    expect(Object.keys(sample).sort()).toEqual(Object.keys(body).sort());
    expect(Object.keys(sample.data.app).sort()).toEqual(Object.keys(body.data.app).sort());
  });

  it('has a sample of every event kind, and 404 for anything else', async () => {
    for (const kind of ['app.updated', 'app.generation.failed', 'app.deployment.completed', 'app.user.access_revoked']) {
      const samples = await api().get(`/api/v1/zapier/samples/${kind}`).set('X-API-Key', owner.key).expect(200);
      expect(samples.body[0]).toMatchObject({ event: kind, data: expect.any(Object) });
    }
    const missing = await api().get('/api/v1/zapier/samples/app.exploded').set('X-API-Key', owner.key).expect(404);
    expect(missing.body).toMatchObject({ error: 'not_found' });
  });

  it('refuses a hook with an unknown event or a target that is not http(s), naming the field', async () => {
    const badEvent = await api()
      .post('/api/v1/zapier/hooks')
      .set('X-API-Key', owner.key)
      .send({ target_url: receiver.urlFor('/zap/x'), event: 'app.exploded' })
      .expect(422);
    expect(badEvent.body.errors).toEqual([expect.objectContaining({ field: 'event' })]);
    const badUrl = await api().post('/api/v1/zapier/hooks').set('X-API-Key', owner.key).send({ target_url: 'ftp://example.com/x', event: 'app.created' }).expect(422);
    expect(badUrl.body.errors).toEqual([expect.objectContaining({ field: 'target_url' })]);
    const readOnly = await createKey(owner.key, 'read_only');
    await api().post('/api/v1/zapier/hooks').set('X-API-Key', readOnly.raw).send({ target_url: receiver.urlFor('/zap/x'), event: 'app.created' }).expect(403);
  });

  it('unsubscribes: the hook gets nothing more, while a webhook created through the API is not a Zapier hook', async () => {
    const hook = (
      await api().post('/api/v1/zapier/hooks').set('X-API-Key', owner.key).send({ target_url: receiver.urlFor('/zap/gone'), event: 'app.deleted' }).expect(201)
    ).body;
    const control = (
      await api().post('/api/v1/webhooks').set('X-API-Key', owner.key).send({ url: receiver.urlFor('/control'), events: ['app.deleted'] }).expect(201)
    ).body.webhook;

    await api().delete(`/api/v1/zapier/hooks/${control.id}`).set('X-API-Key', owner.key).expect(404);
    // Unsubscribed by several requests at once (a retrying client), it is removed by exactly one; the others find nothing.
    const removals = await Promise.all(Array.from({ length: 4 }, () => api().delete(`/api/v1/zapier/hooks/${hook.id}`).set('X-API-Key', owner.key)));
    expect(removals.map((removal) => removal.status).sort()).toEqual([200, 404, 404, 404]);
    expect(removals.find((removal) => removal.status === 200)?.body).toMatchObject({ success: true });
    await api().delete(`/api/v1/zapier/hooks/${hook.id}`).set('X-API-Key', owner.key).expect(404);

    const appId = await createApp('Short lived');
    await api().delete(`/api/v1/managed_apps/${appId}`).set('X-API-Key', owner.key).expect(200);
    await waitFor(() => receiver.received.find((request) => request.path === '/control' && request.raw.includes(appId)));
    expect(receiver.received.filter((request) => request.path === '/zap/gone')).toEqual([]);
  });

  it('generates an app through the Zapier action, as POST /generation_queue does', async () => {
    const queued = await api()
      .post('/api/v1/zapier/actions/generate_app')
      .set('X-API-Key', owner.key)
      .send({ prompt: 'A reading list with books, authors and a rating' })
      .expect(202);
    expect(queued.body).toMatchObject({ status: 'queued', job_id: expect.stringMatching(/^job_/), app_id: expect.any(String) });
    const job = await waitFor(async () => {
      const found = await api().get(`/api/v1/generation_queue/${queued.body.job_id}`).set('X-API-Key', owner.key).expect(200);
      return found.body.status === 'completed' ? found.body : undefined;
    }, 30_000, 'the job did not complete');
    expect(job.app.status).toBe('generated');
    await api().post('/api/v1/zapier/actions/generate_app').set('X-API-Key', owner.key).send({}).expect(400);
  });
});
