// Benchmark: every process's idle memory. On a private NATS server and a scratch database it starts every
// service from dist/, waits until each has been idle for `idleSeconds` (started, migrated, nothing asked of
// it), and reads each process's resident set size (VmRSS, from /proc: Linux only). The processes run as the image
// runs them: with tools/platform's NODE_FLAGS and without --enable-source-maps, with which Node would keep every
// loaded module's source map. The target is under MEMORY_LIMIT_MB per process; run.mjs exits non-zero above it.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, ROOT, SERVICES, startPlatform } from '../platform/platform.mjs';
import { rssMb } from './process-stats.mjs';

const require = createRequire(import.meta.url);
const { createScratchDatabase, startNatsServer } = require(join(ROOT, 'dist/libs/testing/src/index.js'));

export const MEMORY_LIMIT_MB = 120;

export async function benchMemory({ idleSeconds = 15 } = {}) {
  const nats = await startNatsServer();
  const database = await createScratchDatabase('appgen_bench_memory');
  const logDir = mkdtempSync(join(tmpdir(), 'appgen-bench-memory-'));
  let platform;
  try {
    const edgePort = await freePort();
    const ports = {};
    for (const service of SERVICES) ports[service.name] = await freePort();
    platform = await startPlatform({
      env: {
        DATABASE_URL: database.url,
        NATS_URL: nats.url,
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_KEY_PREFIX: `appgen-bench-memory-${process.pid}`,
        MAIL_DIR: join(logDir, 'mail'),
        LOG_LEVEL: 'warn',
        EDGE_PORT: String(edgePort),
        EDGE_TLS_PORT: String(await freePort()),
        PUBLIC_URL_PORT: String(edgePort),
      },
      ports,
      metricsPorts: { gateway: await freePort() },
      logDir,
      quiet: true,
      sourceMaps: false,
    });
    await sleep(idleSeconds * 1000);
    const processes = Object.entries(platform.pids()).map(([name, pid]) => ({ name, rssMb: pid === null ? null : rssMb(pid) }));
    return { processes, idleSeconds, skipped: platform.skipped, logDir };
  } finally {
    await platform?.stop();
    await database.drop();
    await nats.stop();
  }
}

/** Prints the table; answers the processes over the limit (or whose memory could not be read). */
export function printMemory(results) {
  console.log(`\nIdle memory (RSS after ${results.idleSeconds} s idle; target under ${MEMORY_LIMIT_MB} MB per process)`);
  console.log('  process                  RSS MB');
  for (const { name, rssMb } of results.processes) {
    console.log(`  ${name.padEnd(22)} ${rssMb === null ? '     -' : rssMb.toFixed(1).padStart(8)}${rssMb !== null && rssMb >= MEMORY_LIMIT_MB ? '  over' : ''}`);
  }
  if (results.skipped.length > 0) console.log(`  not built, so not measured: ${results.skipped.join(', ')}`);
  return results.processes.filter((p) => p.rssMb === null || p.rssMb >= MEMORY_LIMIT_MB);
}
