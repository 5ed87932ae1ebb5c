import { Client } from 'pg';
import supertest from 'supertest';
import { adminAccount, api, closeBus, deployedApp, e2eEnv, generatedApp, appUserSession, platformControl, throughEdge, uniqueEmail, until, type TestAccount } from './support';

/**
 * DELETE /managed_apps/:id deletes the app and all its resources (contract 4.2): what apps-service holds goes in
 * its transaction, and every other service removes its part when it hears app.deleted, also a service that was
 * down at the time, once it is back. Each service's schema is read directly to prove nothing is left behind.
 */
describe('deleting an app', () => {
  let owner: TestAccount;
  let database: Client;

  const call = {
    get: (path: string) => api().get(`/api/v1${path}`).set('X-API-Key', owner.key),
    post: (path: string, body?: object) => api().post(`/api/v1${path}`).set('X-API-Key', owner.key).send(body),
    delete: (path: string) => api().delete(`/api/v1${path}`).set('X-API-Key', owner.key),
  };
  const edge = () => supertest(e2eEnv().edge);

  type Job = { status: string; message: string; error: string | null; app: { id: string; preview_url: string | null } };
  const job = async (jobId: string): Promise<Job> => (await call.get(`/generation_queue/${jobId}`).expect(200)).body;

  /** Generates an app from a prompt and puts it in production; answers its id, job and addresses. */
  async function deployedNewApp(prompt: string): Promise<{ appId: string; jobId: string; preview: string; production: string }> {
    const { appId, jobId, previewUrl } = await generatedApp(owner.key, prompt);
    return { appId, jobId, preview: previewUrl, production: await deployedApp(owner.key, appId) };
  }

  const count = async (sql: string, values: unknown[]): Promise<number> => (await database.query(sql, values)).rows[0].count;

  /**
   * What deployment-service and users-service hold of an app. Bundle files and sessions are counted by the
   * builds and users the app had before it was deleted, so rows cut loose from them would still count.
   */
  async function kept(appId: string, before?: { buildIds: number[]; appUserIds: number[] }) {
    const buildIds = before?.buildIds ?? (await database.query('SELECT id FROM deployment.builds WHERE app_id = $1', [appId])).rows.map((row) => row.id);
    const appUserIds = before?.appUserIds ?? (await database.query('SELECT id FROM users.app_users WHERE app_id = $1', [appId])).rows.map((row) => row.id);
    return {
      buildIds,
      appUserIds,
      rows: {
        builds: await count('SELECT count(*)::int FROM deployment.builds WHERE app_id = $1', [appId]),
        bundle_files: await count('SELECT count(*)::int FROM deployment.bundle_files WHERE build_id = ANY($1::int[])', [buildIds]),
        deployments: await count('SELECT count(*)::int FROM deployment.deployments WHERE app_id = $1', [appId]),
        app_users: await count('SELECT count(*)::int FROM users.app_users WHERE app_id = $1', [appId]),
        sessions: await count('SELECT count(*)::int FROM users.app_user_sessions WHERE app_user_id = ANY($1::int[])', [appUserIds]),
        codes: await count('SELECT count(*)::int FROM users.app_user_codes WHERE app_id = $1', [appId]),
      },
    };
  }
  const nothing = { builds: 0, bundle_files: 0, deployments: 0, app_users: 0, sessions: 0, codes: 0 };

  /** The edge's answer at a public address of the app: no app, from the first request after the delete's answer. */
  async function edgeAnswersNoApp(publicUrl: string, appId: string): Promise<void> {
    const answer = await throughEdge(publicUrl).set('Accept', 'application/json').expect(404);
    expect(answer.body).toEqual({ error: 'not_found', message: `No app ${appId} exists.` });
  }

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'deletion');
    database = new Client({ connectionString: e2eEnv().databaseUrl });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    await closeBus();
  });

  it("removes the app's builds, bundles, deployments, users, sessions and codes in every service, and the edge stops serving it", async () => {
    const { appId, jobId, preview, production } = await deployedNewApp('A reading list where I save books with author and rating');

    // Someone signs in to the app at its preview address, as its sign-in page does; someone else asks for a code.
    const host = new URL(preview).host;
    const origin = `http://${host}`;
    const cookie = await appUserSession(host, uniqueEmail('reader'));
    await edge().get('/_api/auth/me').set({ Host: host, Cookie: cookie }).expect(200);
    await edge().post('/_api/auth/request_code').set({ Host: host, Origin: origin }).send({ email: uniqueEmail('visitor') }).expect(200);

    const before = await kept(appId);
    expect(before.rows).toEqual({ builds: 1, bundle_files: expect.any(Number), deployments: 1, app_users: 1, sessions: 1, codes: 1 });
    expect(before.rows.bundle_files).toBeGreaterThan(0);

    const deleted = await call.delete(`/managed_apps/${appId}`).expect(200);
    expect(deleted.body).toEqual({ success: true, message: expect.any(String) });
    await call.get(`/managed_apps/${appId}`).expect(404);

    const after = await until('every service removing the app', () => kept(appId, before), (current) => JSON.stringify(current.rows) === JSON.stringify(nothing));
    expect(after.rows).toEqual(nothing);

    await edgeAnswersNoApp(preview, appId);
    await edgeAnswersNoApp(production, appId);
    const signedIn = await edge().get('/_api/auth/me').set({ Host: host, Cookie: cookie });
    expect(signedIn.status).toBe(404);

    // A finished job stays readable: the account's record of what it asked for, with the app as it was.
    expect(await job(jobId)).toMatchObject({ status: 'completed', app: { id: appId } });
  }, 120_000);

  it('cancels an open generation job, and a deployment-service that was down at the time removes its part once it is back', async () => {
    const { appId, preview } = await deployedNewApp('A recipe manager where I save recipes with ingredients and cooking time');
    const before = await kept(appId);
    expect(before.rows).toMatchObject({ builds: 1, deployments: 1 });

    const control = platformControl();
    await control.kill('deployment-service');
    let down = true;
    try {
      // With deployment-service down, an update's build cannot run: the job waits in the queue for another try.
      const update = await call.post('/generation_queue', { prompt: 'add a category field to recipes', app_id: appId }).expect(202);
      const waiting = await until(`job ${update.body.job_id} waiting for deployment-service`, () => job(update.body.job_id), (body) => body.status === 'queued' && body.message.startsWith('Queued again'));
      expect(waiting.app.id).toBe(appId);

      await call.delete(`/managed_apps/${appId}`).expect(200);
      const cancelled = await until(`job ${update.body.job_id} cancelled`, () => job(update.body.job_id), (body) => body.status !== 'queued' && body.status !== 'processing');
      expect(cancelled).toMatchObject({ status: 'cancelled', message: 'Cancelled: the app was deleted', app: { id: appId } });
      await edgeAnswersNoApp(preview, appId);

      // Nothing else removed deployment-service's rows meanwhile.
      expect((await kept(appId, before)).rows).toMatchObject({ builds: before.rows.builds, deployments: before.rows.deployments });
      await control.start('deployment-service');
      down = false;
      const after = await until('deployment-service catching up', () => kept(appId, before), (current) => JSON.stringify(current.rows) === JSON.stringify(nothing));
      expect(after.rows).toEqual(nothing);
      // The cancelled job stays cancelled: its worker wrote nothing more.
      expect(await job(update.body.job_id)).toMatchObject({ status: 'cancelled', message: 'Cancelled: the app was deleted' });
    } finally {
      if (down) await control.start('deployment-service');
    }
  }, 120_000);
});
