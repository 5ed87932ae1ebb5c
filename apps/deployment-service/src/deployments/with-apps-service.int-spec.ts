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
  });

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
});
