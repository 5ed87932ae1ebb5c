import {
  adminAccount,
  api,
  closeBus,
  contractErrorProblems,
  createKey,
  deployedApp,
  generatedApp,
  publishedOperations,
  resolveSchema,
  startWebhookReceiver,
  uniqueEmail,
  type OpenApiOperation,
  type TestAccount,
  type WebhookReceiver,
} from './support';

/**
 * Account A makes one of everything that has an id; account B (with a full_access key and things of its own)
 * calls every route that takes an id with A's ids: always 404 with the contract's not-found body, never 403, never
 * A's data, and afterwards A's things are all still there as they were. The routes come from the OpenAPI document:
 * a route that takes an id (a path parameter, an `*_id` query parameter, or an `app_id` in its body) and has no
 * fixture below fails the test, so a new route is covered as soon as it is published.
 */
interface AccountThings {
  appId: string;
  jobId: string;
  versionId: number;
  domainId: number;
  webhookId: number;
  deliveryId: number;
  keyId: number;
  appUserId: number;
  envKey: string;
  zapierHookId: number;
}

interface Call {
  path?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: object;
}

/** For each route that takes an id: the call B makes with A's ids (and, where a route takes two, with B's own outer id). */
type Fixture = (a: AccountThings, b: AccountThings, anonymousBuildId: string) => Call[];

const FIXTURES: Record<string, Fixture> = {
  'POST /anonymous_builds/{id}/claim': (_a, _b, build) => [{ path: { id: build }, body: { claim_token: 'not-the-token-of-this-build' } }],
  'GET /api_keys/{id}': (a) => [{ path: { id: a.keyId } }],
  'DELETE /api_keys/{id}': (a) => [{ path: { id: a.keyId } }],
  'GET /managed_apps/{id}': (a) => [{ path: { id: a.appId }, query: { detailed: 'true' } }],
  'PATCH /managed_apps/{id}': (a) => [{ path: { id: a.appId }, body: { name: 'Taken over' } }],
  'DELETE /managed_apps/{id}': (a) => [{ path: { id: a.appId } }],
  'GET /managed_apps/{id}/status': (a) => [{ path: { id: a.appId } }],
  'GET /managed_apps/{id}/files': (a) => [{ path: { id: a.appId } }, { path: { id: a.appId }, query: { path: 'src' } }],
  'GET /managed_apps/{id}/errors': (a) => [{ path: { id: a.appId } }],
  'POST /managed_apps/{id}/deploy': (a) => [{ path: { id: a.appId } }],
  'GET /managed_apps/{id}/versions': (a) => [{ path: { id: a.appId } }],
  'POST /managed_apps/{id}/rollback': (a, b) => [
    { path: { id: a.appId }, body: { version_id: a.versionId } },
    { path: { id: b.appId }, body: { version_id: a.versionId } },
  ],
  'GET /managed_apps/{id}/analytics': (a) => [{ path: { id: a.appId } }],
  'GET /managed_apps/{id}/env_vars': (a) => [{ path: { id: a.appId } }],
  'PUT /managed_apps/{id}/env_vars': (a) => [{ path: { id: a.appId }, body: { env_vars: { [a.envKey]: 'overwritten' } } }],
  'DELETE /managed_apps/{id}/env_vars/{key}': (a) => [{ path: { id: a.appId, key: a.envKey } }],
  'GET /managed_apps/{app_id}/custom_domains': (a) => [{ path: { app_id: a.appId } }],
  'POST /managed_apps/{app_id}/custom_domains': (a) => [{ path: { app_id: a.appId }, body: { domain: `b-${a.appId}.example.com` } }],
  'GET /managed_apps/{app_id}/custom_domains/{id}': (a, b) => [{ path: { app_id: a.appId, id: a.domainId } }, { path: { app_id: b.appId, id: a.domainId } }],
  'DELETE /managed_apps/{app_id}/custom_domains/{id}': (a, b) => [{ path: { app_id: a.appId, id: a.domainId } }, { path: { app_id: b.appId, id: a.domainId } }],
  'POST /managed_apps/{app_id}/custom_domains/{id}/set_primary': (a, b) => [{ path: { app_id: a.appId, id: a.domainId } }, { path: { app_id: b.appId, id: a.domainId } }],
  'POST /managed_apps/{app_id}/custom_domains/{id}/check_status': (a, b) => [{ path: { app_id: a.appId, id: a.domainId } }, { path: { app_id: b.appId, id: a.domainId } }],
  'POST /managed_apps/{app_id}/custom_domains/{id}/refresh': (a, b) => [{ path: { app_id: a.appId, id: a.domainId } }, { path: { app_id: b.appId, id: a.domainId } }],
  'GET /apps/{id}': (a) => [{ path: { id: a.appId } }],
  'DELETE /apps/{id}': (a) => [{ path: { id: a.appId } }],
  'POST /apps/{id}/deploy': (a) => [{ path: { id: a.appId } }],
  'GET /managed_users': (a) => [{ query: { app_id: a.appId } }],
  'POST /managed_users/grant_access': (a) => [{ body: { app_id: a.appId, email: uniqueEmail('intruder') } }],
  'POST /managed_users/{id}/revoke': (a) => [{ path: { id: a.appUserId } }],
  'POST /generation_queue': (a) => [{ body: { prompt: 'Add a notes field', app_id: a.appId } }],
  'GET /generation_queue/{id}': (a) => [{ path: { id: a.jobId } }],
  'DELETE /generation_queue/{id}': (a) => [{ path: { id: a.jobId } }],
  'POST /mcp/execute_tool': (a) => [
    { body: { tool: 'svc-list-files', app_id: a.appId, params: {} } },
    { body: { tool: 'svc-view-file', app_id: a.appId, params: { path: 'package.json' } } },
    { body: { tool: 'svc-write-file', app_id: a.appId, params: { path: 'src/evil.ts', content: 'export {}' } } },
    { body: { tool: 'svc-query-data', app_id: a.appId, params: { entity: 'notes' } } },
    { body: { tool: 'svc-generate-app', app_id: a.appId, params: { prompt: 'Add a notes field' } } },
  ],
  'POST /zapier/actions/generate_app': (a) => [{ body: { prompt: 'Add a notes field', app_id: a.appId } }],
  'GET /webhooks/{id}': (a) => [{ path: { id: a.webhookId } }],
  'PATCH /webhooks/{id}': (a) => [{ path: { id: a.webhookId }, body: { name: 'Taken over' } }],
  'DELETE /webhooks/{id}': (a) => [{ path: { id: a.webhookId } }],
  'POST /webhooks/{id}/test': (a) => [{ path: { id: a.webhookId } }],
  'GET /webhooks/{id}/deliveries': (a) => [{ path: { id: a.webhookId } }],
  'POST /webhooks/{id}/deliveries/{delivery_id}/redeliver': (a, b) => [
    { path: { id: a.webhookId, delivery_id: a.deliveryId } },
    { path: { id: b.webhookId, delivery_id: a.deliveryId } },
  ],
  'DELETE /zapier/hooks/{id}': (a) => [{ path: { id: a.zapierHookId } }],
};

/** Routes with a path parameter that names no account's resource. */
const NOT_TENANT_RESOURCES: Record<string, string> = {
  'GET /zapier/samples/{event}': 'a sample payload of an event kind, the same for every account',
  'GET /anonymous_builds/{id}': 'public: an anonymous build is reached by its id alone, before anyone owns it',
};

function takesAnId(operation: OpenApiOperation): boolean {
  if (operation.parameters.some((p) => p.in === 'path')) return true;
  if (operation.parameters.some((p) => p.in === 'query' && /(^|_)id$/.test(p.name))) return true;
  const properties = (operation.body ? resolveSchema(operation.body)['properties'] ?? {} : {}) as Record<string, unknown>;
  return 'app_id' in properties;
}

const routeName = (operation: OpenApiOperation): string => `${operation.method.toUpperCase()} ${operation.path}`;

async function oneOfEverything(owner: TestAccount, receiver: WebhookReceiver, label: string): Promise<AccountThings> {
  const as = (method: 'get' | 'post' | 'put', path: string) => api()[method](`/api/v1${path}`).set('X-API-Key', owner.key);
  const { appId, jobId } = await generatedApp(owner.key, 'A notes app where I write notes with a title and a body');
  await deployedApp(owner.key, appId);
  const versions = (await as('get', `/managed_apps/${appId}/versions`).expect(200)).body.versions as Array<{ id: number }>;
  const domain = await as('post', `/managed_apps/${appId}/custom_domains`).send({ domain: `${label}-${appId}.example.com` }).expect(201);
  const webhook = await as('post', '/webhooks').send({ url: receiver.urlFor(`/${label}`), events: ['app.updated'] }).expect(201);
  const tested = await as('post', `/webhooks/${webhook.body.webhook.id}/test`).expect(200);
  const key = await createKey(owner.key, 'read_only', { name: `${label} reader` });
  const granted = await as('post', '/managed_users/grant_access').send({ app_id: appId, email: uniqueEmail(`${label}-member`) }).expect(201);
  await as('put', `/managed_apps/${appId}/env_vars`).send({ env_vars: { API_BASE: `https://${label}.example.com` } }).expect(200);
  const zap = await as('post', '/zapier/hooks').send({ target_url: receiver.urlFor(`/${label}-zap`), event: 'app.created' }).expect(201);
  return {
    appId,
    jobId,
    versionId: versions[0]?.id ?? 0,
    domainId: domain.body.custom_domain.id,
    webhookId: webhook.body.webhook.id,
    deliveryId: tested.body.delivery.id,
    keyId: key.id,
    appUserId: granted.body.app_user.id,
    envKey: 'API_BASE',
    zapierHookId: zap.body.id,
  };
}

/** What A reads of its own things: the same before and after B's calls. */
async function snapshot(owner: TestAccount, things: AccountThings): Promise<unknown> {
  const read = async (path: string) => {
    const response = await api().get(`/api/v1${path}`).set('X-API-Key', owner.key);
    return { status: response.status, body: response.body as unknown };
  };
  const app = await read(`/managed_apps/${things.appId}`);
  const { updated_at: _updated, ...appFields } = ((app.body as { app?: Record<string, unknown> }).app ?? {}) as Record<string, unknown>;
  return {
    app: { status: app.status, ...appFields },
    env: await read(`/managed_apps/${things.appId}/env_vars`),
    domain: await read(`/managed_apps/${things.appId}/custom_domains/${things.domainId}`),
    webhook: await read(`/webhooks/${things.webhookId}`),
    key: await read(`/api_keys/${things.keyId}`),
    users: await read(`/managed_users?app_id=${things.appId}`),
    versions: (await read(`/managed_apps/${things.appId}/versions`)).body,
    job: (await read(`/generation_queue/${things.jobId}`)).status,
  };
}

describe('tenant matrix: every route that takes an id, with another account’s ids', () => {
  const operations = publishedOperations().filter((operation) => operation.authenticated && takesAnId(operation));
  let a: TestAccount;
  let b: TestAccount;
  let aThings: AccountThings;
  let bThings: AccountThings;
  let anonymousBuildId: string;
  let receiver: WebhookReceiver;
  const TENANT_B_ADDRESS = '203.0.113.78';

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    [a, b] = await Promise.all([adminAccount('enterprise', 'tenant-a'), adminAccount('enterprise', 'tenant-b')]);
    [aThings, bThings] = await Promise.all([oneOfEverything(a, receiver, 'a'), oneOfEverything(b, receiver, 'b')]);
    const build = await api().post('/api/v1/anonymous_builds').set('X-Forwarded-For', '203.0.113.77').send({ prompt: 'A guest book' }).expect(201);
    anonymousBuildId = build.body.app_id;
  }, 180_000);
  afterAll(async () => {
    await receiver.close();
    await closeBus();
  });

  it('has a fixture for every published route that takes an id', () => {
    const uncovered = operations.map(routeName).filter((name) => !(name in FIXTURES) && !(name in NOT_TENANT_RESOURCES));
    expect(uncovered).toEqual([]);
    const stale = Object.keys(FIXTURES).filter((name) => !operations.some((operation) => routeName(operation) === name));
    expect(stale).toEqual([]);
  });

  it('answers 404 not_found to B for every one of them, and leaves A’s things as they were', async () => {
    const before = await snapshot(a, aThings);
    const wrong: string[] = [];
    for (const operation of operations.filter((o) => !(routeName(o) in NOT_TENANT_RESOURCES))) {
      const fixture = FIXTURES[routeName(operation)];
      if (!fixture) continue;
      for (const call of fixture(aThings, bThings, anonymousBuildId)) {
        const path = operation.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(call.path?.[name] ?? '')));
        const query = new URLSearchParams(Object.entries(call.query ?? {}).map(([k, v]): [string, string] => [k, String(v)])).toString();
        // From an address of its own (the harness trusts the loopback proxy): the per-IP limits of the anonymous routes
        // count these calls apart from what other suites sent from the loopback address.
        let request = api()[operation.method](`/api/v1${path}${query ? `?${query}` : ''}`).set('X-API-Key', b.key).set('X-Forwarded-For', TENANT_B_ADDRESS);
        if (call.body) request = request.send(call.body);
        const response = await request;
        const problems = response.status === 404 ? contractErrorProblems(404, response.headers['content-type'], response.text) : [`status ${response.status}`];
        if (response.status === 404 && response.body.error !== 'not_found') problems.push(`error ${response.body.error}`);
        const leaked = [aThings.webhookId, aThings.domainId, aThings.keyId].filter((id) => response.status !== 404 && response.text.includes(`"id":${id}`));
        if (leaked.length > 0) problems.push(`shows A's ids ${leaked.join(', ')}`);
        if (problems.length > 0) wrong.push(`${routeName(operation)} ${JSON.stringify(call)}: ${problems.join('; ')}: ${response.text.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(a, aThings)).toEqual(before);
  }, 180_000);
});
