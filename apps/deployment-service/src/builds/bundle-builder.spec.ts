import { runInNewContext } from 'node:vm';
import type { BuildErrorEntry, SourceFile } from '@appgen/contracts';
import { buildBundle, type BuildResult } from './bundle-builder';
import { internalIssue, toBuildErrorEntry } from './build-errors';
import { fixUrl, toBuildErrorsResponse } from './index';
import { publicEnvDigest } from './public-env';

const EDITOR = 'https://appgen.test/apps/42/editor';
const NOW = new Date('2026-03-01T12:00:00.000Z');

const INDEX_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Recipes</title>
  <link rel="icon" href="/favicon.svg">
  <link rel="stylesheet" href="/assets/app.css">
  <script defer src="/assets/app.js"></script>
</head>
<body><main id="app"></main></body>
</html>
`;

const MAIN_TS = `import { renderList, type Recipe } from './views/list';
import './styles.css';

const recipes: Recipe[] = [{ title: 'Pancakes', minutes: 20 }, { title: 'Soup', minutes: 45 }];
const root = document.getElementById('app');
if (root) root.innerHTML = renderList(recipes);
`;

const LIST_TS = `export interface Recipe { title: string; minutes: number }

export function renderList(recipes: Recipe[]): string {
  const items = recipes.map((recipe) => \`<li>\${recipe.title} (\${recipe.minutes} min)</li>\`).join('');
  return \`<ul class="recipes">\${items}</ul>\`;
}
`;

const STYLES_CSS = `.recipes { list-style: none; padding: 0 }
.recipes li { color: #333333; margin-bottom: 4px }
`;

const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8"/></svg>';

function recipeApp(overrides: Record<string, string | null> = {}): SourceFile[] {
  const files: Record<string, string | null> = {
    'index.html': INDEX_HTML,
    'src/main.ts': MAIN_TS,
    'src/views/list.ts': LIST_TS,
    'src/styles.css': STYLES_CSS,
    'public/favicon.svg': FAVICON,
    'README.md': '# Recipes\n',
    ...overrides,
  };
  return Object.entries(files)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([path, content]) => ({ path, content }));
}

function build(files: SourceFile[]): Promise<BuildResult> {
  return buildBundle(files, { appId: '42', editorUrl: EDITOR, now: NOW });
}

async function bundleOf(files: SourceFile[]): Promise<Map<string, string>> {
  const result = await build(files);
  if (!result.ok) throw new Error(`expected a bundle, got ${JSON.stringify(result.errors, null, 2)}`);
  return new Map(result.bundle.map((file) => [file.path, file.content]));
}

async function errorsOf(files: SourceFile[]): Promise<BuildErrorEntry[]> {
  const result = await build(files);
  if (result.ok) throw new Error(`expected build errors, got a bundle of ${result.bundle.map((file) => file.path).join(', ')}`);
  return result.errors;
}

/** Runs the built script as a browser would, against a page holding only `<main id="app">`. */
function render(script: string): string {
  const root = { innerHTML: '' };
  const document = { getElementById: (id: string) => (id === 'app' ? root : null) };
  runInNewContext(script, { document });
  return root.innerHTML;
}

describe('buildBundle', () => {
  it('builds an app into dist/: the page, a script that renders the app, its styles, public files and source maps', async () => {
    const result = await build(recipeApp());
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const bundle = new Map(result.bundle.map((file) => [file.path, file.content]));

    expect([...bundle.keys()]).toEqual([
      'dist/assets/app.css',
      'dist/assets/app.css.map',
      'dist/assets/app.js',
      'dist/assets/app.js.map',
      'dist/favicon.svg',
      'dist/index.html',
    ]);
    expect(bundle.get('dist/index.html')).toBe(INDEX_HTML);
    expect(bundle.get('dist/favicon.svg')).toBe(FAVICON);

    const script = bundle.get('dist/assets/app.js') ?? '';
    expect(render(script)).toBe('<ul class="recipes"><li>Pancakes (20 min)</li><li>Soup (45 min)</li></ul>');
    expect(script).not.toContain('interface');
    expect(script.trimEnd().endsWith('//# sourceMappingURL=app.js.map')).toBe(true);
    // minified: the build keeps no indentation of the sources
    expect(script).not.toContain('\n  ');

    expect(bundle.get('dist/assets/app.css')).toContain('.recipes{list-style:none;padding:0}');
    const map: { sources: string[]; sourcesContent: string[] } = JSON.parse(bundle.get('dist/assets/app.js.map') ?? '{}');
    expect(map.sources).toEqual(expect.arrayContaining(['../src/main.ts', '../src/views/list.ts']));
    expect(map.sourcesContent).toContain(LIST_TS);

    expect(result.stats).toMatchObject({
      source_files: 6,
      bundled_modules: 3,
      public_files: 1,
      js_bytes: Buffer.byteLength(script),
      bundle_bytes: expect.any(Number),
    });
    expect(result.warnings).toEqual([]);
  });

  it('gives identical bytes for the same files, whatever their order', async () => {
    const first = await build(recipeApp());
    const second = await build(recipeApp().reverse());
    if (!first.ok || !second.ok) throw new Error('expected both builds to succeed');
    expect(second.bundle).toEqual(first.bundle);
  });

  it('transpiles TypeScript without type-checking it: a type error does not fail the build', async () => {
    const bundle = await bundleOf(recipeApp({ 'src/main.ts': `${MAIN_TS}const minutes: number = 'twenty';\nconsole.log(minutes);\n` }));
    expect(bundle.get('dist/assets/app.js')).toContain('twenty');
  });

  it('serves an empty stylesheet when the page links one and the app imports no CSS', async () => {
    const bundle = await bundleOf(recipeApp({ 'src/main.ts': MAIN_TS.replace("import './styles.css';\n", ''), 'src/styles.css': null }));
    expect(bundle.get('dist/assets/app.css')).toBe('');
    expect(bundle.has('dist/assets/app.css.map')).toBe(false);
  });

  it('resolves TypeScript-style imports: extensionless, .js naming a .ts file, folder index, JSON, CSS url() to public files', async () => {
    const bundle = await bundleOf(
      recipeApp({
        'src/main.ts': `import { renderList } from './views/list.js';\nimport { label } from './labels';\nimport data from './data.json';\nimport './styles.css';\nconst root = document.getElementById('app');\nif (root) root.innerHTML = label + renderList(data);\n`,
        'src/labels/index.ts': `export const label = 'All recipes: ';\n`,
        'src/data.json': '[{"title":"Bread","minutes":90}]',
        'src/styles.css': `${STYLES_CSS}body { background: url(/favicon.svg) }\n`,
      }),
    );
    expect(render(bundle.get('dist/assets/app.js') ?? '')).toBe('All recipes: <ul class="recipes"><li>Bread (90 min)</li></ul>');
    expect(bundle.get('dist/assets/app.css')).toContain('url(/favicon.svg)');
  });

  describe('failures become build error entries', () => {
    it('a syntax error names the file, the line and the offending text, and links the editor there', async () => {
      const broken = LIST_TS.replace("const items = recipes", 'const items = = recipes');
      const errors = await errorsOf(recipeApp({ 'src/views/list.ts': broken }));

      expect(errors).toEqual([
        {
          message: 'src/views/list.ts:4:17: Unexpected "=" in `const items = = recipes.map((recipe) => `<li>${recipe.title} (${recipe.minutes} min)</li>`).join(\'\');`',
          error_type: 'build_error',
          file: 'src/views/list.ts',
          suggested_action: expect.stringMatching(/^Fix the syntax at line 4 of src\/views\/list\.ts: /),
          fix_url: `${EDITOR}?file=src%2Fviews%2Flist.ts&line=4`,
          recoverable: true,
          occurred_at: '2026-03-01T12:00:00.000Z',
        },
      ]);
    });

    it('code that parses but cannot run is named for what it is, not as a syntax error', async () => {
      const errors = await errorsOf(recipeApp({ 'src/main.ts': `${MAIN_TS}const limit = 3;\nlimit = 4;\n` }));
      expect(errors).toEqual([
        expect.objectContaining({
          file: 'src/main.ts',
          suggested_action: 'Fix line 8 of src/main.ts: Cannot assign to "limit" because it is a constant.',
          fix_url: `${EDITOR}?file=src%2Fmain.ts&line=8`,
        }),
      ]);
    });

    it('counts columns in characters, as editors do', async () => {
      const errors = await errorsOf(recipeApp({ 'src/views/list.ts': `const title = 'Crème brûlée' +;\n`, 'src/main.ts': "import './views/list';\n" }));
      expect(errors[0].message).toMatch(/^src\/views\/list\.ts:1:31: /);
    });

    it('an import of a missing file names the importer and the file to create', async () => {
      const errors = await errorsOf(recipeApp({ 'src/main.ts': `import { detail } from './views/detail';\n${MAIN_TS}console.log(detail);\n` }));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({
        file: 'src/main.ts',
        message: expect.stringContaining('Could not find "./views/detail" imported by src/main.ts'),
        suggested_action: 'Create src/views/detail.ts or fix the import path in src/main.ts.',
        fix_url: `${EDITOR}?file=src%2Fmain.ts&line=1`,
        recoverable: true,
      });
    });

    it('points out a file that exists under another case', async () => {
      const errors = await errorsOf(recipeApp({ 'src/main.ts': MAIN_TS.replace("'./views/list'", "'./views/List'") }));
      expect(errors[0].suggested_action).toBe(
        'Create src/views/List.ts or fix the import path in src/main.ts (src/views/list.ts exists: names are case-sensitive).',
      );
    });

    it('an npm package import says packages are not available', async () => {
      const errors = await errorsOf(recipeApp({ 'src/main.ts': `import React from 'react';\n${MAIN_TS}console.log(React);\n` }));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({
        file: 'src/main.ts',
        message: expect.stringContaining(`Cannot import "react": npm packages aren't available to app builds`),
        suggested_action: expect.stringContaining('Remove the import of "react" from src/main.ts'),
        fix_url: `${EDITOR}?file=src%2Fmain.ts&line=1`,
      });
    });

    it('refuses imports that leave the app: .. above the root, absolute paths, URLs', async () => {
      const errors = await errorsOf(
        recipeApp({
          'src/main.ts': `import '../../etc/passwd';\nimport '/etc/hosts';\nimport 'https://cdn.example.com/lib.js';\n${MAIN_TS}`,
          'src/styles.css': `@import url(https://fonts.example.com/inter.css);\n${STYLES_CSS}`,
        }),
      );
      expect(errors.map((entry) => [entry.file, entry.message.replace(/ in `.*$/, '')])).toEqual([
        ['src/main.ts', 'src/main.ts:1:8: Cannot import "../../etc/passwd": it points outside the app'],
        ['src/main.ts', 'src/main.ts:2:8: Cannot import "/etc/hosts": imports are relative to the importing file, not absolute'],
        ['src/main.ts', `src/main.ts:3:8: Cannot import "https://cdn.example.com/lib.js": builds use only the app's own files and never download code`],
        ['src/styles.css', `src/styles.css:1:9: Cannot import "https://fonts.example.com/inter.css": builds use only the app's own files and never download code`],
      ]);
      expect(errors[1].suggested_action).toBe('Change the import in src/main.ts to "../etc/hosts".');
      expect(errors[3].suggested_action).toContain('<link rel="stylesheet" href="https://fonts.example.com/inter.css"> in index.html');
    });

    it('a missing entry says to create src/main.ts', async () => {
      const errors = await errorsOf(recipeApp({ 'src/main.ts': null }));
      expect(errors).toEqual([
        expect.objectContaining({
          file: 'src/main.ts',
          message: 'src/main.ts is missing: it is where the bundle starts',
          suggested_action: expect.stringMatching(/^Create src\/main\.ts: /),
          fix_url: `${EDITOR}?file=src%2Fmain.ts`,
        }),
      ]);
    });

    it('a missing index.html says what to create', async () => {
      const errors = await errorsOf(recipeApp({ 'index.html': null }));
      expect(errors).toEqual([
        expect.objectContaining({
          file: 'index.html',
          suggested_action: expect.stringContaining('Create index.html at the root of the app'),
        }),
      ]);
      expect(errors[0].suggested_action).toContain('<script defer src="/assets/app.js"></script>');
    });

    it('an index.html that does not load the bundle says which tag to add, and where', async () => {
      const errors = await errorsOf(recipeApp({ 'index.html': INDEX_HTML.replace('  <script defer src="/assets/app.js"></script>\n', '') }));
      expect(errors).toEqual([
        expect.objectContaining({
          file: 'index.html',
          message: 'index.html does not load the bundle: no <script> tag with src="/assets/app.js"',
          suggested_action: 'Add <script defer src="/assets/app.js"></script> inside the <head> of index.html.',
          fix_url: `${EDITOR}?file=index.html&line=8`,
        }),
      ]);
    });

    it('a bundle loaded by a relative address, or only in a comment, does not count', async () => {
      const relative = await errorsOf(recipeApp({ 'index.html': INDEX_HTML.replace('src="/assets/app.js"', 'src="assets/app.js"') }));
      expect(relative[0].message).toContain('relative address "assets/app.js"');
      const commented = await errorsOf(
        recipeApp({ 'index.html': INDEX_HTML.replace('<script defer src="/assets/app.js"></script>', '<!-- <script src="/assets/app.js"></script> -->') }),
      );
      expect(commented[0].message).toContain('does not load the bundle');
    });

    it('CSS the page never links is reported', async () => {
      const errors = await errorsOf(recipeApp({ 'index.html': INDEX_HTML.replace('  <link rel="stylesheet" href="/assets/app.css">\n', '') }));
      expect(errors).toEqual([
        expect.objectContaining({
          file: 'index.html',
          suggested_action: 'Add <link rel="stylesheet" href="/assets/app.css"> inside the <head> of index.html.',
        }),
      ]);
    });

    it('an import of a name the module does not export fails instead of shipping undefined', async () => {
      const errors = await errorsOf(
        recipeApp({ 'src/main.ts': `import { renderGrid } from './views/list';\n${MAIN_TS}console.log(renderGrid([]));\n` }),
      );
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ file: 'src/main.ts', fix_url: `${EDITOR}?file=src%2Fmain.ts&line=1` });
      expect(errors[0].suggested_action).toBe('Export renderGrid from src/views/list.ts, or fix the import at line 1 of src/main.ts.');
    });

    it('a CSS syntax error fails the build rather than dropping rules', async () => {
      const errors = await errorsOf(recipeApp({ 'src/styles.css': `.recipes { color: red\n.recipes li { color: blue }\n` }));
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((entry) => entry.file === 'src/styles.css')).toBe(true);
      expect(errors[0].suggested_action).toMatch(/^Fix the syntax at line \d of src\/styles\.css/);
    });

    it('files that cannot be bundled, and public files that would overwrite built ones, are reported', async () => {
      const errors = await errorsOf(
        recipeApp({
          'src/main.ts': `import './logo.png';\n${MAIN_TS}`,
          'src/logo.png': 'not really a png',
          'public/assets/app.js': 'console.log(1)',
        }),
      );
      expect(errors.map((entry) => entry.file).sort()).toEqual(['public/assets/app.js', 'src/main.ts']);
      expect(errors.find((entry) => entry.file === 'src/main.ts')?.suggested_action).toContain('Move src/logo.png under public/');
    });

    it('reports every error it finds at once', async () => {
      const errors = await errorsOf(
        recipeApp({
          'index.html': INDEX_HTML.replace('  <script defer src="/assets/app.js"></script>\n', ''),
          'src/main.ts': `import { detail } from './views/detail';\nimport 'react';\n${MAIN_TS}console.log(detail);\n`,
          'src/views/list.ts': LIST_TS.replace('return `', 'return = `'),
        }),
      );
      expect(errors.map((entry) => entry.file)).toEqual(['index.html', 'src/main.ts', 'src/main.ts', 'src/views/list.ts']);
      expect(errors.every((entry) => entry.recoverable && entry.error_type === 'build_error')).toBe(true);
    });

    it('refuses paths that are not app-relative', async () => {
      const errors = await errorsOf([...recipeApp(), { path: '/etc/passwd', content: '' }, { path: 'src/../../x.ts', content: '' }]);
      expect(errors.map((entry) => entry.file)).toEqual(['/etc/passwd', 'src/../../x.ts']);
    });
  });

  describe('limits', () => {
    it('refuses more than 500 source files', async () => {
      const extra = Array.from({ length: 495 }, (_, index) => ({ path: `public/icons/${index}.svg`, content: FAVICON }));
      const errors = await errorsOf([...recipeApp(), ...extra]);
      expect(errors).toEqual([
        expect.objectContaining({
          file: '',
          message: 'The app has 501 files; a build takes at most 500',
          fix_url: EDITOR,
          recoverable: true,
        }),
      ]);
    });

    it('refuses more than 5 MB of source, naming the largest file', async () => {
      const errors = await errorsOf(recipeApp({ 'src/data.ts': `export const data = '${'x'.repeat(5 * 1024 * 1024)}';\n` }));
      expect(errors).toEqual([
        expect.objectContaining({
          file: 'src/data.ts',
          message: expect.stringMatching(/^The app's files total 5\.0 MB; a build takes at most 5\.0 MB \(largest: src\/data\.ts/),
          suggested_action: expect.stringContaining('Shrink or delete large files such as src/data.ts'),
        }),
      ]);
    });

    it('refuses a bundle over 10 MB, naming what makes it large', async () => {
      // A relative url() inlines the file at each use, so 1.5 MB of source can bundle into more than 10 MB.
      const image = `<svg xmlns="http://www.w3.org/2000/svg"><!-- ${'x'.repeat(1024 * 1024)} --></svg>`;
      const rules = Array.from({ length: 11 }, (_, index) => `.tile-${index} { background: url(./tile.svg) }`).join('\n');
      const errors = await errorsOf(recipeApp({ 'src/styles.css': `${STYLES_CSS}${rules}\n`, 'src/tile.svg': image }));
      expect(errors).toHaveLength(1);
      expect(errors[0].message).toMatch(/^The built bundle is \d+\.\d MB; a bundle may be at most 10\.0 MB \(largest part: src\//);
      expect(errors[0].suggested_action).toContain('Make the bundle smaller');
    });
  });
});

describe('public environment variables', () => {
  const ENV_MAIN = `const env = import.meta.env;
document.getElementById('app')!.innerHTML = [import.meta.env.PUBLIC_GREETING, String(import.meta.env.STRIPE_SECRET_KEY), JSON.stringify(env)].join('|');
`;
  const SECRET = 'sk_live_51Hq8sEcReTvAlUe9876';

  async function envBundle(publicEnv: Record<string, string> | undefined): Promise<Map<string, string>> {
    const result = await buildBundle(recipeApp({ 'src/main.ts': ENV_MAIN }), { appId: '42', editorUrl: EDITOR, now: NOW, publicEnv });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return new Map(result.bundle.map((file) => [file.path, file.content]));
  }

  it('compiles PUBLIC_ values in as import.meta.env.PUBLIC_X, and never anything else', async () => {
    const greeting = 'Hello "friends" </script><b>&';
    // a secret handed to the builder by mistake is still left out: only the public prefix is compiled in
    const bundle = await envBundle({ PUBLIC_GREETING: greeting, STRIPE_SECRET_KEY: SECRET });
    expect(render(bundle.get('dist/assets/app.js') ?? '')).toBe(`${greeting}|undefined|${JSON.stringify({ PUBLIC_GREETING: greeting })}`);
    for (const [path, content] of bundle) {
      expect({ path, secret: content.includes(SECRET) || content.includes('sk_live') }).toEqual({ path, secret: false });
    }
  });

  it('reads every variable as undefined when the app has no public ones, instead of throwing', async () => {
    const bundle = await envBundle(undefined);
    expect(render(bundle.get('dist/assets/app.js') ?? '')).toBe('|undefined|{}');
  });

  it('gives the same bytes for the same files and values, and other bytes when a value changes', async () => {
    const first = await envBundle({ PUBLIC_GREETING: 'Hi' });
    expect(await envBundle({ PUBLIC_GREETING: 'Hi' })).toEqual(first);
    expect((await envBundle({ PUBLIC_GREETING: 'Bye' })).get('dist/assets/app.js')).not.toBe(first.get('dist/assets/app.js'));
  });

  it('identifies a build by a digest of the public values only: empty without any, independent of order', () => {
    expect(publicEnvDigest({})).toBe('');
    expect(publicEnvDigest({ STRIPE_SECRET_KEY: SECRET })).toBe('');
    const digest = publicEnvDigest({ PUBLIC_A: '1', PUBLIC_B: '2' });
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(publicEnvDigest({ PUBLIC_B: '2', PUBLIC_A: '1', SECRET: 'x' })).toBe(digest);
    expect(publicEnvDigest({ PUBLIC_A: '1', PUBLIC_B: '3' })).not.toBe(digest);
    expect(publicEnvDigest({ PUBLIC_A: '1', PUBLIC_B: '' })).not.toBe(publicEnvDigest({ PUBLIC_A: '1' }));
  });
});

describe('build error entries', () => {
  it('a failure of the build machinery is not recoverable by editing files', () => {
    const entry = toBuildErrorEntry(internalIssue('42', new Error('The service was stopped')), { editorUrl: EDITOR, occurredAt: NOW.toISOString() });
    expect(entry).toMatchObject({ file: '', recoverable: false, fix_url: EDITOR, message: 'The build of app 42 could not run: The service was stopped' });
    expect(toBuildErrorsResponse([entry])).toEqual({ recoverable: false, errors: [entry] });
  });

  it('a clean app answers recoverable with no errors', () => {
    expect(toBuildErrorsResponse([])).toEqual({ recoverable: true, errors: [] });
  });

  it('fix_url keeps the query and fragment the editor address already has', () => {
    expect(fixUrl('https://appgen.test/edit?app=42#files', 'src/views/list.ts', 3)).toBe(
      'https://appgen.test/edit?app=42&file=src%2Fviews%2Flist.ts&line=3#files',
    );
  });
});
