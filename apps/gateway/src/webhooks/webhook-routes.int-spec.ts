import {
  UsersSubjects,
  WebhooksSubjects,
  type DeliveryView,
  type WebhookView,
} from '@appgen/contracts';
import { callerOf, startGatewayWithStandIns, type GatewayWithStandIns, type Reply } from '../stand-in-services.testing';

/**
 * The gateway's webhook routes against the contract: webhooks-service is a responder on a private NATS
 * answering its subjects in the wire format, so these tests pin what the gateway sends and how it answers.
 */

const WEBHOOK: WebhookView = {
  id: 12,
  url: 'https://example.com/hooks',
  name: 'Deploys',
  description: null,
  events: ['app.created'],
  enabled: true,
  source: 'api',
  secret: 'whsec_abcdefghijklmnopqrstuvwxyz012345',
  created_at: '2026-11-21T10:00:00.000Z',
};
const DELIVERY: DeliveryView = {
  id: 301,
  event_id: 'evt_1',
  event: 'app.created',
  status: 'pending',
  attempts: 0,
  response_status: null,
  response_ms: null,
  error: null,
  next_attempt_at: '2026-11-21T10:00:05.000Z',
  created_at: '2026-11-21T10:00:00.000Z',
  delivered_at: null,
};
const META = { current_page: 1, total_pages: 1, total_count: 1, per_page: 25 };

describe('gateway: webhook routes (webhooks-service answered per the contract)', () => {
  let gateway: GatewayWithStandIns;
  const answers = new Map<(typeof WebhooksSubjects)[keyof typeof WebhooksSubjects], Reply>([
    [WebhooksSubjects.list, { response: { webhooks: [{ ...WEBHOOK, secret: undefined }], meta: META } }],
    [WebhooksSubjects.create, { response: { webhook: WEBHOOK } }],
    [WebhooksSubjects.get, { response: { webhook: WEBHOOK } }],
    [WebhooksSubjects.update, { response: { webhook: { ...WEBHOOK, enabled: false } } }],
    [WebhooksSubjects.delete, { response: { success: true, message: 'Webhook 12 deleted' } }],
    [WebhooksSubjects.test, { response: { success: true, delivery: { ...DELIVERY, event: 'webhook.test', status: 'succeeded' } } }],
    [WebhooksSubjects.listDeliveries, { response: { deliveries: [DELIVERY], meta: META } }],
    [WebhooksSubjects.redeliver, { response: { delivery: DELIVERY } }],
    [WebhooksSubjects.getCallbackSecret, { response: { secret: 'whsec_callback0000000000000000000000' } }],
    [WebhooksSubjects.rotateCallbackSecret, { response: { secret: 'whsec_callback1111111111111111111111' } }],
  ]);

  const api = () => gateway.api();
  const as: GatewayWithStandIns['as'] = (scope) => gateway.as(scope);
  const sent: GatewayWithStandIns['sent'] = (subject) => gateway.sent(subject);

  beforeAll(async () => {
    gateway = await startGatewayWithStandIns(Object.values(WebhooksSubjects));
    for (const [subject, reply] of answers) gateway.answer(subject, () => reply);
  }, 30_000);

  afterAll(() => gateway?.close());

  beforeEach(() => gateway.forget());

  it('creates a subscription: 201 {webhook}, forwarding the fields and the caller', async () => {
    const body = { url: WEBHOOK.url, events: ['app.created'], name: ' Deploys ', secret: 's'.repeat(20) };
    const response = await api().post('/api/v1/webhooks').set(as('read_write')).send(body).expect(201);
    expect(response.body).toEqual({ webhook: WEBHOOK });
    expect(sent(WebhooksSubjects.create)).toEqual([{ caller: callerOf('read_write'), ...body, name: 'Deploys' }]);
  });

  it('refuses an unknown event kind with 422 naming events, and sends nothing', async () => {
    const response = await api().post('/api/v1/webhooks').set(as('full_access')).send({ url: WEBHOOK.url, events: ['app.exploded'] }).expect(422);
    expect(response.body.errors).toEqual([{ field: 'events.0', message: expect.stringMatching(/^must be one of app\.created, /) }]);
    expect(gateway.asked().filter((subject) => subject !== UsersSubjects.resolveApiKey)).toEqual([]);
  });

  it('lists, reads, updates and deletes by integer id', async () => {
    expect((await api().get('/api/v1/webhooks?per_page=500').set(as('read_only')).expect(200)).body.meta).toEqual(META);
    expect(sent(WebhooksSubjects.list)).toEqual([{ caller: callerOf('read_only'), page: 1, per_page: 100 }]);
    expect((await api().get('/api/v1/webhooks/12').set(as('read_only')).expect(200)).body).toEqual({ webhook: WEBHOOK });
    expect(sent(WebhooksSubjects.get)).toEqual([{ caller: callerOf('read_only'), id: 12 }]);
    await api().patch('/api/v1/webhooks/12').set(as('read_write')).send({ enabled: false }).expect(200);
    await api().patch('/api/v1/webhooks/12').set(as('read_write')).send({}).expect(200);
    expect(sent(WebhooksSubjects.update)).toEqual([
      { caller: callerOf('read_write'), id: 12, changes: { enabled: false } },
      { caller: callerOf('read_write'), id: 12, changes: {} },
    ]);
    expect((await api().delete('/api/v1/webhooks/12').set(as('read_write')).expect(200)).body).toEqual({ success: true, message: 'Webhook 12 deleted' });
  });

  it('answers a non-integer id with 404, as /api_keys/:id does, without asking the service', async () => {
    for (const id of ['abc', '0', '-1', '1.5']) {
      const response = await api().get(`/api/v1/webhooks/${id}`).set(as('full_access')).expect(404);
      expect(response.body).toEqual({ error: 'not_found', message: `Webhook ${id} was not found` });
    }
    await api().post('/api/v1/webhooks/12/deliveries/x/redeliver').set(as('full_access')).expect(404);
    expect(sent(WebhooksSubjects.get)).toEqual([]);
    expect(sent(WebhooksSubjects.redeliver)).toEqual([]);
  });

  it('tests (200), lists deliveries with filters, and redelivers (202)', async () => {
    const tested = await api().post('/api/v1/webhooks/12/test').set(as('read_write')).expect(200);
    expect(tested.body.delivery.event).toBe('webhook.test');
    await api().get('/api/v1/webhooks/12/deliveries?status=failed&event=app.created&page=2').set(as('read_only')).expect(200);
    expect(sent(WebhooksSubjects.listDeliveries)).toEqual([
      { caller: callerOf('read_only'), id: 12, status: 'failed', event: 'app.created', page: 2, per_page: 25 },
    ]);
    const invalid = await api().get('/api/v1/webhooks/12/deliveries?status=lost').set(as('read_only')).expect(422);
    expect(invalid.body.errors).toEqual([{ field: 'status', message: 'must be one of pending, succeeded, failed' }]);
    expect((await api().post('/api/v1/webhooks/12/deliveries/301/redeliver').set(as('read_write')).expect(202)).body).toEqual({ delivery: DELIVERY });
    expect(sent(WebhooksSubjects.redeliver)).toEqual([{ caller: callerOf('read_write'), id: 12, delivery_id: 301 }]);
  });

  it('serves the callback secret at its own path, never as a webhook id', async () => {
    const read = await api().get('/api/v1/webhooks/callback_secret').set(as('read_only')).expect(200);
    expect(read.body).toEqual({ secret: 'whsec_callback0000000000000000000000' });
    const rotated = await api().post('/api/v1/webhooks/callback_secret/rotate').set(as('read_write')).expect(200);
    expect(rotated.body).toEqual({ secret: 'whsec_callback1111111111111111111111' });
    expect(sent(WebhooksSubjects.get)).toEqual([]);
  });

  it('needs webhooks:write for every change: a read_only key gets 403 naming it', async () => {
    const changes = [
      api().post('/api/v1/webhooks').send({ url: WEBHOOK.url, events: ['app.created'] }),
      api().patch('/api/v1/webhooks/12').send({ enabled: true }),
      api().delete('/api/v1/webhooks/12'),
      api().post('/api/v1/webhooks/12/test'),
      api().post('/api/v1/webhooks/12/deliveries/301/redeliver'),
      api().post('/api/v1/webhooks/callback_secret/rotate'),
    ];
    for (const change of changes) {
      const response = await change.set(as('read_only')).expect(403);
      expect(response.body).toEqual({ error: 'forbidden', message: 'This credential lacks the webhooks:write permission' });
    }
    await api().get('/api/v1/webhooks').expect(401);
  });

  it('documents every webhook route in the OpenAPI document', async () => {
    const { paths } = (await api().get('/openapi.json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(paths)
      .filter(([path]) => path.startsWith('/webhooks'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(operations).toEqual([
      'DELETE /webhooks/{id}',
      'GET /webhooks',
      'GET /webhooks/callback_secret',
      'GET /webhooks/{id}',
      'GET /webhooks/{id}/deliveries',
      'PATCH /webhooks/{id}',
      'POST /webhooks',
      'POST /webhooks/callback_secret/rotate',
      'POST /webhooks/{id}/deliveries/{delivery_id}/redeliver',
      'POST /webhooks/{id}/test',
    ]);
  });
});
