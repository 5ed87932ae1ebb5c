// Compiles apps/ and libs/ to dist/ with SWC. SWC rather than esbuild or tsc: NestJS and TypeORM need
// decorator metadata, which esbuild cannot emit, and tsc is several times slower on two cores.
// Type checking is `npm run typecheck`; this only transpiles.
import { existsSync, readFileSync, mkdirSync, writeFileSync, readdirSync, renameSync, statSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformFile } from '@swc/core';
import { build as bundle } from 'esbuild';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const out = join(root, 'dist');
const swcOptions = JSON.parse(readFileSync(join(root, 'tools/build/swc-options.json'), 'utf8'));
const aliases = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8')).compilerOptions.paths;

/**
 * Folders that are data the services read at runtime, not their code: copied into dist/ as they are (tests left out),
 * never compiled. The generation-service renders every app from its template project.
 */
const ASSET_DIRS = ['apps/generation-service/template'];
const TEST_FILE = /\.(int-|e2e-)?spec\.ts$|\.testing\.ts$/;

function walk(dir, keep) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? walk(path, keep) : keep(path) ? [path] : [];
  });
}

function sources(dir) {
  const found = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (entry === 'node_modules' || entry === 'dist' || ASSET_DIRS.includes(relative(root, path))) continue;
    if (statSync(path).isDirectory()) found.push(...sources(path));
    else if (path.endsWith('.ts') && !path.endsWith('.d.ts') && !TEST_FILE.test(path))
      found.push(path);
  }
  return found;
}

/** Rewrites `@appgen/x` (and `@appgen/x/entry`) to a relative path from the compiled file to the compiled library. */
function resolveAliases(code, file) {
  return code.replace(/require\("(@appgen\/[a-z-]+(?:\/[a-z-]+)?)"\)/g, (match, name) => {
    const target = aliases[name]?.[0];
    if (!target) return match;
    let rel = relative(dirname(join(out, relative(root, file))), join(out, target.replace(/\.ts$/, '.js')));
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return `require("${rel}")`;
  });
}

/** Writes beside the target and renames, so a process starting from dist/ never reads a half-written file. */
function writeAtomically(target, content) {
  const partial = `${target}.${process.pid}.tmp`;
  writeFileSync(partial, content);
  renameSync(partial, target);
}

// dist/ is rewritten in place rather than deleted first: running processes (and `npm run admin`, which
// builds before it runs) may be reading from it at the same moment.
export async function build() {
  const files = ['apps', 'libs'].flatMap((dir) => sources(join(root, dir))).filter((f) => !f.includes('/apps/e2e/'));
  await Promise.all(
    files.map(async (file) => {
      const { code, map } = await transformFile(file, { ...swcOptions, sourceMaps: true });
      const target = join(out, relative(root, file)).replace(/\.ts$/, '.js');
      mkdirSync(dirname(target), { recursive: true });
      if (map) writeAtomically(`${target}.map`, map);
      writeAtomically(target, `${resolveAliases(code, file)}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`);
    }),
  );
  // Remove output whose source is gone, so a deleted module cannot still be loaded.
  const expected = new Set(files.map((file) => join(out, relative(root, file)).replace(/\.ts$/, '.js')));
  for (const stale of walk(out, (path) => /\.js(\.map)?$/.test(path) && !expected.has(path.replace(/\.map$/, '')))) {
    rmSync(stale);
  }
  copyAssets();
  copyScripts();
  const consoleBundle = await bundleConsole();
  return { files: files.length, consoleBundle };
}

/**
 * The web console (Preact, apps/gateway/console) is browser code: bundled and minified by esbuild into
 * dist/apps/gateway/console with content-hashed names (served with a year's cache), plus manifest.json naming
 * them for the gateway. Answers its files and gzipped size, the number to keep small (npm run build prints it).
 */
const CONSOLE_DIR = 'apps/gateway/console';
async function bundleConsole() {
  const target = join(out, CONSOLE_DIR);
  const result = await bundle({
    entryPoints: [join(root, CONSOLE_DIR, 'src/main.tsx')],
    tsconfig: join(root, CONSOLE_DIR, 'tsconfig.json'),
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    entryNames: 'console-[hash]',
    outdir: target,
    write: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  mkdirSync(target, { recursive: true });
  const manifest = {};
  let gzipped = 0;
  for (const file of result.outputFiles) {
    writeAtomically(file.path, file.contents);
    manifest[file.path.endsWith('.css') ? 'style' : 'script'] = relative(target, file.path);
    gzipped += gzipSync(file.contents, { level: 9 }).length;
  }
  writeAtomically(join(target, 'manifest.json'), JSON.stringify(manifest));
  for (const stale of walk(target, (path) => path !== join(target, 'manifest.json') && !Object.values(manifest).includes(relative(target, path)))) rmSync(stale);
  return `${Object.values(manifest).join(', ')} (${(gzipped / 1024).toFixed(1)} KiB gzipped)`;
}

/**
 * Copies the files under `dir` that `keep` picks into dist/ as they are, and removes the files under its copy that
 * `owned` picks (the whole copy by default) and that were not copied now.
 */
function copyVerbatim(dir, keep, owned = () => true) {
  const expected = new Set();
  for (const file of walk(join(root, dir), keep)) {
    const target = join(out, relative(root, file));
    expected.add(target);
    mkdirSync(dirname(target), { recursive: true });
    writeAtomically(target, readFileSync(file));
  }
  for (const stale of walk(join(out, dir), (path) => owned(path) && !expected.has(path))) rmSync(stale);
}

/** The libraries' plain CommonJS files (`.cjs`, shared with the tools that run from source), beside the code requiring them. */
function copyScripts() {
  const script = (path) => path.endsWith('.cjs') && !path.includes('/node_modules/');
  copyVerbatim('libs', script, script);
}

/** ASSET_DIRS, copied into dist/. */
function copyAssets() {
  for (const dir of ASSET_DIRS) copyVerbatim(dir, (path) => !TEST_FILE.test(path));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const built = await build();
  console.log(`built ${built.files} files into dist/ in ${Date.now() - started} ms; console bundle: ${built.consoleBundle}`);
}
