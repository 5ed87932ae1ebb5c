import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { adminAccount, api, closeBus, e2eEnv, platformControl, type TestAccount } from './support';

/**
 * `npm start` (and this harness) supervises every process: one killed with SIGKILL, as a crash or the OOM
 * killer would, comes back on its own, and the gateway's /health names the backend while it is down.
 * Processes are killed by pid, behind the platform's back, so nothing knows it was on purpose.
 */

/** How long a user may wait for a killed process to serve again: a 0.5 s restart delay plus its start. */
const BACK_WITHIN_MS = 15_000;

interface GatewayHealth {
  status: string;
  services: Record<string, string>;
}

async function gatewayHealth(gateway = 0): Promise<{ status: number; body: GatewayHealth; tookMs: number }> {
  const began = Date.now();
  const response = await api(gateway).get('/health');
  return { status: response.status, body: response.body, tookMs: Date.now() - began };
}

/** Polls `check` until it returns true; the time it took, or a failure naming `what` after `timeoutMs`. */
async function within(timeoutMs: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const began = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - began;
    if (Date.now() - began > timeoutMs) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

async function pidOf(name: string): Promise<number> {
  const pid = (await platformControl().pids())[name];
  if (typeof pid !== 'number') throw new Error(`${name} has no running process`);
  return pid;
}

/** Waits until `name` runs again under another pid than `old` (the supervisor started a new process). */
async function runningAgain(name: string, old: number): Promise<void> {
  await within(BACK_WITHIN_MS, `${name} running again`, async () => {
    const pid = (await platformControl().pids())[name];
    return typeof pid === 'number' && pid !== old;
  });
}

describe('supervision: a process that dies is restarted', () => {
  let owner: TestAccount;
  let appId: string;
  const key = (): string => owner.key;

  /** For each backend, a request a user makes that only that service can answer, and its answer when it does. */
  const answers: Record<string, () => Promise<boolean>> = {
    'apps-service': async () => (await api().get('/api/v1/managed_apps').set('X-API-Key', key())).status === 200,
    'users-service': async () => (await api().get('/api/v1/api_keys').set('X-API-Key', key())).status === 200,
    // A job id that names nothing: only generation-service can say so (404); while it is down the gateway says 503.
    'generation-service': async () =>
      (await api().get(`/api/v1/generation_queue/job_${randomUUID()}`).set('X-API-Key', key())).status === 404,
    'deployment-service': async () => (await api().get(`/api/v1/managed_apps/${appId}/errors`).set('X-API-Key', key())).status === 200,
    'webhooks-service': async () => (await api().get('/api/v1/webhooks').set('X-API-Key', key())).status === 200,
    // The edge's own 404 for an address that names no app: it answers on its apps port.
    edge: async () => {
      const response = await fetch(`${e2eEnv().edge}/`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(2000) });
      const body: { error?: string } = JSON.parse(await response.text());
      return response.status === 404 && body.error === 'not_found';
    },
  };

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'supervision');
    const created = await api().post('/api/v1/managed_apps').set('X-API-Key', owner.key).send({ name: 'Supervised' });
    expect(created.status).toBe(201);
    appId = created.body.app.id;
  });

  afterAll(async () => {
    await closeBus();
  });

  it('reports every backend ok through the gateway while all run', async () => {
    const health = await gatewayHealth();
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
    const backends = Object.keys(e2eEnv().health).filter((name) => !name.startsWith('gateway'));
    expect(Object.keys(health.body.services).sort()).toEqual(backends.sort());
    expect(new Set(Object.values(health.body.services))).toEqual(new Set(['ok']));
  });

  const backends = ['apps-service', 'users-service', 'generation-service', 'deployment-service', 'webhooks-service', 'edge', 'domains-service', 'billing-service', 'claim-service'];

  it.each(backends)(
    '%s: wedged it shows as down in /health (which stays 200 and quick); killed -9 it serves again within seconds',
    async (name) => {
      if (e2eEnv().skipped.includes(name)) throw new Error(`${name} is not built: build it before running this spec`);
      const pid = await pidOf(name);
      // Stopped first, so the gateway's probe meets a process that neither answers nor has gone: the outcome
      // does not depend on how fast the restart below is.
      process.kill(pid, 'SIGSTOP');
      const statuses = new Set<number>();
      let slowestMs = 0;
      try {
        await within(5000, `gateway /health naming ${name} down`, async () => {
          const health = await gatewayHealth();
          statuses.add(health.status);
          slowestMs = Math.max(slowestMs, health.tookMs);
          return health.body.status === 'degraded' && health.body.services[name] === 'down';
        });
      } finally {
        process.kill(pid, 'SIGKILL');
      }
      const killedAt = Date.now();
      // A load balancer keeps the gateway in rotation, and a wedged backend costs /health at most the probe
      // time-box (1 s), not a hung request.
      expect([...statuses]).toEqual([200]);
      expect(slowestMs).toBeLessThan(2500);

      await runningAgain(name, pid);
      const check = answers[name];
      if (check) await within(BACK_WITHIN_MS, `${name} answering users again`, check);
      await within(BACK_WITHIN_MS, `gateway /health naming ${name} ok again`, async () => (await gatewayHealth()).body.services[name] === 'ok');
      const healthUrl = e2eEnv().health[name];
      await within(BACK_WITHIN_MS, `${name}'s own /health`, async () => (await fetch(`${healthUrl}`)).status === 200);
      expect(Date.now() - killedAt).toBeLessThan(BACK_WITHIN_MS);
    },
    45_000,
  );

  it('gateway-2: killed -9, the other replica keeps serving and it serves again within seconds', async () => {
    const pid = await pidOf('gateway-2');
    process.kill(pid, 'SIGKILL');
    const killedAt = Date.now();
    // No request reaches a dead replica's port; the other one is untouched.
    expect((await api(0).get('/api/v1/managed_apps').set('X-API-Key', owner.key)).status).toBe(200);
    await runningAgain('gateway-2', pid);
    await within(BACK_WITHIN_MS, 'gateway-2 serving the API again', async () => {
      return (await api(1).get('/api/v1/managed_apps').set('X-API-Key', owner.key)).status === 200;
    });
    expect(Date.now() - killedAt).toBeLessThan(BACK_WITHIN_MS);
    const health = await gatewayHealth(1);
    expect(health.status).toBe(200);
  }, 45_000);

  it('keeps a process stopped on purpose stopped', async () => {
    const control = platformControl();
    await control.kill('claim-service');
    try {
      await sleep(1500);
      expect((await control.pids())['claim-service']).toBeNull();
      await within(3000, 'gateway /health naming claim-service down', async () => (await gatewayHealth()).body.services['claim-service'] === 'down');
    } finally {
      await control.start('claim-service');
    }
    await within(5000, 'gateway /health naming claim-service ok', async () => (await gatewayHealth()).body.services['claim-service'] === 'ok');
  });
});
