import { adminAccount, api, closeBus, startWebhookReceiver, verifyWebhook, waitFor, type TestAccount, type WebhookReceiver } from './support';

describe('webhooks: a subscriber receives signed events', () => {
  let owner: TestAccount;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'webhooks');
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await closeBus();
  });

  let webhook: { id: number; secret: string };
  let firstEventId = '';

  it('subscribes to app.created, and the created app arrives signed with the subscription secret', async () => {
    const subscribed = await api()
      .post('/api/v1/webhooks')
      .set('X-API-Key', owner.key)
      .send({ url: receiver.url, events: ['app.created'], name: 'e2e receiver' })
      .expect(201);
    webhook = subscribed.body.webhook;
    expect(webhook).toMatchObject({ url: receiver.url, events: ['app.created'], enabled: true, name: 'e2e receiver' });
    expect(webhook.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);

    const created = await api(1).post('/api/v1/managed_apps').set('X-API-Key', owner.key).send({ name: 'Hooked' }).expect(201);
    const appId: string = created.body.app.id;

    const delivery = await waitFor(() => receiver.received.find((r) => r.raw.includes(appId)));
    const body = JSON.parse(delivery.raw) as { id: string };
    expect(body).toEqual({
      id: expect.any(String),
      event: 'app.created',
      timestamp: expect.stringMatching(/Z$/),
      account_id: owner.account.id,
      app_id: appId,
      data: { app: created.body.app },
    });
    expect(delivery.headers['x-service-event']).toBe('app.created');
    expect(delivery.headers['x-service-delivery']).toEqual(expect.any(String));
    const signature = String(delivery.headers['x-service-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(delivery.headers['x-service-timestamp']).toBe(/^t=(\d+)/.exec(signature)?.[1]);
    expect(verifyWebhook(webhook.secret, signature, delivery.raw)).toBe(true);
    expect(verifyWebhook('whsec_someone_elses_secret_000000', signature, delivery.raw)).toBe(false);
    expect(verifyWebhook(webhook.secret, signature, delivery.raw.replace('Hooked', 'Hacked'))).toBe(false);

    // The subscriber's 200 is on the record: the delivery is succeeded, with the id the headers carried.
    const deadline = Date.now() + 10_000;
    let record: { id: number; event_id: string; status: string } | undefined;
    while (Date.now() < deadline && record?.status !== 'succeeded') {
      const listed = await api().get(`/api/v1/webhooks/${webhook.id}/deliveries?event=app.created`).set('X-API-Key', owner.key).expect(200);
      record = listed.body.deliveries.find((d: { event_id: string }) => d.event_id === body.id);
      if (record?.status !== 'succeeded') await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(record).toMatchObject({ event_id: body.id, status: 'succeeded' });
    expect(String(record?.id)).toBe(delivery.headers['x-service-delivery']);
    firstEventId = body.id;
  });

  it('sends a signed webhook.test on demand, and redelivers a delivery with the same event id', async () => {
    const tested = await api().post(`/api/v1/webhooks/${webhook.id}/test`).set('X-API-Key', owner.key).expect(200);
    expect(tested.body).toMatchObject({ success: true, delivery: { event: 'webhook.test', status: 'succeeded' } });
    const test = await waitFor(() => receiver.received.find((r) => r.headers['x-service-event'] === 'webhook.test'));
    expect(verifyWebhook(webhook.secret, String(test.headers['x-service-signature']), test.raw)).toBe(true);

    const listed = await api().get(`/api/v1/webhooks/${webhook.id}/deliveries?event=app.created`).set('X-API-Key', owner.key).expect(200);
    const original = listed.body.deliveries.find((d: { event_id: string }) => d.event_id === firstEventId);
    const before = receiver.received.filter((r) => r.raw.includes(firstEventId)).length;
    await api(1).post(`/api/v1/webhooks/${webhook.id}/deliveries/${original.id}/redeliver`).set('X-API-Key', owner.key).expect(202);
    const again = await waitFor(() => {
      const copies = receiver.received.filter((r) => r.raw.includes(firstEventId));
      return copies.length > before ? copies[copies.length - 1] : undefined;
    });
    expect((JSON.parse(again.raw) as { id: string }).id).toBe(firstEventId);
    expect(verifyWebhook(webhook.secret, String(again.headers['x-service-signature']), again.raw)).toBe(true);
  });
});
