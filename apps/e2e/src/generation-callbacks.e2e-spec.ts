import { GENERATION_CREDIT_COSTS, type GenerationCallbackView } from '@appgen/contracts';
import { adminAccount, api, closeBus, startWebhookReceiver, verifyWebhook, waitFor, type ReceivedRequest, type TestAccount, type WebhookReceiver } from './support';

interface JobView {
  job_id: string;
  status: string;
  started_at: string | null;
  completed_at: string | null;
  app: { name: string; preview_url: string | null; production_url: string | null };
  callback: GenerationCallbackView | null;
}

/**
 * A caller queues a generation with a callback_url and is told, by a signed POST, how it ended (contract
 * section 6, decisions.md "Webhooks"); the job itself shows whether that POST was delivered.
 */
describe('generation callbacks: the callback_url hears how the job ended', () => {
  let owner: TestAccount;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'callbacks');
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await closeBus();
  });

  const callbackSecret = async (): Promise<string> => {
    const response = await api().get('/api/v1/webhooks/callback_secret').set('X-API-Key', owner.key).expect(200);
    return response.body.secret;
  };

  const queue = async (path: string, extra: Record<string, unknown> = {}): Promise<{ job_id: string; app_id: string; message_id: number }> => {
    const response = await api()
      .post('/api/v1/generation_queue')
      .set('X-API-Key', owner.key)
      .send({ prompt: 'A plant care app where I keep my plants with species and a watering interval in days', callback_url: receiver.urlFor(path), ...extra })
      .expect(202);
    return response.body;
  };

  const job = async (jobId: string): Promise<JobView> => (await api().get(`/api/v1/generation_queue/${jobId}`).set('X-API-Key', owner.key).expect(200)).body;

  const callsTo = (path: string): ReceivedRequest[] => receiver.received.filter((request) => request.path === path);

  it('posts the contract body, signed with the callback secret, and the job shows it delivered', async () => {
    const secret = await callbackSecret();
    expect(secret).toMatch(/^whcs_[0-9A-Za-z]{32}$/);
    const queued = await queue('/done/first', { metadata: { order: 'A-17', customer: { id: 9 } } });

    const call = await waitFor(() => callsTo('/done/first')[0], 30_000, 'no callback arrived');
    expect(call.method).toBe('POST');
    expect(call.headers['content-type']).toMatch(/^application\/json/);
    expect(call.headers['x-service-event']).toBe('app.generation.completed');
    expect(call.headers['x-service-delivery']).toMatch(/^\d+$/);
    expect(call.headers['x-service-timestamp']).toBe(/t=(\d+)/.exec(String(call.headers['x-service-signature']))?.[1]);
    expect(verifyWebhook(secret, String(call.headers['x-service-signature']), call.raw)).toBe(true);

    const finished = await waitFor(async () => {
      const found = await job(queued.job_id);
      return found.callback?.delivered ? found : undefined;
    });
    expect(finished.status).toBe('completed');
    expect(JSON.parse(call.raw)).toEqual({
      event: 'app.generation.completed',
      app_id: queued.app_id,
      app_name: finished.app.name,
      status: 'generated',
      urls: {
        preview: finished.app.preview_url,
        production: null,
        editor: expect.stringMatching(new RegExp(`/account/apps/${queued.app_id}/editor$`)),
      },
      generation: { message_id: queued.message_id, started_at: finished.started_at, completed_at: finished.completed_at },
      credits_used: GENERATION_CREDIT_COSTS.blueprint,
      tokens_used: { input: 0, output: 0 },
      metadata: { order: 'A-17', customer: { id: 9 } },
    });
    expect(finished.callback).toMatchObject({
      url: receiver.urlFor('/done/first'),
      status: 'succeeded',
      delivered: true,
      attempts: 1,
      response_status: 200,
      error: null,
      next_attempt_at: null,
    });
    expect(Date.parse(finished.callback?.delivered_at ?? '')).not.toBeNaN();
  });

  it('retries a callback its receiver answered 500, with the same delivery id and body, and shows the retry on the job', async () => {
    receiver.respond((request, earlier) => ({
      status: request.path === '/done/flaky' && !earlier.some((seen) => seen.path === '/done/flaky') ? 500 : 200,
    }));
    try {
      const queued = await queue('/done/flaky');
      const failedFirst = await waitFor(async () => {
        const found = await job(queued.job_id);
        return found.callback?.attempts === 1 ? found : undefined;
      }, 30_000, 'the first attempt was not recorded');
      expect(failedFirst.callback).toMatchObject({ status: 'pending', delivered: false, response_status: 500, error: 'the receiver answered HTTP 500' });
      expect(Date.parse(failedFirst.callback?.next_attempt_at ?? '')).toBeGreaterThan(Date.now() - 1000);

      const [first, second] = await waitFor(() => {
        const calls = callsTo('/done/flaky');
        return calls.length >= 2 ? calls : undefined;
      }, 30_000, 'the callback was not retried');
      expect(second?.headers['x-service-delivery']).toBe(first?.headers['x-service-delivery']);
      expect(second?.raw).toBe(first?.raw);
      const delivered = await waitFor(async () => {
        const found = await job(queued.job_id);
        return found.callback?.delivered ? found : undefined;
      });
      expect(delivered.callback).toMatchObject({ status: 'succeeded', attempts: 2, response_status: 200, error: null });
    } finally {
      receiver.respond(() => ({ status: 200 }));
    }
  });

  it('signs callbacks with the rotated secret once the account rotates it', async () => {
    const before = await callbackSecret();
    const rotated = await api().post('/api/v1/webhooks/callback_secret/rotate').set('X-API-Key', owner.key).expect(200);
    expect(rotated.body.secret).toMatch(/^whcs_[0-9A-Za-z]{32}$/);
    expect(rotated.body.secret).not.toBe(before);
    expect(await callbackSecret()).toBe(rotated.body.secret);

    await queue('/done/rotated');
    const call = await waitFor(() => callsTo('/done/rotated')[0], 30_000, 'no callback arrived');
    const signature = String(call.headers['x-service-signature']);
    expect(verifyWebhook(rotated.body.secret, signature, call.raw)).toBe(true);
    expect(verifyWebhook(before, signature, call.raw)).toBe(false);
  });

  it('shows callback null on a job queued without a callback_url, and refuses a callback_url that is not http(s)', async () => {
    const queued = await api()
      .post('/api/v1/generation_queue')
      .set('X-API-Key', owner.key)
      .send({ prompt: 'A guest book where visitors leave a name and a message' })
      .expect(202);
    expect((await job(queued.body.job_id)).callback).toBeNull();

    const refused = await api()
      .post('/api/v1/generation_queue')
      .set('X-API-Key', owner.key)
      .send({ prompt: 'A guest book', callback_url: 'ftp://example.com/done' })
      .expect(422);
    expect(refused.body).toMatchObject({ error: 'validation_failed', errors: [expect.objectContaining({ field: 'callback_url' })] });
  });
});
