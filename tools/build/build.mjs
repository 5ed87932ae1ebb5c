// Compiles apps/ and libs/ to dist/ with SWC. SWC rather than esbuild or tsc: NestJS and TypeORM need
// decorator metadata, which esbuild cannot emit, and tsc is several times slower on two cores.
// Type checking is `npm run typecheck`; this only transpiles.
import { readFileSync, mkdirSync, writeFileSync, readdirSync, statSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformFile } from '@swc/core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const out = join(root, 'dist');
const aliases = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8')).compilerOptions.paths;

function sources(dir) {
  const found = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (entry === 'node_modules' || entry === 'dist') continue;
    if (statSync(path).isDirectory()) found.push(...sources(path));
    else if (path.endsWith('.ts') && !path.endsWith('.d.ts') && !path.endsWith('.spec.ts') && !path.endsWith('.test.ts'))
      found.push(path);
  }
  return found;
}

/** Rewrites `@appgen/x` to a relative path from the compiled file to the compiled library. */
function resolveAliases(code, file) {
  return code.replace(/require\("(@appgen\/[a-z-]+)"\)/g, (match, name) => {
    const target = aliases[name]?.[0];
    if (!target) return match;
    let rel = relative(dirname(join(out, relative(root, file))), join(out, target.replace(/\.ts$/, '.js')));
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return `require("${rel}")`;
  });
}

export async function build() {
  rmSync(out, { recursive: true, force: true });
  const files = ['apps', 'libs'].flatMap((dir) => sources(join(root, dir))).filter((f) => !f.includes('/apps/e2e/'));
  await Promise.all(
    files.map(async (file) => {
      const { code, map } = await transformFile(file, {
        sourceMaps: true,
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
      });
      const target = join(out, relative(root, file)).replace(/\.ts$/, '.js');
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, `${resolveAliases(code, file)}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`);
      if (map) writeFileSync(`${target}.map`, map);
    }),
  );
  return files.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const count = await build();
  console.log(`built ${count} files into dist/ in ${Date.now() - started} ms`);
}
