import pg from 'pg';
import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { AppsSubjects, DeploymentSubjects, NOT_DEPLOYABLE_ERROR, SCOPE_GRANTS, type Caller, type SourceFile } from '@appgen/contracts';
import { connectNats, RpcClient, AppgenError } from '@appgen/service-kit';
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
import { loadDeploymentConfig } from '../config/deployment.config';

const alice: Caller = {
  accountId: 7,
  email: 'owner7@example.com',
  plan: 'free',
  keyId: 70,
  scope: 'full_access',
  grants: [...SCOPE_GRANTS.full_access],
};

const FILES: SourceFile[] = [
  { path: 'index.html', content: '<!doctype html><html><head><script defer src="/assets/app.js"></script></head><body><main id="app"></main></body></html>\n' },
  { path: 'src/main.ts', content: "document.getElementById('app')!.textContent = 'Recipes';\n" },
];

describe('deployment-service with the real apps-service', () => {
  let nats: NatsServerHandle;
  let database: ScratchDatabase;
  let apps: BuiltService;
  let service: INestMicroservice;
  let connection: NatsConnection;
  let rpc: RpcClient;

  beforeAll(async () => {
    nats = await startNatsServer();
    database = await createScratchDatabase('appgen_deploy3_apps_it');
    apps = await startBuiltService('apps-service', {
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      SITE_URL: 'https://appgen.test',
      OUTBOX_RELAY_ENABLED: 'false',
    });
    const config = loadDeploymentConfig({
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      SITE_URL: 'https://appgen.test',
      PREVIEW_HOST: 'preview.test',
      APPS_HOST: 'apps.test',
      PUBLIC_URL_SCHEME: 'https',
      PUBLIC_URL_PORT: '',
      DEPLOY_POLL_INTERVAL_MS: '100',
    });
    service = await startServiceApp('deployment-service', AppModule.forConfig(config), nats.url);
    connection = await connectNats(nats.url, 'deployment-service-test');
    rpc = new RpcClient(connection, 10_000);
  }, 60_000);

  afterAll(async () => {
    await service?.close();
    await apps?.stop();
    await connection?.drain();
    await database?.drop();
    await nats?.stop();
  });

  it('refuses a draft, then builds a saved version into the preview and deploys it to production', async () => {
    const { app } = await rpc.request(AppsSubjects.create, { caller: alice, name: 'Recipes' });
    const refusal = await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppgenError);
    expect(refusal instanceof AppgenError && refusal.payload).toMatchObject({ status: 422, body: { error: NOT_DEPLOYABLE_ERROR } });

    await rpc.request(AppsSubjects.setLifecycle, { caller: alice, id: app.id, changes: { status: 'generating' } });
    const { version } = await rpc.request(AppsSubjects.saveVersion, { caller: alice, id: app.id, files: FILES, plan: null, source: 'generation' });
    const { build } = await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: version.id });
    expect(build).toMatchObject({ status: 'succeeded', errors: [] });
    expect((await rpc.request(AppsSubjects.get, { caller: alice, id: app.id })).app.preview_url).toBe(`https://preview-${app.id}.preview.test`);
    await rpc.request(AppsSubjects.setLifecycle, { caller: alice, id: app.id, changes: { status: 'generated' } });

    const queued = await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id });
    expect(queued).toMatchObject({ status: 'queued', production_url: `https://${app.id}.apps.test` });
    await waitForEvents(connection, (events) => events.some((event) => event.app_id === app.id && event.event === 'app.deployment.completed'));

    const published = (await rpc.request(AppsSubjects.get, { caller: alice, id: app.id })).app;
    expect(published).toMatchObject({ status: 'published', production_url: `https://${app.id}.apps.test` });
    expect(published.published_at).not.toBeNull();
    const production = await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'production' });
    expect(production.build_id).toBe(build.id);
  });

  it('answers a retried deploy with the deployment its Idempotency-Key queued, instead of queuing another', async () => {
    const { app } = await rpc.request(AppsSubjects.create, { caller: alice, name: 'Retried deploys' });
    await rpc.request(AppsSubjects.setLifecycle, { caller: alice, id: app.id, changes: { status: 'generating' } });
    const { version } = await rpc.request(AppsSubjects.saveVersion, { caller: alice, id: app.id, files: FILES, plan: null, source: 'generation' });
    await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: version.id });
    await rpc.request(AppsSubjects.setLifecycle, { caller: alice, id: app.id, changes: { status: 'generated' } });

    // The gateway forgets a key whose request timed out, so the client's retry arrives here again.
    // Two attempts at once (a retry racing a first attempt that is still running) queue one deployment.
    const [first, retried] = await Promise.all(
      [1, 2].map(() => rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id, idempotency_key: 'deploy-1' })),
    );
    expect(retried?.deployment_id).toBe(first?.deployment_id);
    const another = await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id, idempotency_key: 'deploy-2' });
    expect(another.deployment_id).not.toBe(first.deployment_id);
    const unkeyed = await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id });
    expect(new Set([first?.deployment_id, another.deployment_id, unkeyed.deployment_id]).size).toBe(3);
    const elsewhere = await rpc.request(AppsSubjects.create, { caller: alice, name: 'Another app' });
    const reused = await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: elsewhere.app.id, idempotency_key: 'deploy-1' }).catch((error: unknown) => error);
    expect(reused instanceof AppgenError && reused.payload).toMatchObject({ status: 422, body: { error: 'idempotency_key_reused' } });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM deployment.deployments WHERE app_id = $1', [app.id]);
      expect(rows[0]?.n).toBe(3);
      // A day on, the key is free again: the same key is a new request (decisions.md keeps keys 24 hours).
      await client.query("UPDATE deployment.deployments SET created_at = now() - interval '25 hours' WHERE id = $1", [first?.deployment_id]);
      const dayLater = await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id, idempotency_key: 'deploy-1' });
      expect(dayLater.deployment_id).not.toBe(first?.deployment_id);
    } finally {
      await client.end();
    }
  });

  it('rolls back: apps-service restores the files as a new version, which the preview and production serve when it answers', async () => {
    const page = { page: 1, per_page: 25 };
    const filesSaying = (text: string): SourceFile[] =>
      FILES.map((file) => (file.path === 'src/main.ts' ? { ...file, content: `document.getElementById('app')!.textContent = '${text}';\n` } : file));
    const served = async (appId: string, environment: 'preview' | 'production'): Promise<string> => {
      const bundle = await rpc.request(DeploymentSubjects.resolveBundle, { app_id: appId, environment });
      return (await rpc.request(DeploymentSubjects.bundleFile, { build_id: bundle.build_id, path: 'assets/app.js' })).content;
    };
    const { app } = await rpc.request(AppsSubjects.create, { caller: alice, name: 'Recipes' });
    await rpc.request(AppsSubjects.setLifecycle, { caller: alice, id: app.id, changes: { status: 'generated' } });
    for (const text of ['First recipes', 'Second recipes']) {
      const { version } = await rpc.request(AppsSubjects.saveVersion, { caller: alice, id: app.id, files: filesSaying(text), plan: null, source: 'generation' });
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: version.id });
      const queued = await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id });
      await waitForEvents(connection, (events) =>
        events.some((event) => event.event === 'app.deployment.completed' && 'deployment_id' in event.data && event.data.deployment_id === queued.deployment_id),
      );
    }
    expect(await served(app.id, 'production')).toContain('Second recipes');

    const rolledBack = await rpc.request(DeploymentSubjects.rollback, { caller: alice, app_id: app.id });

    const { versions } = await rpc.request(AppsSubjects.listVersions, { caller: alice, id: app.id, ...page });
    expect(versions.map(({ number, source, summary }) => ({ number, source, summary }))).toEqual([
      { number: 3, source: 'rollback', summary: 'Restored version 1' },
      { number: 2, source: 'generation', summary: 'Replaced all files' },
      { number: 1, source: 'generation', summary: 'Replaced all files' },
    ]);
    expect(rolledBack).toEqual({ message: 'Restored version 1 as version 3: the preview and production serve it', version_id: versions[0]?.id });
    const restored = await rpc.request(AppsSubjects.versionFiles, { caller: alice, id: app.id, version_id: rolledBack.version_id });
    expect(restored.files).toEqual(filesSaying('First recipes'));
    expect(await served(app.id, 'preview')).toContain('First recipes');
    expect(await served(app.id, 'production')).toContain('First recipes');
    const statuses = await rpc.request(DeploymentSubjects.ofVersions, { caller: alice, app_id: app.id, version_ids: versions.map((version) => version.id) });
    expect(statuses.versions.map((version) => version.live)).toEqual([
      { preview: true, production: true },
      { preview: false, production: false },
      { preview: false, production: false },
    ]);
  });
});
