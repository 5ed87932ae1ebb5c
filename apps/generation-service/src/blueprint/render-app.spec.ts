import * as fs from 'node:fs';
import * as path from 'node:path';
import { APP_SOURCE_LAYOUT, type AppPlan, type SourceFile } from '@appgen/contracts';
import { renderManifestFiles } from '@appgen/app-manifest';
import { planApp, revisePlan } from './plan-app';
import { planFromAppJson, renderApp, viewPages, type RenderContext } from './render-app';
import { TEMPLATE_DIR, templateFiles } from './template-files';
import { bundleApp, readAppConfig, typeCheckApps, writeApp } from './rendered-app.testing';

const CONTEXT: RenderContext = {
  appId: 'a1b2c3d4',
  previewUrl: 'http://preview-a1b2c3d4.preview.localhost:8080',
  productionUrl: null,
  editorUrl: 'http://localhost:3000/account/apps/a1b2c3d4/editor',
  envVarNames: [],
  customDomains: [],
};

/** A plan no prompt would give: every field type, names that collide with the client's own, awkward labels. */
const EVERY_TYPE_PLAN: AppPlan = {
  name: 'Odd <App> & "Co"',
  description: 'Exercises every field type */ and label.',
  entities: [
    {
      name: 'base',
      label: 'Bases */',
      label_singular: 'Base',
      user_scoped: false,
      fields: [
        { name: 'title', label: 'Title "quoted"', type: 'text', required: true },
        { name: 'count', label: 'Count', type: 'integer', required: true, hint: '0–10' },
        { name: 'price', label: 'Price', type: 'number', required: false, hint: 'currency' },
        { name: 'active', label: 'Active', type: 'boolean', required: false },
        { name: 'day', label: 'Day', type: 'date', required: true },
        { name: 'starts_at', label: 'Starts', type: 'datetime', required: false },
        { name: 'kind', label: 'Kind', type: 'select', required: true, options: ['A', "B'c", 'D "e"'] },
        { name: 'flavours', label: 'Flavours', type: 'multiselect', required: false, options: ['Sweet', 'Sour'] },
        { name: 'tags', label: 'Tags', type: 'multiselect', required: false, options: ['Red', 'Blue'] },
        { name: 'extra', label: 'Extra', type: 'json', required: false },
        { name: 'website', label: 'Website', type: 'text', required: false },
        { name: 'contact_email', label: 'E-mail', type: 'text', required: false },
        { name: 'notes', label: 'Notes', type: 'text', required: false },
        { name: 'class', label: 'Class', type: 'text', required: false },
      ],
    },
    {
      name: 'bases',
      label: 'More bases',
      label_singular: 'Base',
      user_scoped: true,
      fields: [{ name: 'name', label: 'Name', type: 'text', required: true }],
    },
    {
      name: 'records',
      label: 'Records',
      label_singular: '123',
      user_scoped: true,
      fields: [
        { name: 'kind', label: 'Kind', type: 'select', required: false, options: ['x'] },
        { name: 'data', label: 'Data', type: 'json', required: true },
      ],
    },
  ],
  pages: [{ path: '/', title: 'Home', kind: 'home' }],
  prompts: [],
};

/** References between entities, a board, a calendar, a ranking and amounts, in French. */
const VIEWS_PLAN: AppPlan = {
  name: 'Voyages',
  description: 'Mes voyages, leurs dépenses et les gens qui viennent.',
  language: 'fr',
  entities: [
    {
      name: 'trips',
      label: 'Voyages',
      label_singular: 'Voyage',
      user_scoped: false,
      fields: [
        { name: 'name', label: 'Nom', type: 'text', required: true },
        { name: 'starts_on', label: 'Départ', type: 'date', required: false },
        { name: 'stage', label: 'Étape', type: 'select', required: true, options: ['Idée', 'Réservé', 'Fait'] },
        { name: 'rating', label: 'Note', type: 'integer', required: false, hint: '1–5' },
      ],
    },
    {
      name: 'people',
      label: 'Personnes',
      label_singular: 'Personne',
      user_scoped: false,
      fields: [{ name: 'name', label: 'Nom', type: 'text', required: true }],
    },
    {
      name: 'expenses',
      label: 'Dépenses',
      label_singular: 'Dépense',
      user_scoped: false,
      fields: [
        { name: 'description', label: 'Description', type: 'text', required: true },
        { name: 'amount', label: 'Montant', type: 'number', required: true, hint: 'currency' },
        { name: 'trip', label: 'Voyage', type: 'reference', required: true, entity: 'trips', on_delete: 'cascade' },
        { name: 'paid_by', label: 'Payé par', type: 'reference', required: false, entity: 'people', on_delete: 'set_null' },
        { name: 'shared_among', label: 'Partagé entre', type: 'references', required: false, entity: 'people' },
        { name: 'spent_at', label: 'Quand', type: 'datetime', required: false },
      ],
    },
  ],
  pages: [
    { path: '/', title: 'Accueil', kind: 'home' },
    { path: '/trips', title: 'Voyages', kind: 'list', entity: 'trips' },
    { path: '/trips/:id', title: 'Voyage', kind: 'detail', entity: 'trips' },
    { path: '/trips/board', title: 'Tableau', kind: 'board', entity: 'trips', field: 'stage' },
    { path: '/expenses/calendar', title: 'Calendrier', kind: 'calendar', entity: 'expenses', field: 'spent_at' },
    { path: '/trips/ranking', title: 'Classement', kind: 'ranking', entity: 'trips', field: 'rating' },
  ],
  prompts: ['Mes voyages avec leurs dépenses'],
};

const PLANS: Array<[string, AppPlan]> = [
  ['recipe manager', planApp('A recipe manager where I save recipes with ingredients and cooking time and rate them')],
  ['CRM', planApp('a CRM with companies and contacts and deals')],
  ['job applications', planApp('I want to track my job applications: company, role, status (applied, interview, offer, rejected), applied date')],
  ['revised recipes', revisePlan(planApp('A recipe manager where I save recipes'), 'add a category field to recipes; also track cooking methods; add tags to recipes')],
  ['every field type', EVERY_TYPE_PLAN],
  ['guest book', planApp('A guest book where visitors leave a message with their name')],
  ['trips with references and views', VIEWS_PLAN],
];

function file(files: SourceFile[], name: string): string {
  const found = files.find((candidate) => candidate.path === name);
  if (!found) throw new Error(`no ${name} among ${files.map((candidate) => candidate.path).join(', ')}`);
  return found.content;
}

describe('renderApp', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('follows the source layout the builder relies on', () => {
    const files = renderApp(PLANS[0][1], CONTEXT);
    const paths = files.map((candidate) => candidate.path);
    expect(paths).toEqual(expect.arrayContaining([APP_SOURCE_LAYOUT.html, APP_SOURCE_LAYOUT.entry, 'src/api.ts', 'src/styles.css', 'app.json', 'AGENTS.md', 'CLAUDE.md', 'SKILL.md']));
    expect(new Set(paths).size).toBe(paths.length);
    const html = file(files, 'index.html');
    expect(html).toContain('<script defer src="/assets/app.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css">');
    // An inline icon, so browsers do not ask for a /favicon.ico that no app has.
    expect(html).toMatch(/<link rel="icon" href="data:image\/svg\+xml,[^"\s]+">/);
    expect(file(files, 'src/main.ts')).toContain("import './styles.css';");
    expect(file(files, 'src/api.ts')).toContain("export const API_PREFIX = '/_api';");
    expect(file(files, 'src/api.ts')).toMatch(/export interface RecipeRow extends BaseRow \{[^}]*cooking_time: number \| null;/);
  });

  it('gives byte-identical files for the same plan and context', () => {
    for (const [, plan] of PLANS) expect(renderApp(plan, CONTEXT)).toEqual(renderApp(plan, CONTEXT));
    const prompt = 'a todo app where tasks have a title, due date, priority and done status';
    expect(renderApp(planApp(prompt), CONTEXT)).toEqual(renderApp(planApp(prompt), CONTEXT));
  });

  it('writes the plan to app.json so an update can start from it', () => {
    for (const [, plan] of PLANS) expect(planFromAppJson(file(renderApp(plan, CONTEXT), 'app.json'))).toEqual(plan);
  });

  it.each(PLANS)('renders %s into strict TypeScript without a single diagnostic', (_name, plan) => {
    const dir = writeApp(renderApp(plan, CONTEXT));
    dirs.push(dir);
    const config = readAppConfig(dir);
    expect(config.configErrors).toEqual([]);
    expect(config.strict).toBe(true);
    expect(config.fileNames.length).toBeGreaterThan(8);
    expect(typeCheckApps([dir])).toEqual([]);
  });

  it.each(PLANS)('bundles %s with esbuild from src/main.ts', async (_name, plan) => {
    const dir = writeApp(renderApp(plan, CONTEXT));
    dirs.push(dir);
    const result = await bundleApp(dir);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    const outputs = result.outputFiles.map((output) => path.relative(dir, output.path)).sort();
    expect(outputs).toEqual([APP_SOURCE_LAYOUT.bundleScript, APP_SOURCE_LAYOUT.bundleStyles].sort());
    const script = result.outputFiles.find((output) => output.path.endsWith('app.js'))?.text ?? '';
    for (const entity of plan.entities) expect(script).toContain(JSON.stringify(entity.name));
    expect(script).toContain('/_api');
  });

  it('gives each field the input its type needs', () => {
    const files = renderApp(EVERY_TYPE_PLAN, CONTEXT);
    const view = file(files, 'src/views/base.view.ts');
    expect(view).toContain('{ name: "count", label: "Count", kind: "integer", required: true, hint: "0–10", min: 0, max: 10 }');
    expect(view).toContain('kind: "select", required: true, options: ["A","B\'c","D \\"e\\""]');
    expect(view).toContain('{ name: "tags", label: "Tags", kind: "multiselect", required: false, options: ["Red","Blue"] }');
    expect(view).toContain('{ name: "website", label: "Website", kind: "url"');
    expect(view).toContain('{ name: "contact_email", label: "E-mail", kind: "email"');
    expect(view).toContain('{ name: "notes", label: "Notes", kind: "long_text"');
    expect(view).toContain('{ name: "active", label: "Active", kind: "boolean"');
    expect(view).toContain('{ name: "starts_at", label: "Starts", kind: "datetime"');
    expect(view).toContain('kind: read.requiredOption("kind", BASE_KIND_OPTIONS)');
    // two entities called "Base" and the client's own BaseRow never collide
    const api = file(files, 'src/api.ts');
    expect(api).toContain('export interface BaseRow {');
    expect(api).toContain('export interface BaseRow2 extends BaseRow {');
    expect(api).toContain('export interface BaseRow3 extends BaseRow {');
    expect(file(files, 'index.html')).toContain('<title>Odd &lt;App&gt; &amp; &quot;Co&quot;</title>');
  });
});

describe('under the strict Content-Security-Policy the edge serves apps with', () => {
  it.each(PLANS)('renders %s without inline scripts, styles or event handlers', (_name, plan) => {
    const files = renderApp(plan, CONTEXT);
    const html = file(files, 'index.html');
    for (const script of html.match(/<script\b[^>]*>/g) ?? []) expect(script).toMatch(/\bsrc="\/[^"]+"/);
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
    // The frontend builds its DOM with setAttribute: no inline style or handler attributes there either.
    for (const source of files.filter((candidate) => candidate.path.endsWith('.ts'))) {
      expect(source.content).not.toMatch(/setAttribute\(\s*['"](?:style|on[a-z]+)['"]|[{,]\s*['"]?(?:style|on[a-z]+)['"]?\s*:|\binnerHTML\b|\beval\(|new Function\(/);
    }
  });
});

describe('views that fit the plan', () => {
  const files = renderApp(VIEWS_PLAN, CONTEXT);

  it('types references as row ids and reads them from the form', () => {
    const api = file(files, 'src/api.ts');
    expect(api).toMatch(/export interface DepenseRow extends BaseRow \{[^}]*trip: number;[^}]*paid_by: number \| null;[^}]*shared_among: number\[\];/);
    const view = file(files, 'src/views/expenses.view.ts');
    expect(view).toContain('{ name: "trip", label: "Voyage", kind: "reference", required: true, entity: "trips" }');
    expect(view).toContain('{ name: "shared_among", label: "Partagé entre", kind: "references", required: false, entity: "people" }');
    expect(view).toContain('{ name: "amount", label: "Montant", kind: "number", required: true, hint: "currency", min: 0, amount: true }');
    expect(view).toContain('trip: read.requiredReference("trip")');
    expect(view).toContain('shared_among: read.references("shared_among")');
  });

  it('gives the shell the boards, calendars and rankings, and the language', () => {
    const main = file(files, 'src/main.ts');
    expect(main).toContain('  language: "fr",\n');
    expect(main).toContain('{"kind":"board","path":"/trips/board","title":"Tableau","entity":"trips","field":"stage"}');
    expect(main).toContain('{"kind":"calendar","path":"/expenses/calendar","title":"Calendrier","entity":"expenses","field":"spent_at"}');
    expect(main).toContain('{"kind":"ranking","path":"/trips/ranking","title":"Classement","entity":"trips","field":"rating"}');
    expect(file(files, 'index.html')).toContain('<html lang="fr">');
  });

  it('puts each view on a field that fits it, and leaves out one without any', () => {
    const plan: AppPlan = {
      ...VIEWS_PLAN,
      pages: [
        { path: '/trips', title: 'Par étape', kind: 'board', entity: 'trips', field: 'name' },
        { path: '/people/calendar', title: 'Jamais', kind: 'calendar', entity: 'people' },
      ],
    };
    expect(viewPages(plan)).toEqual([{ kind: 'board', path: '/trips/board', title: 'Par étape', entity: 'trips', field: 'stage' }]);
  });

  it('copies every file of the template, and only src/api.ts grows', () => {
    for (const template of templateFiles()) {
      const rendered = file(files, template.path);
      if (template.path === 'src/api.ts') expect(rendered.startsWith(template.content)).toBe(true);
      else expect(rendered).toBe(template.content);
    }
  });
});

describe('the template project', () => {
  it('type-checks under its own strict tsconfig, the one every app gets', () => {
    expect(readAppConfig(TEMPLATE_DIR).strict).toBe(true);
    expect(typeCheckApps([TEMPLATE_DIR])).toEqual([]);
  });
});

describe('who may write', () => {
  it('marks each entity open or closed to visitors, and has sign-in wherever some entity needs it', () => {
    const guestBook = renderApp(PLANS[5][1], CONTEXT);
    const guestBookView = guestBook.find((candidate) => candidate.path.startsWith('src/views/') && candidate.path.endsWith('.view.ts'));
    expect(guestBookView?.content).toContain('  openWrites: true,\n');
    expect(file(guestBook, 'src/main.ts')).toContain('  signIn: false,\n');
    expect(JSON.parse(file(guestBook, 'app.json')).entities[0]).toMatchObject({ user_scoped: false, open_writes: true });

    // Shared rows of a CRM are read by anyone and changed by signed-in users: the app offers sign-in.
    const crm = renderApp(PLANS[1][1], CONTEXT);
    expect(file(crm, 'src/main.ts')).toContain('  signIn: true,\n');
    expect(file(crm, 'src/views/companies.view.ts')).toContain('  openWrites: false,\n');
    expect(JSON.parse(file(crm, 'app.json')).entities[0]).not.toHaveProperty('open_writes');
    // The form asks a visitor to sign in before they type, and so does a refused change.
    expect(file(crm, 'src/views/entity-pages.ts')).toContain('if (await needsSignInToWrite(entity)) {');
    expect(file(crm, 'src/i18n.ts')).toContain("'Sign in to add or change '");
  });
});

describe('manifest files', () => {
  // What the manifest says is specified beside its renderer in @appgen/app-manifest; here only that every app carries it.
  it('carries AGENTS.md, CLAUDE.md and SKILL.md rendered from the same plan and context', () => {
    const plan = planApp('a CRM with companies and contacts and deals');
    const files = renderApp(plan, CONTEXT);
    for (const manifest of renderManifestFiles(plan, CONTEXT)) expect(file(files, manifest.path)).toBe(manifest.content);
  });
});
