import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { Client } from 'pg';
import {
  AppsSubjects,
  DeploymentSubjects,
  GenerationSubjects,
  SCOPE_GRANTS,
  type Caller,
  type GenerationEventData,
  type GenerationJobView,
  type SourceFile,
} from '@appgen/contracts';
import { connectNats, RpcClient } from '@appgen/service-kit';
import {
  createScratchDatabase,
  loadConversation,
  waitForEvents,
  ScriptedChatApi,
  startBuiltService,
  startNatsServer,
  startServiceApp,
  type BuiltService,
  type ChatConversation,
  type NatsServerHandle,
  type ScratchDatabase,
} from '@appgen/testing';
import { AppModule } from '../app.module';
import { loadGenerationConfig } from '../config/generation.config';
import { finished, pollJob } from './generation-service-under-test.testing';

jest.setTimeout(90_000);

const FIXTURES = join(__dirname, '../engines/fixtures');
const fixture = (name: string): ChatConversation => loadConversation(join(FIXTURES, `${name}.json`));
/** The owner's own edit of the app the revision conversation was recorded on. */
const ownerEdit = JSON.parse(readFileSync(join(FIXTURES, 'owner-edit.json'), 'utf8')) as SourceFile;

/**
 * The openai engine with the real apps-service and deployment-service (from `npm run build`) on a private NATS and a
 * scratch database, its model a scripted chat API replaying recorded conversations: the model's files are checked
 * by deployment-service's builder while it repairs them, saved as a version, and built into the preview.
 */
describe('the openai engine writing and repairing code, with the real apps-service and deployment-service', () => {
  let nats: NatsServerHandle;
  let database: ScratchDatabase;
  const services: BuiltService[] = [];
  let generation: INestMicroservice;
  let bus: NatsConnection;
  let rpc: RpcClient;
  let api: ScriptedChatApi;
  const owner: Caller = { accountId: 12, email: 'owner12@example.com', plan: 'free', keyId: null, scope: 'full_access', grants: [...SCOPE_GRANTS.full_access] };

  const waitForJob = (id: string): Promise<GenerationJobView> => pollJob(rpc, owner, id, finished, 60_000);
  const tokensOf = async (jobId: string): Promise<{ input: number; output: number }> => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ tokens_input: number; tokens_output: number }>(
        'SELECT tokens_input, tokens_output FROM generation.generation_jobs WHERE job_id = $1',
        [jobId],
      );
      return { input: rows[0]?.tokens_input ?? -1, output: rows[0]?.tokens_output ?? -1 };
    } finally {
      await client.end();
    }
  };
  const filesOf = async (appId: string): Promise<Map<string, string>> => {
    const { files } = await rpc.request(AppsSubjects.listFiles, { caller: owner, id: appId });
    return new Map(files.map((file) => [file.path, file.content]));
  };
  const progressOf = async (jobId: string): Promise<string[]> =>
    (await waitForEvents(bus, (all) => all.some((e) => e.event === 'app.generation.completed' && (e.data as GenerationEventData).job_id === jobId)))
      .filter((event) => event.event === 'app.generation.progress' && (event.data as GenerationEventData).job_id === jobId)
      .map((event) => (event.data as GenerationEventData).message);
  const previewScript = async (appId: string): Promise<string> => {
    const bundle = await rpc.request(DeploymentSubjects.resolveBundle, { app_id: appId, environment: 'preview' });
    return (await rpc.request(DeploymentSubjects.bundleFile, { build_id: bundle.build_id, path: 'assets/app.js' })).content;
  };

  beforeAll(async () => {
    api = await new ScriptedChatApi().start();
    nats = await startNatsServer();
    database = await createScratchDatabase('appgen_gen_llm');
    const shared = { DATABASE_URL: database.url, NATS_URL: nats.url, SITE_URL: 'http://localhost:3000' };
    services.push(await startBuiltService('apps-service', shared));
    // every job holds its credits with billing before it is queued
    services.push(await startBuiltService('billing-service', shared));
    services.push(await startBuiltService('deployment-service', { ...shared, PUBLIC_URL_SCHEME: 'http', PUBLIC_URL_PORT: '8080' }));
    const config = loadGenerationConfig({
      ...shared,
      GENERATOR: 'openai',
      OPENAI_BASE_URL: api.url,
      OPENAI_MODEL: 'gpt-recorded',
      OPENAI_CODE_MAX_STEPS: '3',
      GENERATION_POLL_MS: '200',
      LOG_LEVEL: 'warn',
    });
    generation = await startServiceApp('generation-service', AppModule.forConfig(config), nats.url);
    bus = await connectNats(nats.url, 'generation-llm-test');
    rpc = new RpcClient(bus, 15_000);
  });

  afterAll(async () => {
    await generation?.close();
    for (const service of services.reverse()) await service.stop();
    await bus?.drain();
    await database?.drop();
    await nats?.stop();
    await api?.stop();
  });

  it('repairs a build the model broke, saves the files as a version and builds the preview; an update keeps the owner’s edit', async () => {
    const created = fixture('new-app-repair');
    api.play(created);
    const queued = await rpc.request(GenerationSubjects.queue, { caller: owner, prompt: created.prompt ?? '' });

    const job = await waitForJob(queued.job_id);
    expect(api.mismatches).toEqual([]);
    expect(job).toMatchObject({ status: 'completed', progress: 100, error: null, app: { status: 'generated', name: 'Habit Tracker' } });
    expect(await progressOf(queued.job_id)).toEqual([
      expect.stringMatching(/^Planning Habit Tracker: 1 entity, /),
      'Writing the code of Habit Tracker with gpt-recorded',
      'Build failed: 1 error, repairing (step 1 of 3)',
      'Writing src/views/stats.ts: it builds (step 2 of 3)',
      'The app builds: finishing (step 3 of 3)',
      'Building the preview',
    ]);
    expect(await tokensOf(queued.job_id)).toEqual({ input: 800 + 1500 + 2500 + 3000, output: 200 + 400 + 300 + 50 });
    const files = await filesOf(queued.app_id);
    expect(files.get('src/views/stats.ts')).toContain('Habit Tracker: ${habits.length} habits');
    expect(JSON.parse(files.get('app.json') ?? '{}')).toMatchObject({ name: 'Habit Tracker', prompts: [created.prompt] });
    expect(await previewScript(queued.app_id)).toContain('Habit Tracker: ');
    const { entities } = await rpc.request(AppsSubjects.listEntities, { app_id: queued.app_id });
    expect(entities.map((entity) => entity.name)).toEqual(['habits']);

    // The owner edits a file themselves; the update starts from their files and keeps that edit.
    await rpc.request(AppsSubjects.writeFile, { caller: owner, id: queued.app_id, ...ownerEdit });
    const revision = fixture('revision-keeps-edit');
    api.play(revision);
    const update = await rpc.request(GenerationSubjects.queue, { caller: owner, app_id: queued.app_id, prompt: revision.prompt ?? '' });

    const updated = await waitForJob(update.job_id);
    expect(api.mismatches).toEqual([]);
    expect(updated).toMatchObject({ status: 'completed', app: { status: 'generated' } });
    const after = await filesOf(queued.app_id);
    expect(after.get(ownerEdit.path)).toBe(ownerEdit.content);
    expect(after.get('src/views/stats.ts')).toContain('streaks counted in days');
    const plan = JSON.parse(after.get('app.json') ?? '{}') as { prompts: string[]; entities: Array<{ fields: Array<{ name: string }> }> };
    expect(plan.prompts).toEqual([created.prompt, revision.prompt]);
    expect(plan.entities[0]?.fields.map((field) => field.name)).toContain('streak');
    const defined = await rpc.request(AppsSubjects.listEntities, { app_id: queued.app_id });
    expect(defined.entities[0]?.fields.map((field) => field.name)).toContain('streak');
    expect(await previewScript(queued.app_id)).toContain('streaks counted in days');
  });

  it('fails the job, saying why, when the budget runs out with a build that still fails', async () => {
    const conversation = fixture('budget-runs-out');
    api.play(conversation);
    const queued = await rpc.request(GenerationSubjects.queue, { caller: owner, prompt: conversation.prompt ?? '' });

    // The job fails first, then its app: wait for both.
    const job = await pollJob(rpc, owner, queued.job_id, (found) => finished(found) && found.app.status !== 'generating', 60_000);
    expect(api.mismatches).toEqual([]);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^The model used its whole budget \(3 steps\) and the app still does not build: 1 error, the first: src\/views\/stats\.ts:2:/);
    expect(job.app.status).toBe('failed');
    expect((await rpc.request(AppsSubjects.get, { caller: owner, id: queued.app_id })).app.versions_count).toBe(0);
  });

  it('answers bad tool calls with errors and completes with the scaffold, which builds', async () => {
    const conversation = fixture('bad-tool-calls');
    api.play(conversation);
    const queued = await rpc.request(GenerationSubjects.queue, { caller: owner, prompt: conversation.prompt ?? '' });

    const job = await waitForJob(queued.job_id);
    expect(api.mismatches).toEqual([]);
    expect(job).toMatchObject({ status: 'completed', app: { status: 'generated' } });
    const files = await filesOf(queued.app_id);
    expect([...files.keys()].some((path) => path.includes('outside') || path === 'src/x.ts')).toBe(false);
    expect(JSON.parse(files.get('app.json') ?? '{}')).toMatchObject({ name: 'Habit Tracker' });
  });

  it('stops at the next step when the job is cancelled while the model is thinking, and saves nothing', async () => {
    const conversation = fixture('new-app-repair');
    // The model takes its time over the repair (the second coding answer).
    api.play({ ...conversation, exchanges: conversation.exchanges.map((exchange, index) => (index === 2 ? { ...exchange, delay_ms: 1500 } : exchange)) });
    const queued = await rpc.request(GenerationSubjects.queue, { caller: owner, prompt: conversation.prompt ?? '' });
    await pollJob(rpc, owner, queued.job_id, (job) => job.message.startsWith('Build failed'), 30_000);

    expect(await rpc.request(GenerationSubjects.cancel, { caller: owner, id: queued.job_id })).toEqual({ cancelled: true, job_id: queued.job_id });
    await new Promise((resolve) => setTimeout(resolve, 3000));

    expect(api.requests).toHaveLength(3);
    expect(api.remaining).toBe(1);
    const job = await rpc.request(GenerationSubjects.get, { caller: owner, id: queued.job_id });
    expect(job.status).toBe('cancelled');
    expect((await rpc.request(AppsSubjects.get, { caller: owner, id: queued.app_id })).app.versions_count).toBe(0);
  });

  it('fails with the API’s error when the model API answers an HTTP error', async () => {
    api.play({ description: 'the API is down', exchanges: [{ response: { status: 502, body: '{"error":{"message":"bad gateway"}}' } }] });
    const queued = await rpc.request(GenerationSubjects.queue, { caller: owner, prompt: 'A reading list' });

    const job = await waitForJob(queued.job_id);
    expect(job).toMatchObject({ status: 'failed', error: 'The model API answered HTTP 502: {"error":{"message":"bad gateway"}}' });
  });
});
