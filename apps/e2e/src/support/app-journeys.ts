import supertest from 'supertest';
import { api } from './api';
import { e2eEnv } from './e2e-env';
import { latestMailTo } from './mail';
import { waitFor } from './webhook-receiver';

/** Reads `read` until `done` holds, failing with the last value it read after `timeoutMs`. */
export async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 45_000): Promise<T> {
  let last: T | undefined;
  try {
    return await waitFor(async () => {
      last = await read();
      return done(last) ? last : undefined;
    }, timeoutMs, what);
  } catch (error) {
    throw new Error(`${what}: still ${JSON.stringify(last)} after ${timeoutMs} ms`, { cause: error });
  }
}

/** A public address (preview or production) fetched through the edge the harness started, by its Host as a browser sends it. */
export function throughEdge(publicUrl: string, path = '/'): supertest.Test {
  return supertest(e2eEnv().edge).get(path).set('Host', new URL(publicUrl).host);
}

/** Queues a generation (of a new app, or an update of `appId`) and waits until its job completed. */
export async function generatedApp(key: string, prompt: string, appId?: string): Promise<{ appId: string; jobId: string; previewUrl: string }> {
  const queued = await api()
    .post('/api/v1/generation_queue')
    .set('X-API-Key', key)
    .send({ prompt, ...(appId === undefined ? {} : { app_id: appId }) })
    .expect(202);
  type Job = { status: string; error: string | null; app: { preview_url: string | null } };
  const job = await until<Job>(
    `job ${queued.body.job_id}`,
    async () => (await api().get(`/api/v1/generation_queue/${queued.body.job_id}`).set('X-API-Key', key).expect(200)).body,
    (body) => !['queued', 'processing'].includes(body.status),
  );
  expect(job).toMatchObject({ status: 'completed', error: null });
  return { appId: String(queued.body.app_id), jobId: String(queued.body.job_id), previewUrl: String(job.app.preview_url) };
}

/**
 * Deploys the app and waits until the status shows that deployment deployed: the moment a user polling it would
 * load the production address. Answers that address.
 */
export async function deployedApp(key: string, appId: string): Promise<string> {
  const queued = await api().post(`/api/v1/managed_apps/${appId}/deploy`).set('X-API-Key', key).expect(202);
  type Status = { deployment: { id: number; status: string } | null; urls: { production: string | null } };
  const status = await until<Status>(
    `deployment ${queued.body.deployment_id}`,
    async () => (await api().get(`/api/v1/managed_apps/${appId}/status`).set('X-API-Key', key).expect(200)).body,
    (body) => body.deployment !== null && body.deployment.id === queued.body.deployment_id && ['deployed', 'failed'].includes(body.deployment.status),
  );
  expect(status.deployment?.status).toBe('deployed');
  return String(status.urls.production);
}

/**
 * Signs `email` in to a generated app at `host` through the app's own calls (a code by mail, then verify), as its
 * sign-in page does from its own origin. Answers the session cookie (`appgen_session=…`) for later requests.
 */
export async function appUserSession(host: string, email: string): Promise<string> {
  const edge = supertest(e2eEnv().edge);
  const headers = { Host: host, Origin: `http://${host}` };
  const asked = new Date();
  await edge.post('/_api/auth/request_code').set(headers).send({ email }).expect(200);
  const code = /\b\d{6}\b/.exec((await latestMailTo(email, { since: asked })).subject)?.[0];
  const verified = await edge.post('/_api/auth/verify').set(headers).send({ email, code }).expect(200);
  const setCookie = ([] as string[]).concat(verified.headers['set-cookie'] ?? []).find((value) => value.startsWith('appgen_session='));
  if (!setCookie) throw new Error('signing in set no session cookie');
  return setCookie.split(';')[0] ?? '';
}
