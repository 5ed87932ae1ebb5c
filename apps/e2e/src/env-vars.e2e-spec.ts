import { randomBytes } from 'node:crypto';
import supertest from 'supertest';
import { DeploymentSubjects } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { adminAccount, api, bus, closeBus, createKey, e2eEnv, deployedApp, generatedApp, type TestAccount } from './support';

/**
 * An app's environment variables through the public API (decisions.md, "Environment variables"): values are
 * never answered whole, the manifest names them at once, a PUBLIC_ value reaches the served preview with the
 * answer and a secret never reaches any bundle file; production keeps its values until the next deploy.
 */
describe('environment variables', () => {
  let owner: TestAccount;
  let stranger: TestAccount;
  let appId: string;
  let previewUrl: string;
  // unique per run, so that finding one in a bundle cannot be a coincidence
  const secret = `sk_live_${randomBytes(12).toString('hex')}`;
  const greeting = `Hello from the env ${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'env-vars');
    stranger = await adminAccount('enterprise', 'env-stranger');
    ({ appId, previewUrl } = await generatedApp(owner.key, 'A reading list where I track books with their author and whether I finished them'));
  }, 60_000);
  afterAll(closeBus);

  const call = {
    get: (path: string, key = owner.key) => api().get(`/api/v1${path}`).set('X-API-Key', key),
    post: (path: string, body?: object, key = owner.key) => api().post(`/api/v1${path}`).set('X-API-Key', key).send(body),
    put: (path: string, body: object, key = owner.key) => api().put(`/api/v1${path}`).set('X-API-Key', key).send(body),
    delete: (path: string, key = owner.key) => api().delete(`/api/v1${path}`).set('X-API-Key', key),
  };
  const envVars = (id = appId) => `/managed_apps/${id}/env_vars`;

  /** A file of a public address fetched through the edge by its Host, as a browser would, as text whatever its type. */
  async function served(publicUrl: string, path: string): Promise<string> {
    const response = await supertest(e2eEnv().edge)
      .get(path)
      .set('Host', new URL(publicUrl).host)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      })
      .expect(200);
    return String(response.body);
  }

  async function agentsMd(): Promise<string> {
    return (await call.get(`/managed_apps/${appId}/files?path=AGENTS.md`).expect(200)).body.files[0].content;
  }

  /** Every file of the bundle an address serves, as the edge serves it (the paths from the bundle's own listing). */
  async function servedBundle(publicUrl: string, environment: 'preview' | 'production'): Promise<Map<string, string>> {
    const rpc = new RpcClient(await bus(), 10_000);
    const { paths } = await rpc.request(DeploymentSubjects.resolveBundle, { app_id: appId, environment });
    const files = new Map<string, string>();
    for (const path of paths) files.set(path, await served(publicUrl, `/${path}`));
    return files;
  }

  const servedScript = (publicUrl: string): Promise<string> => served(publicUrl, '/assets/app.js');

  it('sets variables masked, names them in AGENTS.md at once, and serves a PUBLIC_ value in the preview but a secret nowhere', async () => {
    const put = await call.put(envVars(), { env_vars: { PUBLIC_GREETING: greeting, STRIPE_SECRET_KEY: secret, SHORT: 'abc' } }).expect(200);
    expect(put.body).toEqual({
      env_vars: [
        { key: 'PUBLIC_GREETING', masked_value: `••••••••${greeting.slice(-4)}`, updated_at: expect.any(String) },
        { key: 'SHORT', masked_value: '••••••••', updated_at: expect.any(String) },
        { key: 'STRIPE_SECRET_KEY', masked_value: `••••••••${secret.slice(-4)}`, updated_at: expect.any(String) },
      ],
      // a PUBLIC_ value changed: the preview was rebuilt before this answer
      build: { status: 'succeeded', errors: [] },
    });
    const listed = await call.get(envVars()).expect(200);
    expect(listed.body).toEqual({ env_vars: put.body.env_vars });
    for (const text of [put.text, listed.text]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(greeting);
    }

    const manifest = await agentsMd();
    expect(manifest).toContain('- `PUBLIC_GREETING`: public, in the browser bundle');
    expect(manifest).toContain('- `STRIPE_SECRET_KEY`: secret, never sent to a browser');
    expect(manifest).not.toContain(secret);
    expect(manifest).not.toContain(greeting);

    // The app reads both; the build compiles the public one in and leaves the other undefined.
    const main = await call.post('/mcp/execute_tool', { tool: 'svc-view-file', app_id: appId, params: { path: 'src/main.ts' } }).expect(200);
    const reads =
      `\ndocument.documentElement.dataset.greeting = String(import.meta.env.PUBLIC_GREETING);` +
      `\ndocument.documentElement.dataset.stripe = String(import.meta.env.STRIPE_SECRET_KEY);\n`;
    const written = await call
      .post('/mcp/execute_tool', { tool: 'svc-write-file', app_id: appId, params: { path: 'src/main.ts', content: `${main.body.result.file.content}${reads}` } })
      .expect(200);
    expect(written.body.result.build).toEqual({ status: 'succeeded', errors: [] });

    expect(await servedScript(previewUrl)).toContain(greeting);
    const bundle = await servedBundle(previewUrl, 'preview');
    expect([...bundle.keys()]).toEqual(expect.arrayContaining(['assets/app.js', 'assets/app.js.map', 'index.html']));
    for (const [path, content] of bundle) expect({ path, hasSecret: content.includes(secret) }).toEqual({ path, hasSecret: false });
  });

  it('rebuilds the preview with a changed PUBLIC_ value before answering, keeps production until the next deploy, and drops a deleted one', async () => {
    const productionUrl = await deployedApp(owner.key, appId);
    expect(await servedScript(productionUrl)).toContain(greeting);

    const changed = `${greeting} again`;
    const put = await call.put(envVars(), { env_vars: { PUBLIC_GREETING: changed } }).expect(200);
    expect(put.body.build).toEqual({ status: 'succeeded', errors: [] });
    // The first request after the answer sees the new value on the preview...
    expect(await servedScript(previewUrl)).toContain(changed);
    // ...while production serves what it was deployed with until it is deployed again.
    const production = await servedScript(productionUrl);
    expect(production).toContain(greeting);
    expect(production).not.toContain(changed);

    // A secret alone changes no bundle: nothing is rebuilt.
    expect((await call.put(envVars(), { env_vars: { STRIPE_SECRET_KEY: `${secret}x` } }).expect(200)).body.build).toBeNull();

    const deleted = await call.delete(`${envVars()}/PUBLIC_GREETING`).expect(200);
    expect(deleted.body).toEqual({ success: true, message: 'Environment variable PUBLIC_GREETING deleted.', build: { status: 'succeeded', errors: [] } });
    expect(await servedScript(previewUrl)).not.toContain(greeting);
    expect((await call.get(envVars()).expect(200)).body.env_vars.map((entry: { key: string }) => entry.key)).toEqual(['SHORT', 'STRIPE_SECRET_KEY']);
    expect(await agentsMd()).not.toContain('PUBLIC_GREETING');

    const missing = await call.delete(`${envVars()}/PUBLIC_GREETING`).expect(404);
    expect(missing.body).toEqual({ error: 'not_found', message: `App ${appId} has no environment variable PUBLIC_GREETING` });
  });

  it('refuses wrong keys, values and counts with 422 naming the field, and changes nothing', async () => {
    const refusal = await call.put(envVars(), { env_vars: { 'my-key': 'x', APPGEN_TOKEN: 'x', BIG: 'é'.repeat(4097), FINE: 'x' } }).expect(422);
    expect(refusal.body).toMatchObject({
      error: 'validation_failed',
      errors: [
        { field: 'env_vars.APPGEN_TOKEN', message: 'must not start with APPGEN_, which appgen keeps for variables of its own' },
        { field: 'env_vars.BIG', message: 'must be at most 8 KB of UTF-8' },
        { field: 'env_vars.my-key', message: 'must be upper-case letters, digits and underscores, not starting with a digit (like STRIPE_SECRET_KEY)' },
      ],
    });
    const cases: Array<[object, { field: string; message: string }]> = [
      [{ env_vars: {} }, { field: 'env_vars', message: 'must set at least one variable' }],
      [{ env_vars: { FLAG: true } }, { field: 'env_vars.FLAG', message: 'must be a string' }],
      [{ env_vars: { A: 'x' }, vars: {} }, { field: 'vars', message: 'is not a permitted field' }],
    ];
    for (const [body, error] of cases) expect((await call.put(envVars(), body).expect(422)).body).toMatchObject({ error: 'validation_failed', errors: [error] });

    const before = (await call.get(envVars()).expect(200)).body.env_vars as Array<{ key: string }>;
    const tooMany = Object.fromEntries(Array.from({ length: 100 - before.length + 1 }, (_, index) => [`KEY_${index}`, 'x']));
    const limit = await call.put(envVars(), { env_vars: tooMany }).expect(422);
    expect(limit.body.errors).toEqual([{ field: 'env_vars', message: `would give the app 101 variables (it has ${before.length}, this adds ${101 - before.length}); an app has at most 100` }]);
    expect((await call.get(envVars()).expect(200)).body.env_vars).toEqual(before);
  });

  it('reads with apps:read, changes with apps:write, and answers another account 404', async () => {
    const reader = await createKey(owner.key, 'read_only');
    await call.get(envVars(), reader.raw).expect(200);
    expect((await call.put(envVars(), { env_vars: { A: 'x' } }, reader.raw).expect(403)).body.error).toBe('forbidden');
    await call.delete(`${envVars()}/SHORT`, reader.raw).expect(403);
    await api().get(`/api/v1${envVars()}`).expect(401);

    const notFound = { error: 'not_found', message: `App ${appId} was not found` };
    expect((await call.get(envVars(), stranger.key).expect(404)).body).toEqual(notFound);
    expect((await call.put(envVars(), { env_vars: { STRIPE_SECRET_KEY: 'mine now' } }, stranger.key).expect(404)).body).toEqual(notFound);
    expect((await call.delete(`${envVars()}/SHORT`, stranger.key).expect(404)).body).toEqual(notFound);
    expect((await call.get(envVars()).expect(200)).body.env_vars.map((entry: { key: string }) => entry.key)).toContain('SHORT');
  });
});
