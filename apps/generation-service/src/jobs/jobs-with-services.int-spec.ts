import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { AppsSubjects, DeploymentSubjects, GenerationSubjects, SCOPE_GRANTS, type Caller, type GenerationJobView } from '@appgen/contracts';
import { connectNats, RpcClient } from '@appgen/service-kit';
import {
  createScratchDatabase,
  startBuiltService,
  startNatsServer,
  startServiceApp,
  waitForEvents,
  type BuiltService,
  type NatsServerHandle,
  type ScratchDatabase,
} from '@appgen/testing';
import { AppModule } from '../app.module';
import { loadGenerationConfig } from '../config/generation.config';

jest.setTimeout(60_000);

/**
 * Generation with the real apps-service and deployment-service (as built by `npm run build`) on a private NATS
 * and a scratch database: a prompt becomes a saved version, defined entities and a built preview bundle.
 */



describe('generation-service with the real apps-service and deployment-service', () => {
  let nats: NatsServerHandle;
  let database: ScratchDatabase;
  const services: BuiltService[] = [];
  let generation: INestMicroservice;
  let bus: NatsConnection;
  let rpc: RpcClient;
  const owner: Caller = { accountId: 7, email: 'owner7@example.com', plan: 'free', keyId: null, scope: 'full_access', grants: [...SCOPE_GRANTS.full_access] };

  const waitForJob = async (id: string): Promise<GenerationJobView> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const job = await rpc.request(GenerationSubjects.get, { caller: owner, id });
      if (['completed', 'failed', 'cancelled'].includes(job.status)) return job;
      if (Date.now() > deadline) throw new Error(`job ${id} stayed ${job.status} at ${job.progress}: ${job.message}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    nats = await startNatsServer();
    database = await createScratchDatabase('appgen_gen3_real');
    const shared = { DATABASE_URL: database.url, NATS_URL: nats.url, SITE_URL: 'http://localhost:3000' };
    // One at a time: each runs its migrations, and the outbox migration creates the shared stream.
    services.push(await startBuiltService('apps-service', shared));
    services.push(await startBuiltService('deployment-service', { ...shared, PUBLIC_URL_SCHEME: 'http', PUBLIC_URL_PORT: '8080' }));
    const config = loadGenerationConfig({ ...shared, GENERATION_POLL_MS: '200', LOG_LEVEL: 'warn' });
    generation = await startServiceApp('generation-service', AppModule.forConfig(config), nats.url);
    bus = await connectNats(nats.url, 'generation-real-test');
    rpc = new RpcClient(bus, 15_000);
  });

  afterAll(async () => {
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
});
