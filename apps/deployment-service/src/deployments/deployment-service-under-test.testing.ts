// What the deployment-service specs share: the service over a private NATS and scratch database, a stand-in apps-service.
import type { INestMicroservice } from '@nestjs/common';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import {
  AppsSubjects,
  DeploymentSubjects,
  type AppDetail,
  type AppStatus,
  type Caller,
  type LifecycleChange,
  type ErrorBody,
  type SourceFile,
  type VersionSource,
  type VersionView,
} from '@appgen/contracts';
import { connectNats, RpcClient } from '@appgen/service-kit';
import { createScratchDatabase, startNatsServer, startServiceApp, testCaller, type NatsServerHandle, type ScratchDatabase } from '@appgen/testing';
import { AppModule } from '../app.module';
import { loadDeploymentConfig, type DeploymentConfig } from '../config/deployment.config';

export const INDEX_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Recipes</title><script defer src="/assets/app.js"></script></head>
<body><main id="app"></main></body>
</html>
`;

export function recipeApp(title: string, overrides: Record<string, string> = {}): SourceFile[] {
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

export interface FakeApp {
  id: string;
  accountId: number;
  status: AppStatus;
  preview_url: string | null;
  production_url: string | null;
  published_at: string | null;
  versions: (VersionView & { files: SourceFile[] })[];
  /** the app's PUBLIC_ env vars, as apps.env_vars.public_values answers them */
  publicEnv: Record<string, string>;
}

/** An error answer of the stand-in, as apps-service would send it. */
class Refusal {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {}
}

/**
 * apps-service as deployment-service sees it over NATS (get, listVersions, versionFiles, setLifecycle,
 * restoreVersion, publicEnvValues), in its wire format. It keeps apps in memory and pages files two at a time, so the builder's
 * paging is exercised. with-apps-service.int-spec.ts runs the real one.
 */
export class AppsResponder {
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
      [AppsSubjects.listVersions]: (data, app) => {
        const page = Number(data['page']);
        const perPage = Number(data['per_page']);
        const newestFirst = [...app.versions].reverse().map(({ files: _files, ...version }) => version);
        return {
          versions: newestFirst.slice((page - 1) * perPage, page * perPage),
          meta: { current_page: page, total_pages: Math.ceil(newestFirst.length / perPage), total_count: newestFirst.length, per_page: perPage },
        };
      },
      [AppsSubjects.restoreVersion]: (data, app) => {
        const newest = app.versions.at(-1);
        const chosen = data['version_id'] === undefined ? app.versions.at(-2) : app.versions.find((version) => version.id === data['version_id']);
        if (!newest || !chosen) {
          return data['version_id'] === undefined
            ? new Refusal(422, { error: 'validation_failed', message: 'no earlier version to restore', errors: [{ field: 'version_id', message: 'has no default' }] })
            : new Refusal(404, { error: 'not_found', message: `Version ${String(data['version_id'])} was not found` });
        }
        const id = this.addVersion(app, chosen.files, { source: 'rollback', summary: `Restored version ${chosen.number}` });
        const view = ({ files: _files, ...version }: FakeApp['versions'][number]): VersionView => version;
        return { version: view(app.versions.find((version) => version.id === id) ?? chosen), restored: view(chosen) };
      },
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
    // The builder's question carries no caller (it is internal): answered for any app that exists.
    const publicEnv = connection.subscribe(AppsSubjects.publicEnvValues, { queue: 'apps-service' });
    this.subscriptions.push(publicEnv);
    void (async () => {
      for await (const message of publicEnv) {
        const { data } = JSONCodec<{ data: { app_id: string } }>().decode(message.data);
        const app = this.apps.get(data.app_id);
        message.respond(
          this.replies.encode(
            app
              ? { response: { values: app.publicEnv }, isDisposed: true }
              : { err: { status: 404, body: { error: 'not_found', message: `App ${data.app_id} was not found` } }, isDisposed: true },
          ),
        );
      }
    })();
    for (const [subject, handle] of Object.entries(handlers)) {
      const subscription = connection.subscribe(subject, { queue: 'apps-service' });
      this.subscriptions.push(subscription);
      void (async () => {
        for await (const message of subscription) {
          const { data } = this.codec.decode(message.data);
          const app = this.apps.get(data.id);
          const handled = app && app.accountId === data.caller.accountId ? handle(data, app) : undefined;
          const answer = handled ?? new Refusal(404, { error: 'not_found', message: `App ${data.id} was not found` });
          message.respond(
            this.replies.encode(
              answer instanceof Refusal
                ? { err: { status: answer.status, body: answer.body }, isDisposed: true }
                : { response: answer, isDisposed: true },
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
    const app: FakeApp = { id, accountId, status, preview_url: null, production_url: null, published_at: null, versions: [], publicEnv: {} };
    this.apps.set(id, app);
    return app;
  }

  addVersion(app: FakeApp, files: SourceFile[], made: { source: VersionSource; summary: string } = { source: 'generation', summary: 'Recipes generated' }): number {
    const id = this.nextVersionId;
    this.nextVersionId += 1;
    app.versions.push({
      id,
      app_id: app.id,
      number: app.versions.length + 1,
      ...made,
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

export let nats: NatsServerHandle;
export let database: ScratchDatabase;
export let config: DeploymentConfig;
export let service: INestMicroservice | undefined;
export let connection: NatsConnection;
export let rpc: RpcClient;
export const apps = new AppsResponder();
export const alice = testCaller(1);
export const bob = testCaller(2);

export async function startService(): Promise<void> {
  service = await startServiceApp('deployment-service', AppModule.forConfig(config), nats.url);
}

/** Stops the service (a spec restarts it with startService()). */
export async function stopService(): Promise<void> {
  await service?.close();
  service = undefined;
}

export async function waitForDeployment(appId: string, status: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { deployment } = await rpc.request(DeploymentSubjects.latest, { caller: alice, app_id: appId });
    if (deployment?.status === status) return;
    if (Date.now() > deadline) throw new Error(`deployment of ${appId} is ${deployment?.status ?? 'missing'}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts what these specs run against before them, and stops it after them. */
export function useDeploymentServiceUnderTest(): void {
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
}
