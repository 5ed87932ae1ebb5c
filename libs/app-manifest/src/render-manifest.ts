/**
 * The manifest files every app carries (the contract's "Source file" section): AGENTS.md lists the app id, its
 * live addresses, the deploy loop, environment variable names (never values), enabled capabilities and the
 * data model; CLAUDE.md and SKILL.md are short companions pointing at it. Regenerated on every deploy and
 * configuration change, so they describe the app as it is now.
 */
import {
  APP_RUNTIME_PREFIX,
  APP_SOURCE_LAYOUT,
  ENV_VAR_KEY_PATTERN,
  isPublicEnvKey,
  PUBLIC_ENV_PREFIX,
  type AppPlan,
  type EntityField,
  type SourceFile,
} from '@appgen/contracts';

/** What the manifest says about the app beyond its plan: where it lives and which capabilities it has. */
export interface ManifestContext {
  appId: string;
  previewUrl: string | null;
  productionUrl: string | null;
  editorUrl: string;
  /** names of the app's environment variables; anything after an `=` is dropped, values never reach a file */
  envVarNames: string[];
  customDomains: string[];
  /** enabled capabilities; each gets a manifest section only when it has entries */
  integrations?: string[];
  oauthProviders?: string[];
  customEndpoints?: string[];
  scheduledTasks?: string[];
}

/** The manifest's paths, at the root of the app's source tree. */
export const MANIFEST_PATHS = ['AGENTS.md', 'CLAUDE.md', 'SKILL.md'] as const;

const ENV_NAME = new RegExp(ENV_VAR_KEY_PATTERN);
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** Only well-formed names; anything after `=` (a value passed by mistake) is cut off before it can be written. */
export function envVarNamesOf(entries: string[]): string[] {
  const names = entries.map((entry) => entry.split('=')[0].trim()).filter((name) => ENV_NAME.test(name));
  return [...new Set(names)].sort();
}

function domainsOf(entries: string[]): string[] {
  return [...new Set(entries.map((entry) => entry.trim().toLowerCase()).filter((entry) => HOSTNAME.test(entry)))].sort();
}

/** Text safe inside a Markdown table cell or list item. */
function md(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ').replace(/([*_`<>[\]])/g, '\\$1');
}

function address(url: string | null): string {
  return url ? url : 'not deployed yet';
}

function fieldDetails(field: EntityField): string {
  const details: string[] = [];
  if (field.hint) details.push(md(field.hint));
  if (field.options?.length) details.push(`options: ${field.options.map(md).join(', ')}`);
  if (field.unique) details.push('unique');
  if (field.default_value !== undefined && field.default_value !== null) details.push(`default: ${md(String(field.default_value))}`);
  return details.join('; ');
}

function listSection(title: string, intro: string, items: string[] | undefined): string {
  const present = [...new Set((items ?? []).map((item) => item.trim()).filter(Boolean))].sort();
  if (!present.length) return '';
  return `\n## ${title}\n${intro}\n\n${present.map((item) => `- ${md(item)}`).join('\n')}\n`;
}

/**
 * Whether the app needs its users to sign in: a sign-in page is planned, some rows are a user's own, or some
 * entity takes changes only from signed-in users (every entity not declared open_writes; decisions.md,
 * "App users"). The renderer shows sign-in exactly then, and this manifest documents it then.
 */
export function appNeedsSignIn(plan: Pick<AppPlan, 'pages' | 'entities'>): boolean {
  return plan.pages.some((page) => page.kind === 'sign_in') || plan.entities.some((entity) => entity.user_scoped || entity.open_writes !== true);
}

function scopingOf(entity: AppPlan['entities'][number]): string {
  if (entity.user_scoped) return 'user_scoped: each signed-in user sees and changes only the rows they created; writing requires sign-in';
  if (entity.open_writes) return 'shared, open_writes: every user of the app sees all rows, and anyone may add, change and delete them without signing in';
  return 'shared: every user of the app sees all rows; visitors who are not signed in only read, adding, changing and deleting requires sign-in';
}

function renderAgentsMd(plan: AppPlan, context: ManifestContext): string {
  const id = context.appId;
  const api = '/api/v1';
  const signIn = appNeedsSignIn(plan);
  const envNames = envVarNamesOf(context.envVarNames);
  const domains = domainsOf(context.customDomains);

  const model = plan.entities
    .map((entity) => {
      const rows = entity.fields
        .map((field) => `| \`${field.name}\` | ${md(field.label)} | ${field.type} | ${field.required ? 'yes' : 'no'} | ${fieldDetails(field)} |`)
        .join('\n');
      const scoping = scopingOf(entity);
      return (
        `### \`${entity.name}\` (${md(entity.label)})\n` +
        `User scoping: ${scoping}. Endpoint: \`${APP_RUNTIME_PREFIX}/entities/${entity.name}\`.\n\n` +
        `| field | label | type | required | details |\n|---|---|---|---|---|\n${rows}\n`
      );
    })
    .join('\n');

  const sections = [
    `# AGENTS.md: ${md(plan.name)}\n\n` +
      `${md(plan.description)}\n\n` +
      `This manifest is generated by appgen and rewritten on every deploy and configuration change: change the app's ` +
      `source files (or its configuration through the API), not this file.\n`,

    `\n## App\n` +
      `- App id: \`${id}\`\n` +
      `- Preview: ${address(context.previewUrl)}\n` +
      `- Production: ${address(context.productionUrl)}\n` +
      `- Editor: ${context.editorUrl}\n`,

    `\n## Deploy loop\n` +
      `1. Generate: \`POST ${api}/generation_queue\` with \`{"prompt": "...", "app_id": "${id}"}\` changes this app from a prompt ` +
      `(for example "add a category field to ${plan.entities[0]?.name ?? 'items'}").\n` +
      `2. Edit: read files with \`GET ${api}/managed_apps/${id}/files?path=<path>\`; write one with the \`svc-write-file\` tool ` +
      `(\`POST ${api}/mcp/execute_tool\`, params \`path\`, \`content\`). Every write rebuilds the preview.\n` +
      `3. Build: esbuild bundles \`${APP_SOURCE_LAYOUT.entry}\` into \`${APP_SOURCE_LAYOUT.bundleScript}\` and ` +
      `\`${APP_SOURCE_LAYOUT.bundleStyles}\`, which \`${APP_SOURCE_LAYOUT.html}\` loads; files under \`${APP_SOURCE_LAYOUT.publicDir}\` are copied as they are.\n` +
      `4. Preview: check the change at the preview address.\n` +
      `5. Deploy: \`POST ${api}/managed_apps/${id}/deploy\` promotes the built version to production (202; 422 ` +
      `\`App is not deployable\` until a build exists). \`GET ${api}/managed_apps/${id}/status\` shows the deployment.\n` +
      `6. Repair: when a build fails, \`GET ${api}/managed_apps/${id}/errors\` lists each error with its \`file\`, \`message\` and ` +
      `\`suggested_action\`. Fix that file through the files interface (step 2), then deploy again.\n`,

    `\n## Source layout\n` +
      `- \`${APP_SOURCE_LAYOUT.html}\`: the page; loads \`/${APP_SOURCE_LAYOUT.bundleScript}\` and \`/${APP_SOURCE_LAYOUT.bundleStyles}\`.\n` +
      `- \`${APP_SOURCE_LAYOUT.entry}\`: entry of the bundle; lists the entities' pages.\n` +
      `- \`src/api.ts\`: typed client of \`${APP_RUNTIME_PREFIX}\`; one \`...Row\` and \`...Input\` interface per entity.\n` +
      `- \`src/views/<entity>.view.ts\`: an entity's form fields and its row and form conversions.\n` +
      `- \`src/views/entity-pages.ts\`, \`src/fields.ts\`, \`src/router.ts\`, \`src/shell.ts\`: list and form pages, inputs, hash routing, page frame.\n` +
      `- \`src/styles.css\`: styles, imported by \`${APP_SOURCE_LAYOUT.entry}\`.\n` +
      `- \`app.json\`: the data model below and the app's pages, as data.\n` +
      `Strict TypeScript and plain DOM, no npm packages.\n` +
      `Every file is served under a strict Content-Security-Policy: scripts and styles only from the bundle (no inline ` +
      `\`<script>\`, \`<style>\`, \`style=\` or \`on...=\` attributes), images from the app or \`data:\` URLs, requests only to ` +
      `the app's own address, and no page may be framed.\n`,

    `\n## Data model\n` +
      `The frontend reads and writes rows on its own address: \`GET ${APP_RUNTIME_PREFIX}/entities/<entity>?limit=&offset=\`, ` +
      `\`POST ${APP_RUNTIME_PREFIX}/entities/<entity>\`, \`GET\`/\`PATCH\`/\`DELETE ${APP_RUNTIME_PREFIX}/entities/<entity>/<id>\`. ` +
      `Every row also has \`id\`, \`created_at\` and \`updated_at\`. Writes send \`Content-Type: application/json\` ` +
      `from the app's own pages: other origins are refused (403), other bodies too (415).\n\n${model}`,
  ];

  if (signIn) {
    sections.push(
      `\n## App users\n` +
        `Users sign in with a code sent by e-mail (page \`#/sign-in\`): \`POST ${APP_RUNTIME_PREFIX}/auth/request_code\`, ` +
        `\`POST ${APP_RUNTIME_PREFIX}/auth/verify\`, \`GET ${APP_RUNTIME_PREFIX}/auth/me\`, \`POST ${APP_RUNTIME_PREFIX}/auth/sign_out\`.\n`,
    );
  }
  if (envNames.length) sections.push(envVarsSection(envNames, `${api}/managed_apps/${id}/env_vars`));
  sections.push(listSection('Integrations', 'Connected services this app uses.', context.integrations));
  sections.push(listSection('OAuth providers', 'Providers app users can sign in with, besides the e-mailed code.', context.oauthProviders));
  if (domains.length) {
    sections.push(`\n## Custom domains\nThe production app is also served at:\n\n${domains.map((domain) => `- ${domain}`).join('\n')}\n`);
  }
  sections.push(listSection('Custom endpoints', 'Server endpoints this app adds.', context.customEndpoints));
  sections.push(listSection('Scheduled tasks', 'Tasks that run on a schedule.', context.scheduledTasks));
  return sections.join('');
}

/** What a browser can read of the app's configuration, said once for AGENTS.md and SKILL.md. */
function envSemantics(publicExample: string): string {
  return (
    `Names starting with \`${PUBLIC_ENV_PREFIX}\` are public: they are compiled into the browser bundle, where the frontend reads ` +
    `one as \`import.meta.env.${publicExample}\` and every visitor can see its value. Every other variable is secret and never ` +
    `reaches a browser: it is not in the bundle, and \`import.meta.env.<NAME>\` is \`undefined\` there. Changing a public ` +
    `value rebuilds the preview at once; production keeps the values it was built with until the next deploy.`
  );
}

function envVarsSection(names: string[], endpoint: string): string {
  const publicExample = names.find(isPublicEnvKey) ?? `${PUBLIC_ENV_PREFIX}API_BASE`;
  const list = names.map((name) => `- \`${name}\`: ${isPublicEnvKey(name) ? 'public, in the browser bundle' : 'secret, never sent to a browser'}`).join('\n');
  return (
    `\n## Environment variables\n` +
    `Names only: values are stored encrypted and are never written to files. Manage them with ` +
    `\`GET\`/\`PUT ${endpoint}\` and \`DELETE ${endpoint}/<NAME>\`.\n\n${list}\n\n${envSemantics(publicExample)}\n`
  );
}

function renderClaudeMd(plan: AppPlan, context: ManifestContext): string {
  const first = plan.entities[0]?.name ?? 'items';
  return (
    `# CLAUDE.md: ${md(plan.name)}\n\n` +
    `Read AGENTS.md first: it is this app's manifest (app id \`${context.appId}\`, addresses, deploy loop, data model) ` +
    `and is regenerated on every deploy and configuration change.\n\n` +
    `## Guidance for Claude\n` +
    `- Keep the frontend plain DOM and strict TypeScript; do not import npm packages, the build bundles only this repository's files.\n` +
    `- A data change touches three files together: \`app.json\`, the entity's interfaces in \`src/api.ts\` and its view ` +
    `\`src/views/${first.replace(/_/g, '-')}.view.ts\` (or the one of the entity you change). A prompt through ` +
    `\`POST /api/v1/generation_queue\` with \`app_id\` makes all three changes for you.\n` +
    `- Talk to the server only through \`src/api.ts\` (paths under \`${APP_RUNTIME_PREFIX}\`); handle \`ApiError\` and show its message.\n` +
    `- Keep inputs labelled and errors announced (\`role="alert"\`/\`aria-live\`) as the existing views do.\n` +
    `- After writing files, read \`GET /api/v1/managed_apps/${context.appId}/errors\` and fix what it lists before deploying.\n` +
    `- Never write secret values into files; AGENTS.md lists the names of the environment variables that exist. The frontend ` +
    `reads only the public ones, as \`import.meta.env.${PUBLIC_ENV_PREFIX}<NAME>\`.\n`
  );
}

function slug(text: string): string {
  const value = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return value || 'app';
}

function renderSkillMd(plan: AppPlan, context: ManifestContext): string {
  const description = `Change, check and deploy the appgen app "${plan.name}" (${context.appId}). ${plan.description}`.replace(/[\r\n]+/g, ' ').slice(0, 1000);
  return (
    `---\n` +
    `name: ${slug(plan.name)}-app\n` +
    `description: ${JSON.stringify(description)}\n` +
    `---\n\n` +
    `# ${md(plan.name)}\n\n` +
    `Use this skill to work on app \`${context.appId}\`. The full manifest is AGENTS.md; read it before changing anything.\n\n` +
    `1. Look: \`GET /api/v1/managed_apps/${context.appId}/status\` for the addresses, \`GET /api/v1/managed_apps/${context.appId}/files\` for the source.\n` +
    `2. Change: send a prompt with \`app_id\` to \`POST /api/v1/generation_queue\`, or write files with \`svc-write-file\`.\n` +
    `3. Check: open the preview (${address(context.previewUrl)}); \`GET /api/v1/managed_apps/${context.appId}/errors\` must be empty.\n` +
    `4. Ship: \`POST /api/v1/managed_apps/${context.appId}/deploy\`, then watch \`status\` until the deployment is \`deployed\`.\n\n` +
    `Configuration: \`PUT /api/v1/managed_apps/${context.appId}/env_vars\` with \`{"env_vars": {"NAME": "value"}}\` sets environment ` +
    `variables (AGENTS.md lists their names). ${envSemantics(`${PUBLIC_ENV_PREFIX}API_BASE`)}\n`
  );
}

/** AGENTS.md, CLAUDE.md and SKILL.md of an app, in that order; the plan is expected to be valid. */
export function renderManifestFiles(plan: AppPlan, context: ManifestContext): SourceFile[] {
  return [
    { path: 'AGENTS.md', content: renderAgentsMd(plan, context) },
    { path: 'CLAUDE.md', content: renderClaudeMd(plan, context) },
    { path: 'SKILL.md', content: renderSkillMd(plan, context) },
  ];
}
