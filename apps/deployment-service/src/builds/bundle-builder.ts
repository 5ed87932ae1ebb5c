import { posix } from 'node:path';
import { performance } from 'node:perf_hooks';
import { APP_SOURCE_LAYOUT, type BuildErrorEntry, type SourceFile } from '@appgen/contracts';
import { build, type Message, type Metafile, type OutputFile } from 'esbuild';
import { appFilesPlugin } from './app-files.plugin';
import {
  APP_NAMESPACE,
  appPath,
  internalIssue,
  isBuildFailure,
  issueFromMessage,
  toBuildErrorEntry,
  type BuildIssue,
} from './build-errors';
import { BUILD_LIMITS, formatBytes } from './build-limits';
import { checkScriptTag, checkStylesheetLink, linksStylesheet, missingIndexHtml } from './index-html';
import { publicEnvDefines, type PublicEnv } from './public-env';

export const DIST_DIR = 'dist';
const SCRIPT_PATH = `${DIST_DIR}/${APP_SOURCE_LAYOUT.bundleScript}`;
const STYLES_PATH = `${DIST_DIR}/${APP_SOURCE_LAYOUT.bundleStyles}`;
const HTML_PATH = `${DIST_DIR}/${APP_SOURCE_LAYOUT.html}`;

/**
 * esbuild warnings that mean the app will break when it runs (a throw, an undefined import, CSS rules
 * dropped): a version with one of them fails to build instead of deploying a broken page.
 */
const WARNINGS_AS_ERRORS = [
  'assign-to-constant',
  'assign-to-import',
  'call-import-namespace',
  'import-is-undefined',
  'private-name-will-throw',
  'css-syntax-error',
  'invalid-@import',
] as const;

export interface BuildBundleOptions {
  appId: string;
  /** the app's editor address; each error's `fix_url` opens it at the file and line to fix */
  editorUrl: string;
  /** stamped on every error entry as `occurred_at` */
  now?: Date;
  /** the app's PUBLIC_ environment variables, compiled in as `import.meta.env.PUBLIC_X`; other keys are ignored */
  publicEnv?: PublicEnv;
}

export interface BundleStats {
  /** files of the version, and their size in bytes */
  source_files: number;
  source_bytes: number;
  /** modules esbuild compiled into the bundle */
  bundled_modules: number;
  public_files: number;
  js_bytes: number;
  css_bytes: number;
  /** everything under dist/ but the source maps */
  bundle_bytes: number;
  duration_ms: number;
}

export type BuildResult =
  | {
      ok: true;
      /** paths under `dist/`, sorted; the same files always give the same bytes */
      bundle: SourceFile[];
      stats: BundleStats;
      /** esbuild warnings that do not stop the build, as `file:line:column: text` */
      warnings: string[];
    }
  | { ok: false; errors: BuildErrorEntry[] };

/**
 * Builds an app version's source files into its `dist/` bundle, in memory: `src/main.ts` and what it imports
 * become `dist/assets/app.js` (a minified IIFE for es2020, with `app.js.map` beside it) and `dist/assets/app.css`
 * when CSS is imported; `index.html` and `public/**` are copied. `import.meta.env.PUBLIC_X` reads the app's public
 * env vars as they were at build time. TypeScript is transpiled, not type-checked:
 * a type error does not fail a build, a syntax error does. Every failure becomes a build error entry, all of
 * them at once where the build can see them, so one repair pass can fix them together.
 */
export async function buildBundle(files: SourceFile[], options: BuildBundleOptions): Promise<BuildResult> {
  const started = performance.now();
  const stamp = { editorUrl: options.editorUrl, occurredAt: (options.now ?? new Date()).toISOString() };
  const fail = (issues: BuildIssue[]): BuildResult => ({
    ok: false,
    errors: issues.map((issue) => toBuildErrorEntry(issue, stamp)),
  });

  const sourceBytes = files.reduce((total, file) => total + Buffer.byteLength(file.content, 'utf8'), 0);
  const limitIssues = checkSourceLimits(files, sourceBytes);
  if (limitIssues.length) return fail(limitIssues);

  const { sources, issues } = indexFiles(files);
  const html = sources.get(APP_SOURCE_LAYOUT.html);
  if (html === undefined) issues.push(missingIndexHtml());
  else issues.push(...checkScriptTag(html));
  const publicFiles = [...sources.keys()].filter((path) => path.startsWith(APP_SOURCE_LAYOUT.publicDir)).sort();
  issues.push(...checkPublicConflicts(publicFiles));

  let compiled: Compiled | undefined;
  if (!sources.has(APP_SOURCE_LAYOUT.entry)) {
    issues.push(missingEntry());
  } else {
    const outcome = await compile(sources, options.appId, options.publicEnv ?? {});
    if ('issues' in outcome) issues.push(...outcome.issues);
    else compiled = outcome;
  }
  if (compiled?.css !== undefined && html !== undefined) issues.push(...checkStylesheetLink(html));
  if (issues.length || !compiled || html === undefined) return fail(issues);

  const bundle = new Map<string, string>();
  bundle.set(HTML_PATH, html);
  for (const [path, content] of compiled.outputs) bundle.set(path, content);
  // The page may link the stylesheet before the app has any CSS; an empty one beats a 404.
  if (compiled.css === undefined && linksStylesheet(html)) bundle.set(STYLES_PATH, '');
  for (const path of publicFiles) {
    bundle.set(`${DIST_DIR}/${path.slice(APP_SOURCE_LAYOUT.publicDir.length)}`, sources.get(path) ?? '');
  }

  const servedBytes = (path: string, content: string) => (path.endsWith('.map') ? 0 : Buffer.byteLength(content, 'utf8'));
  const bundleBytes = [...bundle].reduce((total, [path, content]) => total + servedBytes(path, content), 0);
  if (bundleBytes > BUILD_LIMITS.maxBundleBytes) {
    return fail([bundleTooLarge(bundleBytes, compiled.metafile, publicFiles, sources)]);
  }

  return {
    ok: true,
    bundle: [...bundle].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, content]) => ({ path, content })),
    stats: {
      source_files: files.length,
      source_bytes: sourceBytes,
      // esbuild lists the define of import.meta.env as an input of its own; it is not a module of the app
      bundled_modules: Object.keys(compiled.metafile.inputs).filter((input) => !input.startsWith('<define:')).length,
      public_files: publicFiles.length,
      js_bytes: Buffer.byteLength(bundle.get(SCRIPT_PATH) ?? '', 'utf8'),
      css_bytes: Buffer.byteLength(bundle.get(STYLES_PATH) ?? '', 'utf8'),
      bundle_bytes: bundleBytes,
      duration_ms: Math.round(performance.now() - started),
    },
    warnings: compiled.warnings.map(describeWarning),
  };
}

interface Compiled {
  /** dist/ path → content */
  outputs: Map<string, string>;
  css: string | undefined;
  metafile: Metafile;
  warnings: Message[];
}

async function compile(sources: ReadonlyMap<string, string>, appId: string, publicEnv: PublicEnv): Promise<Compiled | { issues: BuildIssue[] }> {
  try {
    const result = await build({
      entryPoints: [APP_SOURCE_LAYOUT.entry],
      // Output paths are virtual: `write: false` keeps them in memory, and '/' keeps them free of the host's cwd.
      absWorkingDir: '/',
      outfile: `/${SCRIPT_PATH}`,
      write: false,
      bundle: true,
      // An IIFE runs from any script tag (classic, deferred or module) the app's page uses.
      format: 'iife',
      platform: 'browser',
      target: 'es2020',
      minify: true,
      sourcemap: 'linked',
      sourcesContent: true,
      charset: 'utf8',
      metafile: true,
      plugins: [appFilesPlugin(sources)],
      // Public env vars are text substituted at build time; nothing else of the environment reaches the bundle.
      define: publicEnvDefines(publicEnv),
      // Fixed compiler settings: nothing is read from a tsconfig.json, in the app or on this host.
      tsconfigRaw: {},
      logLevel: 'silent',
      logLimit: 0,
      logOverride: Object.fromEntries(WARNINGS_AS_ERRORS.map((id) => [id, 'error'])),
    });
    const outputs = new Map<string, string>();
    for (const output of result.outputFiles) outputs.set(distPath(output), outputText(output));
    return { outputs, css: outputs.get(STYLES_PATH), metafile: result.metafile, warnings: result.warnings };
  } catch (error) {
    if (isBuildFailure(error) && error.errors.length) return { issues: dedupe(error.errors.map(issueFromMessage)) };
    return { issues: [internalIssue(appId, error)] };
  }
}

function distPath(output: OutputFile): string {
  return posix.relative('/', output.path);
}

/** Source maps name files as the browser sees them (`/src/main.ts`), not by esbuild's namespace. */
function outputText(output: OutputFile): string {
  if (!output.path.endsWith('.map')) return output.text;
  const map: unknown = JSON.parse(output.text);
  if (typeof map !== 'object' || map === null || !('sources' in map) || !Array.isArray(map.sources)) return output.text;
  const sources: unknown[] = map.sources;
  const renamed = sources.map((source) => (typeof source === 'string' && source.startsWith(`${APP_NAMESPACE}:`) ? `../${appPath(source)}` : source));
  return `${JSON.stringify({ ...map, sources: renamed })}\n`;
}

function describeWarning(warning: Message): string {
  const location = warning.location;
  return location ? `${appPath(location.file)}:${location.line}: ${warning.text}` : warning.text;
}

function dedupe(issues: BuildIssue[]): BuildIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.file}\n${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function checkSourceLimits(files: SourceFile[], sourceBytes: number): BuildIssue[] {
  const issues: BuildIssue[] = [];
  if (files.length > BUILD_LIMITS.maxSourceFiles) {
    issues.push({
      file: '',
      message: `The app has ${files.length} files; a build takes at most ${BUILD_LIMITS.maxSourceFiles}`,
      suggestedAction: `Delete files the app does not use until at most ${BUILD_LIMITS.maxSourceFiles} remain (every file counts, public/ too).`,
      recoverable: true,
    });
  }
  if (sourceBytes > BUILD_LIMITS.maxSourceBytes) {
    const largest = files.reduce((a, b) => (Buffer.byteLength(b.content, 'utf8') > Buffer.byteLength(a.content, 'utf8') ? b : a));
    const largestBytes = formatBytes(Buffer.byteLength(largest.content, 'utf8'));
    issues.push({
      file: largest.path,
      message: `The app's files total ${formatBytes(sourceBytes)}; a build takes at most ${formatBytes(BUILD_LIMITS.maxSourceBytes)} (largest: ${largest.path}, ${largestBytes})`,
      suggestedAction: `Shrink or delete large files such as ${largest.path} (${largestBytes}) until the app's files total at most ${formatBytes(BUILD_LIMITS.maxSourceBytes)}.`,
      recoverable: true,
    });
  }
  return issues;
}

/** Paths are app-relative (`src/main.ts`); one that could escape the app or collide is refused. */
function indexFiles(files: SourceFile[]): { sources: Map<string, string>; issues: BuildIssue[] } {
  const sources = new Map<string, string>();
  const issues: BuildIssue[] = [];
  for (const file of files) {
    const segments = file.path.split('/');
    const valid =
      file.path.length > 0 &&
      !file.path.includes('\\') &&
      !file.path.includes('\0') &&
      segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..');
    if (!valid) {
      issues.push({
        file: file.path,
        message: `"${file.path}" is not a valid file path: paths are relative to the app's root, like src/main.ts`,
        suggestedAction: `Rename "${file.path}" to a relative path inside the app with / between folders, like src/views/list.ts.`,
        recoverable: true,
      });
      continue;
    }
    sources.set(file.path, file.content);
  }
  return { sources, issues };
}

function checkPublicConflicts(publicFiles: string[]): BuildIssue[] {
  const generated = new Set([HTML_PATH, SCRIPT_PATH, `${SCRIPT_PATH}.map`, STYLES_PATH, `${STYLES_PATH}.map`]);
  return publicFiles
    .filter((path) => generated.has(`${DIST_DIR}/${path.slice(APP_SOURCE_LAYOUT.publicDir.length)}`))
    .map((path) => ({
      file: path,
      message: `${path} would overwrite the built ${path.slice(APP_SOURCE_LAYOUT.publicDir.length)}`,
      suggestedAction: `Rename or delete ${path}: files under public/ are copied to the bundle's root, where the build writes that file.`,
      recoverable: true,
    }));
}

function missingEntry(): BuildIssue {
  return {
    file: APP_SOURCE_LAYOUT.entry,
    message: `${APP_SOURCE_LAYOUT.entry} is missing: it is where the bundle starts`,
    suggestedAction: `Create ${APP_SOURCE_LAYOUT.entry}: the app's entry module, which renders the app into the page and imports its other modules and CSS (index.html loads it as /${APP_SOURCE_LAYOUT.bundleScript}).`,
    recoverable: true,
  };
}

function bundleTooLarge(
  bundleBytes: number,
  metafile: Metafile,
  publicFiles: string[],
  sources: ReadonlyMap<string, string>,
): BuildIssue {
  const contributions = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const path = appPath(input);
      contributions.set(path, (contributions.get(path) ?? 0) + bytesInOutput);
    }
  }
  for (const path of publicFiles) contributions.set(path, Buffer.byteLength(sources.get(path) ?? '', 'utf8'));
  const [largest, largestBytes] = [...contributions].reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
  return {
    file: largest,
    message: `The built bundle is ${formatBytes(bundleBytes)}; a bundle may be at most ${formatBytes(BUILD_LIMITS.maxBundleBytes)} (largest part: ${largest}, ${formatBytes(largestBytes)})`,
    suggestedAction: `Make the bundle smaller, starting with ${largest} (${formatBytes(largestBytes)} of it): files referenced from CSS by a relative url() are inlined each time; put large files under public/ and refer to them by address.`,
    recoverable: true,
  };
}
