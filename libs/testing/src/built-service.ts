import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { ServiceName } from '@appgen/contracts';
import { freePort } from './free-port.cjs';

// From libs/testing/src, or from dist/libs/testing/src once compiled.
const ROOT = resolve(__dirname, __dirname.includes(`${sep}dist${sep}`) ? '../../../..' : '../../..');

/** The key services of one test run seal stored secrets with, unless a test gives its own SECRETS_KEY. */
const SECRETS_KEY = randomBytes(32).toString('base64');

export interface BuiltService {
  name: ServiceName;
  process: ChildProcess;
  /** where its GET /health answers (the gateway's public port, every other service's HEALTH_PORT) */
  port: number;
  stop(): Promise<void>;
}

/** Sends SIGTERM and resolves once the process has exited (at once if it already has). */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Runs a service as `npm run build` compiled it, on the test's own NATS and database (pass NATS_URL and
 * DATABASE_URL in `env`), and resolves once its /health answers. For tests of one service against its real
 * neighbours.
 */
export async function startBuiltService(
  name: ServiceName,
  env: Record<string, string>,
  options: { port?: number; timeoutMs?: number } = {},
): Promise<BuiltService> {
  const main = join(ROOT, 'dist/apps', name, 'src/main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, LOG_LEVEL: 'warn', CONTRACT_CHECK_REPLIES: 'true', SECRETS_KEY, ...env, [name === 'gateway' ? 'PORT' : 'HEALTH_PORT']: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = (): Promise<void> => stopProcess(child);
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false)) return { name, process: child, port, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not become healthy`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}
