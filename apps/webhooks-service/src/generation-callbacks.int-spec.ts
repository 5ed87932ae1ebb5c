import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { WebhooksSubjects } from '@appgen/contracts';
import { rpcFailure, testCaller, verifyWebhook } from '@appgen/testing';
import { ACCOUNT, OTHER_ACCOUNT, caller, rpc, scripts, receiverUrl, eventually, at, useWebhooksServiceUnderTest } from './webhooks-service-under-test.testing';

useWebhooksServiceUnderTest();

describe('generation callbacks', () => {
  const body = {
    event: 'app.generation.completed' as const,
    app_id: 'recipes00001',
    app_name: 'Recipe Box',
    status: 'generated' as const,
    urls: { preview: null, production: null, editor: 'https://appgen.example/account/apps/recipes00001/editor' },
    generation: { message_id: 1, started_at: null, completed_at: null },
    metadata: {},
  };

  it('signs a callback with the account callback secret, once per job, and rotates the secret', async () => {
    const { secret } = await rpc.request(WebhooksSubjects.getCallbackSecret, { caller });
    expect(secret).toMatch(/^whcs_[0-9A-Za-z]{32}$/);
    expect((await rpc.request(WebhooksSubjects.getCallbackSecret, { caller })).secret).toBe(secret);
    const job = { account_id: ACCOUNT, job_id: randomUUID(), url: receiverUrl('/callback'), body };
    expect(await rpc.request(WebhooksSubjects.enqueueCallback, job)).toEqual({ accepted: true });
    await rpc.request(WebhooksSubjects.enqueueCallback, job);
    const [sent] = await eventually(() => at('/callback'), (list) => list.length === 1);
    expect(JSON.parse(sent?.body ?? '{}')).toEqual(body);
    expect(sent?.headers['x-service-event']).toBe('app.generation.completed');
    expect(verifyWebhook(secret, String(sent?.headers['x-service-signature']), sent?.body ?? '')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(at('/callback')).toHaveLength(1);

    const rotated = await rpc.request(WebhooksSubjects.rotateCallbackSecret, { caller });
    expect(rotated.secret).toMatch(/^whcs_/);
    expect(rotated.secret).not.toBe(secret);
    expect((await rpc.request(WebhooksSubjects.getCallbackSecret, { caller })).secret).toBe(rotated.secret);
    expect((await rpc.request(WebhooksSubjects.getCallbackSecret, { caller: testCaller(OTHER_ACCOUNT) })).secret).not.toBe(rotated.secret);
  });

  it('sends a callback whose receiver answers 410 Gone no more', async () => {
    scripts.set('/callback-gone', [410]);
    const jobId = randomUUID();
    await rpc.request(WebhooksSubjects.enqueueCallback, { account_id: ACCOUNT, job_id: jobId, url: receiverUrl('/callback-gone'), body });
    const { deliveries } = await eventually(
      () => rpc.request(WebhooksSubjects.callbackDeliveries, { account_id: ACCOUNT, job_ids: [jobId] }),
      (result) => result.deliveries[jobId]?.status === 'failed',
    );
    expect(deliveries[jobId]).toMatchObject({ attempts: 1, response_status: 410, next_attempt_at: null, error: 'the receiver answered 410 Gone; the callback is not sent again' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(at('/callback-gone')).toHaveLength(1);
  });

  it('refuses a callback_url that is not http(s) with 422', async () => {
    const failure = await rpcFailure(rpc.request(WebhooksSubjects.enqueueCallback, { account_id: ACCOUNT, job_id: randomUUID(), url: 'file:///etc/passwd', body }));
    expect(failure).toMatchObject({ status: 422, body: { errors: [{ field: 'callback_url', message: 'must use http or https' }] } });
  });
});
