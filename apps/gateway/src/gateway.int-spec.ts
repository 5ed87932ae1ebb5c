import { randomBytes } from 'node:crypto';
import 'reflect-metadata';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { connect } from 'nats';
import request from 'supertest';
import { PLAN_RATE_LIMITS, UsersSubjects } from '@appgen/contracts';
import { createHttpAdapter, RpcClient } from '@appgen/service-kit';
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
import { loadGatewayConfig, type GatewayConfig } from './config/gateway.config';
import { configureGateway } from './http/configure-gateway';
import { mostHeld } from './rate-limit/leased-limiter';

const J = { 'content-type': 'application/json' };



/** One deployment's key: replicas share it, so they key a client IP's counters alike. */
const SECRETS_KEY = randomBytes(32).toString('base64');

/** The gateway as main.ts boots it (runService's adapter options), in this process. */
async function startGateway(overrides: Record<string, string>): Promise<NestFastifyApplication> {
  const config: GatewayConfig = loadGatewayConfig({ LOG_LEVEL: 'warn', METRICS_PORT: '0', TRUSTED_PROXIES: '127.0.0.1/32, ::1/128', SECRETS_KEY, ...overrides });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forConfig(config), createHttpAdapter(), {
    logger: ['error', 'warn'],
    abortOnError: false,
  });
  await configureGateway(app, config, { docsUi: false });
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

let ipCounter = 0;
/** A fresh client address per test, so one test's anonymous requests never count against another's. */
function newIp(): string {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
}

function expectRateLimitHeaders(response: request.Response): void {
  expect(response.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
  expect(response.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
  const reset = Number(response.headers['x-ratelimit-reset']);
  expect(Number.isInteger(reset)).toBe(true);
  expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
  expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 60);
}

describe('gateway (with apps-service, users-service and billing-service over a private NATS)', () => {
  let nats: NatsServerHandle;
  let db: ScratchDatabase;
  let mailDir: string;
  const services: BuiltService[] = [];
  let gateway: NestFastifyApplication;
  let env: Record<string, string>;
  let api: () => request.Agent;
  let fullKey: string;
  let fullKeyId: number;
  let readOnlyKey: string;

  beforeAll(async () => {
    nats = await startNatsServer();
    db = await createScratchDatabase('appgen_gateway_it');
    mailDir = await mkdtemp(join(tmpdir(), 'appgen-gateway-mail-'));
    env = { NATS_URL: nats.url, DATABASE_URL: db.url };
    services.push(await startBuiltService('apps-service', { ...env, OUTBOX_RELAY_ENABLED: 'false' }));
    services.push(await startBuiltService('users-service', { ...env, MAIL_DIR: mailDir, OUTBOX_RELAY_ENABLED: 'false' }));
    // accounts show their credits from billing's ledger
    services.push(await startBuiltService('billing-service', env));
    gateway = await startGateway({ NATS_URL: nats.url });
    api = () => request.agent(gateway.getHttpServer());

    // Sign up and sign in by mailed code as a user would, then make the keys the tests use.
    const ip = newIp();
    const email = 'grace@example.com';
    await api().post('/api/v1/accounts').set('x-forwarded-for', ip).send({ email, name: 'Grace' }).expect(201);
    const signUpMail = await waitForMail(mailDir, email);
    await api().post('/api/v1/auth/magic_code').set('x-forwarded-for', ip).send({ email }).expect(200);
    const signIn = await waitForMail(mailDir, email, { seen: new Set([signUpMail.file]) });
    const code = /\b(\d{6})\b/.exec(signIn.subject)?.[1] ?? '';
    const token = await api().post('/api/v1/auth/magic_code').set('x-forwarded-for', ip).send({ email, code }).expect(200);
    expect(token.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, account: { email } });
    const bearer = `Bearer ${token.body.access_token}`;
    const full = await api().post('/api/v1/api_keys').set('authorization', bearer).send({ name: 'full', scope: 'full_access' }).expect(201);
    fullKey = full.body.raw_key;
    fullKeyId = full.body.api_key.id;
    const ro = await api().post('/api/v1/api_keys').set('x-api-key', fullKey).send({ name: 'ro', scope: 'read_only' }).expect(201);
    readOnlyKey = ro.body.raw_key;
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await Promise.all(services.map((service) => service.stop()));
    await nats?.stop();
    await db?.drop();
    if (mailDir) await rm(mailDir, { recursive: true, force: true });
  });

  it('serves health at the site root: 200, degraded while a backend is not running, naming which', async () => {
    const response = await api().get('/health').expect(200);
    expect(response.body).toMatchObject({ service: 'gateway', status: 'degraded', checks: { nats: 'ok' } });
    // Only apps-service, users-service and billing-service run beside this gateway.
    expect(response.body.services).toEqual({
      'apps-service': 'ok',
      'generation-service': 'down',
      'deployment-service': 'down',
      edge: 'down',
      'users-service': 'ok',
      'webhooks-service': 'down',
      'domains-service': 'down',
      'billing-service': 'ok',
      'claim-service': 'down',
    });
  });

  it("shows an account's credits from billing: 50 granted at signup, in /account and /usage with the plan and this request's limit", async () => {
    const account = await api().get('/api/v1/account').set('x-api-key', readOnlyKey).expect(200);
    expect(account.body.account.credits).toBe(50);
    const usage = await api().get('/api/v1/usage').set('x-api-key', readOnlyKey).expect(200);
    expect(usage.body).toEqual({
      plan: 'free',
      credits: { balance: 50, purchased: 0, granted: 50, used: 0 },
      usage: { period: new Date().toISOString().slice(0, 7), generations: 0, credits_used: 0, tokens_used: { input: 0, output: 0 } },
      rate_limit: {
        limit: Number(usage.headers['x-ratelimit-limit']),
        remaining: Number(usage.headers['x-ratelimit-remaining']),
        reset: Number(usage.headers['x-ratelimit-reset']),
      },
    });
    expect(usage.body.rate_limit.limit).toBe(60);
    await api().get('/api/v1/usage').set('x-forwarded-for', newIp()).expect(401);
  });

  it('lists the credit packs without a credential', async () => {
    const packs = await api().get('/api/v1/credit_packs').set('x-forwarded-for', newIp()).expect(200);
    expect(packs.body.packs).toEqual([
      { name: 'starter', price: '40.00', currency: 'USD', credits: 400 },
      { name: 'builder', price: '100.00', currency: 'USD', credits: 1100 },
      { name: 'studio', price: '250.00', currency: 'USD', credits: 3000 },
    ]);
  });

  it('answers 401 without a credential, with rate-limit headers', async () => {
    const response = await api().get('/api/v1/managed_apps').set('x-forwarded-for', newIp()).expect(401);
    expect(response.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
    expectRateLimitHeaders(response);
    expect(response.headers['x-ratelimit-limit']).toBe('60');
    expect(response.headers['x-ratelimit-remaining']).toBe('59');
  });

  it('answers 401 for an unknown key and for a credential that is not one', async () => {
    const unknown = await api().get('/api/v1/api_keys').set('x-api-key', `svc_${'x'.repeat(40)}`).expect(401);
    expect(unknown.body).toEqual({ error: 'unauthorized', message: 'Invalid API key' });
    expectRateLimitHeaders(unknown);
    const basic = await api().get('/api/v1/api_keys').set('authorization', 'Basic Z3JhY2U6c2VjcmV0').expect(401);
    expect(basic.body.error).toBe('unauthorized');
  });

  it('answers 403 naming the permission a key lacks', async () => {
    const response = await api().post('/api/v1/managed_apps').set('x-api-key', readOnlyKey).send({ name: 'Nope' }).expect(403);
    expect(response.body).toMatchObject({ error: 'forbidden', message: expect.stringContaining('apps:write') });
    expectRateLimitHeaders(response);
  });

  it('answers a validation failure with 422 and the failing fields', async () => {
    const response = await api()
      .post('/api/v1/managed_apps')
      .set('x-api-key', fullKey)
      .send({ name: '   ', visibility: 'secret', auto_generate: 'yes' })
      .expect(422);
    expect(response.body.error).toBe('validation_failed');
    expect(typeof response.body.message).toBe('string');
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: expect.any(String) },
        { field: 'visibility', message: expect.any(String) },
        { field: 'auto_generate', message: expect.any(String) },
      ]),
    );
    expectRateLimitHeaders(response);
  });

  it('refuses an unknown body field with 422 naming it', async () => {
    const response = await api().post('/api/v1/managed_apps').set('x-api-key', fullKey).send({ name: 'Ok', colour: 'blue' }).expect(422);
    expect(response.body).toEqual({
      error: 'validation_failed',
      message: 'colour is not a permitted field',
      errors: [{ field: 'colour', message: 'is not a permitted field' }],
    });
  });

  it('answers a required field sent as null as missing, with its own answer, and refuses other nulls with 422', async () => {
    const prompt = await api().post('/api/v1/generation_queue').set('x-api-key', fullKey).send({ prompt: null }).expect(400);
    expect(prompt.body).toEqual({ error: 'missing_prompt', message: 'prompt is required: describe the app to build' });
    const build = await api().post('/api/v1/anonymous_builds').set('x-forwarded-for', newIp()).send({ prompt: null, email: 'ada@example.com' }).expect(400);
    expect(build.body.error).toBe('missing_prompt');
    const pack = await api().post('/api/v1/credit_packs/checkout').set('x-api-key', fullKey).send({ pack_name: null }).expect(422);
    expect(pack.body).toEqual({
      error: 'unknown_pack',
      message: 'pack_name is required: one of starter, builder, studio',
      errors: [{ field: 'pack_name', message: 'is required' }],
      allowed: ['starter', 'builder', 'studio'],
    });
    const name = await api().post('/api/v1/generation_queue').set('x-api-key', fullKey).send({ prompt: 'A to-do list', name: null }).expect(422);
    expect(name.body).toEqual({
      error: 'validation_failed',
      message: 'name must not be null; leave it out instead',
      errors: [{ field: 'name', message: 'must not be null; leave it out instead' }],
    });
  });

  it('refuses fields sent to a DELETE route, which takes no body, and does nothing', async () => {
    const key = await api().post('/api/v1/api_keys').set('x-api-key', fullKey).send({ name: 'short-lived', scope: 'read_only' }).expect(201);
    const refused = await api().delete(`/api/v1/api_keys/${key.body.api_key.id}`).set('x-api-key', fullKey).send({ reason: 'leaked' }).expect(422);
    expect(refused.body).toEqual({
      error: 'validation_failed',
      message: 'reason is not accepted: this route takes no body',
      errors: [{ field: 'reason', message: 'is not accepted: this route takes no body' }],
    });
    await api().get('/api/v1/api_keys').set('x-api-key', key.body.raw_key).expect(200);
    const app = await api().post('/api/v1/managed_apps').set('x-api-key', fullKey).send({ name: 'Kept' }).expect(201);
    await api().delete(`/api/v1/managed_apps/${app.body.app.id}`).set('x-api-key', fullKey).send({ force: true }).expect(422);
    await api().get(`/api/v1/managed_apps/${app.body.app.id}`).set('x-api-key', fullKey).expect(200);
    await api().delete(`/api/v1/api_keys/${key.body.api_key.id}`).set('x-api-key', fullKey).expect(200);
  });

  it("names apps-service's refusal of a tool call's params as the call sent them (params.path, params.columns.0.entity)", async () => {
    const app = await api().post('/api/v1/managed_apps').set('x-api-key', fullKey).send({ name: 'Tools' }).expect(201);
    const execute = (tool: string, params: object) => api().post('/api/v1/mcp/execute_tool').set('x-api-key', fullKey).send({ tool, app_id: app.body.app.id, params });
    const path = await execute('svc-write-file', { path: 'src/../escape.ts', content: 'export {};' }).expect(422);
    expect(path.body.errors).toEqual([{ field: 'params.path', message: 'may not contain ".."' }]);
    const column = await execute('svc-create-entity', { name: 'expenses', columns: [{ name: 'paid_by', type: 'reference', entity: 'people' }] }).expect(422);
    expect(column.body.errors).toEqual([{ field: 'params.columns.0.entity', message: expect.stringContaining('must be an entity of this app') }]);
    await execute('svc-create-entity', { name: 'books', columns: [{ name: 'title', type: 'text', required: true }] }).expect(200);
    const row = await execute('svc-insert-data', { entity: 'books', data: {} }).expect(422);
    expect(row.body).toEqual({ error: 'validation_failed', message: 'params.data.title is required', errors: [{ field: 'params.data.title', message: 'is required' }] });
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const response = await api().post('/api/v1/accounts').set(J).set('x-forwarded-for', newIp()).send('{"email": ').expect(400);
    expect(response.body).toEqual({ error: 'invalid_json', message: 'The request body is not valid JSON' });
    expectRateLimitHeaders(response);
  });

  it('answers a body that is not JSON with 415 and one over 1 MB with 413', async () => {
    const text = await api().post('/api/v1/accounts').set('content-type', 'text/plain').set('x-forwarded-for', newIp()).send('hello').expect(415);
    expect(text.body.error).toBe('unsupported_media_type');
    const big = JSON.stringify({ email: `${'a'.repeat(1_100_000)}@example.com` });
    const tooLarge = await api().post('/api/v1/accounts').set(J).set('x-forwarded-for', newIp()).send(big).expect(413);
    expect(tooLarge.body.error).toBe('payload_too_large');
  });

  it('answers an unknown route with 404 not_found, with rate-limit headers', async () => {
    const response = await api().get('/api/v1/no_such_thing').set('x-forwarded-for', newIp()).expect(404);
    expect(response.body).toEqual({ error: 'not_found', message: 'No route matches GET /api/v1/no_such_thing' });
    expectRateLimitHeaders(response);
    await api().get('/managed_apps').set('x-api-key', fullKey).expect(404);
  });

  it('answers a non-integer API key id with 404', async () => {
    const response = await api().get('/api/v1/api_keys/abc').set('x-api-key', fullKey).expect(404);
    expect(response.body.error).toBe('not_found');
    await api().delete('/api/v1/api_keys/1.5').set('x-api-key', fullKey).expect(404);
  });

  it('creates, reads, lists, updates and deletes an app, through both paths', async () => {
    const created = await api().post('/api/v1/managed_apps').set('x-api-key', fullKey).send({ name: '  Todo board ', prompt: 'A todo board', auto_generate: false }).expect(201);
    const id: string = created.body.app.id;
    expect(created.body.app).toMatchObject({ name: 'Todo board', status: 'draft', visibility: 'public', preview_url: null });

    const detail = await api().get(`/api/v1/managed_apps/${id}?detailed=true`).set('x-api-key', readOnlyKey).expect(200);
    expect(detail.body.app).toMatchObject({ id, creator: { email: 'grace@example.com' }, versions_count: 0, urls: expect.any(Object) });
    await api().get(`/api/v1/apps/${id}`).set('authorization', `Bearer ${readOnlyKey}`).expect(200);

    const list = await api().get('/api/v1/managed_apps?name=todo&per_page=500').set('x-api-key', readOnlyKey).expect(200);
    expect(list.body.meta).toMatchObject({ current_page: 1, per_page: 100, total_count: 1 });
    expect(list.body.apps.map((app: { id: string }) => app.id)).toEqual([id]);
    const alias = await api().get('/api/v1/apps?status=draft').set('x-api-key', readOnlyKey).expect(200);
    expect(alias.body.meta.per_page).toBe(25);
    const badPage = await api().get('/api/v1/apps?page=two').set('x-api-key', readOnlyKey).expect(422);
    expect(badPage.body.errors).toEqual([{ field: 'page', message: expect.any(String) }]);

    const updated = await api().patch(`/api/v1/managed_apps/${id}`).set('x-api-key', fullKey).send({ visibility: 'login_required' }).expect(200);
    expect(updated.body.app.visibility).toBe('login_required');

    await api().delete(`/api/v1/apps/${id}`).set('x-api-key', readOnlyKey).expect(403);
    const deleted = await api().delete(`/api/v1/managed_apps/${id}`).set('x-api-key', fullKey).set(J).expect(200);
    expect(deleted.body).toEqual({ success: true, message: expect.any(String) });
    const gone = await api().get(`/api/v1/managed_apps/${id}`).set('x-api-key', fullKey).expect(404);
    expect(gone.body.error).toBe('not_found');
  });

  it('stops a revoked key at once, on this gateway and on another replica', async () => {
    const replica = await startGateway({ NATS_URL: nats.url });
    try {
      const made = await api().post('/api/v1/api_keys').set('x-api-key', fullKey).send({ name: 'doomed', scope: 'read_only' }).expect(201);
      const doomed: string = made.body.raw_key;
      // Both gateways have it cached now.
      await api().get('/api/v1/managed_apps').set('x-api-key', doomed).expect(200);
      await request(replica.getHttpServer()).get('/api/v1/managed_apps').set('x-api-key', doomed).expect(200);

      await api().delete(`/api/v1/api_keys/${made.body.api_key.id}`).set('x-api-key', fullKey).expect(200);
      const here = await api().get('/api/v1/managed_apps').set('x-api-key', doomed).expect(401);
      expect(here.body).toEqual({ error: 'unauthorized', message: 'This API key has been revoked' });
      // The other replica heard the broadcast (give it the time of one NATS hop).
      const deadline = Date.now() + 1_000;
      let status = 200;
      while (status === 200 && Date.now() < deadline) {
        status = (await request(replica.getHttpServer()).get('/api/v1/managed_apps').set('x-api-key', doomed)).status;
      }
      expect(status).toBe(401);
    } finally {
      await replica.close();
    }
  });

  it('reports key usage to users-service', async () => {
    const before = await api().get(`/api/v1/api_keys/${fullKeyId}`).set('x-api-key', fullKey).expect(200);
    await api().get('/api/v1/managed_apps').set('x-api-key', fullKey).expect(200);
    const deadline = Date.now() + 5_000;
    let count: number = before.body.api_key.request_count;
    while (count < before.body.api_key.request_count + 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      const now = await request(gateway.getHttpServer()).get(`/api/v1/api_keys/${fullKeyId}`).set('x-api-key', fullKey);
      count = now.body.api_key.request_count;
    }
    expect(count).toBeGreaterThanOrEqual(before.body.api_key.request_count + 2);
  });

  it('answers 429 with Retry-After once a client IP passes 60 requests a minute', async () => {
    const ip = newIp();
    for (let i = 0; i < 60; i += 1) await api().get('/api/v1/nothing_here').set('x-forwarded-for', ip).expect(404);
    const response = await api().get('/api/v1/nothing_here').set('x-forwarded-for', ip).expect(429);
    expect(response.body).toEqual({ error: 'rate_limited', message: expect.any(String) });
    expect(response.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another client is unaffected.
    await api().get('/api/v1/nothing_here').set('x-forwarded-for', newIp()).expect(404);
  });

  it('counts an account at its plan rate, whichever of its keys is used', async () => {
    const first = await api().get('/api/v1/api_keys').set('x-api-key', readOnlyKey).expect(200);
    expect(first.headers['x-ratelimit-limit']).toBe('60');
    const second = await api().get('/api/v1/api_keys').set('x-api-key', fullKey).expect(200);
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
  });

  it('sends the discovery Link header with every page: the console and the claim page, even one that cannot be answered', async () => {
    const consolePage = await api().get('/account').set('x-forwarded-for', newIp()).expect(200).expect('content-type', /text\/html/);
    // claim-service is not running here: the claim page answers a page saying so, and it is a page all the same.
    const claim = await api().get('/claim/clm_nosuchtoken').set('x-forwarded-for', newIp()).expect('content-type', /text\/html/);
    const landing = await api().get('/').set('x-forwarded-for', newIp()).expect(200);
    expect(landing.headers['link']).toContain('/SKILL.md>');
    expect({ console: consolePage.headers['link'], claim: claim.headers['link'] }).toEqual({ console: landing.headers['link'], claim: landing.headers['link'] });
  });

  it('publishes its OpenAPI description', async () => {
    const response = await api().get('/openapi.json').expect(200);
    const document = response.body;
    expect(document.info.version).toBe('1.0.0');
    expect(document.servers).toEqual([{ url: '/api/v1' }]);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/accounts', '/auth/magic_code', '/api_keys', '/api_keys/{id}', '/managed_apps', '/managed_apps/{id}', '/apps', '/apps/{id}']),
    );
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/v1'))).toBe(false);
    expect(document.components.securitySchemes).toMatchObject({
      api_key: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      bearer: { type: 'http', scheme: 'bearer' },
    });
    expect(document.paths['/managed_apps/{id}'].get.security).toEqual([{ api_key: [] }, { bearer: [] }]);
  });

  it('runs as built (main.ts): health, the browsable reference at /docs and the API', async () => {
    const gateway = await startBuiltService('gateway', { NATS_URL: nats.url });
    try {
      const base = `http://127.0.0.1:${gateway.port}`;
      const docs = await fetch(`${base}/docs`);
      expect(docs.status).toBe(200);
      expect(docs.headers.get('content-type')).toContain('text/html');
      expect(await docs.text()).toContain('swagger');
      const openapi = await fetch(`${base}/openapi.json`);
      expect(((await openapi.json()) as { info: { version: string } }).info.version).toBe('1.0.0');
      const apps = await fetch(`${base}/api/v1/managed_apps`, { headers: { 'x-api-key': readOnlyKey } });
      expect(apps.status).toBe(200);
      expect(apps.headers.get('x-ratelimit-limit')).toBe('60');
    } finally {
      await gateway.stop();
    }
    // Starting a whole process (Nest, the OpenAPI document, the console's files) takes seconds on a busy machine.
  }, 30_000);

  describe('with Redis', () => {
    it('shares counters between replicas through Redis', async () => {
      const prefix = `appgen_gateway_it_${Date.now().toString(36)}`;
      const one = await startGateway({ NATS_URL: nats.url, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: prefix });
      const two = await startGateway({ NATS_URL: nats.url, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: prefix });
      try {
        const ip = newIp();
        const a = await request(one.getHttpServer()).get('/api/v1/managed_apps').set('x-forwarded-for', ip).expect(401);
        const b = await request(two.getHttpServer()).get('/api/v1/managed_apps').set('x-forwarded-for', ip).expect(401);
        expect(Number(b.headers['x-ratelimit-remaining'])).toBe(Number(a.headers['x-ratelimit-remaining']) - 1);
        expectRateLimitHeaders(b);
      } finally {
        await one.close();
        await two.close();
      }
    });

    it("leases an account's requests from the shared window: two replicas together never pass its limit", async () => {
      const prefix = `appgen_gateway_it_${Date.now().toString(36)}`;
      const replicas = [
        await startGateway({ NATS_URL: nats.url, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: prefix }),
        await startGateway({ NATS_URL: nats.url, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: prefix }),
      ];
      const connection = await connect({ servers: nats.url });
      try {
        const { raw_key } = await new RpcClient(connection, 10_000).request(UsersSubjects.adminCreateAccount, { email: 'steady@example.com', plan: 'enterprise' });
        const limit = PLAN_RATE_LIMITS.enterprise;
        const get = (replica: number) => request(replicas[replica]?.getHttpServer()).get('/api/v1/credit_packs').set('x-api-key', raw_key);
        // Each replica's first answers are exact while it leases one token at a time.
        expect((await get(0)).headers['x-ratelimit-remaining']).toBe(String(limit - 1));
        expect((await get(1)).headers['x-ratelimit-remaining']).toBe(String(limit - 2));
        const responses: request.Response[] = [];
        // Both replicas in steady use, 20 requests at a time, well past the limit.
        for (let burst = 0; burst < 60; burst += 1) responses.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => get((burst + i) % 2)))));
        const allowed = responses.filter((response) => response.status === 200).length + 2;
        expect(allowed).toBeLessThanOrEqual(limit);
        expect(allowed).toBeGreaterThanOrEqual(limit - (mostHeld(limit) - 1));
        const refused = responses.filter((response) => response.status !== 200);
        expect(refused.length).toBe(responses.length + 2 - allowed);
        for (const response of refused) {
          expect(response.status).toBe(429);
          expect(response.headers['x-ratelimit-remaining']).toBe('0');
          expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        }
      } finally {
        await connection.drain();
        for (const replica of replicas) await replica.close();
      }
    });

    it('keeps limiting in memory when Redis is unreachable', async () => {
      const deadRedis = `redis://127.0.0.1:${await freePort()}`;
      const app = await startGateway({ NATS_URL: nats.url, REDIS_URL: deadRedis });
      try {
        const ip = newIp();
        const a = await request(app.getHttpServer()).get('/api/v1/managed_apps').set('x-forwarded-for', ip).expect(401);
        const b = await request(app.getHttpServer()).get('/api/v1/managed_apps').set('x-forwarded-for', ip).expect(401);
        expect(a.headers['x-ratelimit-remaining']).toBe('59');
        expect(b.headers['x-ratelimit-remaining']).toBe('58');
      } finally {
        await app.close();
      }
    });
  });
});
