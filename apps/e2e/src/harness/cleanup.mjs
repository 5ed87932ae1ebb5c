// Undoes what global-setup.mjs did, as far as it got: used by the teardown and by a setup that failed.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dropDatabase, deleteRedisKeys } from '../../../../tools/platform/preflight.mjs';

export async function cleanup(harness, { keepLogs }) {
  const problems = [];
  const attempt = async (what, step) => {
    try {
      await step();
    } catch (error) {
      problems.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  if (harness.control) await attempt('control server', () => new Promise((done) => harness.control.close(() => done())));
  if (harness.platform) await attempt('stopping the platform', () => harness.platform.stop());
  if (harness.nats) {
    await attempt('stopping nats-server', async () => {
      if (harness.nats.exitCode !== null) return;
      const exited = new Promise((done) => harness.nats.once('exit', done));
      harness.nats.kill('SIGTERM');
      await exited;
    });
  }
  if (harness.databaseUrl) await attempt('dropping the database', () => dropDatabase(harness.databaseUrl));
  if (harness.redis) await attempt('deleting Redis keys', () => deleteRedisKeys(harness.redis.url, `${harness.redis.prefix}:`));
  if (keepLogs && existsSync(harness.logDir) && readdirSync(harness.logDir).length > 0) {
    for (const sub of ['mail', 'nats']) rmSync(`${harness.dir}/${sub}`, { recursive: true, force: true });
    console.log(`\nappgen e2e: something failed; the logs of every process are kept in ${harness.logDir}`);
  } else {
    rmSync(harness.dir, { recursive: true, force: true });
  }
  if (problems.length > 0) console.error(`appgen e2e cleanup: ${problems.join('; ')}`);
}
