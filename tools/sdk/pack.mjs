// `node tools/sdk/pack.mjs [--out DIR]`: makes the publishable packages of the SDK and the CLI in DIR/<name>/ (their
// package.json and README, and dist/), then `npm pack`s each into DIR. DIR defaults to appgen-packages in the system's
// temporary folder: outside the repository, where a second package.json named @appgen/sdk would confuse Jest.
//   sdk/dist/index.js + *.d.ts   @appgen/sdk: one CommonJS file (what it uses of @appgen/contracts, the signature
//                                check and the event kinds, is bundled in), the declarations tsc writes for src/;
//                                openapi-fetch stays a dependency
//   cli/dist/appgen.js           @appgen/cli's `bin`: the CLI and the SDK in one file; commander and openapi-fetch stay dependencies
// The repository itself runs the CLI from the build (`npm run appgen`).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../platform/platform.mjs';

const PACKAGES = process.argv.includes('--out') ? resolve(process.argv[process.argv.indexOf('--out') + 1] ?? '') : join(tmpdir(), 'appgen-packages');
const SDK = join(PACKAGES, 'sdk');
const CLI = join(PACKAGES, 'cli');
/**
 * The SDK takes two things from @appgen/contracts, each its one definition: the webhook signature (beside the signer)
 * and the event kinds (`@appgen/contracts/event-kinds`, a file that imports nothing, resolved by the tsconfig's paths).
 * The package carries those files alone rather than every contract and their schema libraries. An import of anything
 * else from `@appgen/contracts` fails the bundle ("No matching export"), which is the point.
 */
const signatureOnly = {
  name: 'contracts-signature-only',
  setup(context) {
    context.onResolve({ filter: /^@appgen\/contracts$/ }, () => ({ path: join(ROOT, 'libs/contracts/src/webhook-signature.ts') }));
  },
};
const common = { plugins: [signatureOnly], bundle: true, platform: 'node', target: 'node20', format: 'cjs', tsconfig: join(ROOT, 'tsconfig.base.json'), logLevel: 'warning', legalComments: 'none' };

for (const [stage, source] of [
  [SDK, 'libs/sdk'],
  [CLI, 'apps/cli'],
]) {
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(join(stage, 'dist'), { recursive: true });
  for (const file of ['package.json', 'README.md']) copyFileSync(join(ROOT, source, file), join(stage, file));
}
await build({ ...common, entryPoints: [join(ROOT, 'libs/sdk/src/index.ts')], outfile: join(SDK, 'dist/index.js'), external: ['openapi-fetch'] });
await build({
  ...common,
  entryPoints: [join(ROOT, 'apps/cli/src/appgen.ts')],
  outfile: join(CLI, 'dist/appgen.js'),
  external: ['commander', 'openapi-fetch'],
  // The entry's own `#!` line is kept by esbuild.
});

// Declarations: tsc writes them for the whole program (the SDK and what it imports); the package takes the SDK's.
const declarations = join(ROOT, 'tmp', `sdk-declarations-${process.pid}`);
// In the repository (tmp/ is ignored), as the tsconfig extends the repository's base; a fresh clone has no tmp/ yet.
mkdirSync(join(ROOT, 'tmp'), { recursive: true });
writeFileSync(
  join(ROOT, 'tmp', `sdk-declarations-${process.pid}.json`),
  JSON.stringify({ extends: '../tsconfig.base.json', compilerOptions: { declaration: true, emitDeclarationOnly: true, noEmit: false, outDir: declarations, rootDir: '..', types: ['node'] }, files: ['../libs/sdk/src/index.ts'] }),
);
try {
  // tsc cannot name the TypeBox types of the contracts' exports in declarations and says so, but writes the rest: only
  // a complaint about the SDK's own files matters.
  let complaints = '';
  try {
    execFileSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(ROOT, 'tmp', `sdk-declarations-${process.pid}.json`)], { encoding: 'utf8' });
  } catch (error) {
    complaints = String(error.stdout ?? error);
  }
  const own = complaints.split('\n').filter((line) => line.startsWith('libs/sdk/'));
  if (own.length > 0) throw new Error(`the SDK's declarations:\n${own.join('\n')}`);
  const written = join(declarations, 'libs/sdk/src');
  for (const file of readdirSync(written).filter((name) => name.endsWith('.d.ts'))) {
    const text = readFileSync(join(written, file), 'utf8');
    if (/from '@appgen\//.test(text)) throw new Error(`${file} refers to an unpublished @appgen package`);
    copyFileSync(join(written, file), join(SDK, 'dist', file));
  }
} finally {
  rmSync(declarations, { recursive: true, force: true });
  rmSync(join(ROOT, 'tmp', `sdk-declarations-${process.pid}.json`), { force: true });
}

for (const dir of [SDK, CLI]) {
  const packed = execFileSync('npm', ['pack', '--pack-destination', PACKAGES, '--silent'], { cwd: dir, encoding: 'utf8' }).trim();
  console.log(`packed ${join(PACKAGES, packed)}`);
}
