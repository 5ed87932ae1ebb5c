import supertest from 'supertest';
import { adminAccount, api, closeBus, createKey, e2eEnv, type TestAccount } from './support';

/**
 * The product loop as a user lives it: a prompt becomes an app served at its preview address by the
 * edge, one call puts it in production, a rollback restores a version; cancel, the deploy refusal,
 * the repair loop and the data tools, all through the public API and the edge.
 */
describe('the product loop', () => {
  let owner: TestAccount;

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'loop');
  });
  afterAll(closeBus);

  const call = {
    get: (path: string, key = owner.key) => api().get(`/api/v1${path}`).set('X-API-Key', key),
    post: (path: string, body?: object, key = owner.key) => api().post(`/api/v1${path}`).set('X-API-Key', key).send(body),
    delete: (path: string, key = owner.key) => api().delete(`/api/v1${path}`).set('X-API-Key', key),
  };
  const tool = (name: string, appId: string | undefined, params: object, key = owner.key) =>
    call.post('/mcp/execute_tool', { tool: name, ...(appId === undefined ? {} : { app_id: appId }), params }, key);

  /** A public address fetched through the edge the harness started, by its Host as a browser would send it. */
  function fetchThroughEdge(publicUrl: string, path = '/'): supertest.Test {
    const host = new URL(publicUrl).host;
    return supertest(e2eEnv().edge).get(path).set('Host', host);
  }

  async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 45_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  type Job = { status: string; error: string | null; app: { id: string; preview_url: string | null } };
  async function generated(jobId: string): Promise<Job> {
    return until<Job>(
      `job ${jobId}`,
      async () => (await call.get(`/generation_queue/${jobId}`).expect(200)).body,
      (body) => !['queued', 'processing'].includes(body.status),
    );
  }

  async function deployed(appId: string): Promise<string> {
    type Status = { deployment: { status: string } | null; urls: { production: string | null } };
    const status = await until<Status>(
      `deployment of ${appId}`,
      async () => (await call.get(`/managed_apps/${appId}/status`).expect(200)).body,
      (body) => body.deployment !== null && ['deployed', 'failed'].includes(body.deployment.status),
    );
    expect(status.deployment?.status).toBe('deployed');
    return String(status.urls.production);
  }

  it('prompt → job completes → preview serves the app → deploy → production serves it → rollback', async () => {
    const missing = await call.post('/generation_queue', {}).expect(400);
    expect(missing.body.error).toBe('missing_prompt');

    const queued = await call.post('/generation_queue', { prompt: 'A recipe manager where I save recipes with ingredients and cooking time and rate them' }).expect(202);
    expect(queued.body).toMatchObject({ job_id: expect.stringMatching(/^job_/), status: 'queued', app_id: expect.any(String) });
    const appId: string = queued.body.app_id;

    const job = await generated(queued.body.job_id);
    expect(job).toMatchObject({ status: 'completed', error: null });
    const previewUrl = job.app.preview_url;
    expect(previewUrl).toEqual(expect.stringContaining(`preview-${appId}.`));
    const page = await fetchThroughEdge(String(previewUrl)).expect(200);
    expect(page.text).toContain('<html');
    // Client-side routes fall back to the app's page.
    await fetchThroughEdge(String(previewUrl), '/recipes').expect(200);

    const manifest = await call.get(`/managed_apps/${appId}/files?path=AGENTS.md`).expect(200);
    expect(manifest.body.files.map((file: { path: string }) => file.path)).toContain('AGENTS.md');
    expect((await call.get(`/managed_apps/${appId}/errors`).expect(200)).body).toEqual({ recoverable: true, errors: [] });

    const deploy = await call.post(`/managed_apps/${appId}/deploy`).expect(202);
    expect(deploy.body).toMatchObject({ deployment_id: expect.any(Number), status: 'queued', message: expect.any(String) });
    const productionUrl = await deployed(appId);
    await fetchThroughEdge(productionUrl).expect(200);
    // The deploy rewrote the manifest: it now names the production address.
    const deployedManifest = await call.get(`/managed_apps/${appId}/files?path=AGENTS.md`).expect(200);
    expect(deployedManifest.body.files[0].content).toContain(`Production: ${productionUrl}`);
    const status = (await call.get(`/managed_apps/${appId}/status`).expect(200)).body;
    expect(status).toMatchObject({ app_id: appId, status: 'published', generation: { status: 'completed' } });

    // A second version in production, then back to the first.
    const update = await call.post('/generation_queue', { prompt: 'add a category field to recipes', app_id: appId }).expect(202);
    expect((await generated(update.body.job_id)).status).toBe('completed');
    await call.post(`/apps/${appId}/deploy`).expect(202);
    await until(
      'second deployment',
      async () => (await call.get(`/managed_apps/${appId}/status`).expect(200)).body,
      (body: { deployment: { id: number; status: string } }) => body.deployment.id !== status.deployment.id && body.deployment.status === 'deployed',
    );
    const rollback = await call.post(`/managed_apps/${appId}/rollback`).expect(200);
    expect(rollback.body).toEqual({ message: expect.any(String), version_id: expect.any(Number) });
    await fetchThroughEdge(productionUrl).expect(200);
  });

  it('cancels a queued job for real', async () => {
    const queued = await call.post('/generation_queue', { prompt: 'A todo list with due dates' }).expect(202);
    const cancel = await call.delete(`/generation_queue/${queued.body.job_id}`).expect(200);
    expect(cancel.body.job_id).toBe(queued.body.job_id);
    const job = await generated(queued.body.job_id);
    // Cancelling can lose the race with a worker that finished first; then it says so.
    expect(job.status).toBe(cancel.body.cancelled ? 'cancelled' : 'completed');
  });

  it('refuses to deploy a draft with the contract body, and queues nothing', async () => {
    const draft = await call.post('/managed_apps', { name: 'Just a draft' }).expect(201);
    const refusal = await call.post(`/managed_apps/${draft.body.app.id}/deploy`).expect(422);
    expect(refusal.body).toMatchObject({
      error: 'App is not deployable',
      reason: expect.any(String),
      recoverable: true,
      suggested_action: expect.any(String),
      fix_url: expect.any(String),
    });
    expect((await call.get(`/managed_apps/${draft.body.app.id}/status`).expect(200)).body.deployment).toBeNull();
  });

  it('repair loop through the tools: a broken file is listed, fixed, and the app deploys', async () => {
    const generate = await tool('svc-generate-app', undefined, { prompt: 'A reading log where I track books I read with their author and a rating' }).expect(200);
    expect(generate.body).toEqual({ success: true, app_id: expect.any(String), status_url: expect.any(String), preview_url: null });
    const appId: string = generate.body.app_id;
    const jobId = new URL(generate.body.status_url).pathname.split('/').pop() ?? '';
    expect(await generated(jobId)).toMatchObject({ status: 'completed', error: null });

    const original = await tool('svc-view-file', appId, { path: 'src/main.ts' }).expect(200);
    const source: string = original.body.result.file.content;
    const broken = await tool('svc-write-file', appId, { path: 'src/main.ts', content: `${source}\nconst total = ;\n` }).expect(200);
    expect(broken.body.result.build.status).toBe('failed');
    const errors = await call.get(`/managed_apps/${appId}/errors`).expect(200);
    expect(errors.body.errors[0]).toMatchObject({ file: 'src/main.ts', error_type: 'build_error', recoverable: true });

    const fixed = await tool('svc-write-file', appId, { path: 'src/main.ts', content: source }).expect(200);
    expect(fixed.body.result.build).toEqual({ status: 'succeeded', errors: [] });
    expect((await call.get(`/managed_apps/${appId}/errors`).expect(200)).body.errors).toEqual([]);
    await call.post(`/managed_apps/${appId}/deploy`).expect(202);
    await fetchThroughEdge(await deployed(appId)).expect(200);
  });

  it('data tools read and write the rows the app serves, per app user for user_scoped entities', async () => {
    const draft = await call.post('/managed_apps', { name: 'Notes' }).expect(201);
    const appId: string = draft.body.app.id;
    await tool('svc-create-entity', appId, {
      name: 'notes',
      columns: [
        { name: 'title', type: 'text', required: true },
        { name: 'stars', type: 'integer' },
      ],
      user_scoping: 'user_scoped',
    }).expect(200);
    const ada = await tool('svc-insert-data', appId, { entity: 'notes', data: { title: 'Ada', stars: 5 }, user_email: 'ada@example.com' }).expect(200);
    await tool('svc-insert-data', appId, { entity: 'notes', data: { title: 'Bob' }, user_email: 'bob@example.com' }).expect(200);

    const adaSees = await tool('svc-query-data', appId, { entity: 'notes', user_email: 'ada@example.com' }).expect(200);
    expect(adaSees.body.result.rows.map((row: { title: string }) => row.title)).toEqual(['Ada']);
    const ownerSees = await tool('svc-query-data', appId, { entity: 'notes', order_by: 'title' }).expect(200);
    expect(ownerSees.body.result.total).toBe(2);

    const id: number = ada.body.result.row.id;
    const updated = await tool('svc-update-data', appId, { entity: 'notes', id, data: { stars: 4 } }).expect(200);
    expect(updated.body.result.row).toMatchObject({ id, title: 'Ada', stars: 4 });
    await tool('svc-delete-data', appId, { entity: 'notes', id }).expect(200);
    expect((await tool('svc-query-data', appId, { entity: 'notes' }).expect(200)).body.result.total).toBe(1);

    const reader = await createKey(owner.key, 'read_only');
    await tool('svc-insert-data', appId, { entity: 'notes', data: { title: 'x' } }, reader.raw).expect(403);
    await tool('svc-launch', appId, {}).expect(422);
    await tool('svc-view-file', undefined, { path: 'index.html' }).expect(422);
  });
});
