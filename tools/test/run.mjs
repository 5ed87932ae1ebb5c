// `npm test`: every check appgen has, in order, without stopping at the first failure, so one run shows
// everything that is wrong. Ends with one line `N passed, N failed[, N skipped]`: jest tests, plus one
// failure for each stage that failed outside of any test (typecheck, lint, build, a suite that crashed).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE_24, ensureInstalled, ensureNode24, ensureTestPackages, requireNodeVersion } from '../platform/install.mjs';
import { ROOT } from '../platform/platform.mjs';

requireNodeVersion();

const started = Date.now();
const resultsDir = mkdtempSync(join(tmpdir(), 'appgen-test-'));
const stages = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
const bin = (name) => join(ROOT, 'node_modules/.bin', name);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function header(title) {
  const line = '='.repeat(78);
  console.log(`\n${line}\n== ${title}\n${line}`);
}

function run(command, args, env = {}) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
    child.once('error', (error) => {
      console.error(`could not run ${command}: ${error.message}`);
      resolveRun(1);
    });
    child.once('exit', (code, signal) => resolveRun(signal ? 1 : code));
  });
}

async function stage(title, body) {
  header(title);
  const t0 = Date.now();
  let outcome;
  try {
    outcome = await body();
  } catch (error) {
    console.error(error instanceof Error ? error.stack : String(error));
    outcome = { ok: false };
  }
  const entry = { title, ms: Date.now() - t0, ...outcome };
  if (!entry.ok && !entry.counted) totals.failed += 1;
  stages.push(entry);
  return entry.ok;
}

async function command(title, steps) {
  return stage(title, async () => {
    for (const [cmd, args, env] of steps) {
      if ((await run(cmd, args, env)) !== 0) return { ok: false };
    }
    return { ok: true };
  });
}

/** A jest run whose results are read from its JSON report; tests count individually. `node`: the Node to run it on. */
async function jest(title, args, node = process.execPath) {
  return stage(title, async () => {
    const outputFile = join(resultsDir, `${title.replace(/\W+/g, '-')}.json`);
    const jestCli = join(ROOT, 'node_modules/jest/bin/jest.js');
    const code = await run(node, [jestCli, ...args, '--passWithNoTests', '--json', `--outputFile=${outputFile}`]);
    if (!existsSync(outputFile)) return { ok: false, note: 'jest produced no results' };
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    const passed = report.numPassedTests;
    const failed = report.numFailedTests + report.numRuntimeErrorTestSuites;
    const skipped = report.numPendingTests + report.numTodoTests;
    totals.passed += passed;
    totals.failed += failed;
    totals.skipped += skipped;
    const note = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    // A non-zero exit with every test green is still a failure (e.g. globalSetup or teardown threw).
    return { ok: code === 0 && failed === 0, counted: failed > 0, note };
  });
}

const installed = await stage('install', async () => {
  const ok = ensureInstalled();
  console.log(ok ? 'dependencies are installed' : 'the install failed; nothing else can run without dependencies.');
  return { ok };
});
if (!installed) {
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

// Counted by the tests themselves, which fail with the same instructions when their package is missing.
await stage("Debian packages: chromium, pebble", async () => {
  const cannotRun = ensureTestPackages();
  return cannotRun.length === 0 ? { ok: true } : { ok: false, counted: true, note: `missing: ${cannotRun.join(', ')} fail` };
});

const { DEFAULTS, preflight } = await import('../platform/preflight.mjs');
let servicesOk = true;
await stage('infrastructure: Postgres, NATS with JetStream, Redis', async () => {
  const problems = await preflight({
    postgres: process.env.DATABASE_URL || DEFAULTS.DATABASE_URL,
    nats: process.env.NATS_URL || DEFAULTS.NATS_URL,
    redis: process.env.REDIS_URL || DEFAULTS.REDIS_URL,
  });
  if (problems.length === 0) {
    console.log('all reachable');
    return { ok: true };
  }
  servicesOk = false;
  console.error(`${problems.join('\n\n')}\n\nIntegration and end-to-end tests need them and will not run.`);
  return { ok: false };
});

await command('typecheck', [
  [bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  [bin('tsc'), ['-p', 'apps/generation-service/template/test/tsconfig.json']],
]);
await command('lint', [
  // The module-boundary rule reads the Nx project graph, which this computes first.
  [bin('nx'), ['show', 'projects'], { NX_DAEMON: 'false' }],
  [bin('eslint'), ['--max-warnings=0', 'apps', 'libs', 'tools']],
]);
// Every overlay rendered and checked against the Kubernetes schemas, offline.
await command('kubernetes manifests', [[process.execPath, ['tools/k8s/validate.mjs']]]);
const built = await command('build', [[process.execPath, ['tools/build/build.mjs']]]);
await jest('unit tests', ['--config', 'jest.config.js', '--selectProjects', 'unit']);
if (servicesOk) {
  await jest('integration tests', ['--config', 'jest.config.js', '--selectProjects', 'integration', '--runInBand']);
  if (built) await jest('end-to-end tests', ['--config', 'apps/e2e/jest.config.js', '--runInBand']);
  else await stage('end-to-end tests', async () => (console.error('not run: the build failed'), { ok: false }));
  // Its own Postgres and NATS, which it kills and restarts: never the ones above (tools/chaos/README.md).
  if (built) await command('fault campaign (tools/chaos)', [[process.execPath, ['tools/chaos/run.mjs']]]);
} else {
  await stage('integration and end-to-end tests', async () => (console.error('not run: infrastructure missing (see above)'), { ok: false }));
}

// The images run Node 24 LTS, while the code keeps running on this Node (20.19+), which ran everything above: the unit
// and integration tests again on the images' release.
let node24;
await stage(`Node ${NODE_24} from the npm registry`, async () => ({ ok: Boolean((node24 = ensureNode24())) }));
if (node24) {
  await jest(`unit tests on Node ${NODE_24}`, ['--config', 'jest.config.js', '--selectProjects', 'unit'], node24);
  if (servicesOk) await jest(`integration tests on Node ${NODE_24}`, ['--config', 'jest.config.js', '--selectProjects', 'integration', '--runInBand'], node24);
  // No Docker here: the images' files laid out as docker/Dockerfile builds them, run as the images run them.
  if (servicesOk && built) await command("the images' contents (tools/image)", [[process.execPath, ['tools/image/check.mjs']]]);
}

rmSync(resultsDir, { recursive: true, force: true });
header(`summary (${seconds(Date.now() - started)})`);
for (const s of stages) {
  console.log(`${s.ok ? 'ok    ' : 'FAILED'}  ${s.title.padEnd(52)} ${seconds(s.ms).padStart(8)}${s.note ? `  ${s.note}` : ''}`);
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(stages.every((s) => s.ok) ? 0 : 1);
