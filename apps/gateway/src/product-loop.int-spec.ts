import {
  AppsSubjects,
  DeploymentSubjects,
  GenerationSubjects,
  NOT_DEPLOYABLE_ERROR,
  UsersSubjects,
  type ApiKeyScope,
} from '@appgen/contracts';
import { APP, callerOf, notFound, startGatewayWithStandIns, URLS, type GatewayWithStandIns } from './stand-in-services.testing';

/**
 * The gateway's product-loop routes and tools against the contract: every service behind them is a
 * responder on a private NATS answering its subjects in the services' wire format, so these tests pin
 * what the gateway sends and how it answers, whatever state the services themselves are in.
 */

describe('gateway: product loop routes and tools (services answered per the contract)', () => {
  let gateway: GatewayWithStandIns;

  const api = () => gateway.api();
  const as = (scope: ApiKeyScope) => gateway.as(scope);
  const answer: GatewayWithStandIns['answer'] = (subject, handler) => gateway.answer(subject, handler);
  const sent: GatewayWithStandIns['sent'] = (subject) => gateway.sent(subject);

  beforeAll(async () => {
    gateway = await startGatewayWithStandIns([...Object.values(AppsSubjects), ...Object.values(GenerationSubjects), ...Object.values(DeploymentSubjects)]);
  }, 30_000);

  afterAll(() => gateway?.close());

  beforeEach(() => gateway.forget());

  describe('POST /generation_queue', () => {
    const queued = {
      job_id: 'job_abcdefghij0123456789',
      app_id: APP.id,
      message_id: 12,
      status: 'queued',
      estimated_time_seconds: 30,
      webhook_events: ['app.generation.completed', 'app.generation.failed'],
      status_url: 'http://localhost:3000/api/v1/generation_queue/job_abcdefghij0123456789',
      app_url: URLS.editor,
      app: APP,
    };
    beforeAll(() => answer(GenerationSubjects.queue, () => ({ response: queued })));

    it('answers a missing prompt with 400 missing_prompt and queues nothing', async () => {
      for (const body of [{}, { prompt: '' }, { name: 'Recipes' }]) {
        const response = await api().post('/api/v1/generation_queue').set(as('full_access')).send(body).expect(400);
        expect(response.body).toEqual({ error: 'missing_prompt', message: expect.any(String) });
      }
      await api().post('/api/v1/generation_queue').set(as('full_access')).set('content-type', 'application/json').expect(400);
      expect(sent(GenerationSubjects.queue)).toEqual([]);
    });

    it('answers other invalid fields with 422, and a key without generation:queue with 403', async () => {
      const invalid = await api().post('/api/v1/generation_queue').set(as('full_access')).send({ prompt: 'Recipes', callback_url: 'ftp://x.example' }).expect(422);
      expect(invalid.body.errors).toEqual([{ field: 'callback_url', message: 'must be an http or https URL' }]);
      const forbidden = await api().post('/api/v1/generation_queue').set(as('read_write')).send({ prompt: 'Recipes' }).expect(403);
      expect(forbidden.body).toEqual({ error: 'forbidden', message: 'This credential lacks the generation:queue permission' });
    });

    it('queues with every field of the contract and answers 202 with the queue response', async () => {
      const body = { prompt: 'A recipe manager', name: 'Recipe Box', callback_url: 'http://localhost:9/hook', ai_model: 'blueprint', metadata: { ticket: 4 } };
      const response = await api().post('/api/v1/generation_queue').set(as('full_access')).send(body).expect(202);
      expect(response.body).toEqual(queued);
      expect(sent(GenerationSubjects.queue)).toEqual([{ caller: callerOf('full_access'), ...body }]);
    });

    it('reads and cancels a job, with the permissions of the contract', async () => {
      answer(GenerationSubjects.get, ({ id }) => (id === '12' ? { response: { job_id: queued.job_id, status: 'processing', progress: 25 } } : notFound(String(id))));
      answer(GenerationSubjects.cancel, ({ id }) => ({ response: { cancelled: true, job_id: id } }));
      const job = await api().get('/api/v1/generation_queue/12').set(as('read_only')).expect(200);
      expect(job.body).toEqual({ job_id: queued.job_id, status: 'processing', progress: 25 });
      await api().get('/api/v1/generation_queue/job_nope').set(as('read_only')).expect(404);
      await api().delete(`/api/v1/generation_queue/${queued.job_id}`).set(as('read_write')).expect(403);
      const cancelled = await api().delete(`/api/v1/generation_queue/${queued.job_id}`).set(as('full_access')).expect(200);
      expect(cancelled.body).toEqual({ cancelled: true, job_id: queued.job_id });
    });

    it('POST /managed_apps with a prompt generates (and needs generation:queue); auto_generate false keeps a draft', async () => {
      const refused = await api().post('/api/v1/managed_apps').set(as('read_write')).send({ prompt: 'A recipe manager' }).expect(403);
      expect(refused.body.message).toBe('This credential lacks the generation:queue permission');
      const created = await api().post('/api/v1/managed_apps').set(as('full_access')).send({ prompt: 'A recipe manager', visibility: 'login_required' }).expect(201);
      expect(created.body).toEqual({ app: APP, message: expect.stringContaining(queued.job_id) });
      expect(sent(GenerationSubjects.queue)).toEqual([{ caller: callerOf('full_access'), prompt: 'A recipe manager', visibility: 'login_required' }]);

      answer(AppsSubjects.create, (data) => ({ response: { app: { ...APP, status: 'draft' }, message: `stored ${String(data['prompt'])}` } }));
      const draft = await api().post('/api/v1/managed_apps').set(as('read_write')).send({ prompt: 'Later', auto_generate: false }).expect(201);
      expect(draft.body.app.status).toBe('draft');
      expect(sent(AppsSubjects.create)).toEqual([{ caller: callerOf('read_write'), prompt: 'Later', auto_generate: false }]);
    });
  });

  describe('an app through its lifecycle', () => {
    it('composes the status of the app, its newest deployment and generation', async () => {
      answer(AppsSubjects.get, ({ id }) => (id === APP.id ? { response: { app: { ...APP, status: 'published', urls: URLS } } } : notFound(String(id))));
      answer(DeploymentSubjects.latest, () => ({
        response: { deployment: { id: 3, environment: 'production', status: 'deployed', deployed_at: '2026-11-21T10:05:00.000Z', version_id: 2 } },
      }));
      answer(GenerationSubjects.latestForApp, () => ({
        response: { generation: { status: 'completed', started_at: '2026-11-21T10:00:01.000Z', completed_at: '2026-11-21T10:00:03.000Z' } },
      }));
      const response = await api().get(`/api/v1/managed_apps/${APP.id}/status`).set(as('read_only')).expect(200);
      expect(response.body).toEqual({
        app_id: APP.id,
        name: APP.name,
        status: 'published',
        deployment: { id: 3, environment: 'production', status: 'deployed', deployed_at: '2026-11-21T10:05:00.000Z' },
        generation: { status: 'completed', started_at: '2026-11-21T10:00:01.000Z', completed_at: '2026-11-21T10:00:03.000Z' },
        urls: URLS,
      });
      answer(DeploymentSubjects.latest, () => ({ response: { deployment: null } }));
      answer(GenerationSubjects.latestForApp, () => ({ response: { generation: null } }));
      const fresh = await api().get(`/api/v1/managed_apps/${APP.id}/status`).set(as('read_only')).expect(200);
      expect(fresh.body).toMatchObject({ deployment: null, generation: null });
      const unknown = await api().get('/api/v1/managed_apps/nope/status').set(as('read_only')).expect(404);
      expect(unknown.body).toEqual({ error: 'not_found', message: 'App nope was not found' });
    });

    it('lists files by path and reads build errors', async () => {
      answer(AppsSubjects.listFiles, ({ id }) => ({ response: { app_id: id, files: [], count: 0 } }));
      answer(DeploymentSubjects.errors, () => ({ response: { recoverable: true, errors: [] } }));
      const files = await api().get(`/api/v1/managed_apps/${APP.id}/files?path=AGENTS.md`).set(as('read_only')).expect(200);
      expect(files.body).toEqual({ app_id: APP.id, files: [], count: 0 });
      expect(sent(AppsSubjects.listFiles)).toEqual([{ caller: callerOf('read_only'), id: APP.id, path: 'AGENTS.md' }]);
      await api().get(`/api/v1/managed_apps/${APP.id}/files?glob=x`).set(as('read_only')).expect(422);
      const errors = await api().get(`/api/v1/managed_apps/${APP.id}/errors`).set(as('read_only')).expect(200);
      expect(errors.body).toEqual({ recoverable: true, errors: [] });
    });

    it("passes the deploy refusal through exactly as the contract writes it, on both paths", async () => {
      const refusal = {
        error: NOT_DEPLOYABLE_ERROR,
        message: 'App k3x9q2m7w1ab is not deployable: it is a draft',
        reason: 'The app is a draft: it has never been generated',
        recoverable: true,
        suggested_action: 'Generate the app (POST /generation_queue with its app_id), then deploy again',
        fix_url: URLS.editor,
      };
      answer(DeploymentSubjects.deploy, () => ({ err: { status: 422, body: refusal } }));
      for (const path of [`/api/v1/managed_apps/${APP.id}/deploy`, `/api/v1/apps/${APP.id}/deploy`]) {
        const response = await api().post(path).set(as('read_write')).expect(422);
        expect(response.body).toEqual(refusal);
      }
      const accepted = { deployment_id: 4, status: 'queued', message: 'Deployment queued', production_url: 'http://k3x9q2m7w1ab.apps.localhost:8080' };
      answer(DeploymentSubjects.deploy, () => ({ response: accepted }));
      const response = await api().post(`/api/v1/apps/${APP.id}/deploy`).set(as('read_write')).set('content-type', 'application/json').expect(202);
      expect(response.body).toEqual(accepted);
      await api().post(`/api/v1/managed_apps/${APP.id}/deploy`).set(as('read_only')).expect(403);
    });

    it('rolls back to the previous or a given version', async () => {
      answer(DeploymentSubjects.rollback, ({ version_id }) => ({ response: { message: 'Rolled back', version_id: typeof version_id === 'number' ? version_id : 1 } }));
      const previous = await api().post(`/api/v1/managed_apps/${APP.id}/rollback`).set(as('read_write')).expect(200);
      expect(previous.body).toEqual({ message: 'Rolled back', version_id: 1 });
      const given = await api().post(`/api/v1/managed_apps/${APP.id}/rollback`).set(as('read_write')).send({ version_id: 5 }).expect(200);
      expect(given.body.version_id).toBe(5);
      expect(sent(DeploymentSubjects.rollback).map((data) => data['version_id'])).toEqual([undefined, 5]);
      for (const version_id of [0, 1.5, '2']) {
        const bad = await api().post(`/api/v1/managed_apps/${APP.id}/rollback`).set(as('read_write')).send({ version_id }).expect(422);
        expect(bad.body.errors[0].field).toBe('version_id');
      }
    });

    it('reads analytics for 7d by default, 30d or 90d, and refuses other periods', async () => {
      answer(AppsSubjects.queryAnalytics, ({ id, period }) => ({ response: { app_id: id, period, metrics: { page_views: 3, unique_visitors: 2, sessions: 2 } } }));
      const week = await api().get(`/api/v1/managed_apps/${APP.id}/analytics`).set(as('read_only')).expect(200);
      expect(week.body).toEqual({ app_id: APP.id, period: '7d', metrics: { page_views: 3, unique_visitors: 2, sessions: 2 } });
      await api().get(`/api/v1/managed_apps/${APP.id}/analytics?period=90d`).set(as('read_only')).expect(200);
      const bad = await api().get(`/api/v1/managed_apps/${APP.id}/analytics?period=1y`).set(as('read_only')).expect(422);
      expect(bad.body.errors).toEqual([{ field: 'period', message: expect.any(String) }]);
    });
  });

  describe('tools', () => {
    const execute = (scope: ApiKeyScope, body: object) => api().post('/api/v1/mcp/execute_tool').set(as(scope)).send(body);

    it('lists the ten tools with their JSON Schemas to any valid key', async () => {
      const response = await api().get('/api/v1/mcp/tools').set(as('read_only')).expect(200);
      expect(response.body.tools).toHaveLength(10);
      expect(response.body.tools[0]).toEqual({ name: 'svc-generate-app', description: expect.any(String), input_schema: expect.objectContaining({ type: 'object' }) });
      await api().get('/api/v1/mcp/tools').expect(401);
    });

    it('refuses unknown tools, a missing app_id and bad params with 422, a missing permission with 403', async () => {
      const unknown = await execute('full_access', { tool: 'svc-launch-rocket', params: {} }).expect(422);
      expect(unknown.body.errors).toEqual([{ field: 'tool', message: expect.stringContaining('svc-view-file') }]);
      const noApp = await execute('full_access', { tool: 'svc-view-file', params: { path: 'index.html' } }).expect(422);
      expect(noApp.body.errors).toEqual([{ field: 'app_id', message: 'is required by svc-view-file' }]);
      const badParams = await execute('full_access', { tool: 'svc-view-file', app_id: APP.id, params: {} }).expect(422);
      expect(badParams.body.errors).toEqual([{ field: 'params.path', message: 'is required' }]);
      const forbidden = await execute('read_only', { tool: 'svc-insert-data', app_id: APP.id, params: { entity: 'recipes', data: {} } }).expect(403);
      expect(forbidden.body).toEqual({ error: 'forbidden', message: 'This credential lacks the apps:write permission' });
      expect(gateway.asked().filter((subject) => subject !== UsersSubjects.resolveApiKey)).toEqual([]);
    });

    it('generates, answering the contract body of the generate tool', async () => {
      answer(GenerationSubjects.queue, () => ({ response: { app_id: APP.id, status_url: 'http://localhost:3000/api/v1/generation_queue/job_x', job_id: 'job_x', app: APP } }));
      const response = await execute('full_access', { tool: 'svc-generate-app', params: { prompt: 'A recipe manager', model: 'blueprint' } }).expect(200);
      expect(response.body).toEqual({ success: true, app_id: APP.id, status_url: 'http://localhost:3000/api/v1/generation_queue/job_x', preview_url: null });
      expect(sent(GenerationSubjects.queue)).toEqual([{ caller: callerOf('full_access'), prompt: 'A recipe manager', ai_model: 'blueprint' }]);
    });

    it('writes a file and rebuilds the preview from the version it made', async () => {
      const version = { id: 9, app_id: APP.id, number: 3, source: 'edit', files_count: 12, created_at: APP.created_at };
      const file = { path: 'src/main.ts', content: 'broken(', size: 7, updated_at: APP.created_at };
      const buildError = {
        message: 'src/main.ts:1:7: Expected ")" but found end of file',
        error_type: 'build_error',
        file: 'src/main.ts',
        suggested_action: 'Fix the syntax error in src/main.ts',
        fix_url: `${URLS.editor}?file=src/main.ts&line=1`,
        recoverable: true,
        occurred_at: APP.created_at,
      };
      answer(AppsSubjects.writeFile, () => ({ response: { file, version } }));
      answer(DeploymentSubjects.build, ({ version_id }) => ({
        response: { build: { id: 5, app_id: APP.id, version_id, status: 'failed', errors: [buildError], created_at: APP.created_at } },
      }));
      const response = await execute('read_write', { tool: 'svc-write-file', app_id: APP.id, params: { path: 'src/main.ts', content: 'broken(' } }).expect(200);
      expect(response.body).toEqual({ success: true, result: { file, version, build: { status: 'failed', errors: [buildError] } } });
      expect(sent(AppsSubjects.writeFile)).toEqual([{ caller: callerOf('read_write'), id: APP.id, path: 'src/main.ts', content: 'broken(' }]);
      expect(sent(DeploymentSubjects.build)).toEqual([{ caller: callerOf('read_write'), app_id: APP.id, version_id: 9 }]);
    });

    it('defines an entity from columns and reads and writes rows as the owner or as an app user', async () => {
      answer(AppsSubjects.defineEntity, ({ entity }) => ({ response: { entity } }));
      const defined = await execute('read_write', {
        tool: 'svc-create-entity',
        app_id: APP.id,
        params: { name: 'recipes', columns: [{ name: 'title', type: 'text', required: true }], user_scoping: 'user_scoped' },
      }).expect(200);
      expect(defined.body.result.entity).toEqual({
        name: 'recipes',
        label: 'Recipes',
        label_singular: 'Recipe',
        user_scoped: true,
        open_writes: false,
        fields: [{ name: 'title', label: 'Title', type: 'text', required: true }],
      });
      const guestbook = await execute('read_write', {
        tool: 'svc-create-entity',
        app_id: APP.id,
        params: { name: 'entries', columns: [{ name: 'message', type: 'text' }], open_writes: true },
      }).expect(200);
      expect(guestbook.body.result.entity).toMatchObject({ name: 'entries', user_scoped: false, open_writes: true });
      const notBoolean = await execute('read_write', {
        tool: 'svc-create-entity',
        app_id: APP.id,
        params: { name: 'entries', columns: [{ name: 'message', type: 'text' }], open_writes: 'yes' },
      }).expect(422);
      expect(notBoolean.body.errors).toEqual([{ field: 'params.open_writes', message: 'must be true or false' }]);

      const row = { id: 1, title: 'Soup', created_at: APP.created_at, updated_at: APP.created_at };
      answer(AppsSubjects.insertRow, () => ({ response: { row } }));
      answer(AppsSubjects.queryRows, () => ({ response: { rows: [row], total: 1, next_offset: null } }));
      answer(AppsSubjects.deleteRow, () => ({ response: { success: true } }));
      await execute('read_write', { tool: 'svc-insert-data', app_id: APP.id, params: { entity: 'recipes', data: { title: 'Soup' }, user_email: 'cook@example.com' } }).expect(200);
      const query = await execute('read_only', { tool: 'svc-query-data', app_id: APP.id, params: { entity: 'recipes', filters: { title: 'Soup' } } }).expect(200);
      expect(query.body).toEqual({ success: true, result: { rows: [row], total: 1, next_offset: null } });
      await execute('read_write', { tool: 'svc-delete-data', app_id: APP.id, params: { entity: 'recipes', id: 1 } }).expect(200);
      expect(sent(AppsSubjects.insertRow)).toEqual([
        { app_id: APP.id, entity: 'recipes', actor: { kind: 'app_user', email: 'cook@example.com' }, caller: callerOf('read_write'), data: { title: 'Soup' } },
      ]);
      expect(sent(AppsSubjects.queryRows)).toEqual([
        { app_id: APP.id, entity: 'recipes', actor: { kind: 'owner' }, caller: callerOf('read_only'), filters: { title: 'Soup' }, limit: 25, offset: 0 },
      ]);
      expect(sent(AppsSubjects.deleteRow)).toEqual([{ app_id: APP.id, entity: 'recipes', actor: { kind: 'owner' }, caller: callerOf('read_write'), id: 1 }]);
    });

    it("passes a service's refusal of a tool call through", async () => {
      answer(AppsSubjects.readFile, ({ path }) => ({ err: { status: 404, body: { error: 'not_found', message: `File ${String(path)} was not found` } } }));
      const response = await execute('read_only', { tool: 'svc-view-file', app_id: APP.id, params: { path: 'nope.ts' } }).expect(404);
      expect(response.body).toEqual({ error: 'not_found', message: 'File nope.ts was not found' });
    });
  });

  it('documents every new route in the OpenAPI description', async () => {
    const { body } = await api().get('/openapi.json').expect(200);
    const paths = Object.keys(body.paths as object);
    for (const path of [
      '/generation_queue',
      '/generation_queue/{id}',
      '/managed_apps/{id}/status',
      '/managed_apps/{id}/files',
      '/managed_apps/{id}/errors',
      '/managed_apps/{id}/deploy',
      '/apps/{id}/deploy',
      '/managed_apps/{id}/rollback',
      '/managed_apps/{id}/analytics',
      '/mcp/tools',
      '/mcp/execute_tool',
    ]) {
      expect(paths).toContain(path);
    }
    expect(body.paths['/generation_queue'].post.responses['400']).toBeDefined();
    expect(body.paths['/mcp/execute_tool'].post.requestBody).toBeDefined();
  });
});
