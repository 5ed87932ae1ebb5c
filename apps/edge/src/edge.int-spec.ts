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
  UsersSubjects,
  type AppUserView,
  type PageView,
  type QueryRowsRequest,
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
const codec = JSONCodec();
const EDGE_PORT = 5810;
const HEALTH_PORT = 5811;
const CACHE_MS = 200;

const PUBLIC_APP = 'recipes00001';
const PRIVATE_APP = 'private00002';
const UNBUILT_APP = 'unbuilt00003';
const preview = (id: string): string => `preview-${id}.preview.localhost:${EDGE_PORT}`;
const production = (id: string): string => `${id}.apps.localhost:${EDGE_PORT}`;
const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

class Failure {
  constructor(readonly payload: ServiceErrorPayload) {}
}
const notFound = (message: string): Failure => new Failure({ status: 404, body: { error: 'not_found', message } });

const apps = new Map<string, RuntimeApp>([
  [PUBLIC_APP, { id: PUBLIC_APP, account_id: 7, name: 'Recipe Box', status: 'published', visibility: 'public' }],
  [PRIVATE_APP, { id: PRIVATE_APP, account_id: 7, name: 'Team Notes', status: 'generated', visibility: 'login_required' }],
  [UNBUILT_APP, { id: UNBUILT_APP, account_id: 7, name: 'Nothing Yet', status: 'draft', visibility: 'public' }],
]);
const page = (title: string): string =>
  `<!doctype html><html><head><title>${title}</title><script defer src="/assets/app.js"></script></head><body></body></html>`;
const files = new Map<string, { content: string; content_type: string }>([
  ['11:index.html', { content: page('Recipe Box preview'), content_type: 'text/html; charset=utf-8' }],
  ['11:assets/app.js', { content: 'console.log("preview")', content_type: 'text/javascript; charset=utf-8' }],
  ['12:index.html', { content: page('Recipe Box production'), content_type: 'text/html; charset=utf-8' }],
  ['12:assets/app.js', { content: 'console.log("production")', content_type: 'text/javascript; charset=utf-8' }],
  ['21:index.html', { content: page('Team Notes'), content_type: 'text/html; charset=utf-8' }],
  ['21:assets/app.js', { content: 'console.log("notes")', content_type: 'text/javascript; charset=utf-8' }],
]);
const bundles = new Map<string, number>([
  [`preview:${PUBLIC_APP}`, 11],
  [`production:${PUBLIC_APP}`, 12],
  [`preview:${PRIVATE_APP}`, 21],
  [`production:${PRIVATE_APP}`, 21],
]);
const fileRequests: string[] = [];
const rowRequests: { subject: string; actor: RowActor; request: Record<string, unknown> }[] = [];
const codeRequests: Record<string, unknown>[] = [];
const sessions = new Map<string, AppUserView>();
const pageViews: PageView[] = [];
let signIns = 0;

function appUser(appId: string, email: string): AppUserView {
  const at = new Date().toISOString();
  return {
    id: 1,
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

type Handler = (data: Record<string, unknown>) => unknown;
const handlers: Record<string, Handler> = {
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
    const user = appUser(String(data['app_id']), String(data['email']));
    sessions.set(`${String(data['app_id'])}:${sha256(token)}`, user);
    return { session_token: token, expires_in: 2592000, app_user: user };
  },
  [UsersSubjects.appUserResolveSession]: (data) => {
    const user = sessions.get(`${String(data['app_id'])}:${String(data['session_hash'])}`);
    if (!user) throw new Failure({ status: 401, body: { error: 'unauthorized', message: 'Not signed in.' } });
    return { app_user: user };
  },
  [UsersSubjects.appUserSignOut]: (data) => {
    sessions.delete(`${String(data['app_id'])}:${String(data['session_hash'])}`);
    return { success: true };
  },
};

let nats: NatsServerHandle;
let responders: NatsConnection;
let edge: INestApplicationContext;

function respond(subscription: Subscription, handler: Handler): void {
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

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function call(host: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
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

function json(host: string, path: string, method = 'GET', body?: unknown, cookie?: string): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers['cookie'] = cookie;
  return call(host, path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

function cookiesOf(answer: Answer): string[] {
  const header = answer.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

async function signIn(host: string, email: string): Promise<string> {
  const verified = await json(host, '/_api/auth/verify', 'POST', { email, code: '123456' });
  expect(verified.status).toBe(200);
  const cookie = cookiesOf(verified).find((c) => c.startsWith('appgen_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0] ?? '';
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

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
    RUNTIME_CACHE_MS: String(CACHE_MS),
    PAGE_VIEW_FLUSH_MS: '100',
    LOG_LEVEL: 'warn',
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

describe('serving bundles', () => {
  it('serves index.html of the preview build at /, with an ETag the browser can revalidate', async () => {
    const first = await call(preview(PUBLIC_APP), '/');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.body).toContain('<title>Recipe Box preview</title>');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers['etag'];
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);

    const again = await call(preview(PUBLIC_APP), '/', { headers: { 'if-none-match': String(etag) } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves assets with their content type, fetching each file of a build once', async () => {
    const before = fileRequests.filter((key) => key === '11:assets/app.js').length;
    for (let i = 0; i < 3; i += 1) {
      const asset = await call(preview(PUBLIC_APP), '/assets/app.js');
      expect(asset.status).toBe(200);
      expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(asset.body).toBe('console.log("preview")');
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(fileRequests.filter((key) => key === '11:assets/app.js').length - before).toBeLessThanOrEqual(1);
  });

  it('answers client-side routes with index.html and a missing asset with a 404 page', async () => {
    const route = await call(preview(PUBLIC_APP), '/recipes/42/edit');
    expect(route.status).toBe(200);
    expect(route.body).toContain('<title>Recipe Box preview</title>');

    const missing = await call(preview(PUBLIC_APP), '/assets/nope.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(missing.body).toContain(`App ${PUBLIC_APP} has no file at /assets/nope.js.`);
  });

  it('serves the deployed build at the production address and the newest build at the preview address', async () => {
    const live = await call(production(PUBLIC_APP), '/');
    expect(live.status).toBe(200);
    expect(live.body).toContain('<title>Recipe Box production</title>');
    expect((await call(production(PUBLIC_APP), '/assets/app.js')).body).toBe('console.log("production")');
  });

  it('says clearly what is missing: no build, no deployment, no app, no app at this host', async () => {
    const noPreview = await call(preview(UNBUILT_APP), '/');
    expect(noPreview.status).toBe(404);
    expect(noPreview.body).toContain(`App ${UNBUILT_APP} has no preview yet.`);
    const notDeployed = await call(production(UNBUILT_APP), '/anything', { headers: { accept: 'application/json' } });
    expect(notDeployed.status).toBe(404);
    expect(JSON.parse(notDeployed.body)).toEqual({ error: 'not_found', message: `App ${UNBUILT_APP} is not deployed.` });
    const noApp = await call(preview('missing00004'), '/');
    expect(noApp.status).toBe(404);
    expect(noApp.body).toContain('No app missing00004 exists.');

    const unknown = await call('example.com', '/health');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('No app is served at example.com.');
    const hostile = await call('<script>alert(1)</script>', '/');
    expect(hostile.status).toBe(404);
    expect(hostile.body).not.toContain('<script>');
    expect(hostile.headers['server']).toBeUndefined();
  });

  it('serves every file of an app under its strict policy: no framing, no sniffing, no inline code', async () => {
    for (const path of ['/', '/recipes/42/edit', '/assets/app.js']) {
      const answer = await call(preview(PUBLIC_APP), path);
      expect(answer.status).toBe(200);
      expect(answer.headers).toMatchObject({
        'content-security-policy':
          "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
          "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'",
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
      });
    }
    const missing = await call(preview(PUBLIC_APP), '/assets/nope.js');
    expect(missing.headers['x-frame-options']).toBe('DENY');
    expect(missing.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('refuses other methods on pages', async () => {
    const posted = await call(preview(PUBLIC_APP), '/', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(posted.status).toBe(405);
    expect(posted.headers['allow']).toBe('GET, HEAD');
  });
});

describe('/_api rows', () => {
  it('reads rows as a visitor without a session', async () => {
    const listed = await json(preview(PUBLIC_APP), '/_api/entities/recipes?limit=5&order_by=-created_at');
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.body)).toEqual({ rows: [expect.objectContaining({ id: 1, title: 'Soup' })], total: 1, next_offset: null });
    const seen = rowRequests.at(-1);
    expect(seen?.actor).toEqual({ kind: 'visitor' });
    expect(seen?.request).toMatchObject<Partial<QueryRowsRequest>>({
      app_id: PUBLIC_APP,
      entity: 'recipes',
      limit: 5,
      offset: 0,
      order_by: '-created_at',
    });
  });

  it('writes rows as the signed-in app user', async () => {
    const cookie = await signIn(preview(PUBLIC_APP), 'cook@example.com');
    const created = await json(preview(PUBLIC_APP), '/_api/entities/recipes', 'POST', { title: 'Bread' }, cookie);
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body)).toEqual({ row: expect.objectContaining({ id: 2, title: 'Bread' }) });
    expect(rowRequests.at(-1)).toMatchObject({ subject: 'insert', actor: { kind: 'app_user', email: 'cook@example.com' } });

    const removed = await json(preview(PUBLIC_APP), '/_api/entities/recipes/2', 'DELETE', undefined, cookie);
    expect(removed.status).toBe(200);
    expect(JSON.parse(removed.body)).toEqual({ success: true });
    expect(rowRequests.at(-1)).toMatchObject({ subject: 'delete', request: { id: 2 } });
  });

  it("refuses writes from another app's pages (403) and bodies that are not JSON (415) before asking apps-service", async () => {
    const cookie = await signIn(preview(PUBLIC_APP), 'cook@example.com');
    const own = `http://${preview(PUBLIC_APP)}`;
    const refused = { error: 'forbidden', message: `This app accepts changes only from its own pages at ${own}.` };
    const before = rowRequests.length;
    const post = (headers: Record<string, string>, body = JSON.stringify({ title: 'Forged' })): Promise<Answer> =>
      call(preview(PUBLIC_APP), '/_api/entities/recipes', { method: 'POST', headers: { cookie, 'content-type': 'application/json', ...headers }, body });

    const otherApp = await post({ origin: `http://${preview('other0000005')}` });
    expect(otherApp.status).toBe(403);
    expect(JSON.parse(otherApp.body)).toEqual(refused);
    expect((await post({ origin: `http://${production(PUBLIC_APP)}` })).status).toBe(403);
    expect((await post({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
    const deleted = await call(preview(PUBLIC_APP), '/_api/entities/recipes/1', { method: 'DELETE', headers: { cookie, origin: 'null' } });
    expect(deleted.status).toBe(403);

    const plain = await post({ origin: own, 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
    expect(JSON.parse(plain.body)).toEqual({ error: 'unsupported_media_type', message: 'Send the request body as JSON, with Content-Type: application/json.' });
    const form = await post({ origin: own, 'content-type': 'application/x-www-form-urlencoded' }, 'title=Forged');
    expect(form.status).toBe(415);
    const untyped = await call(preview(PUBLIC_APP), '/_api/entities/recipes', { method: 'POST', headers: { cookie, origin: own }, body: '{"title":"Forged"}' });
    expect(untyped.status).toBe(415);
    expect(rowRequests.length).toBe(before);

    const accepted = await post({ origin: own, 'sec-fetch-site': 'same-origin' }, JSON.stringify({ title: 'Bread' }));
    expect(accepted.status).toBe(201);
    expect(rowRequests.at(-1)).toMatchObject({ subject: 'insert', actor: { kind: 'app_user', email: 'cook@example.com' } });
  });

  it('passes a service failure through with its status and body', async () => {
    const invalid = await json(preview(PUBLIC_APP), '/_api/entities/recipes', 'POST', { rating: 5 });
    expect(invalid.status).toBe(422);
    expect(JSON.parse(invalid.body)).toEqual({
      error: 'validation_failed',
      message: 'title is required',
      errors: [{ field: 'title', message: 'is required' }],
    });
    const missing = await json(preview(PUBLIC_APP), '/_api/entities/recipes/999');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toEqual({ error: 'not_found', message: 'recipes row 999 was not found' });
  });

  it('answers unreadable bodies, unknown routes and oversized bodies with error bodies', async () => {
    const broken = await call(preview(PUBLIC_APP), '/_api/entities/recipes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toEqual({ error: 'invalid_json', message: 'The request body is not valid JSON.' });

    const nowhere = await json(preview(PUBLIC_APP), '/_api/nothing/here');
    expect(nowhere.status).toBe(404);
    expect(JSON.parse(nowhere.body).error).toBe('not_found');

    const big = await call(preview(PUBLIC_APP), '/_api/entities/recipes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(1_100_000) }),
    });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body)).toEqual({ error: 'payload_too_large', message: 'The request body is too large.' });
  });
});

describe('/_api/auth', () => {
  it('asks users-service to mail a code naming the app', async () => {
    const requested = await json(preview(PUBLIC_APP), '/_api/auth/request_code', 'POST', { email: 'cook@example.com' });
    expect(requested.status).toBe(200);
    expect(JSON.parse(requested.body)).toEqual({ message: 'A 6-digit sign-in code is on its way to cook@example.com.' });
    expect(codeRequests.at(-1)).toEqual({ app_id: PUBLIC_APP, account_id: 7, app_name: 'Recipe Box', email: 'cook@example.com' });
  });

  it('sets the session cookie on sign-in, knows the user, and clears it on sign-out', async () => {
    const wrong = await json(preview(PUBLIC_APP), '/_api/auth/verify', 'POST', { email: 'cook@example.com', code: '000000' });
    expect(wrong.status).toBe(401);
    expect(cookiesOf(wrong)).toEqual([]);

    const verified = await json(preview(PUBLIC_APP), '/_api/auth/verify', 'POST', { email: 'cook@example.com', code: '123456' });
    expect(verified.status).toBe(200);
    expect(JSON.parse(verified.body)).toEqual({ user: { email: 'cook@example.com' } });
    const [setCookie] = cookiesOf(verified);
    expect(setCookie).toMatch(/^appgen_session=as_[0-9A-Za-z]{40}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = (setCookie ?? '').split(';')[0] ?? '';

    const me = await json(preview(PUBLIC_APP), '/_api/auth/me', 'GET', undefined, cookie);
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toEqual({ user: { email: 'cook@example.com' } });

    const out = await json(preview(PUBLIC_APP), '/_api/auth/sign_out', 'POST', undefined, cookie);
    expect(out.status).toBe(200);
    expect(JSON.parse(out.body)).toEqual({ success: true });
    expect(cookiesOf(out)).toEqual(['appgen_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax']);

    const after = await json(preview(PUBLIC_APP), '/_api/auth/me', 'GET', undefined, cookie);
    expect(after.status).toBe(401);
    expect(JSON.parse(after.body)).toEqual({ error: 'unauthorized', message: 'Not signed in.' });
  });
});

describe('login_required', () => {
  it('shows a sign-in page instead of the app, on preview and production, until the visitor signs in', async () => {
    for (const host of [preview(PRIVATE_APP), production(PRIVATE_APP)]) {
      const gate = await call(host, '/notes/3');
      expect(gate.status).toBe(401);
      expect(gate.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(gate.body).toContain('Sign in to Team Notes');
      expect(gate.body).toContain("fetch('/_api/auth/' + path");
      expect(gate.body).not.toContain('console.log("notes")');
      const nonce = /<script nonce="([^"]+)">/.exec(gate.body)?.[1];
      expect(gate.headers['content-security-policy']).toContain(`script-src 'nonce-${nonce ?? 'missing'}'`);

      const asset = await call(host, '/assets/app.js');
      expect(asset.status).toBe(401);
      const rows = await json(host, '/_api/entities/notes');
      expect(rows.status).toBe(401);
    }

    const cookie = await signIn(preview(PRIVATE_APP), 'member@example.com');
    const app = await call(preview(PRIVATE_APP), '/notes/3', { headers: { cookie } });
    expect(app.status).toBe(200);
    expect(app.body).toContain('<title>Team Notes</title>');
    expect(app.headers['cache-control']).toBe('private, no-cache');
    expect((await call(preview(PRIVATE_APP), '/assets/app.js', { headers: { cookie } })).body).toBe('console.log("notes")');
    // A session belongs to one app: it opens nothing elsewhere.
    expect((await json(preview(PUBLIC_APP), '/_api/auth/me', 'GET', undefined, cookie)).status).toBe(401);
  });

  it('applies a visibility change without a redeploy, within the cache period', async () => {
    const app = apps.get(PUBLIC_APP);
    if (!app) throw new Error('missing app');
    apps.set(PUBLIC_APP, { ...app, visibility: 'login_required' });
    try {
      await wait(CACHE_MS + 50);
      const gate = await call(production(PUBLIC_APP), '/');
      expect(gate.status).toBe(401);
      expect(gate.body).toContain('Sign in to Recipe Box');
    } finally {
      apps.set(PUBLIC_APP, app);
    }
    await wait(CACHE_MS + 50);
    expect((await call(production(PUBLIC_APP), '/')).status).toBe(200);
  });
});

describe('page views', () => {
  it('counts HTML pages (not assets, not /_api) in batches, with a lasting visitor and an idle-expiring session', async () => {
    // Views of the earlier tests arrive within one flush period; start from a quiet buffer.
    await wait(300);
    pageViews.length = 0;
    const first = await call(production(PUBLIC_APP), '/recipes');
    const cookies = cookiesOf(first);
    const visitor = cookies.find((c) => c.startsWith('appgen_vid='));
    const session = cookies.find((c) => c.startsWith('appgen_sid='));
    expect(visitor).toMatch(/^appgen_vid=[A-Za-z0-9_-]{24}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(session).toMatch(/^appgen_sid=[A-Za-z0-9_-]{24}; Max-Age=1800; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = [visitor, session].map((c) => (c ?? '').split(';')[0]).join('; ');

    await call(production(PUBLIC_APP), '/recipes/2', { headers: { cookie } });
    await call(production(PUBLIC_APP), '/assets/app.js', { headers: { cookie } });
    await json(production(PUBLIC_APP), '/_api/entities/recipes', 'GET', undefined, cookie);
    await call(preview(PUBLIC_APP), '/');

    const deadline = Date.now() + 5000;
    while (pageViews.length < 3 && Date.now() < deadline) await wait(50);
    expect(pageViews.map((v) => [v.path, v.environment])).toEqual([
      ['/recipes', 'production'],
      ['/recipes/2', 'production'],
      ['/', 'preview'],
    ]);
    const [a, b, c] = pageViews;
    const rawVisitor = (visitor ?? '').split(';')[0]?.split('=')[1] ?? '';
    expect(a?.visitor).toBe(sha256(rawVisitor));
    expect(b?.visitor).toBe(a?.visitor);
    expect(b?.session).toBe(a?.session);
    expect(c?.visitor).not.toBe(a?.visitor);
    expect(a?.app_id).toBe(PUBLIC_APP);
    expect(Date.parse(a?.at ?? '')).not.toBeNaN();
  });
});
