// Whether dist/ matches the TypeScript sources, so a test run rebuilds only when something changed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './platform.mjs';

function sources(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path);
    return /(?<!\.d|\.spec|\.test)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** True when a compiled file is missing or older than its source (the build skips apps/e2e). */
export function distIsStale() {
  const files = ['apps', 'libs'].flatMap((dir) => sources(join(ROOT, dir))).filter((f) => !f.includes('/apps/e2e/'));
  return files.some((file) => {
    const target = join(ROOT, 'dist', relative(ROOT, file)).replace(/\.ts$/, '.js');
    return !existsSync(target) || statSync(target).mtimeMs < statSync(file).mtimeMs;
  });
}

/** Runs `npm run build` when dist/ is stale; throws if the build fails. */
export function buildIfStale({ quiet = false } = {}) {
  if (!distIsStale()) return false;
  if (!quiet) console.log('dist/ is older than the sources: building...');
  const result = spawnSync(process.execPath, [join(ROOT, 'tools/build/build.mjs')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error('the build failed (see above)');
  return true;
}
