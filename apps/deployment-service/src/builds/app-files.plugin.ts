import { posix } from 'node:path';
import type { Loader, OnResolveArgs, OnResolveResult, Plugin, PartialMessage } from 'esbuild';
import { APP_NAMESPACE, ASSET_NAMESPACE, type PluginErrorDetail } from './build-errors';

/** How each importable file type is compiled; anything else can only be served from public/. */
const LOADERS: ReadonlyArray<readonly [suffix: string, loader: Loader]> = [
  ['.module.css', 'local-css'],
  ['.ts', 'ts'],
  ['.mts', 'ts'],
  ['.cts', 'ts'],
  ['.tsx', 'tsx'],
  ['.js', 'js'],
  ['.mjs', 'js'],
  ['.cjs', 'js'],
  ['.jsx', 'jsx'],
  ['.css', 'css'],
  ['.json', 'json'],
  ['.svg', 'text'],
  ['.txt', 'text'],
  ['.md', 'text'],
  ['.html', 'text'],
];

/** Tried in this order after the path as written, the way TypeScript resolves `./views/list`. */
const SCRIPT_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.json'];

const CSS_KINDS = new Set<OnResolveArgs['kind']>(['import-rule', 'url-token', 'composes-from']);

export function loaderFor(path: string): Loader | undefined {
  return LOADERS.find(([suffix]) => path.endsWith(suffix))?.[1];
}

/**
 * Resolves and loads every module from the app's own files, held in memory: nothing is read from disk or
 * fetched. An import that leaves the app (an npm package, an absolute path, a URL, `..` above the root) fails
 * with an error whose detail says how to fix it.
 */
export function appFilesPlugin(files: ReadonlyMap<string, string>): Plugin {
  return {
    name: 'appgen-app-files',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => resolveImport(files, args));
      build.onLoad({ filter: /.*/, namespace: APP_NAMESPACE }, (args) => ({
        contents: files.get(args.path) ?? '',
        loader: loaderFor(args.path) ?? 'text',
      }));
      build.onLoad({ filter: /.*/, namespace: ASSET_NAMESPACE }, (args) => ({
        contents: files.get(args.path) ?? '',
        loader: 'dataurl',
      }));
    },
  };
}

function resolveImport(files: ReadonlyMap<string, string>, args: OnResolveArgs): OnResolveResult {
  if (args.kind === 'entry-point') return { path: args.path, namespace: APP_NAMESPACE };
  const importer = args.importer;
  const isCss = CSS_KINDS.has(args.kind);
  const specifier = args.kind === 'url-token' ? args.path.replace(/[?#].*$/, '') : args.path;

  // A url() naming a public file (`/logo.svg`), another site or inline data is the browser's to fetch.
  if (args.kind === 'url-token' && (/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(args.path) || specifier === '')) {
    return { path: args.path, external: true };
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier) || specifier.startsWith('//')) {
    return fail(
      `Cannot import "${specifier}": builds use only the app's own files and never download code`,
      args.kind === 'import-rule'
        ? `Remove the @import of ${specifier} from ${importer} and load it with <link rel="stylesheet" href="${specifier}"> in index.html instead.`
        : `Remove the import of ${specifier} from ${importer} and copy the code the app needs into a file under src/.`,
    );
  }
  if (specifier.startsWith('/')) {
    const relative = posix.relative(posix.dirname(importer), specifier.slice(1)) || posix.basename(specifier);
    const suggested = relative.startsWith('.') ? relative : `./${relative}`;
    return fail(
      `Cannot import "${specifier}": imports are relative to the importing file, not absolute`,
      `Change the import in ${importer} to "${suggested}".`,
    );
  }
  const isRelative = specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../');
  // CSS reads `@import "theme.css"` and `url(img.svg)` as relative; only scripts have packages.
  if (!isRelative && !isCss) {
    return fail(
      `Cannot import "${specifier}": npm packages aren't available to app builds`,
      `Remove the import of "${specifier}" from ${importer} and write what the app needs from it in a file under src/ (apps are built from their own files only).`,
    );
  }

  const target = posix.normalize(posix.join(posix.dirname(importer), specifier));
  if (target === '..' || target.startsWith('../')) {
    return fail(
      `Cannot import "${specifier}": it points outside the app`,
      `Fix the import in ${importer}: only files inside the app can be imported.`,
    );
  }

  const found = candidates(target === '.' ? '' : target, isCss).find((path) => files.has(path));
  if (!found) {
    const wanted = posix.extname(target) || isCss ? target : `${target}.ts`;
    const sameButCase = [...files.keys()].find((path) => path.toLowerCase() === wanted.toLowerCase());
    return fail(
      `Could not find "${specifier}" imported by ${importer}`,
      `Create ${wanted} or fix the import path in ${importer}${sameButCase ? ` (${sameButCase} exists: names are case-sensitive)` : ''}.`,
    );
  }
  if (args.kind === 'url-token') return { path: found, namespace: ASSET_NAMESPACE };
  if (!loaderFor(found)) {
    return fail(
      `Cannot import ${found}: files of type ${posix.extname(found) || '(none)'} can't be bundled`,
      `Move ${found} under public/ and refer to it by its address (/${posix.basename(found)}) instead of importing it in ${importer}.`,
    );
  }
  return { path: found, namespace: APP_NAMESPACE };
}

function candidates(target: string, isCss: boolean): string[] {
  if (isCss) return [target];
  const list = [target];
  // TypeScript code imports `./list.js` meaning `./list.ts`.
  if (/\.(m?js|jsx)$/.test(target)) {
    const stem = target.replace(/\.(m?js|jsx)$/, '');
    list.push(`${stem}.ts`, `${stem}.tsx`);
  }
  for (const extension of SCRIPT_EXTENSIONS) list.push(`${target}${extension}`);
  for (const extension of SCRIPT_EXTENSIONS) list.push(target ? `${target}/index${extension}` : `index${extension}`);
  return list;
}

function fail(text: string, suggestedAction: string): OnResolveResult {
  const detail: PluginErrorDetail = { suggestedAction };
  const error: PartialMessage = { text, detail };
  return { errors: [error] };
}
