import type { INestMicroservice } from '@nestjs/common';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { Client } from 'pg';
import {
  AppsSubjects,
  DeploymentSubjects,
  NOT_DEPLOYABLE_ERROR,
  type AppDetail,
  type AppStatus,
  type Caller,
  type DomainEvent,
  type LifecycleChange,
  type SourceFile,
  type VersionView,
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
import { AppModule } from '../app.module';
import { loadDeploymentConfig, type DeploymentConfig } from '../config/deployment.config';

const INDEX_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Recipes</title><script defer src="/assets/app.js"></script></head>
<body><main id="app"></main></body>
</html>
`;

function recipeApp(title: string, overrides: Record<string, string> = {}): SourceFile[] {
  const files: Record<string, string> = {
    'index.html': INDEX_HTML,
    'src/main.ts': `import { heading } from './views/heading';\ndocument.getElementById('app')!.innerHTML = heading();\n`,
    'src/views/heading.ts': `export function heading(): string {\n  return '<h1>${title}</h1>';\n}\n`,
    'public/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8"/></svg>',
    'README.md': `# ${title}\n`,
    ...overrides,
  };
  return Object.entries(files).map(([path, content]) => ({ path, content }));
}

interface FakeApp {
  id: string;
  accountId: number;
  status: AppStatus;
  preview_url: string | null;
  production_url: string | null;
  published_at: string | null;
  versions: (VersionView & { files: SourceFile[] })[];
}

/**
 * apps-service as deployment-service sees it over NATS (get, listVersions, versionFiles, setLifecycle), in its
 * wire format, until the real one answers these subjects. It keeps apps in memory and pages files two at a time,
 * so the builder's paging is exercised.
 */
class AppsResponder {
  readonly apps = new Map<string, FakeApp>();
  readonly lifecycle: { id: string; changes: LifecycleChange; accountId: number }[] = [];
  readonly fileRequests: string[] = [];
  /** apps whose lifecycle changes are refused as if they had just been deleted */
  readonly vanishing = new Set<string>();
  private readonly subscriptions: Subscription[] = [];
  private nextVersionId = 1;
  private readonly codec = JSONCodec<{ data: Record<string, unknown> & { caller: Caller; id: string } }>();
  private readonly replies = JSONCodec<unknown>();

  start(connection: NatsConnection): void {
    const handlers: Record<string, (data: Record<string, unknown> & { caller: Caller; id: string }, app: FakeApp) => unknown> = {
      [AppsSubjects.get]: (_data, app) => ({ app: this.detail(app) }),
      [AppsSubjects.listVersions]: (_data, app) => ({ versions: app.versions.map(({ files: _files, ...version }) => version) }),
      [AppsSubjects.versionFiles]: (data, app) => {
        this.fileRequests.push(app.id);
        const version = app.versions.find((candidate) => candidate.id === data['version_id']);
        if (!version) return undefined;
        const sorted = [...version.files].sort((a, b) => (a.path < b.path ? -1 : 1));
        const after = typeof data['after'] === 'string' ? data['after'] : undefined;
        const rest = after === undefined ? sorted : sorted.filter((file) => file.path > after);
        const page = rest.slice(0, 2);
        return { files: page, next: rest.length > 2 ? (page[page.length - 1]?.path ?? null) : null };
      },
      [AppsSubjects.setLifecycle]: (data, app) => {
        if (this.vanishing.has(app.id)) return undefined;
        const changes = data['changes'] as LifecycleChange;
        this.lifecycle.push({ id: app.id, changes, accountId: data.caller.accountId });
        Object.assign(app, changes);
        return { app: this.detail(app) };
      },
    };
    for (const [subject, handle] of Object.entries(handlers)) {
      const subscription = connection.subscribe(subject, { queue: 'apps-service' });
      this.subscriptions.push(subscription);
      void (async () => {
        for await (const message of subscription) {
          const { data } = this.codec.decode(message.data);
          const app = this.apps.get(data.id);
          const response = app && app.accountId === data.caller.accountId ? handle(data, app) : undefined;
          message.respond(
            this.replies.encode(
              response === undefined
                ? { err: { status: 404, body: { error: 'not_found', message: `App ${data.id} was not found` } }, isDisposed: true }
                : { response, isDisposed: true },
            ),
          );
        }
      })();
    }
  }

  stop(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }

  addApp(id: string, accountId: number, status: AppStatus = 'generating'): FakeApp {
    const app: FakeApp = { id, accountId, status, preview_url: null, production_url: null, published_at: null, versions: [] };
    this.apps.set(id, app);
    return app;
  }

  addVersion(app: FakeApp, files: SourceFile[]): number {
    const id = this.nextVersionId;
    this.nextVersionId += 1;
    app.versions.push({
      id,
      app_id: app.id,
      number: app.versions.length + 1,
      source: 'generation',
      files_count: files.length,
      created_at: new Date().toISOString(),
      files,
    });
    return id;
  }

  private detail(app: FakeApp): AppDetail {
    return {
      id: app.id,
      name: 'Recipes',
      description: '',
      status: app.status,
      visibility: 'public',
      ai_model: 'blueprint',
      preview_url: app.preview_url,
      production_url: app.production_url,
      published_at: app.published_at,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      creator: { id: app.accountId, email: `owner${app.accountId}@example.com` },
      versions_count: app.versions.length,
      files_count: app.versions[app.versions.length - 1]?.files.length ?? 0,
      users_count: 0,
      urls: { editor: `https://appgen.test/account/apps/${app.id}/editor`, preview: app.preview_url, production: app.production_url },
    };
  }
}

describe('deployment-service over NATS', () => {
  let nats: NatsServerHandle;
  let database: ScratchDatabase;
  let config: DeploymentConfig;
  let service: INestMicroservice | undefined;
  let connection: NatsConnection;
  let rpc: RpcClient;
  const apps = new AppsResponder();
  const alice = testCaller(1);
  const bob = testCaller(2);

  async function startService(): Promise<void> {
    service = await startServiceApp('deployment-service', AppModule.forConfig(config), nats.url);
  }

  async function waitForDeployment(appId: string, status: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { deployment } = await rpc.request(DeploymentSubjects.latest, { caller: alice, app_id: appId });
      if (deployment?.status === status) return;
      if (Date.now() > deadline) throw new Error(`deployment of ${appId} is ${deployment?.status ?? 'missing'}, not ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    nats = await startNatsServer();
    database = await createScratchDatabase('appgen_deploy3_it');
    config = loadDeploymentConfig({
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      SITE_URL: 'https://appgen.test',
      PREVIEW_HOST: 'preview.test',
      APPS_HOST: 'apps.test',
      DEPLOY_POLL_INTERVAL_MS: '100',
      DEPLOY_STALE_AFTER_MS: '2000',
      LOG_LEVEL: 'error',
    });
    connection = await connectNats(nats.url, 'deployment-service-test');
    apps.start(connection);
    rpc = new RpcClient(connection, 10_000);
    await startService();
  });

  afterAll(async () => {
    await service?.close();
    apps.stop();
    await connection?.drain();
    await database?.drop();
    await nats?.stop();
  });

  describe('builds', () => {
    it('builds a version page by page, stores its bundle and makes it the preview', async () => {
      const app = apps.addApp('buildok00001', alice.accountId);
      const versionId = apps.addVersion(app, recipeApp('Recipes'));

      const { build } = await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId });

      expect(build).toMatchObject({ app_id: app.id, version_id: versionId, status: 'succeeded', errors: [] });
      // five files, two per page
      expect(apps.fileRequests.filter((id) => id === app.id)).toHaveLength(3);
      expect(app.preview_url).toBe('http://preview-buildok00001.preview.test:8080');

      const bundle = await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'preview' });
      expect(bundle).toEqual({
        build_id: build.id,
        etag: `"build-${build.id}"`,
        paths: ['assets/app.js', 'assets/app.js.map', 'favicon.svg', 'index.html'],
      });
      const html = await rpc.request(DeploymentSubjects.bundleFile, { build_id: build.id, path: 'index.html' });
      expect(html).toEqual({ path: 'index.html', content: INDEX_HTML, content_type: 'text/html; charset=utf-8' });
      const script = await rpc.request(DeploymentSubjects.bundleFile, { build_id: build.id, path: '/assets/app.js' });
      expect(script.content_type).toBe('text/javascript; charset=utf-8');
      expect(script.content).toContain('<h1>Recipes</h1>');
      expect(await rpcFailure(rpc.request(DeploymentSubjects.bundleFile, { build_id: build.id, path: 'missing.js' }))).toMatchObject({
        status: 404,
        body: { error: 'not_found' },
      });

      // no production bundle before a deployment
      expect(await rpcFailure(rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'production' }))).toMatchObject({
        status: 404,
        body: { error: 'not_found' },
      });
    });

    it('answers the stored build when the same version is built again, without fetching its files', async () => {
      const app = apps.addApp('buildtwice01', alice.accountId);
      const versionId = apps.addVersion(app, recipeApp('Twice'));
      const first = await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId });
      const requests = apps.fileRequests.length;

      const again = await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId });

      expect(again.build).toEqual(first.build);
      expect(apps.fileRequests).toHaveLength(requests);
      // a stranger learns nothing about it
      expect(await rpcFailure(rpc.request(DeploymentSubjects.build, { caller: bob, app_id: app.id, version_id: versionId }))).toMatchObject({
        status: 404,
      });
    });

    it('records build errors, keeps the preview it had, and lists the errors of the newest build', async () => {
      const app = apps.addApp('buildbad0001', alice.accountId);
      expect(await rpc.request(DeploymentSubjects.errors, { caller: alice, app_id: app.id })).toEqual({ recoverable: true, errors: [] });

      const good = apps.addVersion(app, recipeApp('Good'));
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: good });
      expect(await rpc.request(DeploymentSubjects.errors, { caller: alice, app_id: app.id })).toEqual({ recoverable: true, errors: [] });
      const goodBundle = await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'preview' });
      const lifecycleCalls = apps.lifecycle.length;

      const broken = apps.addVersion(app, recipeApp('Broken', { 'src/views/heading.ts': 'export function heading(): string {\n  return ;;(\n}\n' }));
      const { build } = await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: broken });

      expect(build.status).toBe('failed');
      expect(build.errors.length).toBeGreaterThan(0);
      expect(build.errors[0]).toMatchObject({
        error_type: 'build_error',
        file: 'src/views/heading.ts',
        recoverable: true,
        fix_url: expect.stringMatching(/^https:\/\/appgen\.test\/account\/apps\/buildbad0001\/editor\?file=src%2Fviews%2Fheading\.ts&line=\d+$/),
      });
      expect(apps.lifecycle).toHaveLength(lifecycleCalls);

      const errors = await rpc.request(DeploymentSubjects.errors, { caller: alice, app_id: app.id });
      expect(errors).toEqual({ recoverable: true, errors: build.errors });
      // the preview still serves the last version that built
      expect(await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'preview' })).toEqual(goodBundle);

      expect(await rpcFailure(rpc.request(DeploymentSubjects.errors, { caller: bob, app_id: app.id }))).toMatchObject({
        status: 404,
        body: { error: 'not_found' },
      });
    });
  });

  describe('deployments', () => {
    it('refuses a draft with the contract body and queues nothing', async () => {
      const app = apps.addApp('draftapp0001', alice.accountId, 'draft');

      const refusal = await rpcFailure(rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id }));

      expect(refusal.status).toBe(422);
      expect(refusal.body).toEqual({
        error: NOT_DEPLOYABLE_ERROR,
        message: refusal.body['reason'],
        reason: expect.stringContaining('draft'),
        recoverable: true,
        suggested_action: expect.stringContaining('POST /api/v1/generation_queue'),
        fix_url: 'https://appgen.test/account/apps/draftapp0001/editor',
      });
      expect(await rpc.request(DeploymentSubjects.latest, { caller: alice, app_id: app.id })).toEqual({ deployment: null });
    });

    it('refuses an app whose newest version did not build, pointing at its errors', async () => {
      const app = apps.addApp('failedapp001', alice.accountId, 'failed');
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: apps.addVersion(app, recipeApp('Ok')) });
      const broken = apps.addVersion(app, recipeApp('Broken', { 'src/main.ts': 'import { nothing } from "./nowhere";\nconsole.log(nothing);\n' }));
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: broken });

      const refusal = await rpcFailure(rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id }));

      expect(refusal).toEqual({
        status: 422,
        body: {
          error: 'App is not deployable',
          message: expect.any(String),
          reason: expect.stringContaining('failed to build'),
          recoverable: true,
          suggested_action: `Generate the app with POST /api/v1/generation_queue, or fix the build errors listed at GET /api/v1/managed_apps/${app.id}/errors, then deploy again.`,
          fix_url: `https://appgen.test/account/apps/${app.id}/editor`,
        },
      });
      expect(await rpc.request(DeploymentSubjects.latest, { caller: alice, app_id: app.id })).toEqual({ deployment: null });
      const versionUnbuilt = apps.addApp('unbuilt00001', alice.accountId, 'generated');
      apps.addVersion(versionUnbuilt, recipeApp('Never built'));
      expect(await rpcFailure(rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: versionUnbuilt.id }))).toMatchObject({
        status: 422,
        body: { error: NOT_DEPLOYABLE_ERROR, reason: expect.stringContaining('has not been built') },
      });
      expect(await rpcFailure(rpc.request(DeploymentSubjects.deploy, { caller: bob, app_id: app.id }))).toMatchObject({ status: 404 });
    });

    it('deploys: pending → deployed, events through the outbox, app published, production serves the build', async () => {
      const app = apps.addApp('deployok0001', alice.accountId, 'generated');
      const versionId = apps.addVersion(app, recipeApp('Deployed'));
      const { build } = await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId });

      const queued = await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id });

      expect(queued).toEqual({
        deployment_id: expect.any(Number),
        status: 'queued',
        message: expect.any(String),
        production_url: 'http://deployok0001.apps.test:8080',
      });
      await waitForDeployment(app.id, 'deployed');
      const { deployment } = await rpc.request(DeploymentSubjects.latest, { caller: alice, app_id: app.id });
      expect(deployment).toEqual({
        id: queued.deployment_id,
        environment: 'production',
        status: 'deployed',
        deployed_at: expect.any(String),
        version_id: versionId,
      });

      expect(app.status).toBe('published');
      expect(app.production_url).toBe('http://deployok0001.apps.test:8080');
      expect(Date.parse(app.published_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
      expect(apps.lifecycle.filter((call) => call.id === app.id).at(-1)?.accountId).toBe(alice.accountId);

      const events = await waitForEvents(connection, (all) =>
        all.some((event) => event.app_id === app.id && event.event === 'app.deployment.completed'),
      );
      const mine = events.filter((event: DomainEvent) => event.app_id === app.id);
      expect(mine.map((event) => [event.event, event.data])).toEqual([
        [
          'app.deployment.started',
          { deployment_id: queued.deployment_id, environment: 'production', status: 'building', production_url: queued.production_url },
        ],
        [
          'app.deployment.completed',
          { deployment_id: queued.deployment_id, environment: 'production', status: 'deployed', production_url: queued.production_url },
        ],
      ]);
      expect(mine.every((event) => event.account_id === alice.accountId)).toBe(true);

      const production = await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'production' });
      expect(production.build_id).toBe(build.id);
      expect(await rpcFailure(rpc.request(DeploymentSubjects.latest, { caller: bob, app_id: app.id }))).toMatchObject({ status: 404 });
    });

    it('rolls back to the version deployed before, or to a given one that built', async () => {
      const app = apps.addApp('rollback0001', alice.accountId, 'generated');
      const v1 = apps.addVersion(app, recipeApp('First'));
      const b1 = (await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: v1 })).build;
      await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id });
      await waitForDeployment(app.id, 'deployed');
      const v2 = apps.addVersion(app, recipeApp('Second'));
      const b2 = (await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: v2 })).build;
      await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id });
      await waitForDeployment(app.id, 'deployed');
      expect((await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'production' })).build_id).toBe(b2.id);

      const rolledBack = await rpc.request(DeploymentSubjects.rollback, { caller: alice, app_id: app.id });

      expect(rolledBack).toEqual({ message: expect.any(String), version_id: v1 });
      const production = await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'production' });
      expect(production.build_id).toBe(b1.id);
      const served = await rpc.request(DeploymentSubjects.bundleFile, { build_id: production.build_id, path: 'assets/app.js' });
      expect(served.content).toContain('<h1>First</h1>');
      expect((await rpc.request(DeploymentSubjects.latest, { caller: alice, app_id: app.id })).deployment).toMatchObject({
        status: 'deployed',
        version_id: v1,
      });
      // the preview keeps the newest build
      expect((await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'preview' })).build_id).toBe(b2.id);

      // forward again to a given version
      expect(await rpc.request(DeploymentSubjects.rollback, { caller: alice, app_id: app.id, version_id: v2 })).toEqual({
        message: expect.any(String),
        version_id: v2,
      });
      expect((await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'production' })).build_id).toBe(b2.id);

      const broken = apps.addVersion(app, recipeApp('Broken', { 'index.html': '<p>no script</p>' }));
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: broken });
      expect(await rpcFailure(rpc.request(DeploymentSubjects.rollback, { caller: alice, app_id: app.id, version_id: broken }))).toMatchObject({
        status: 422,
        body: { error: 'validation_failed', errors: [{ field: 'version_id', message: expect.any(String) }] },
      });
      expect(await rpcFailure(rpc.request(DeploymentSubjects.rollback, { caller: bob, app_id: app.id }))).toMatchObject({ status: 404 });

      const once = apps.addApp('rollback0002', alice.accountId, 'generated');
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: once.id, version_id: apps.addVersion(once, recipeApp('Only')) });
      await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: once.id });
      await waitForDeployment(once.id, 'deployed');
      expect(await rpcFailure(rpc.request(DeploymentSubjects.rollback, { caller: alice, app_id: once.id }))).toMatchObject({
        status: 422,
        body: { error: 'validation_failed' },
      });
    });

    it('resumes a deployment its worker left half done when the service restarts', async () => {
      const app = apps.addApp('resumed00001', alice.accountId, 'generated');
      const versionId = apps.addVersion(app, recipeApp('Resumed'));
      const { build } = await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId });
      await service?.close();
      service = undefined;

      // what a worker killed between two steps leaves behind
      const client = new Client({ connectionString: database.url });
      await client.connect();
      const inserted = await client.query<{ id: number }>(
        `INSERT INTO deployment.deployments (app_id, account_id, build_id, version_id, status, caller, heartbeat_at)
         VALUES ($1, $2, $3, $4, 'deploying', $5::jsonb, now() - interval '1 hour') RETURNING id`,
        [app.id, alice.accountId, build.id, versionId, JSON.stringify(alice)],
      );
      await client.end();
      const stuckId = inserted.rows[0]?.id;

      await startService();
      await waitForDeployment(app.id, 'deployed');

      expect(app.status).toBe('published');
      const events = await waitForEvents(connection, (all) =>
        all.some((event) => event.app_id === app.id && event.event === 'app.deployment.completed'),
      );
      expect(events.filter((event) => event.app_id === app.id).map((event) => [event.event, event.data])).toEqual([
        ['app.deployment.completed', { deployment_id: stuckId, environment: 'production', status: 'deployed', production_url: app.production_url }],
      ]);
      expect((await rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'production' })).build_id).toBe(build.id);
    });

    it('fails a deployment visibly when the app cannot be published', async () => {
      const app = apps.addApp('vanished0001', alice.accountId, 'generated');
      const versionId = apps.addVersion(app, recipeApp('Vanishing'));
      await rpc.request(DeploymentSubjects.build, { caller: alice, app_id: app.id, version_id: versionId });
      // deleted right after the deploy was accepted: apps-service answers 404 to the worker
      apps.vanishing.add(app.id);
      const queued = await rpc.request(DeploymentSubjects.deploy, { caller: alice, app_id: app.id });

      const events = await waitForEvents(connection, (all) =>
        all.some((event) => event.app_id === app.id && event.event === 'app.deployment.completed'),
      );
      expect(events.filter((event) => event.app_id === app.id).map((event) => event.data)).toEqual([
        { deployment_id: queued.deployment_id, environment: 'production', status: 'building', production_url: queued.production_url },
        { deployment_id: queued.deployment_id, environment: 'production', status: 'failed', production_url: null },
      ]);
      expect(await rpcFailure(rpc.request(DeploymentSubjects.resolveBundle, { app_id: app.id, environment: 'production' }))).toMatchObject({
        status: 404,
      });
      expect(await readAllEvents(connection)).not.toHaveLength(0);
    });
  });
});
