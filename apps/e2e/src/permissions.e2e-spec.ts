import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Permission } from '@appgen/contracts';
import { adminAccount, api, closeBus, createKey, e2eEnv, latestMailTo, type TestAccount } from './support';

type Need = Permission | 'authenticated';
type Credential = 'none' | 'unknown key' | 'malformed' | 'read_only' | 'read_write' | 'full_access' | 'bearer' | 'revoked' | 'expired';

interface Route {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** Builds a fresh path (and body) per request, so destructive routes get their own target. */
  prepare: () => Promise<{ path: string; body?: object }>;
  needs: Need;
}

const GRANTS: Record<'read_only' | 'read_write' | 'full_access' | 'bearer', Need[]> = {
  read_only: ['authenticated', 'apps:read'],
  read_write: ['authenticated', 'apps:read', 'apps:write'],
  full_access: ['authenticated', 'apps:read', 'apps:write', 'apps:delete'],
  bearer: ['authenticated', 'apps:read', 'apps:write', 'apps:delete'],
};

describe('permission matrix: every route × every kind of credential', () => {
  let owner: TestAccount;
  const credentials = new Map<Credential, Record<string, string>>();
  let appId: string;
  let keyId: number;

  async function newApp(): Promise<string> {
    const response = await api().post('/api/v1/managed_apps').set('X-API-Key', owner.key).send({ name: 'Matrix' });
    return response.body.app.id;
  }

  const routes: Record<string, Route> = {
    'GET /api_keys': { method: 'get', needs: 'authenticated', prepare: async () => ({ path: '/api_keys' }) },
    'POST /api_keys': { method: 'post', needs: 'authenticated', prepare: async () => ({ path: '/api_keys', body: { scope: 'read_only' } }) },
    'GET /api_keys/:id': { method: 'get', needs: 'authenticated', prepare: async () => ({ path: `/api_keys/${keyId}` }) },
    'DELETE /api_keys/:id': {
      method: 'delete',
      needs: 'authenticated',
      prepare: async () => ({ path: `/api_keys/${(await createKey(owner.key, 'read_only')).id}` }),
    },
    'GET /managed_apps': { method: 'get', needs: 'apps:read', prepare: async () => ({ path: '/managed_apps' }) },
    'POST /managed_apps': { method: 'post', needs: 'apps:write', prepare: async () => ({ path: '/managed_apps', body: {} }) },
    'GET /managed_apps/:id': { method: 'get', needs: 'apps:read', prepare: async () => ({ path: `/managed_apps/${appId}` }) },
    'PATCH /managed_apps/:id': {
      method: 'patch',
      needs: 'apps:write',
      prepare: async () => ({ path: `/managed_apps/${appId}`, body: { description: 'changed' } }),
    },
    'DELETE /managed_apps/:id': { method: 'delete', needs: 'apps:delete', prepare: async () => ({ path: `/managed_apps/${await newApp()}` }) },
    'GET /apps': { method: 'get', needs: 'apps:read', prepare: async () => ({ path: '/apps' }) },
    'GET /apps/:id': { method: 'get', needs: 'apps:read', prepare: async () => ({ path: `/apps/${appId}` }) },
    'DELETE /apps/:id': { method: 'delete', needs: 'apps:delete', prepare: async () => ({ path: `/apps/${await newApp()}` }) },
  };

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'matrix');
    appId = await newApp();
    keyId = (await createKey(owner.key, 'read_only')).id;
    credentials.set('none', {});
    credentials.set('unknown key', { 'X-API-Key': `svc_${randomBytes(30).toString('base64url').replace(/[-_]/g, 'a').slice(0, 40)}` });
    credentials.set('malformed', { Authorization: 'Basic dXNlcjpwYXNz' });
    for (const scope of ['read_only', 'read_write', 'full_access'] as const) {
      credentials.set(scope, { 'X-API-Key': (await createKey(owner.key, scope)).raw });
    }

    const since = new Date(Date.now() - 1000);
    await api().post('/api/v1/auth/magic_code').send({ email: owner.email });
    const code = /\b(\d{6})\b/.exec((await latestMailTo(owner.email, { since })).subject)?.[1];
    const token = await api().post('/api/v1/auth/magic_code').send({ email: owner.email, code });
    credentials.set('bearer', { Authorization: `Bearer ${token.body.access_token}` });

    const revoked = await createKey(owner.key, 'full_access');
    await api().delete(`/api/v1/api_keys/${revoked.id}`).set('X-API-Key', owner.key);
    credentials.set('revoked', { 'X-API-Key': revoked.raw });

    const expired = await createKey(owner.key, 'full_access', { expires_in_days: 1 });
    const database = new Client({ connectionString: e2eEnv().databaseUrl });
    await database.connect();
    await database.query("UPDATE users.api_keys SET expires_at = now() - interval '1 minute' WHERE id = $1", [expired.id]);
    await database.end();
    credentials.set('expired', { 'X-API-Key': expired.raw });
  });
  afterAll(closeBus);

  const cases: Array<[string, Credential]> = [];
  const credentialNames: Credential[] = ['none', 'unknown key', 'malformed', 'read_only', 'read_write', 'full_access', 'bearer', 'revoked', 'expired'];
  const routeNames = [
    'GET /api_keys',
    'POST /api_keys',
    'GET /api_keys/:id',
    'DELETE /api_keys/:id',
    'GET /managed_apps',
    'POST /managed_apps',
    'GET /managed_apps/:id',
    'PATCH /managed_apps/:id',
    'DELETE /managed_apps/:id',
    'GET /apps',
    'GET /apps/:id',
    'DELETE /apps/:id',
  ];
  for (const route of routeNames) for (const credential of credentialNames) cases.push([route, credential]);

  it.each(cases)('%s with %s', async (routeName, credential) => {
    const route = routes[routeName];
    if (!route) throw new Error(`no route ${routeName}`);
    const { path, body } = await route.prepare();
    let request = api(cases.findIndex(([r, c]) => r === routeName && c === credential) % 2)[route.method](`/api/v1${path}`);
    for (const [header, value] of Object.entries(credentials.get(credential) ?? {})) request = request.set(header, value);
    const response = await (body ? request.send(body) : request);

    expect(response.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
    if (credential in GRANTS) {
      const allowed = GRANTS[credential as keyof typeof GRANTS].includes(route.needs);
      if (allowed) {
        expect(response.status).toBeGreaterThanOrEqual(200);
        expect(response.status).toBeLessThan(300);
      } else {
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ error: 'forbidden', message: expect.stringContaining(route.needs) });
      }
    } else {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
    }
  });

  it.each([
    ['POST', '/api/v1/accounts', { email: 'matrix-public@example.com' }],
    ['POST', '/api/v1/auth/magic_code', { email: 'matrix-public@example.com' }],
  ])('%s %s needs no credential', async (_method, path, body) => {
    const response = await api().post(path).send(body);
    expect([200, 201, 409]).toContain(response.status);
  });
});
