// What the edge specs share: the edge in this process, stand-ins answering its NATS subjects, and HTTP helpers.
import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { connect, JSONCodec, type NatsConnection, type Subscription } from 'nats';
import {
  AppsEvents,
  AppsSubjects,
  DeploymentSubjects,
  DomainsSubjects,
  UsersSubjects,
  type AppUserView,
  type PageView,
  type RowActor,
  type RuntimeApp,
  type ServiceErrorPayload,
} from '@appgen/contracts';
import { startNatsServer, type NatsServerHandle } from '@appgen/testing';
import { AppModule } from './app.module';
import { loadEdgeConfig } from './config/edge.config';

jest.setTimeout(30_000);

/**
 * The edge against the subjects of apps-service, deployment-service and users-service, answered by
 * small responders on a private NATS in the wire format of Nest's NATS transport.
 */
export const codec = JSONCodec();
export const EDGE_PORT = 5810;
export const HEALTH_PORT = 5811;
export const CACHE_MS = 200;
/** The console's site: the one origin allowed to frame a preview. */
export const SITE_URL = 'https://console.appgen.test';

export const PUBLIC_APP = 'recipes00001';
export const PRIVATE_APP = 'private00002';
export const UNBUILT_APP = 'unbuilt00003';
export const preview = (id: string): string => `preview-${id}.preview.localhost:${EDGE_PORT}`;
export const production = (id: string): string => `${id}.apps.localhost:${EDGE_PORT}`;
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export class Failure {
  constructor(readonly payload: ServiceErrorPayload) {}
}
export const notFound = (message: string): Failure => new Failure({ status: 404, body: { error: 'not_found', message } });

export const apps = new Map<string, RuntimeApp>([
  [PUBLIC_APP, { id: PUBLIC_APP, account_id: 7, name: 'Recipe Box', status: 'published', visibility: 'public' }],
  [PRIVATE_APP, { id: PRIVATE_APP, account_id: 7, name: 'Team Notes', status: 'generated', visibility: 'login_required' }],
  [UNBUILT_APP, { id: UNBUILT_APP, account_id: 7, name: 'Nothing Yet', status: 'draft', visibility: 'public' }],
]);
export const page = (title: string): string =>
  `<!doctype html><html><head><title>${title}</title><script defer src="/assets/app.js"></script></head><body></body></html>`;
export const files = new Map<string, { content: string; content_type: string }>([
  ['11:index.html', { content: page('Recipe Box preview'), content_type: 'text/html; charset=utf-8' }],
  ['11:assets/app.js', { content: 'console.log("preview")', content_type: 'text/javascript; charset=utf-8' }],
  ['12:index.html', { content: page('Recipe Box production'), content_type: 'text/html; charset=utf-8' }],
  ['12:assets/app.js', { content: 'console.log("production")', content_type: 'text/javascript; charset=utf-8' }],
  ['21:index.html', { content: page('Team Notes'), content_type: 'text/html; charset=utf-8' }],
  ['21:assets/app.js', { content: 'console.log("notes")', content_type: 'text/javascript; charset=utf-8' }],
]);
export const bundles = new Map<string, number>([
  [`preview:${PUBLIC_APP}`, 11],
  [`production:${PUBLIC_APP}`, 12],
  [`preview:${PRIVATE_APP}`, 21],
  [`production:${PRIVATE_APP}`, 21],
]);
export const fileRequests: string[] = [];
export const rowRequests: { subject: string; actor: RowActor; request: Record<string, unknown> }[] = [];
export const codeRequests: Record<string, unknown>[] = [];
export const sessions = new Map<string, AppUserView>();
export const pageViews: PageView[] = [];
export let signIns = 0;

export function appUser(appId: string, email: string, id = 1): AppUserView {
  const at = new Date().toISOString();
  return {
    id,
    app_id: appId,
    email,
    access_tier: 'free',
    tier_granted_at: at,
    tier_expires_at: null,
    revoked: false,
    first_accessed_at: at,
    last_accessed_at: at,
    access_count: 1,
  };
}

export type Handler = (data: Record<string, unknown>) => unknown;
export const handlers: Record<string, Handler> = {
  [AppsSubjects.resolveRuntime]: (data) => {
    const app = apps.get(String(data['app_id']));
    if (!app) throw notFound(`App ${String(data['app_id'])} was not found`);
    return { app };
  },
  [DeploymentSubjects.resolveBundle]: (data) => {
    const buildId = bundles.get(`${String(data['environment'])}:${String(data['app_id'])}`);
    if (buildId === undefined) throw notFound('No bundle');
    const paths = [...files.keys()].filter((key) => key.startsWith(`${buildId}:`)).map((key) => key.slice(String(buildId).length + 1));
    return { build_id: buildId, etag: `"build-${buildId}"`, paths };
  },
  [DeploymentSubjects.bundleFile]: (data) => {
    const key = `${String(data['build_id'])}:${String(data['path'])}`;
    fileRequests.push(key);
    const file = files.get(key);
    if (!file) throw notFound('No such file');
    return { path: data['path'], ...file };
  },
  [AppsSubjects.queryRows]: (data) => {
    rowRequests.push({ subject: 'query', actor: data['actor'] as RowActor, request: data });
    const at = '2030-01-01T00:00:00.000Z';
    return { rows: [{ id: 1, created_at: at, updated_at: at, title: 'Soup' }], total: 1, next_offset: null };
  },
  [AppsSubjects.totalRows]: (data) => {
    rowRequests.push({ subject: 'totals', actor: data['actor'] as RowActor, request: data });
    return { count: 3, sum: { amount: 12.5 }, groups: [{ value: 'paid', count: 3, sum: { amount: 12.5 } }], groups_total: 1 };
  },
  [AppsSubjects.insertRow]: (data) => {
    rowRequests.push({ subject: 'insert', actor: data['actor'] as RowActor, request: data });
    const row = data['data'] as Record<string, unknown>;
    if (typeof row['title'] !== 'string') {
      throw new Failure({
        status: 422,
        body: { error: 'validation_failed', message: 'title is required', errors: [{ field: 'title', message: 'is required' }] },
      });
    }
    const at = '2030-01-01T00:00:00.000Z';
    return { row: { id: 2, created_at: at, updated_at: at, ...row } };
  },
  [AppsSubjects.getRow]: (data) => {
    rowRequests.push({ subject: 'get', actor: data['actor'] as RowActor, request: data });
    throw notFound(`recipes row ${String(data['id'])} was not found`);
  },
  [AppsSubjects.deleteRow]: (data) => {
    rowRequests.push({ subject: 'delete', actor: data['actor'] as RowActor, request: data });
    return { success: true };
  },
  [UsersSubjects.appUserRequestCode]: (data) => {
    codeRequests.push(data);
    return { message: `A 6-digit sign-in code is on its way to ${String(data['email'])}.` };
  },
  [UsersSubjects.appUserVerifyCode]: (data) => {
    if (data['code'] !== '123456') {
      throw new Failure({ status: 401, body: { error: 'unauthorized', message: 'The sign-in code is wrong or has expired.' } });
    }
    signIns += 1;
    const token = `as_${String(signIns).padStart(40, '0')}`;
    const user = appUser(String(data['app_id']), String(data['email']), signIns);
    sessions.set(`${String(data['app_id'])}:${sha256(token)}`, user);
    return { session_token: token, expires_in: 2592000, app_user: user };
  },
  [UsersSubjects.appUserResolveSession]: (data) => {
    const user = sessions.get(`${String(data['app_id'])}:${String(data['session_hash'])}`);
    if (!user) throw new Failure({ status: 401, body: { error: 'unauthorized', message: 'Not signed in.' } });
    return { app_user: user };
  },
  // No custom domains here: every other host is one no app has.
  [DomainsSubjects.resolveHost]: (data) => {
    throw notFound(`Custom domain ${String(data['host'])} was not found`);
  },
  [UsersSubjects.appUserSignOut]: (data) => {
    sessions.delete(`${String(data['app_id'])}:${String(data['session_hash'])}`);
    return { success: true };
  },
};

export let nats: NatsServerHandle;
export let responders: NatsConnection;
export let edge: INestApplicationContext;

export function respond(subscription: Subscription, handler: Handler): void {
  void (async () => {
    for await (const message of subscription) {
      const { data, id } = codec.decode(message.data) as { data: Record<string, unknown>; id: string };
      try {
        message.respond(codec.encode({ id, response: handler(data), isDisposed: true }));
      } catch (error) {
        if (!(error instanceof Failure)) throw error;
        message.respond(codec.encode({ id, err: error.payload, isDisposed: true }));
      }
    }
  })();
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function call(host: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: EDGE_PORT, path, method: options.method ?? 'GET', headers: { host, ...options.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

export function json(host: string, path: string, method = 'GET', body?: unknown, cookie?: string): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers['cookie'] = cookie;
  return call(host, path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

export function cookiesOf(answer: Answer): string[] {
  const header = answer.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

export async function signIn(host: string, email: string): Promise<string> {
  const verified = await json(host, '/_api/auth/verify', 'POST', { email, code: '123456' });
  expect(verified.status).toBe(200);
  const cookie = cookiesOf(verified).find((c) => c.startsWith('appgen_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0] ?? '';
}

export const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts what these specs run against before them, and stops it after them. */
export function useEdgeUnderTest(): void {
  beforeAll(async () => {
    nats = await startNatsServer();
    responders = await connect({ servers: nats.url });
    for (const [subject, handler] of Object.entries(handlers)) respond(responders.subscribe(subject), handler);
    void (async () => {
      for await (const message of responders.subscribe(AppsEvents.recordPageViews)) {
        const { data } = codec.decode(message.data) as { data: { views: PageView[] } };
        pageViews.push(...data.views);
      }
    })();
    await responders.flush();
    const config = loadEdgeConfig({
      NATS_URL: nats.url,
      EDGE_PORT: String(EDGE_PORT),
      HEALTH_PORT: String(HEALTH_PORT),
      EDGE_TLS_PORT: '5812',
      RUNTIME_CACHE_MS: String(CACHE_MS),
      PAGE_VIEW_FLUSH_MS: '100',
      LOG_LEVEL: 'warn',
      SITE_URL: `${SITE_URL}/`,
    });
    edge = await NestFactory.createApplicationContext(AppModule.forConfig(config), { logger: ['error', 'warn'] });
    edge.enableShutdownHooks();
    await edge.init();
  });
  afterAll(async () => {
    await edge?.close();
    await responders?.drain();
    await nats?.stop();
  });
}
