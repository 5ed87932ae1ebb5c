import { adminAccount, api, closeBus, platformControl, startWebhookReceiver, verifyWebhook, waitFor, type TestAccount, type WebhookReceiver } from './support';

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

describe('webhooks: receivers that are not on the public internet are refused', () => {
  // The harness lets receivers live on loopback; this block runs webhooks-service as production does.
  const control = platformControl();
  let owner: TestAccount;
  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'webhook-addresses');
    await control.restart('webhooks-service', { WEBHOOK_ALLOW_PRIVATE: 'false' });
  }, 60_000);
  afterAll(async () => {
    await control.restart('webhooks-service');
    await closeBus();
  }, 60_000);

  const REFUSED = 'must not point to a private, loopback, link-local or reserved address';
  const subscribe = (url: string) => api().post('/api/v1/webhooks').set('X-API-Key', owner.key).send({ url, events: ['app.created'] });

  it.each([
    ['6to4 of 169.254.169.254', 'http://[2002:a9fe:a9fe::]/', '2002:a9fe:a9fe:: is 6to4 (RFC 3056) of 169.254.169.254, in 169.254.0.0/16 (Link Local)'],
    ['6to4 of 127.0.0.1', 'http://[2002:7f00:1::]/hook', '2002:7f00:1:: is 6to4 (RFC 3056) of 127.0.0.1, in 127.0.0.0/8 (Loopback)'],
    ['IPv4-translated 127.0.0.1', 'http://[::ffff:0:127.0.0.1]/', '::ffff:0:7f00:1 is IPv4-translated (RFC 2765) of 127.0.0.1, in 127.0.0.0/8 (Loopback)'],
    ['IPv4-mapped 127.0.0.1', 'http://[::ffff:127.0.0.1]:8080/', '::ffff:7f00:1 is IPv4-mapped (RFC 4291) of 127.0.0.1, in 127.0.0.0/8 (Loopback)'],
    ['NAT64 of 169.254.169.254', 'http://[64:ff9b::a9fe:a9fe]/', '64:ff9b::a9fe:a9fe is NAT64 (RFC 6052) of 169.254.169.254, in 169.254.0.0/16 (Link Local)'],
    ['Teredo with a loopback client', 'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', '2001:0:4136:e378:8000:63bf:80ff:fffe is Teredo (RFC 4380) of 127.0.0.1, in 127.0.0.0/8 (Loopback)'],
    ['benchmarking', 'http://198.18.0.1/', '198.18.0.1 is in 198.18.0.0/15 (Benchmarking)'],
    ['benchmarking, last address', 'https://198.19.255.255/', '198.19.255.255 is in 198.18.0.0/15 (Benchmarking)'],
    ['TEST-NET-1', 'http://192.0.2.1/', '192.0.2.1 is in 192.0.2.0/24 (Documentation (TEST-NET-1))'],
    ['TEST-NET-2', 'http://198.51.100.7/', '198.51.100.7 is in 198.51.100.0/24 (Documentation (TEST-NET-2))'],
    ['TEST-NET-3', 'http://203.0.113.9/', '203.0.113.9 is in 203.0.113.0/24 (Documentation (TEST-NET-3))'],
    ['IPv6 documentation', 'http://[2001:db8::1]/', '2001:db8::1 is in 2001:db8::/32 (Documentation)'],
    ['shared address space', 'http://100.64.0.1/', '100.64.0.1 is in 100.64.0.0/10 (Shared Address Space)'],
    ['reserved', 'http://240.0.0.1/', '240.0.0.1 is in 240.0.0.0/4 (Reserved)'],
    ['limited broadcast', 'http://255.255.255.255/', '255.255.255.255 is in 255.255.255.255/32 (Limited Broadcast)'],
    ['this network', 'http://0.1.2.3/', '0.1.2.3 is in 0.0.0.0/8 ("This network")'],
    ['unique-local', 'http://[fd00::1]/', 'fd00::1 is in fc00::/7 (Unique-Local)'],
    ['link-local', 'http://[fe80::1]/', 'fe80::1 is in fe80::/10 (Link-Local Unicast)'],
    ['multicast', 'http://[ff02::1]/', 'ff02::1 is in ff00::/8 (Multicast)'],
  ])('refuses %s (%s) with 422 naming url', async (_what, url, why) => {
    const refused = await subscribe(url).expect(422);
    expect(refused.body).toEqual({ error: 'validation_failed', message: expect.any(String), errors: [{ field: 'url', message: `${REFUSED}: ${why}` }] });
  });

  it.each(['http://2130706433/', 'http://0x7f.1/', 'http://0177.0.0.1/', 'http://127.1/'])('refuses %s, a spelling of 127.0.0.1, with 422 naming url', async (url) => {
    const refused = await subscribe(url).expect(422);
    expect(refused.body).toMatchObject({ error: 'validation_failed', errors: [expect.objectContaining({ field: 'url' })] });
  });

  it('accepts public addresses, and refuses moving a subscription to a private one', async () => {
    const ids: number[] = [];
    try {
      for (const url of ['https://8.8.8.8/hook', 'https://1.1.1.1/hook', 'https://[2606:4700::1111]/hook', 'https://[2002:808:808::1]/hook']) {
        const created = await subscribe(url).expect(201);
        ids.push(created.body.webhook.id);
        expect(created.body.webhook).toMatchObject({ url, enabled: true });
      }
      const moved = await api(1).patch(`/api/v1/webhooks/${ids[0]}`).set('X-API-Key', owner.key).send({ url: 'http://[2002:a9fe:a9fe::]/' }).expect(422);
      expect(moved.body.errors).toEqual([{ field: 'url', message: expect.stringMatching(new RegExp(`^${REFUSED}: `)) }]);
      const kept = await api().get(`/api/v1/webhooks/${ids[0]}`).set('X-API-Key', owner.key).expect(200);
      expect(kept.body.webhook.url).toBe('https://8.8.8.8/hook');
    } finally {
      for (const id of ids) await api().delete(`/api/v1/webhooks/${id}`).set('X-API-Key', owner.key);
    }
  });

  it('refuses a generation callback_url on a private address with 422 naming callback_url', async () => {
    const refused = await api()
      .post('/api/v1/generation_queue')
      .set('X-API-Key', owner.key)
      .send({ prompt: 'A guest book where visitors leave a name and a message', callback_url: 'http://[2002:a9fe:a9fe::]/done' })
      .expect(422);
    expect(refused.body).toMatchObject({
      error: 'validation_failed',
      errors: [{ field: 'callback_url', message: `${REFUSED}: 2002:a9fe:a9fe:: is 6to4 (RFC 3056) of 169.254.169.254, in 169.254.0.0/16 (Link Local)` }],
    });
  });
});
