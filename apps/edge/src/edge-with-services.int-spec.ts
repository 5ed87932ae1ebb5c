import 'reflect-metadata';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NatsConnection } from 'nats';
import { AppsSubjects, DeploymentSubjects, SCOPE_GRANTS, UsersSubjects, type Caller, type EntityPlan, type SourceFile } from '@appgen/contracts';
import { connectNats, RpcClient } from '@appgen/service-kit';
import {
  createScratchDatabase,
  freePort,
  startBuiltService,
  startNatsServer,
  waitForMail,
  type BuiltService,
  type NatsServerHandle,
  type ScratchDatabase,
} from '@appgen/testing';
import { AppModule } from './app.module';
import { loadEdgeConfig } from './config/edge.config';

jest.setTimeout(60_000);

/**
 * The edge with the real apps-service, deployment-service and users-service (as built by
 * `npm run build`), on a private NATS and a scratch database: what a browser on a generated app sees.
 */
let EDGE_PORT = 0;



interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function call(host: string, path: string, options: { method?: string; cookie?: string; json?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = { host };
  if (options.cookie) headers['cookie'] = options.cookie;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  if (path.startsWith('/_api')) headers['accept'] = 'application/json';
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: EDGE_PORT, path, method: options.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (options.json !== undefined) req.write(JSON.stringify(options.json));
    req.end();
  });
}

function sessionCookie(answer: Answer): string {
  const header = answer.headers['set-cookie'];
  const all = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const cookie = all.find((c) => c.startsWith('appgen_session='));
  if (!cookie) throw new Error('no session cookie was set');
  return cookie.split(';')[0] ?? '';
}

const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const FILES: SourceFile[] = [
  {
    path: 'index.html',
    content: '<!doctype html><html><head><title>Recipes</title><script defer src="/assets/app.js"></script></head><body><main id="app"></main></body></html>\n',
  },
  { path: 'src/main.ts', content: "document.getElementById('app')!.textContent = 'Recipes';\n" },
];
const RECIPES: EntityPlan = {
  name: 'recipes',
  label: 'Recipes',
  label_singular: 'Recipe',
  user_scoped: false,
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true },
    { name: 'cooking_time', label: 'Cooking time', type: 'integer', required: false },
  ],
};

describe('the edge with the real services', () => {
  let nats: NatsServerHandle;
  let database: ScratchDatabase;
  let mailDir: string;
  const services: BuiltService[] = [];
  let edge: INestApplicationContext;
  let connection: NatsConnection;
  let rpc: RpcClient;
  let owner: Caller;
  let appId: string;

  beforeAll(async () => {
    EDGE_PORT = await freePort();
    nats = await startNatsServer();
    database = await createScratchDatabase('appgen_edge3_real');
    mailDir = await mkdtemp(join(tmpdir(), 'appgen-edge-mail-'));
    const shared = { DATABASE_URL: database.url, NATS_URL: nats.url, SITE_URL: 'http://localhost:3000' };
    // One at a time: each runs its migrations, and the outbox migration creates the shared stream.
    services.push(await startBuiltService('users-service', { ...shared, MAIL_DIR: mailDir }));
    services.push(await startBuiltService('apps-service', shared));
    services.push(
      await startBuiltService('deployment-service', {
        ...shared,
        PUBLIC_URL_SCHEME: 'http',
        PUBLIC_URL_PORT: String(EDGE_PORT),
        DEPLOY_POLL_INTERVAL_MS: '100',
      }),
    );
    connection = await connectNats(nats.url, 'edge-test');
    rpc = new RpcClient(connection, 10_000);
    const config = loadEdgeConfig({
      NATS_URL: nats.url,
      EDGE_PORT: String(EDGE_PORT),
      EDGE_TLS_PORT: String(await freePort()),
      HEALTH_PORT: String(await freePort()),
      RUNTIME_CACHE_MS: '500',
      PAGE_VIEW_FLUSH_MS: '100',
      LOG_LEVEL: 'warn',
    });
    edge = await NestFactory.createApplicationContext(AppModule.forConfig(config), { logger: ['error', 'warn'] });
    await edge.init();

    const { account } = await rpc.request(UsersSubjects.createAccount, { email: 'owner@example.com' });
    await waitForMail(mailDir, 'owner@example.com');
    owner = { accountId: account.id, email: account.email, plan: 'free', keyId: null, scope: 'full_access', grants: [...SCOPE_GRANTS.full_access] };
    const { app } = await rpc.request(AppsSubjects.create, { caller: owner, name: 'Recipe Box' });
    appId = app.id;
    await rpc.request(AppsSubjects.defineEntity, { caller: owner, id: appId, entity: RECIPES });
    const { version } = await rpc.request(AppsSubjects.saveVersion, { caller: owner, id: appId, files: FILES, plan: null, source: 'generation' });
    const { build } = await rpc.request(DeploymentSubjects.build, { caller: owner, app_id: appId, version_id: version.id });
    expect(build.status).toBe('succeeded');
  });

  afterAll(async () => {
    await edge?.close();
    for (const service of services.reverse()) await service.stop();
    await connection?.drain();
    await Promise.all([database?.drop(), nats?.stop(), mailDir && rm(mailDir, { recursive: true, force: true })]);
  });

  const host = (): string => `preview-${appId}.preview.localhost:${EDGE_PORT}`;

  it('serves the built preview, its bundle and its client-side routes', async () => {
    const page = await call(host(), '/recipes/new');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>Recipes</title>');
    const script = await call(host(), '/assets/app.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('Recipes');
    expect((await call(`${appId}.apps.localhost:${EDGE_PORT}`, '/')).body).toContain(`App ${appId} is not deployed.`);
  });

  it('signs an app user in by mailed code and stores and reads their rows', async () => {
    const requested = await call(host(), '/_api/auth/request_code', { method: 'POST', json: { email: 'cook@example.com' } });
    expect(requested.status).toBe(200);
    const mail = await waitForMail(mailDir, 'cook@example.com');
    const code = /^Your sign-in code for Recipe Box: (\d{6})$/.exec(mail.subject)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verified = await call(host(), '/_api/auth/verify', { method: 'POST', json: { email: 'cook@example.com', code } });
    expect(verified.status).toBe(200);
    expect(JSON.parse(verified.body)).toEqual({ user: { email: 'cook@example.com', tier: 'free' } });
    const cookie = sessionCookie(verified);

    const created = await call(host(), '/_api/entities/recipes', { method: 'POST', cookie, json: { title: 'Soup', cooking_time: 20 } });
    expect(created.status).toBe(201);
    const { row } = JSON.parse(created.body) as { row: { id: number; title: string } };
    expect(row.title).toBe('Soup');
    const listed = await call(host(), '/_api/entities/recipes', { cookie });
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.body)).toMatchObject({ rows: [{ id: row.id, title: 'Soup', cooking_time: 20 }], total: 1 });
    expect(JSON.parse((await call(host(), `/_api/entities/recipes/${row.id}`)).body)).toMatchObject({ row: { title: 'Soup' } });
    const invalid = await call(host(), '/_api/entities/recipes', { method: 'POST', cookie, json: { cooking_time: 'soon' } });
    expect(invalid.status).toBe(422);
    expect(JSON.parse(invalid.body)).toMatchObject({ error: 'validation_failed' });
    // Someone who is not signed in reads the shared recipes but is asked to sign in to add one.
    const anonymous = await call(host(), '/_api/entities/recipes', { method: 'POST', json: { title: 'Toast' } });
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body)).toEqual({ error: 'unauthorized', message: 'Sign in to add recipes' });
    expect(JSON.parse((await call(host(), '/_api/entities/recipes')).body)).toMatchObject({ total: 1 });
    // Totals come from apps-service, counted and summed over the rows the reader may see.
    const totals = await call(host(), '/_api/entities/recipes/totals?sum=cooking_time');
    expect(totals.status).toBe(200);
    expect(JSON.parse(totals.body)).toEqual({ count: 1, sum: { cooking_time: 20 } });
    const notANumber = await call(host(), '/_api/entities/recipes/totals?sum=title');
    expect(notANumber.status).toBe(422);
    expect(JSON.parse(notANumber.body)).toMatchObject({ error: 'validation_failed', errors: [{ field: 'sum' }] });
  });

  it('shows the sign-in page with the first request after the app becomes login_required, and the app after sign-in', async () => {
    // No wait: apps-service announces the change before it answers, and the edge's next request sees it.
    await rpc.request(AppsSubjects.update, { caller: owner, id: appId, changes: { visibility: 'login_required' } });
    const gate = await call(host(), '/');
    expect(gate.status).toBe(401);
    expect(gate.body).toContain('Sign in to Recipe Box');

    await call(host(), '/_api/auth/request_code', { method: 'POST', json: { email: 'member@example.com' } });
    const code = /(\d{6})$/.exec((await waitForMail(mailDir, 'member@example.com')).subject)?.[1] ?? '';
    const cookie = sessionCookie(await call(host(), '/_api/auth/verify', { method: 'POST', json: { email: 'member@example.com', code } }));
    const page = await call(host(), '/', { cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Recipes</title>');
    await rpc.request(AppsSubjects.update, { caller: owner, id: appId, changes: { visibility: 'public' } });
  });

  it('counts page views for the analytics endpoint', async () => {
    await call(host(), '/');
    await call(host(), '/recipes');
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { metrics } = await rpc.request(AppsSubjects.queryAnalytics, { caller: owner, id: appId, period: '7d' });
      if (metrics.page_views >= 3) {
        expect(metrics.unique_visitors).toBeGreaterThanOrEqual(1);
        expect(metrics.sessions).toBeGreaterThanOrEqual(1);
        break;
      }
      if (Date.now() > deadline) throw new Error(`page views stayed at ${metrics.page_views}`);
      await wait(100);
    }
  });
});
