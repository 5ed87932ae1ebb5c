import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, freePort, startNatsServer, type NatsServerHandle, type ScratchDatabase } from '@appgen/testing';

const ROOT = join(__dirname, '../../..');

/** Every port `npm start` opens, by the variable its README and its own messages tell a user to set to move it. */
const PORT_VARIABLES = [
  'PORT',
  'METRICS_PORT',
  'EDGE_PORT',
  'EDGE_TLS_PORT',
  'APPS_SERVICE_HEALTH_PORT',
  'GENERATION_SERVICE_HEALTH_PORT',
  'DEPLOYMENT_SERVICE_HEALTH_PORT',
  'EDGE_HEALTH_PORT',
  'USERS_SERVICE_HEALTH_PORT',
  'WEBHOOKS_SERVICE_HEALTH_PORT',
  'DOMAINS_SERVICE_HEALTH_PORT',
  'BILLING_SERVICE_HEALTH_PORT',
  'CLAIM_SERVICE_HEALTH_PORT',
] as const;

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Runs `npm start`'s script until it prints `until` (resolves with its output) or exits (rejects with it). */
function startUntil(env: NodeJS.ProcessEnv, until: string): { child: ChildProcess; output: () => string; ready: Promise<void> } {
  const child = spawn(process.execPath, [join(ROOT, 'tools/dev/start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes(until)) resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code} before "${until}":\n${output}`)));
  });
  return { child, output: () => output, ready };
}

/** Ctrl-C, as a user stops it; its exit code. */
async function interrupt(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  return exited;
}

// A second platform beside the harness's: its own NATS server and database, every port moved.
describe('npm start on moved ports', () => {
  let nats: NatsServerHandle;
  let database: ScratchDatabase;
  let scratch: string;
  let ports: Record<(typeof PORT_VARIABLES)[number], number>;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    nats = await startNatsServer();
    database = await createScratchDatabase('appgen_npm_start');
    scratch = mkdtempSync(join(tmpdir(), 'appgen-npm-start-'));
    ports = {} as typeof ports;
    for (const variable of PORT_VARIABLES) ports[variable] = await freePort();
    env = {
      ...process.env,
      ...Object.fromEntries(Object.entries(ports).map(([variable, port]) => [variable, String(port)])),
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      MAIL_DIR: join(scratch, 'mail'),
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
      REDIS_KEY_PREFIX: `appgen-npm-start-${process.pid}`,
    };
  });

  afterAll(async () => {
    await database?.drop();
    await nats?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('listens on every port it was told to, the edge\'s HTTPS port included, and stops on Ctrl-C', async () => {
    const started = startUntil(env, 'appgen is running.');
    try {
      await started.ready;
      const open = await Promise.all(PORT_VARIABLES.map(async (variable) => [variable, await listening(ports[variable])] as const));
      expect(open.filter(([, isOpen]) => !isOpen).map(([variable]) => variable)).toEqual([]);
      const health = await fetch(`http://127.0.0.1:${ports.PORT}/health`);
      expect(health.status).toBe(200);
    } finally {
      expect(await interrupt(started.child)).toBe(0);
    }
  }, 120_000);

  it('names a moved port that is taken, and the variable that moves it', async () => {
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(ports.EDGE_TLS_PORT, '127.0.0.1', resolve));
    const refused = startUntil(env, 'already in use');
    const exited = new Promise<number | null>((resolve) => refused.child.once('exit', resolve));
    try {
      await refused.ready;
      expect(await exited).toBe(1);
      expect(refused.output()).toContain(`Port ${ports.EDGE_TLS_PORT} (edge) is already in use`);
      expect(refused.output()).toContain('EDGE_TLS_PORT=<free port> npm start');
    } finally {
      await interrupt(refused.child);
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
    }
  }, 120_000);
});
