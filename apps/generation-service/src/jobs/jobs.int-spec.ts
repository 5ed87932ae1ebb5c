import type { INestMicroservice } from '@nestjs/common';
import { JSONCodec, type NatsConnection } from 'nats';
import { Client } from 'pg';
import {
  AppsSubjects,
  DeploymentSubjects,
  GenerationSubjects,
  type AppDetail,
  type AppPlan,
  type BuildView,
  type Caller,
  type DomainEvent,
  type EntityPlan,
  type GenerationJobView,
  type SourceFile,
} from '@appgen/contracts';
import { connectNats, RpcClient } from '@appgen/service-kit';
import {
  createScratchDatabase,
  readAllEvents,
  rpcFailure,
  startNatsServer,
  startServiceApp,
  testCaller,
  waitForEvents,
  type NatsServerHandle,
  type ScratchDatabase,
} from '@appgen/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppModule } from '../app.module';
import { planApp } from '../blueprint';
import { loadGenerationConfig } from '../config/generation.config';

const codec = JSONCodec<unknown>();

interface FakeVersion {
  id: number;
  key: string | undefined;
  files: SourceFile[];
  plan: AppPlan | null;
}

interface FakeApp {
  accountId: number;
  detail: AppDetail;
  versions: FakeVersion[];
  entities: Map<string, EntityPlan>;
}

type Reply = { response: unknown } | { err: { status: number; body: { error: string; message: string } } };

/**
 * Test double of apps-service and deployment-service on the private NATS: answers their subjects in the
 * Nest wire format, keeping apps, versions and entities in memory, so the worker's conversation with its
 * neighbours is checked against the contract until those services run here.
 */
class Neighbours {
  readonly apps = new Map<string, FakeApp>();
  buildOutcome: 'succeeded' | 'failed' = 'succeeded';
  /** while set, builds wait for it (a build in progress) */
  buildGate?: Promise<void>;
  builds = 0;
  private nextId = 1;

  listen(bus: NatsConnection): void {
    const handlers: Array<[string, (data: Record<string, unknown>) => Reply | Promise<Reply>]> = [
      [AppsSubjects.create, (data) => this.create(data)],
      [AppsSubjects.get, (data) => this.withApp(data, (app) => ({ response: { app: app.detail } }))],
      [AppsSubjects.update, (data) => this.withApp(data, (app) => this.update(app, data))],
      [AppsSubjects.setLifecycle, (data) => this.withApp(data, (app) => this.setLifecycle(app, data))],
      [AppsSubjects.saveVersion, (data) => this.withApp(data, (app) => this.saveVersion(app, data))],
      [AppsSubjects.defineEntity, (data) => this.withApp(data, (app) => this.defineEntity(app, data))],
      [AppsSubjects.latestPlan, (data) => this.withApp(data, (app) => ({ response: { plan: app.versions.at(-1)?.plan ?? null } }))],
      [DeploymentSubjects.build, (data) => this.build(data)],
    ];
    for (const [subject, handle] of handlers) {
      bus.subscribe(subject, {
        callback: (_error, message) => {
          const { data } = codec.decode(message.data) as { data: Record<string, unknown> };
          void Promise.resolve(handle(data)).then((reply) => message.respond(codec.encode({ ...reply, isDisposed: true })));
        },
      });
    }
  }

  add(accountId: number, name = 'Untitled App'): FakeApp {
    const id = `app${String(this.nextId++).padStart(9, '0')}`;
    const now = new Date().toISOString();
    const app: FakeApp = {
      accountId,
      versions: [],
      entities: new Map(),
      detail: {
        id,
        name,
        description: '',
        status: 'draft',
        visibility: 'public',
        ai_model: 'blueprint',
        preview_url: null,
        production_url: null,
        published_at: null,
        created_at: now,
        updated_at: now,
        creator: { id: accountId, email: `owner${accountId}@example.com` },
        versions_count: 0,
        files_count: 0,
        users_count: 0,
        urls: { editor: `https://appgen.test/account/apps/${id}/editor`, preview: null, production: null },
      },
    };
    this.apps.set(id, app);
    return app;
  }

  private create(data: Record<string, unknown>): Reply {
    const { accountId } = data['caller'] as Caller;
    const app = this.add(accountId, typeof data['name'] === 'string' ? data['name'] : 'Untitled App');
    return { response: { app: app.detail, message: `App ${app.detail.id} created as a draft.` } };
  }

  private withApp(data: Record<string, unknown>, handle: (app: FakeApp) => Reply | Promise<Reply>): Reply | Promise<Reply> {
    const { accountId } = data['caller'] as Caller;
    const id = String(data['id'] ?? data['app_id']);
    const app = this.apps.get(id);
    if (!app || app.accountId !== accountId) return { err: { status: 404, body: { error: 'not_found', message: `App ${id} was not found` } } };
    return handle(app);
  }

  private update(app: FakeApp, data: Record<string, unknown>): Reply {
    const changes = data['changes'] as { name?: string };
    if (changes.name) app.detail.name = changes.name;
    return { response: { app: app.detail } };
  }

  private setLifecycle(app: FakeApp, data: Record<string, unknown>): Reply {
    Object.assign(app.detail, data['changes']);
    return { response: { app: app.detail } };
  }

  private saveVersion(app: FakeApp, data: Record<string, unknown>): Reply {
    const key = data['idempotency_key'] as string | undefined;
    let version = app.versions.find((saved) => key !== undefined && saved.key === key);
    if (!version) {
      version = { id: this.nextId++, key, files: data['files'] as SourceFile[], plan: data['plan'] as AppPlan | null };
      app.versions.push(version);
      app.detail.versions_count = app.versions.length;
      app.detail.files_count = version.files.length;
    }
    const view = { id: version.id, app_id: app.detail.id, number: app.versions.indexOf(version) + 1, source: 'generation', files_count: version.files.length, created_at: new Date().toISOString() };
    return { response: { version: view } };
  }

  private defineEntity(app: FakeApp, data: Record<string, unknown>): Reply {
    const entity = data['entity'] as EntityPlan;
    app.entities.set(entity.name, entity);
    return { response: { entity } };
  }

  private async build(data: Record<string, unknown>): Promise<Reply> {
    this.builds += 1;
    await this.buildGate;
    return this.withApp(data, (app) => {
      const failed = this.buildOutcome === 'failed';
      if (!failed) app.detail.preview_url = `http://preview-${app.detail.id}.preview.localhost:8080`;
      const build: BuildView = {
        id: this.builds,
        app_id: app.detail.id,
        version_id: Number(data['version_id']),
        status: this.buildOutcome,
        errors: failed
          ? [
              {
                message: 'src/main.ts:3:18: Unexpected ";"',
                error_type: 'build_error',
                file: 'src/main.ts',
                suggested_action: 'Fix the syntax error in src/main.ts',
                fix_url: `https://appgen.test/account/apps/${app.detail.id}/editor?file=src/main.ts&line=3`,
                recoverable: true,
                occurred_at: new Date().toISOString(),
              },
            ]
          : [],
        created_at: new Date().toISOString(),
      };
      return { response: { build } };
    });
  }
}

jest.setTimeout(30_000);

describe('generation-service: jobs run by the worker', () => {
  let nats: NatsServerHandle;
  let database: ScratchDatabase;
  let service: INestMicroservice | undefined;
  let bus: NatsConnection;
  let rpc: RpcClient;
  const neighbours = new Neighbours();
  let chatApi: Server;
  let chatApiUrl = '';
  const chatRequests: Array<{ model: string; authorization: string | undefined }> = [];
  const alice = testCaller(1);
  const bob = testCaller(2);

  const start = async (extra: Record<string, string> = {}): Promise<void> => {
    const config = loadGenerationConfig({
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      SITE_URL: 'https://appgen.test',
      GENERATION_POLL_MS: '200',
      GENERATION_CONCURRENCY: '1',
      OPENAI_BASE_URL: chatApiUrl,
      OPENAI_API_KEY: 'sk-local',
      LOG_LEVEL: 'warn',
      ...extra,
    });
    service = await startServiceApp('generation-service', AppModule.forConfig(config), nats.url);
  };

  const waitForJob = async (id: string, done: (job: GenerationJobView) => boolean, as = alice): Promise<GenerationJobView> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const job = await rpc.request(GenerationSubjects.get, { caller: as, id });
      if (done(job)) return job;
      if (Date.now() > deadline) throw new Error(`job ${id} stayed ${job.status} at ${job.progress}: ${job.message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const finished = (job: GenerationJobView): boolean => ['completed', 'failed', 'cancelled'].includes(job.status);
  const eventsOf = (events: DomainEvent[], jobId: string): DomainEvent[] =>
    events.filter((event) => (event.data as { job_id?: string }).job_id === jobId);

  beforeAll(async () => {
    nats = await startNatsServer();
    database = await createScratchDatabase('appgen_gen3_it');
    bus = await connectNats(nats.url, 'generation-service-test');
    neighbours.listen(bus);
    rpc = new RpcClient(bus, 10_000);
    // An OpenAI-compatible chat API on this machine, answering every request with a plan for habits.
    chatApi = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as { model: string };
        chatRequests.push({ model: body.model, authorization: req.headers['authorization'] });
        const content = JSON.stringify(planApp('a habit tracker where I log habits with a daily goal and a streak'));
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ choices: [{ message: { role: 'assistant', content } }], usage: { prompt_tokens: 900, completion_tokens: 300 } }),
        );
      });
    });
    await new Promise<void>((resolve) => chatApi.listen(0, '127.0.0.1', resolve));
    chatApiUrl = `http://127.0.0.1:${(chatApi.address() as AddressInfo).port}/v1`;
    await start();
  }, 30_000);

  afterAll(async () => {
    await service?.close();
    await bus?.drain();
    await database?.drop();
    await nats?.stop();
    await new Promise<void>((resolve) => (chatApi ? chatApi.close(() => resolve()) : resolve()));
  });

  beforeEach(() => {
    neighbours.buildOutcome = 'succeeded';
    neighbours.buildGate = undefined;
  });

  it('queues a prompt, runs it to a built preview and reports every checkpoint as an event', async () => {
    const prompt = 'A recipe manager where I save recipes with ingredients and cooking time and rate them';
    const queued = await rpc.request(GenerationSubjects.queue, {
      caller: alice,
      prompt,
      metadata: { order: 42 },
    });
    expect(queued).toMatchObject({
      status: 'queued',
      estimated_time_seconds: 5,
      webhook_events: ['app.generation.started', 'app.generation.progress', 'app.generation.completed', 'app.generation.failed'],
      status_url: `https://appgen.test/api/v1/generation_queue/${queued.job_id}`,
      app_url: `https://appgen.test/account/apps/${queued.app_id}/editor`,
      app: { id: queued.app_id, status: 'generating' },
    });
    expect(queued.job_id).toMatch(/^job_[a-z0-9]{20}$/);
    expect(Number.isInteger(queued.message_id)).toBe(true);

    const job = await waitForJob(queued.job_id, finished);
    const preview = `http://preview-${queued.app_id}.preview.localhost:8080`;
    expect(job).toMatchObject({
      job_id: queued.job_id,
      app_id: queued.app_id,
      message_id: queued.message_id,
      status: 'completed',
      progress: 100,
      message: `Your app is ready at ${preview}`,
      app: { id: queued.app_id, status: 'generated', preview_url: preview, production_url: null },
      error: null,
    });
    expect(job.app.name).toMatch(/recipe/i);
    expect(job.started_at).not.toBeNull();
    expect(job.completed_at).not.toBeNull();

    const app = neighbours.apps.get(queued.app_id);
    expect(app?.versions).toHaveLength(1);
    expect(app?.versions[0]?.key).toBe(queued.job_id);
    expect(app?.versions[0]?.files.map((file) => file.path)).toEqual(expect.arrayContaining(['index.html', 'src/main.ts', 'AGENTS.md']));
    const recipes = app?.entities.get('recipes');
    expect(recipes?.fields.map((field) => field.name)).toEqual(expect.arrayContaining(['ingredients', 'cooking_time', 'rating']));

    const events = eventsOf(await waitForEvents(bus, (all) => eventsOf(all, queued.job_id).some((e) => e.event === 'app.generation.completed')), queued.job_id);
    expect(events.map((event) => [event.event, (event.data as { progress: number }).progress])).toEqual([
      ['app.generation.started', 10],
      ['app.generation.progress', 25],
      ['app.generation.progress', 50],
      ['app.generation.progress', 75],
      ['app.generation.completed', 100],
    ]);
    expect(events[1]?.data).toMatchObject({ message: expect.stringMatching(/^Planning .*Recipe.*: \d+ entit(y|ies), \d+ pages$/) });
    expect(events[2]?.data).toMatchObject({ message: expect.stringMatching(/^Writing \d+ files for /) });
    expect(events[3]?.data).toMatchObject({ message: 'Building the preview' });
    expect(events[4]).toMatchObject({
      account_id: 1,
      app_id: queued.app_id,
      data: { job_id: queued.job_id, message_id: queued.message_id, status: 'completed', progress: 100, message: `Your app is ready at ${preview}` },
    });

    const latest = await rpc.request(GenerationSubjects.latestForApp, { caller: alice, app_id: queued.app_id });
    expect(latest.generation).toEqual({ status: 'completed', started_at: job.started_at, completed_at: job.completed_at });
  });

  it('reads a job by its message id too, and hides it from other accounts', async () => {
    const queued = await rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'a tracker for my houseplants with watering dates' });
    const byMessage = await waitForJob(String(queued.message_id), finished);
    expect(byMessage.job_id).toBe(queued.job_id);
    expect(await rpc.request(GenerationSubjects.get, { caller: alice, id: queued.job_id })).toEqual(byMessage);

    for (const id of [queued.job_id, String(queued.message_id)]) {
      expect(await rpcFailure(rpc.request(GenerationSubjects.get, { caller: bob, id }))).toMatchObject({ status: 404, body: { error: 'not_found' } });
      expect(await rpcFailure(rpc.request(GenerationSubjects.cancel, { caller: bob, id }))).toMatchObject({ status: 404 });
    }
    expect(await rpcFailure(rpc.request(GenerationSubjects.get, { caller: alice, id: 'job_doesnotexist0000000' }))).toMatchObject({ status: 404 });
    expect(await rpcFailure(rpc.request(GenerationSubjects.get, { caller: alice, id: 'not-a-job' }))).toMatchObject({ status: 404 });
    expect(await rpc.request(GenerationSubjects.latestForApp, { caller: bob, app_id: queued.app_id })).toEqual({ generation: null });
  });

  it('refuses invalid requests with 422 listing each field, and an unknown app with 404', async () => {
    const invalid = await rpcFailure(
      rpc.request(GenerationSubjects.queue, {
        caller: alice,
        prompt: '   ',
        callback_url: 'ftp://example.com/x',
        metadata: { blob: 'x'.repeat(17_000) },
      }),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.body.error).toBe('validation_failed');
    expect(invalid.body.errors?.map((error) => error.field).sort()).toEqual(['callback_url', 'metadata', 'prompt']);

    const tooLong = await rpcFailure(rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'a'.repeat(10_001) }));
    expect(tooLong).toMatchObject({ status: 422, body: { errors: [{ field: 'prompt', message: 'must be at most 10000 characters' }] } });

    const unknown = await rpcFailure(rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'add a category', app_id: 'appmissing000' }));
    expect(unknown).toMatchObject({ status: 404, body: { error: 'not_found' } });
    const others = neighbours.add(bob.accountId);
    expect(await rpcFailure(rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'add a category', app_id: others.detail.id }))).toMatchObject({ status: 404 });
  });

  it('says which models it offers, and refuses any other ai_model and text that is not one line', async () => {
    expect(await rpc.request(GenerationSubjects.offeredModels, {})).toEqual({ models: ['blueprint', 'openai'] });
    const refused = await rpcFailure(
      rpc.request(GenerationSubjects.queue, {
        caller: alice,
        prompt: 'A guest book\r\nwith messages',
        name: 'Guests\u202Ekoob',
        description: 'a'.repeat(2001),
        ai_model: 'gpt-4o',
        metadata: Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`key${index}`, index])),
      }),
    );
    expect(refused).toMatchObject({ status: 422, body: { error: 'validation_failed' } });
    expect(refused.body.errors).toEqual([
      { field: 'name', message: 'must not contain bidirectional text controls (U+202E at character 7)' },
      { field: 'metadata', message: 'must have at most 50 keys' },
      { field: 'description', message: 'must be at most 2000 characters' },
    ]);
    // Which models are offered is asked once the message keeps its contract.
    const unoffered = await rpcFailure(rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'A guest book', ai_model: 'gpt-4o' }));
    expect(unoffered.body.errors).toEqual([{ field: 'ai_model', message: 'must be a model this server offers: blueprint, openai' }]);
  });

  it('updates an existing app from its latest plan', async () => {
    const first = await rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'A recipe manager where I save recipes with ingredients and cooking time' });
    await waitForJob(first.job_id, finished);
    const update = await rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'add a category field to recipes', app_id: first.app_id });
    expect(update.app_id).toBe(first.app_id);
    const job = await waitForJob(update.job_id, finished);
    expect(job.status).toBe('completed');
    const app = neighbours.apps.get(first.app_id);
    expect(app?.versions).toHaveLength(2);
    expect(app?.versions[1]?.plan?.prompts).toHaveLength(2);
    expect(app?.entities.get('recipes')?.fields.map((field) => field.name)).toEqual(expect.arrayContaining(['category', 'cooking_time']));
    const events = eventsOf(await waitForEvents(bus, (all) => eventsOf(all, update.job_id).length === 5), update.job_id);
    expect(events[1]?.data).toMatchObject({ message: expect.stringMatching(/^Updating /) });
  });

  it('plans with the openai engine when ai_model names it, and records the tokens it spent', async () => {
    const queued = await rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'track my habits', ai_model: 'openai' });
    expect(queued.estimated_time_seconds).toBe(45);
    const job = await waitForJob(queued.job_id, finished);
    expect(job).toMatchObject({ status: 'completed', progress: 100, estimated_time_seconds: 45 });
    expect(chatRequests.at(-1)).toEqual({ model: 'gpt-4o-mini', authorization: 'Bearer sk-local' });
    expect(neighbours.apps.get(queued.app_id)?.versions[0]?.plan?.prompts).toEqual(['track my habits']);
    const db = new Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ tokens_input: number; tokens_output: number }>(
        'SELECT tokens_input, tokens_output FROM generation.generation_jobs WHERE job_id = $1',
        [queued.job_id],
      );
      expect(rows[0]).toEqual({ tokens_input: 900, tokens_output: 300 });
    } finally {
      await db.end();
    }
  });

  it('fails the job and the app when the build fails, with the build error as the reason', async () => {
    neighbours.buildOutcome = 'failed';
    const queued = await rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'a reading list with books and authors' });
    const job = await waitForJob(queued.job_id, finished);
    expect(job).toMatchObject({
      status: 'failed',
      progress: 75,
      error: 'The build failed: src/main.ts:3:18: Unexpected ";"',
      message: 'Failed: The build failed: src/main.ts:3:18: Unexpected ";"',
      app: { status: 'failed' },
    });
    const events = eventsOf(await waitForEvents(bus, (all) => eventsOf(all, queued.job_id).some((e) => e.event === 'app.generation.failed')), queued.job_id);
    expect(events.at(-1)).toMatchObject({ event: 'app.generation.failed', data: { status: 'failed', error: 'The build failed: src/main.ts:3:18: Unexpected ";"' } });
    expect(await rpc.request(GenerationSubjects.cancel, { caller: alice, id: queued.job_id })).toEqual({ cancelled: false, job_id: queued.job_id });
  });

  it('cancels running and queued jobs: the running build is ignored, the queued job never runs', async () => {
    let openGate = (): void => undefined;
    neighbours.buildGate = new Promise<void>((resolve) => (openGate = resolve));
    const buildsBefore = neighbours.builds;
    const running = await rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'a gym log with workouts, sets and reps' });
    await waitForJob(running.job_id, (job) => job.progress === 75);
    // Concurrency 1: this one waits behind the running job.
    const waiting = await rpc.request(GenerationSubjects.queue, { caller: alice, prompt: 'a contact list with phone numbers' });

    expect(await rpc.request(GenerationSubjects.cancel, { caller: alice, id: waiting.job_id })).toEqual({ cancelled: true, job_id: waiting.job_id });
    expect(await rpc.request(GenerationSubjects.cancel, { caller: alice, id: String(running.message_id) })).toEqual({ cancelled: true, job_id: running.job_id });
    openGate();

    const cancelled = await waitForJob(running.job_id, finished);
    expect(cancelled).toMatchObject({ status: 'cancelled', progress: 75 });
    // The running job had saved its version before it was cancelled: the app keeps it.
    expect(neighbours.apps.get(running.app_id)?.detail.status).toBe('generated');
    const never = await rpc.request(GenerationSubjects.get, { caller: alice, id: waiting.job_id });
    expect(never).toMatchObject({ status: 'cancelled', progress: 5, started_at: null, app: { status: 'draft' } });

    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(neighbours.builds).toBe(buildsBefore + 1);
    expect((await rpc.request(GenerationSubjects.get, { caller: alice, id: running.job_id })).status).toBe('cancelled');
    expect(await rpc.request(GenerationSubjects.cancel, { caller: alice, id: running.job_id })).toEqual({ cancelled: false, job_id: running.job_id });
    const events = await readAllEvents(bus);
    expect(eventsOf(events, waiting.job_id).map((event) => event.event)).toEqual(['app.generation.failed']);
    expect(eventsOf(events, running.job_id).some((event) => event.event === 'app.generation.completed')).toBe(false);
  });

  it('after a restart, resumes a job its dead worker left processing and fails one that was interrupted too often', async () => {
    await service?.close();
    service = undefined;
    const stuck = neighbours.add(alice.accountId);
    const exhausted = neighbours.add(alice.accountId);
    stuck.detail.status = 'generating';
    exhausted.detail.status = 'generating';
    const db = new Client({ connectionString: database.url });
    await db.connect();
    try {
      const insert = `INSERT INTO generation.generation_jobs
          (job_id, account_id, caller, app_id, app_created_at, prompt, name, engine, status, progress, message, attempts, heartbeat_at, started_at)
        VALUES ($1, $2, $3, $4, now(), $5, 'Untitled App', 'blueprint', 'processing', 50, 'Writing 20 files', $6, now() - interval '2 minutes', now() - interval '2 minutes')`;
      await db.query(insert, ['job_stuckstuckstuckstuck', 1, JSON.stringify(alice), stuck.detail.id, 'a habit tracker with daily check-ins', 1]);
      await db.query(insert, ['job_exhaustedexhausted00', 1, JSON.stringify(alice), exhausted.detail.id, 'a budget with expenses', 3]);
    } finally {
      await db.end();
    }
    await start();

    const resumed = await waitForJob('job_stuckstuckstuckstuck', finished);
    expect(resumed).toMatchObject({ status: 'completed', progress: 100, app: { status: 'generated' } });
    expect(stuck.versions).toHaveLength(1);
    const gaveUp = await waitForJob('job_exhaustedexhausted00', finished);
    expect(gaveUp).toMatchObject({ status: 'failed', error: 'The generation was interrupted 3 times and was given up', app: { status: 'failed' } });
    expect(exhausted.versions).toHaveLength(0);

    const events = await waitForEvents(bus, (all) => eventsOf(all, 'job_stuckstuckstuckstuck').some((e) => e.event === 'app.generation.completed'));
    expect(eventsOf(events, 'job_stuckstuckstuckstuck')[0]).toMatchObject({
      event: 'app.generation.started',
      data: { message: 'Starting again after an interruption: reading your prompt' },
    });
  });
});
