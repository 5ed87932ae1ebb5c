import { AppsSubjects, DeploymentSubjects, UsersSubjects, type BuildView, type EnvVarView } from '@appgen/contracts';
import { callerOf, startGatewayWithStandIns, type GatewayWithStandIns } from '../stand-in-services.testing';

/**
 * The gateway's env var routes against the contract: apps-service and deployment-service are responders on a
 * private NATS, so these tests pin what the gateway asks (and when it rebuilds the preview) and what it answers.
 */

const LIST: EnvVarView[] = [
  { key: 'PUBLIC_GREETING', masked_value: '••••••••ndle', updated_at: '2026-11-21T10:00:00.000Z' },
  { key: 'STRIPE_SECRET_KEY', masked_value: '••••••••9876', updated_at: '2026-11-21T10:00:00.000Z' },
];
const BUILD: BuildView = { id: 9, app_id: 'k3x9q2m7w1ab', version_id: 4, status: 'succeeded', errors: [], created_at: '2026-11-21T10:00:01.000Z' };
const PATH = '/api/v1/managed_apps/k3x9q2m7w1ab/env_vars';

describe('gateway: env var routes (apps-service and deployment-service answered per the contract)', () => {
  let gateway: GatewayWithStandIns;
  const api = () => gateway.api();
  const asked = () => gateway.asked().filter((subject) => subject !== UsersSubjects.resolveApiKey);

  beforeAll(async () => {
    gateway = await startGatewayWithStandIns([AppsSubjects.listEnvVars, AppsSubjects.putEnvVars, AppsSubjects.deleteEnvVar, DeploymentSubjects.build]);
    gateway.answer(AppsSubjects.listEnvVars, () => ({ response: { env_vars: LIST } }));
    gateway.answer(DeploymentSubjects.build, () => ({ response: { build: BUILD } }));
  }, 30_000);

  afterAll(() => gateway?.close());

  beforeEach(() => gateway.forget());

  it('lists the masked variables for a read-only key', async () => {
    const response = await api().get(PATH).set(gateway.as('read_only')).expect(200);
    expect(response.body).toEqual({ env_vars: LIST });
    expect(gateway.sent(AppsSubjects.listEnvVars)).toEqual([{ caller: callerOf('read_only'), id: 'k3x9q2m7w1ab' }]);
  });

  it('sets secret variables without a build, and answers build null', async () => {
    gateway.answer(AppsSubjects.putEnvVars, () => ({ response: { env_vars: LIST, public_changed: false, newest_version_id: 4 } }));
    const response = await api().put(PATH).set(gateway.as('read_write')).send({ env_vars: { STRIPE_SECRET_KEY: 'sk_live_x' } }).expect(200);
    expect(response.body).toEqual({ env_vars: LIST, build: null });
    expect(gateway.sent(AppsSubjects.putEnvVars)).toEqual([{ caller: callerOf('read_write'), id: 'k3x9q2m7w1ab', env_vars: { STRIPE_SECRET_KEY: 'sk_live_x' } }]);
    expect(asked()).toEqual([AppsSubjects.putEnvVars]);
  });

  it('rebuilds the newest version when a PUBLIC_ value changed, and answers with that build', async () => {
    gateway.answer(AppsSubjects.putEnvVars, () => ({ response: { env_vars: LIST, public_changed: true, newest_version_id: 4 } }));
    const response = await api().put(PATH).set(gateway.as('read_write')).send({ env_vars: { PUBLIC_GREETING: 'Hello' } }).expect(200);
    expect(response.body).toEqual({ env_vars: LIST, build: { status: 'succeeded', errors: [] } });
    expect(asked()).toEqual([AppsSubjects.putEnvVars, DeploymentSubjects.build]);
    expect(gateway.sent(DeploymentSubjects.build)).toEqual([{ caller: callerOf('read_write'), app_id: 'k3x9q2m7w1ab', version_id: 4 }]);
  });

  it('builds nothing for an app without a version yet', async () => {
    gateway.answer(AppsSubjects.putEnvVars, () => ({ response: { env_vars: LIST, public_changed: true, newest_version_id: null } }));
    const response = await api().put(PATH).set(gateway.as('full_access')).send({ env_vars: { PUBLIC_GREETING: 'Hello' } }).expect(200);
    expect(response.body.build).toBeNull();
    expect(asked()).toEqual([AppsSubjects.putEnvVars]);
  });

  it('deletes a variable: {success, message, build}, rebuilding only for a PUBLIC_ one; 404 passes through', async () => {
    gateway.answer(AppsSubjects.deleteEnvVar, (data) => ({
      response: { success: true, message: `Environment variable ${String(data['key'])} deleted.`, public_changed: String(data['key']).startsWith('PUBLIC_'), newest_version_id: 4 },
    }));
    expect((await api().delete(`${PATH}/PUBLIC_GREETING`).set(gateway.as('read_write')).expect(200)).body).toEqual({
      success: true,
      message: 'Environment variable PUBLIC_GREETING deleted.',
      build: { status: 'succeeded', errors: [] },
    });
    expect((await api().delete(`${PATH}/STRIPE_SECRET_KEY`).set(gateway.as('read_write')).expect(200)).body.build).toBeNull();
    expect(gateway.sent(DeploymentSubjects.build)).toHaveLength(1);

    gateway.answer(AppsSubjects.deleteEnvVar, () => ({ err: { status: 404, body: { error: 'not_found', message: 'App k3x9q2m7w1ab has no environment variable NOPE' } } }));
    const missing = await api().delete(`${PATH}/NOPE`).set(gateway.as('read_write')).expect(404);
    expect(missing.body).toEqual({ error: 'not_found', message: 'App k3x9q2m7w1ab has no environment variable NOPE' });
  });

  it('refuses a body that is not {env_vars: {KEY: "value"}} with 422 naming the field, and asks nothing', async () => {
    const refusals: Array<[unknown, Array<{ field: string; message: string }>]> = [
      [{ env_vars: {} }, [{ field: 'env_vars', message: 'must set at least one variable' }]],
      [{}, [{ field: 'env_vars', message: 'is required' }]],
      [{ env_vars: { MY_KEY: 42 } }, [{ field: 'env_vars.MY_KEY', message: 'must be a string' }]],
      [{ env_vars: { A: 'x' }, extra: true }, [{ field: 'extra', message: 'is not a permitted field' }]],
    ];
    for (const [body, errors] of refusals) {
      const response = await api().put(PATH).set(gateway.as('full_access')).send(body as object).expect(422);
      expect(response.body).toMatchObject({ error: 'validation_failed', errors });
    }
    expect(asked()).toEqual([]);
  });

  it('needs apps:write to change variables', async () => {
    await api().put(PATH).set(gateway.as('read_only')).send({ env_vars: { A: 'x' } }).expect(403);
    await api().delete(`${PATH}/A`).set(gateway.as('read_only')).expect(403);
    await api().get(PATH).expect(401);
    expect(asked()).toEqual([]);
  });
});
