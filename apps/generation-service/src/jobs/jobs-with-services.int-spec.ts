import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { Client } from 'pg';
import {
  AppsSubjects,
  BillingSubjects,
  DeploymentSubjects,
  GenerationSubjects,
  GENERATION_CREDIT_COSTS,
  SCOPE_GRANTS,
  WebhooksSubjects,
  type Caller,
  type GenerationJobView,
} from '@appgen/contracts';
import { connectNats, RpcClient } from '@appgen/service-kit';
import {
  createScratchDatabase,
  startBuiltService,
  startNatsServer,
  rpcFailure,
  startServiceApp,
  until,
  waitForEvents,
  type BuiltService,
  type NatsServerHandle,
  type ScratchDatabase,
} from '@appgen/testing';
import { AppModule } from '../app.module';
import { loadGenerationConfig } from '../config/generation.config';
import { finished, pollJob } from './generation-service-under-test.testing';
import { queueFingerprint } from './queue-requests';

jest.setTimeout(60_000);

/**
 * Generation with the real apps-service, deployment-service and webhooks-service (as built by `npm run build`)
 * on a private NATS and a scratch database: a prompt becomes a saved version, defined entities and a built
 * preview bundle, and the job's callback_url hears how it ended.
 */

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
}

describe('generation-service with the real apps-service, deployment-service and webhooks-service', () => {
  let nats: NatsServerHandle;
  let database: ScratchDatabase;
  const services: BuiltService[] = [];
  let generation: INestMicroservice;
  let bus: NatsConnection;
  let rpc: RpcClient;
  let receiver: Server;
  let receiverUrl = '';
  const received: Received[] = [];
  /** statuses the receiver answers, in order, then 200 */
  const answers: number[] = [];
  const owner: Caller = { accountId: 7, email: 'owner7@example.com', plan: 'free', keyId: null, scope: 'full_access', grants: [...SCOPE_GRANTS.full_access] };

  const waitForJob = (id: string): Promise<GenerationJobView> => pollJob(rpc, owner, id, finished, 30_000);

  beforeAll(async () => {
    nats = await startNatsServer();
    database = await createScratchDatabase('appgen_gen3_real');
    const shared = { DATABASE_URL: database.url, NATS_URL: nats.url, SITE_URL: 'http://localhost:3000' };
    // One at a time: each runs its migrations, and the outbox migration creates the shared stream.
    services.push(await startBuiltService('apps-service', shared));
    // every job holds its credits with billing before it is queued
    services.push(await startBuiltService('billing-service', shared));
    services.push(await startBuiltService('deployment-service', { ...shared, PUBLIC_URL_SCHEME: 'http', PUBLIC_URL_PORT: '8080' }));
    services.push(
      await startBuiltService('webhooks-service', {
        ...shared,
        SECRETS_KEY: randomBytes(32).toString('base64'),
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_RETRY_SCHEDULE: '1,1,1',
      }),
    );
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, raw: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(answers.shift() ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/generation-done`;
    // A request that queued no job counts as abandoned after 2 s here (10 minutes by default).
    const config = loadGenerationConfig({ ...shared, GENERATION_POLL_MS: '200', GENERATION_ABANDONED_REQUEST_MS: '2000', LOG_LEVEL: 'warn' });
    generation = await startServiceApp('generation-service', AppModule.forConfig(config), nats.url);
    bus = await connectNats(nats.url, 'generation-real-test');
    rpc = new RpcClient(bus, 15_000);
  });

  afterAll(async () => {
    await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
    await generation?.close();
    for (const service of services.reverse()) await service.stop();
    await bus?.drain();
    await database?.drop();
    await nats?.stop();
  });

  it('turns a prompt into a generated app with its entities and a built preview, then updates it', async () => {
    const queued = await rpc.request(GenerationSubjects.queue, {
      caller: owner,
      prompt: 'A recipe manager where I save recipes with ingredients and cooking time and rate them',
    });
    expect(queued.app).toMatchObject({ id: queued.app_id, status: 'generating' });

    const job = await waitForJob(queued.job_id);
    const preview = `http://preview-${queued.app_id}.preview.localhost:8080`;
    expect(job).toMatchObject({ status: 'completed', progress: 100, message: `Your app is ready at ${preview}`, error: null });
    expect(job.app).toMatchObject({ id: queued.app_id, status: 'generated', preview_url: preview });
    expect(job.app.name).toMatch(/recipe/i);

    const { app } = await rpc.request(AppsSubjects.get, { caller: owner, id: queued.app_id });
    expect(app).toMatchObject({ status: 'generated', versions_count: 1, preview_url: preview });
    const { entities } = await rpc.request(AppsSubjects.listEntities, { app_id: queued.app_id });
    expect(entities.find((entity) => entity.name === 'recipes')?.fields.map((field) => field.name)).toEqual(
      expect.arrayContaining(['ingredients', 'cooking_time', 'rating']),
    );
    const bundle = await rpc.request(DeploymentSubjects.resolveBundle, { app_id: queued.app_id, environment: 'preview' });
    expect(bundle.paths).toEqual(expect.arrayContaining(['index.html', 'assets/app.js']));
    expect(await rpc.request(DeploymentSubjects.errors, { caller: owner, app_id: queued.app_id })).toMatchObject({ errors: [] });

    const update = await rpc.request(GenerationSubjects.queue, { caller: owner, prompt: 'add a category field to recipes', app_id: queued.app_id });
    const updated = await waitForJob(update.job_id);
    expect(updated).toMatchObject({ status: 'completed', app: { status: 'generated' } });
    const after = await rpc.request(AppsSubjects.listEntities, { app_id: queued.app_id });
    expect(after.entities.find((entity) => entity.name === 'recipes')?.fields.map((field) => field.name)).toContain('category');
    expect((await rpc.request(AppsSubjects.get, { caller: owner, id: queued.app_id })).app.versions_count).toBe(2);

    const events = await waitForEvents(bus, (all) => all.some((e) => e.event === 'app.generation.completed' && (e.data as { job_id?: string }).job_id === update.job_id));
    const kinds = events.filter((e) => (e.data as { job_id?: string }).job_id === queued.job_id).map((e) => e.event);
    expect(kinds).toEqual(['app.generation.started', 'app.generation.progress', 'app.generation.progress', 'app.generation.progress', 'app.generation.completed']);
  });

  const callbackOf = async (jobId: string, done: (job: GenerationJobView) => boolean): Promise<GenerationJobView> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const job = await rpc.request(GenerationSubjects.get, { caller: owner, id: jobId });
      if (done(job)) return job;
      if (Date.now() > deadline) throw new Error(`job ${jobId}'s callback stayed ${JSON.stringify(job.callback)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('posts the signed callback of a finished job to its callback_url, retries a 500 with the same delivery, and shows it delivered', async () => {
    answers.push(500);
    const queued = await rpc.request(GenerationSubjects.queue, {
      caller: owner,
      prompt: 'A plant care app where I keep my plants with species and watering interval in days',
      callback_url: receiverUrl,
      metadata: { order: 'A-17', tags: ['garden'] },
    });
    const job = await callbackOf(queued.job_id, (found) => found.callback?.status === 'succeeded');
    expect(job.status).toBe('completed');
    expect(job.callback).toMatchObject({ url: receiverUrl, status: 'succeeded', delivered: true, attempts: 2, response_status: 200, error: null });

    const attempts = received.filter((request) => request.raw.includes(queued.job_id) || request.raw.includes(queued.app_id));
    expect(attempts).toHaveLength(2);
    expect(attempts[1]?.raw).toBe(attempts[0]?.raw);
    expect(attempts[1]?.headers['x-service-delivery']).toBe(attempts[0]?.headers['x-service-delivery']);

    const { secret } = await rpc.request(WebhooksSubjects.getCallbackSecret, { caller: owner });
    for (const attempt of attempts) {
      const signature = String(attempt.headers['x-service-signature']);
      const t = /t=(\d+)/.exec(signature)?.[1] ?? '';
      expect(signature).toBe(`t=${t},v1=${createHmac('sha256', secret).update(`${t}.${attempt.raw}`).digest('hex')}`);
      expect(attempt.headers['x-service-event']).toBe('app.generation.completed');
    }
    expect(JSON.parse(attempts[0]?.raw ?? '{}')).toEqual({
      event: 'app.generation.completed',
      app_id: queued.app_id,
      app_name: job.app.name,
      status: 'generated',
      urls: { preview: job.app.preview_url, production: null, editor: `http://localhost:3000/account/apps/${queued.app_id}/editor` },
      generation: { message_id: queued.message_id, started_at: job.started_at, completed_at: job.completed_at },
      credits_used: GENERATION_CREDIT_COSTS.blueprint,
      tokens_used: { input: 0, output: 0 },
      metadata: { order: 'A-17', tags: ['garden'] },
    });
  });

  it('refuses, before creating anything, a callback_url that webhooks-service would not send to', async () => {
    const before = await rpc.request(AppsSubjects.list, { caller: owner, page: 1, per_page: 1 });
    const failure = await rpcFailure(
      rpc.request(GenerationSubjects.queue, { caller: owner, prompt: 'A guest book', callback_url: 'http://user:secret@127.0.0.1/done' }),
    );
    expect(failure).toMatchObject({
      status: 422,
      body: { error: 'validation_failed', errors: [{ field: 'callback_url', message: 'must not carry credentials' }] },
    });
    const after = await rpc.request(AppsSubjects.list, { caller: owner, page: 1, per_page: 1 });
    expect(after.meta.total_count).toBe(before.meta.total_count);
    expect(before.meta.total_count).toBeGreaterThan(0);
  });

  it('shows no callback for a job queued without a callback_url', async () => {
    const queued = await rpc.request(GenerationSubjects.queue, { caller: owner, prompt: 'A bookmark list with a url and a title' });
    expect((await waitForJob(queued.job_id)).callback).toBeNull();
  });

  describe('a request retried with its Idempotency-Key', () => {
    const balance = async (): Promise<number> => (await rpc.request(BillingSubjects.balance, { account_id: owner.accountId })).credits.balance;
    const appsOfOwner = async (): Promise<number> => (await rpc.request(AppsSubjects.list, { caller: owner, page: 1, per_page: 1 })).meta.total_count;

    /**
     * What a first attempt that died after holding the credits and creating the app left behind: its recorded
     * request, a reservation and a `generating` app, but no job.
     */
    async function diedBeforeQueuing(prompt: string, key: string): Promise<{ jobId: string; appId: string }> {
      const jobId = `job_${randomBytes(10).toString('hex')}`;
      await rpc.request(BillingSubjects.reserve, { account_id: owner.accountId, job_id: jobId, credits: GENERATION_CREDIT_COSTS.blueprint });
      const { app } = await rpc.request(AppsSubjects.create, { caller: owner, prompt, idempotency_key: `generation:${key}` });
      await rpc.request(AppsSubjects.setLifecycle, { caller: owner, id: app.id, changes: { status: 'generating' } });
      const sql = new Client({ connectionString: database.url });
      await sql.connect();
      try {
        await sql.query(
          `INSERT INTO generation.queue_requests (job_id, account_id, request_key, fingerprint, caller, app_id)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [jobId, owner.accountId, key, queueFingerprint({ caller: owner, prompt, idempotency_key: key }), JSON.stringify(owner), app.id],
        );
      } finally {
        await sql.end();
      }
      return { jobId, appId: app.id };
    }

    it('answers the job the first attempt queued, and holds its credits and creates its app once', async () => {
      const [credits, apps] = [await balance(), await appsOfOwner()];
      const request = { caller: owner, prompt: 'A plant watering log with plants and waterings', idempotency_key: 'plants-1' };
      const first = await rpc.request(GenerationSubjects.queue, request);
      const retry = await rpc.request(GenerationSubjects.queue, request);
      expect(retry).toMatchObject({ job_id: first.job_id, app_id: first.app_id, message_id: first.message_id, status: 'queued' });
      expect(await appsOfOwner()).toBe(apps + 1);
      expect(await balance()).toBe(credits - GENERATION_CREDIT_COSTS.blueprint);
      expect((await waitForJob(first.job_id)).status).toBe('completed');

      const other = await rpcFailure(rpc.request(GenerationSubjects.queue, { ...request, prompt: 'A different app altogether' }));
      expect(other).toMatchObject({ status: 422, body: { error: 'idempotency_key_reused' } });
      expect(await appsOfOwner()).toBe(apps + 1);
    });

    it('resumes a first attempt that died before queuing its job: the same job id, app and credits', async () => {
      const prompt = 'A chore chart for a shared flat with chores and who does them';
      const { jobId, appId } = await diedBeforeQueuing(prompt, 'chores-1');
      const [credits, apps] = [await balance(), await appsOfOwner()];
      const retry = await rpc.request(GenerationSubjects.queue, { caller: owner, prompt, idempotency_key: 'chores-1' });
      expect(retry).toMatchObject({ job_id: jobId, app_id: appId, status: 'queued' });
      expect([await balance(), await appsOfOwner()]).toEqual([credits, apps]);
      expect((await waitForJob(jobId)).status).toBe('completed');
    });

    it('gives back the credits and the app of a request whose job never came', async () => {
      const credits = await balance();
      const { appId } = await diedBeforeQueuing('A bird sightings list with species and places', 'birds-1');
      expect(await balance()).toBe(credits - GENERATION_CREDIT_COSTS.blueprint);
      // The sweeper releases the credits, then puts the app back: wait for both.
      const restored = async () => ({ balance: await balance(), status: (await rpc.request(AppsSubjects.get, { caller: owner, id: appId })).app.status });
      const now = await until('the credits and the app given back', restored, (state) => state.balance === credits && state.status === 'draft', 15_000, 200);
      expect(now).toEqual({ balance: credits, status: 'draft' });
    });
  });
});
