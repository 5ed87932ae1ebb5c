/**
 * Renders any valid AppPlan into the source files of a working app following APP_SOURCE_LAYOUT: index.html,
 * a strict TypeScript frontend bundled from src/main.ts (typed API client, router, list and form pages per
 * entity, sign-in), styles, app.json (the plan, which is the data model) and the manifest files.
 * Pure and deterministic: the same plan and context give byte-identical files.
 */
import { APP_RUNTIME_PREFIX, APP_SOURCE_LAYOUT, type AppLanguage, type AppPlan, type EntityField, type EntityPlan, type FieldType, type PagePlan, type SourceFile } from '@appgen/contracts';
import { appNeedsSignIn, renderManifestFiles, type ManifestContext } from '@appgen/app-manifest';
import { templateFile, templateFiles } from './template-files';
import { AppPlanValidationError, validateAppPlan } from './validate-plan';

/** The typed client: the template's file, followed by one section per entity. */
const API_FILE = 'src/api.ts';

/** The app's place and capabilities; today the renderer needs nothing beyond what the manifest does. */
export type RenderContext = ManifestContext;

/** The input a field gets in the generated form, decided from its type, name and hint. */
export type FieldKind = 'text' | 'long_text' | 'email' | 'url' | 'tel' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'select' | 'multiselect' | 'tags' | 'json' | 'reference' | 'references';

const LONG_TEXT_WORDS = ['notes', 'note', 'description', 'ingredients', 'instructions', 'steps', 'directions', 'summary', 'comments', 'comment', 'review', 'bio', 'address', 'content', 'body', 'details', 'thoughts', 'remarks', 'agenda', 'symptoms', 'message', 'reflection', 'story', 'lyrics', 'feedback'];
const NON_NEGATIVE_HINTS = ['minutes', 'hours', 'days', 'weeks', 'months', 'years', 'seconds', 'kg', 'lb', 'g', 'km', 'miles', 'm', 'cm', 'l', 'ml', 'currency', 'usd', 'eur', 'people', 'kcal', 'times per week', 'per year'];
const NON_NEGATIVE_NAMES = ['quantity', 'count', 'servings', 'sets', 'reps', 'pages', 'guests', 'capacity', 'calories', 'streak', 'age', 'stock', 'seats', 'bedrooms', 'plus_ones', 'season', 'mileage', 'duration', 'price', 'cost', 'amount', 'total', 'salary'];

export function fieldKind(field: EntityField, isTitle = false): FieldKind {
  const words = field.name.split('_');
  const hint = (field.hint ?? '').toLowerCase();
  switch (field.type) {
    case 'text':
      if (words.includes('email') || hint.includes('e-mail')) return 'email';
      if (words.some((word) => ['url', 'link', 'website', 'homepage'].includes(word)) || hint.includes('url')) return 'url';
      if (words.some((word) => ['phone', 'tel', 'telephone', 'mobile'].includes(word)) || hint.includes('phone')) return 'tel';
      if (!isTitle && (words.some((word) => LONG_TEXT_WORDS.includes(word)) || hint.includes('per line') || hint.includes('multi-line'))) return 'long_text';
      return 'text';
    case 'select':
      return field.options?.length ? 'select' : 'text';
    case 'multiselect':
      return field.options?.length ? 'multiselect' : 'tags';
    default:
      return field.type;
  }
}

const AMOUNT_WORDS = ['amount', 'price', 'cost', 'costs', 'total', 'salary', 'budget', 'fee', 'fees', 'paid', 'spent', 'expense', 'expenses', 'revenue', 'income'];

/** A number field of money or an amount, whose total lists and detail pages show: a currency hint, or its name says so. */
export function isAmount(field: EntityField): boolean {
  if (field.type !== 'number' && field.type !== 'integer') return false;
  return (field.hint ?? '').toLowerCase() === 'currency' || field.name.split('_').some((word) => AMOUNT_WORDS.includes(word));
}

/** Bounds of a number input: a hint like `1–5` is the range; counts, durations and money are never negative. */
export function fieldBounds(field: EntityField): { min?: number; max?: number } {
  if (field.type !== 'integer' && field.type !== 'number') return {};
  const range = /^\s*(-?\d+(?:\.\d+)?)\s*[–-]\s*(-?\d+(?:\.\d+)?)/.exec(field.hint ?? '');
  if (range) return { min: Number(range[1]), max: Number(range[2]) };
  const hint = (field.hint ?? '').toLowerCase();
  if (NON_NEGATIVE_HINTS.includes(hint) || NON_NEGATIVE_NAMES.includes(field.name)) return { min: 0 };
  return {};
}

// --- identifiers ---------------------------------------------------------------------------------------

/** What main.ts and the entities' views import from the template's other files. */
const TEMPLATE_IMPORTS = ['startApp', 'entityPages', 'ValueReader', 'FormValues', 'FieldSpec', 'EntityView'];

/** Names the template's api.ts declares or imports and main.ts imports; generated names steer clear of them. */
function reservedIdentifiers(): string[] {
  const api = templateFile(API_FILE);
  const declared = [...api.matchAll(/^(?:export\s+)?(?:async\s+)?(?:const|let|function|class|interface|type)\s+([A-Za-z_$][\w$]*)/gm)].map((match) => match[1]);
  const imported = [...api.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}/gm)].flatMap((match) => match[1].split(',').map((name) => name.replace(/^\s*type\s+/, '').split(/\s+as\s+/).pop()?.trim() ?? ''));
  return [...declared, ...imported.filter(Boolean), ...TEMPLATE_IMPORTS];
}

function pascal(snake: string): string {
  return snake
    .split('_')
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

function camel(snake: string): string {
  const value = pascal(snake);
  return value.charAt(0).toLowerCase() + value.slice(1);
}

function singularOf(entity: EntityPlan): string {
  const fromLabel = entity.label_singular.normalize('NFKD').replace(/\p{M}+/gu, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toLowerCase();
  return /^[a-z]/.test(fromLabel) ? fromLabel : `${entity.name}_row`;
}

interface EntityNames {
  row: string;
  input: string;
  api: string;
  view: string;
  file: string;
  options: Map<string, { constant: string; type: string }>;
}

/** Every identifier and file the entities need, unique across the app. */
function allocateNames(plan: AppPlan): Map<string, EntityNames> {
  const used = new Set(reservedIdentifiers());
  const claim = (wanted: string): string => {
    let name = wanted;
    for (let suffix = 2; used.has(name); suffix += 1) name = `${wanted}${suffix}`;
    used.add(name);
    return name;
  };
  const files = new Set<string>();
  const result = new Map<string, EntityNames>();
  for (const entity of plan.entities) {
    const base = pascal(singularOf(entity));
    const options = new Map<string, { constant: string; type: string }>();
    for (const field of entity.fields) {
      if ((field.type === 'select' || field.type === 'multiselect') && field.options?.length) {
        options.set(field.name, {
          constant: claim(`${singularOf(entity).toUpperCase()}_${field.name.toUpperCase()}_OPTIONS`),
          type: claim(`${base}${pascal(field.name)}Option`),
        });
      }
    }
    let file = `src/views/${entity.name.replace(/_/g, '-')}.view.ts`;
    for (let suffix = 2; files.has(file); suffix += 1) file = `src/views/${entity.name.replace(/_/g, '-')}-${suffix}.view.ts`;
    files.add(file);
    result.set(entity.name, {
      row: claim(`${base}Row`),
      input: claim(`${base}Input`),
      api: claim(`${camel(entity.name)}Api`),
      view: claim(`${camel(entity.name)}View`),
      file,
      options,
    });
  }
  return result;
}

// --- generated TypeScript ---------------------------------------------------------------------------


function literal(value: unknown): string {
  return JSON.stringify(value);
}

function tsType(field: EntityField, names: EntityNames): string {
  const option = names.options.get(field.name);
  let type: string;
  switch (field.type) {
    case 'integer':
    case 'number':
    case 'reference':
      type = 'number';
      break;
    case 'references':
      return 'number[]';
    case 'boolean':
      return 'boolean';
    case 'select':
      type = option ? option.type : 'string';
      break;
    case 'multiselect':
      return option ? `${option.type}[]` : 'string[]';
    case 'json':
      type = 'Record<string, unknown>';
      break;
    default:
      type = 'string';
  }
  return field.required ? type : `${type} | null`;
}

function readerCall(field: EntityField, names: EntityNames, kind: FieldKind): string {
  const option = names.options.get(field.name);
  const name = literal(field.name);
  const required = field.required;
  switch (field.type) {
    case 'integer':
    case 'number':
      return required ? `read.requiredNumber(${name})` : `read.number(${name})`;
    case 'boolean':
      return `read.boolean(${name})`;
    case 'select':
      if (option) return required ? `read.requiredOption(${name}, ${option.constant})` : `read.option(${name}, ${option.constant})`;
      return required ? `read.requiredText(${name})` : `read.text(${name})`;
    case 'multiselect':
      return option && kind === 'multiselect' ? `read.options(${name}, ${option.constant})` : `read.list(${name})`;
    case 'json':
      return required ? `read.requiredJson(${name})` : `read.json(${name})`;
    case 'reference':
      return required ? `read.requiredReference(${name})` : `read.reference(${name})`;
    case 'references':
      return `read.references(${name})`;
    default:
      return required ? `read.requiredText(${name})` : `read.text(${name})`;
  }
}

function scopeNote(entity: EntityPlan): string {
  if (entity.user_scoped) return 'each signed-in user sees only their own rows';
  return entity.open_writes ? 'shared by all users; anyone may add and change rows' : 'shared by all users; signed-in users add and change rows';
}

function renderApiTs(plan: AppPlan, allNames: Map<string, EntityNames>): string {
  const parts = [templateFile(API_FILE)];
  for (const entity of plan.entities) {
    const names = allNames.get(entity.name);
    if (!names) continue;
    parts.push(`\n// --- ${entity.label} (${scopeNote(entity)}) ---\n`);
    for (const field of entity.fields) {
      const option = names.options.get(field.name);
      if (!option) continue;
      parts.push(`export const ${option.constant} = ${literal(field.options)} as const;\n`);
      parts.push(`export type ${option.type} = (typeof ${option.constant})[number];\n`);
    }
    const members = entity.fields.map((field) => `  /** ${field.label.replace(/\*\//g, '* /')}${field.hint ? ` (${field.hint.replace(/\*\//g, '* /')})` : ''} */\n  ${field.name}: ${tsType(field, names)};\n`).join('');
    parts.push(`\n/** A row of ${entity.label.toLowerCase().replace(/\*\//g, '* /')}. */\nexport interface ${names.row} extends BaseRow {\n${members}}\n`);
    parts.push(`\n/** What creating or changing one of ${entity.label.toLowerCase().replace(/\*\//g, '* /')} sends. */\nexport interface ${names.input} {\n${members}}\n`);
    parts.push(`\nexport const ${names.api} = entityClient<${names.row}, ${names.input}>(${literal(entity.name)});\n`);
  }
  return parts.join('');
}

function fieldSpecLiteral(field: EntityField, kind: FieldKind): string {
  const spec: string[] = [`name: ${literal(field.name)}`, `label: ${literal(field.label)}`, `kind: ${literal(kind)}`, `required: ${field.required}`];
  if (field.hint) spec.push(`hint: ${literal(field.hint)}`);
  if (field.options?.length && (kind === 'select' || kind === 'multiselect')) spec.push(`options: ${literal(field.options)}`);
  const bounds = fieldBounds(field);
  if (bounds.min !== undefined) spec.push(`min: ${bounds.min}`);
  if (bounds.max !== undefined) spec.push(`max: ${bounds.max}`);
  if (field.entity && (kind === 'reference' || kind === 'references')) spec.push(`entity: ${literal(field.entity)}`);
  if (isAmount(field)) spec.push('amount: true');
  return `    { ${spec.join(', ')} },\n`;
}

function renderEntityViewTs(entity: EntityPlan, names: EntityNames): string {
  const kinds = entity.fields.map((field, index) => fieldKind(field, index === 0));
  const optionImports = [...names.options.entries()].filter(([fieldName]) => {
    const index = entity.fields.findIndex((field) => field.name === fieldName);
    const field = entity.fields[index];
    return field.type === 'select' || kinds[index] === 'multiselect';
  });
  const imports = [names.api, ...optionImports.map(([, option]) => option.constant), `type ${names.input}`, `type ${names.row}`];
  const specs = entity.fields.map((field, index) => fieldSpecLiteral(field, kinds[index])).join('');
  const toValues = entity.fields.map((field) => `    ${field.name}: row.${field.name},\n`).join('');
  const fromValues = entity.fields.map((field, index) => `      ${field.name}: ${readerCall(field, names, kinds[index])},\n`).join('');
  return (
    `/** ${entity.label.replace(/\*\//g, '* /')}: the fields of the list and form pages, and conversions between rows and form values. */\n` +
    `import { ${imports.join(', ')} } from '../api';\n` +
    `import { ValueReader, type FormValues } from '../fields';\n` +
    `import type { EntityView } from './entity-pages';\n\n` +
    `export const ${names.view}: EntityView<${names.row}, ${names.input}> = {\n` +
    `  name: ${literal(entity.name)},\n` +
    `  path: ${literal(`/${entity.name}`)},\n` +
    `  label: ${literal(entity.label)},\n` +
    `  labelSingular: ${literal(entity.label_singular)},\n` +
    `  userScoped: ${entity.user_scoped},\n` +
    `  openWrites: ${entity.open_writes === true},\n` +
    `  fields: [\n${specs}  ],\n` +
    `  api: ${names.api},\n` +
    `  toValues: (row: ${names.row}): FormValues => ({\n${toValues}  }),\n` +
    `  fromValues(values: FormValues): ${names.input} {\n` +
    `    const read = new ValueReader(values);\n` +
    `    return {\n${fromValues}    };\n` +
    `  },\n` +
    `};\n`
  );
}

/** The kinds of pages the template renders beside each entity's list, form and detail page. */
const VIEW_KINDS = { board: ['select'], calendar: ['date', 'datetime'], ranking: ['number', 'integer'] } as const satisfies Partial<Record<PagePlan['kind'], readonly FieldType[]>>;
type ViewKind = keyof typeof VIEW_KINDS;

function isViewKind(kind: PagePlan['kind']): kind is ViewKind {
  return kind in VIEW_KINDS;
}

interface ViewPage {
  kind: ViewKind;
  path: string;
  title: string;
  entity: string;
  field: string;
}

/**
 * The plan's boards, calendars and rankings, each on a field that fits it: the one the page names when it does, else
 * the entity's first that does (a board's select needs options); pages without any are left out. A path the app's
 * own pages use becomes `/<entity>/<kind>`.
 */
export function viewPages(plan: AppPlan): ViewPage[] {
  const taken = new Set(['/', '/sign-in', ...plan.entities.map((entity) => `/${entity.name}`)]);
  const views: ViewPage[] = [];
  for (const page of plan.pages) {
    const kind = page.kind;
    const entity = plan.entities.find((candidate) => candidate.name === page.entity);
    if (!isViewKind(kind) || !entity) continue;
    const types: readonly FieldType[] = VIEW_KINDS[kind];
    const fits = (field: EntityField): boolean => types.includes(field.type) && (kind !== 'board' || (field.options?.length ?? 0) > 0);
    const field = entity.fields.find((candidate) => candidate.name === page.field && fits(candidate)) ?? entity.fields.find(fits);
    if (!field) continue;
    let path = taken.has(page.path) ? `/${entity.name}/${kind}` : page.path;
    for (let suffix = 2; taken.has(path); suffix += 1) path = `/${entity.name}/${kind}-${suffix}`;
    taken.add(path);
    views.push({ kind, path, title: page.title, entity: entity.name, field: field.name });
  }
  return views;
}

function renderMainTs(plan: AppPlan, allNames: Map<string, EntityNames>): string {
  const home = plan.pages.find((page) => page.kind === 'home');
  const signIn = appNeedsSignIn(plan);
  const navigation: Record<string, string> = {};
  for (const entity of plan.entities) {
    navigation[entity.name] = plan.pages.find((page) => page.kind === 'list' && page.entity === entity.name)?.title ?? entity.label;
  }
  const imports = plan.entities.map((entity) => {
    const names = allNames.get(entity.name);
    return names ? `import { ${names.view} } from './${names.file.replace(/^src\//, '').replace(/\.ts$/, '')}';\n` : '';
  });
  const views = plan.entities.map((entity) => `    entityPages(${allNames.get(entity.name)?.view ?? ''}),\n`).join('');
  return (
    `/** Entry of the bundle: styles, then the app shell with one set of pages per entity. */\n` +
    `import './styles.css';\n` +
    `import { startApp } from './shell';\n` +
    `import { entityPages } from './views/entity-pages';\n` +
    imports.join('') +
    `\nstartApp({\n` +
    `  name: ${literal(plan.name)},\n` +
    `  description: ${literal(plan.description)},\n` +
    `  language: ${literal(plan.language ?? 'en')},\n` +
    `  homeTitle: ${literal(home?.title ?? plan.name)},\n` +
    `  signIn: ${signIn},\n` +
    `  entities: [\n${views}  ],\n` +
    `  navigation: ${literal(navigation)},\n` +
    `  views: [\n${viewPages(plan).map((view) => `    ${literal(view)},\n`).join('')}  ],\n` +
    `});\n`
  );
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The app's initial on its accent colour, inline: the page needs no icon file, and browsers stop asking for
 * /favicon.ico (a 404 in every visitor's console otherwise).
 */
function faviconHref(plan: AppPlan): string {
  const initial = (/[A-Za-z0-9]/.exec(plan.name)?.[0] ?? 'A').toUpperCase();
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#2952cc"/>' +
    `<text x="32" y="44" font-family="system-ui,sans-serif" font-size="36" font-weight="700" text-anchor="middle" fill="#ffffff">${initial}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The one text the page shows before the template's own texts (src/i18n.ts) can: when scripts do not run. */
const NEEDS_JAVASCRIPT: Record<AppLanguage, (name: string) => string> = {
  en: (name) => `${name} needs JavaScript to run.`,
  fr: (name) => `${name} a besoin de JavaScript pour fonctionner.`,
  de: (name) => `${name} braucht JavaScript.`,
  es: (name) => `${name} necesita JavaScript para funcionar.`,
};

function renderIndexHtml(plan: AppPlan): string {
  return (
    `<!doctype html>\n<html lang="${plan.language ?? 'en'}">\n<head>\n` +
    `  <meta charset="utf-8">\n` +
    `  <meta name="viewport" content="width=device-width, initial-scale=1">\n` +
    `  <title>${escapeHtml(plan.name)}</title>\n` +
    `  <meta name="description" content="${escapeHtml(plan.description)}">\n` +
    `  <link rel="icon" href="${faviconHref(plan)}">\n` +
    `  <link rel="stylesheet" href="/${APP_SOURCE_LAYOUT.bundleStyles}">\n` +
    `  <script defer src="/${APP_SOURCE_LAYOUT.bundleScript}"></script>\n` +
    `</head>\n<body>\n` +
    `  <div id="app"><noscript>${escapeHtml(NEEDS_JAVASCRIPT[plan.language ?? 'en'](plan.name))}</noscript></div>\n` +
    `</body>\n</html>\n`
  );
}

/** The file that holds an app's plan: its entities are the data model apps-service defines. */
export const PLAN_FILE = 'app.json';

/** app.json: the plan itself (its entities are the app's data model), so an update can start from it. */
function renderAppJson(plan: AppPlan): string {
  const ordered = {
    name: plan.name,
    description: plan.description,
    ...(plan.language ? { language: plan.language } : {}),
    runtime_api: `${APP_RUNTIME_PREFIX}/entities/<entity>`,
    entities: plan.entities.map((entity) => ({
      name: entity.name,
      label: entity.label,
      label_singular: entity.label_singular,
      user_scoped: entity.user_scoped,
      ...(entity.open_writes ? { open_writes: true } : {}),
      fields: entity.fields.map((field) => ({
        name: field.name,
        label: field.label,
        type: field.type,
        required: field.required,
        ...(field.unique ? { unique: true } : {}),
        ...(field.default_value !== undefined ? { default_value: field.default_value } : {}),
        ...(field.options ? { options: field.options } : {}),
        ...(field.hint ? { hint: field.hint } : {}),
        ...(field.entity ? { entity: field.entity } : {}),
        ...(field.on_delete ? { on_delete: field.on_delete } : {}),
      })),
    })),
    pages: plan.pages.map((page) => ({ path: page.path, title: page.title, kind: page.kind, ...(page.entity ? { entity: page.entity } : {}), ...(page.field ? { field: page.field } : {}) })),
    prompts: plan.prompts,
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** The plan an app was rendered from, read back from its app.json (for update prompts). */
export function planFromAppJson(content: string): AppPlan {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new AppPlanValidationError([{ field: '(app.json)', message: 'is not valid JSON' }]);
  }
  return validateAppPlan(parsed);
}

/** The plan file alone, exactly as renderApp writes it, for files that are not the renderer's (a model's, an owner's). */
export function renderPlanFile(plan: AppPlan): SourceFile {
  return { path: PLAN_FILE, content: renderAppJson(validateAppPlan(plan)) };
}

export function renderApp(plan: AppPlan, context: RenderContext): SourceFile[] {
  const valid = validateAppPlan(plan);
  const names = allocateNames(valid);
  const files: SourceFile[] = [
    { path: APP_SOURCE_LAYOUT.html, content: renderIndexHtml(valid) },
    { path: APP_SOURCE_LAYOUT.entry, content: renderMainTs(valid, names) },
    { path: API_FILE, content: renderApiTs(valid, names) },
    // the template's files as they are; src/api.ts is extended above
    ...templateFiles().filter((file) => file.path !== API_FILE),
  ];
  for (const entity of valid.entities) {
    const entityNames = names.get(entity.name);
    if (entityNames) files.push({ path: entityNames.file, content: renderEntityViewTs(entity, entityNames) });
  }
  files.push({ path: PLAN_FILE, content: renderAppJson(valid) }, ...renderManifestFiles(valid, context));
  return files;
}
