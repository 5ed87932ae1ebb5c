import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import supertest from 'supertest';
import { adminAccount, api, closeBus, e2eEnv, waitFor, type TestAccount } from './support';

/**
 * When something goes wrong, an operator finds the request that caused it: every process writes one line per
 * request or message it handled, and the request id given (or made) at the gateway is on every line of the
 * request's path, across services. No line holds a credential or a body.
 */
describe('access log', () => {
  let owner: TestAccount;

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'logged');
  });
  afterAll(closeBus);

  const logOf = (instance: string) => readFileSync(join(e2eEnv().logDir, `${instance}.log`), 'utf8');
  const linesWith = (instance: string, text: string) => logOf(instance).split('\n').filter((line) => line.includes(text));

  it('follows one request id from the gateway through apps-service, and never logs secrets or bodies', async () => {
    const requestId = `trace-${randomBytes(6).toString('hex')}`;
    const secretName = `name-${randomBytes(6).toString('hex')}`;
    const created = await api()
      .post('/api/v1/managed_apps')
      .set('X-API-Key', owner.key)
      .set('X-Request-Id', requestId)
      .send({ name: secretName })
      .expect(201);
    expect(created.headers['x-request-id']).toBe(requestId);

    const gatewayLine = await waitFor(() => linesWith('gateway', `request=${requestId}`)[0]);
    expect(gatewayLine).toMatch(new RegExp(`POST /api/v1/managed_apps 201 [\\d.]+ms account=${owner.account.id} request=${requestId}`));
    const serviceLine = await waitFor(() => linesWith('apps-service', `request=${requestId}`)[0]);
    expect(serviceLine).toMatch(new RegExp(`apps\\.managed_apps\\.create 200 [\\d.]+ms account=${owner.account.id} request=${requestId}`));

    const everything = readdirSync(e2eEnv().logDir).map((file) => readFileSync(join(e2eEnv().logDir, file), 'utf8')).join('\n');
    expect(everything).not.toContain(owner.key);
    expect(everything).not.toContain(secretName);
  });

  it('makes an id when the client sends none or an unusable one, and logs failures with their status', async () => {
    const answered = await api().get('/api/v1/managed_apps/nosuchapp1').set('X-API-Key', owner.key).set('X-Request-Id', 'not a plain id!').expect(404);
    const made = String(answered.headers['x-request-id']);
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(await waitFor(() => linesWith('gateway', `request=${made}`)[0])).toContain('GET /api/v1/managed_apps/:id 404');
    expect(await waitFor(() => linesWith('apps-service', `request=${made}`)[0])).toContain('apps.managed_apps.get 404');
  });

  it('logs what the edge serves by host and path, without the query string', async () => {
    const created = await api().post('/api/v1/managed_apps').set('X-API-Key', owner.key).send({ name: 'Edge log' }).expect(201);
    const host = `preview-${created.body.app.id}.preview.localhost`;
    const query = `token=${randomBytes(6).toString('hex')}`;
    const served = await supertest(e2eEnv().edge).get(`/some/page?${query}`).set('Host', host);
    const requestId = String(served.headers['x-request-id']);
    const line = await waitFor(() => linesWith('edge', `request=${requestId}`)[0]);
    expect(line).toContain(`GET ${host}/some/page ${served.status}`);
    expect(logOf('edge')).not.toContain(query);
  });
});
