// Jest globalTeardown: stops every process, drops the run's database and Redis keys, removes its temp
// directory, keeping the logs when a test failed (failure-reporter.mjs records that before this runs).
import { cleanup } from './cleanup.mjs';

export default async function globalTeardown() {
  const harness = globalThis.__appgenE2e;
  if (!harness) return;
  globalThis.__appgenE2e = undefined;
  await cleanup(harness, { keepLogs: globalThis.__appgenE2eFailed === true });
}
