import type { AppPlan } from '@appgen/contracts';
import { renderManifestFiles, type ManifestContext } from './index';

const CONTEXT: ManifestContext = {
  appId: 'a1b2c3d4',
  previewUrl: 'http://preview-a1b2c3d4.preview.localhost:8080',
  productionUrl: null,
  editorUrl: 'http://localhost:3000/account/apps/a1b2c3d4/editor',
  envVarNames: [],
  customDomains: [],
};

const CRM: AppPlan = {
  name: 'CRM',
  description: 'Companies, contacts and deals',
  entities: [
    {
      name: 'companies',
      label: 'Companies',
      label_singular: 'Company',
      user_scoped: false,
      fields: [
        { name: 'name', label: 'Name', type: 'text', required: true, unique: true },
        { name: 'industry', label: 'Industry', type: 'select', required: false, options: ['tech', 'retail'] },
      ],
    },
    {
      name: 'deals',
      label: 'Deals',
      label_singular: 'Deal',
      user_scoped: false,
      fields: [
        { name: 'title', label: 'Title', type: 'text', required: true },
        { name: 'amount', label: 'Amount', type: 'number', required: false, hint: 'currency' },
      ],
    },
  ],
  pages: [{ path: '/', title: 'Home', kind: 'home' }],
  prompts: ['a CRM with companies and deals'],
};

const RECIPES: AppPlan = {
  name: 'Recipe box',
  description: 'My recipes',
  entities: [{ name: 'recipes', label: 'Recipes', label_singular: 'Recipe', user_scoped: true, fields: [{ name: 'title', label: 'Title', type: 'text', required: true }] }],
  pages: [
    { path: '/', title: 'Home', kind: 'home' },
    { path: '/sign-in', title: 'Sign in', kind: 'sign_in' },
  ],
  prompts: ['A recipe manager where I save recipes'],
};

function file(plan: AppPlan, context: ManifestContext, path: string): string {
  const found = renderManifestFiles(plan, context).find((candidate) => candidate.path === path);
  if (!found) throw new Error(`${path} was not rendered`);
  return found.content;
}

describe('manifest files', () => {
  it('renders AGENTS.md, CLAUDE.md and SKILL.md', () => {
    expect(renderManifestFiles(CRM, CONTEXT).map((rendered) => rendered.path)).toEqual(['AGENTS.md', 'CLAUDE.md', 'SKILL.md']);
  });

  it('lists the app id, addresses, deploy loop and the whole data model', () => {
    const agents = file(CRM, CONTEXT, 'AGENTS.md');
    expect(agents).toContain('# AGENTS.md: CRM');
    expect(agents).toContain('App id: `a1b2c3d4`');
    expect(agents).toContain('Preview: http://preview-a1b2c3d4.preview.localhost:8080');
    expect(agents).toContain('Production: not deployed yet');
    expect(agents).toContain('Editor: http://localhost:3000/account/apps/a1b2c3d4/editor');
    expect(agents).toContain('POST /api/v1/managed_apps/a1b2c3d4/deploy');
    expect(agents).toContain('GET /api/v1/managed_apps/a1b2c3d4/errors');
    expect(agents).toContain('GET /api/v1/managed_apps/a1b2c3d4/files?path=');
    expect(agents).toContain('POST /api/v1/generation_queue');
    for (const entity of CRM.entities) {
      expect(agents).toContain(`### \`${entity.name}\``);
      for (const entityField of entity.fields) expect(agents).toContain(`| \`${entityField.name}\` | ${entityField.label} | ${entityField.type} | ${entityField.required ? 'yes' : 'no'} |`);
    }
    expect(agents).toContain('options: tech, retail');
    expect(agents).toContain('shared: every user of the app sees all rows; visitors who are not signed in only read');
    // Writing shared rows needs a signed-in user, so the app has sign-in even without user_scoped rows.
    expect(agents).toContain('## App users');
    expect(agents).toContain('Content-Type: application/json');
    expect(agents).toContain('strict Content-Security-Policy');
    expect(file(CRM, { ...CONTEXT, productionUrl: 'http://a1b2c3d4.apps.localhost:8080' }, 'AGENTS.md')).toContain('Production: http://a1b2c3d4.apps.localhost:8080');
  });

  it('names environment variables but never writes their values', () => {
    const agents = file(CRM, { ...CONTEXT, envVarNames: ['STRIPE_SECRET_KEY=sk_live_51Hsecretvalue', 'MAILER_TOKEN', 'lower=case', 'OPENAI_API_KEY= sk-proj-abc123'] }, 'AGENTS.md');
    expect(agents).toContain('## Environment variables');
    expect(agents).toContain(
      '- `MAILER_TOKEN`: secret, never sent to a browser\n- `OPENAI_API_KEY`: secret, never sent to a browser\n- `STRIPE_SECRET_KEY`: secret, never sent to a browser\n',
    );
    expect(agents).toContain('`DELETE /api/v1/managed_apps/a1b2c3d4/env_vars/<NAME>`');
    for (const secret of ['sk_live_51Hsecretvalue', 'sk-proj-abc123', 'lower', 'case']) expect(agents).not.toContain(secret);
    for (const companion of ['CLAUDE.md', 'SKILL.md']) expect(file(CRM, { ...CONTEXT, envVarNames: ['STRIPE_SECRET_KEY=sk_live_51Hsecretvalue'] }, companion)).not.toContain('sk_live');
  });

  it('says which variables are compiled into the browser bundle and that the others never reach a browser', () => {
    const agents = file(CRM, { ...CONTEXT, envVarNames: ['PUBLIC_GREETING', 'STRIPE_SECRET_KEY'] }, 'AGENTS.md');
    expect(agents).toContain('- `PUBLIC_GREETING`: public, in the browser bundle\n- `STRIPE_SECRET_KEY`: secret, never sent to a browser\n');
    expect(agents).toContain('`import.meta.env.PUBLIC_GREETING`');
    expect(agents).toContain('every visitor can see its value');
    expect(agents).toContain('`import.meta.env.<NAME>` is `undefined` there');
    expect(agents).toContain('production keeps the values it was built with until the next deploy');
    // An app without variables still learns how they work from its skill.
    const skill = file(CRM, CONTEXT, 'SKILL.md');
    expect(skill).toContain('`PUT /api/v1/managed_apps/a1b2c3d4/env_vars`');
    expect(skill).toContain('Names starting with `PUBLIC_` are public');
    expect(skill).toContain('never reaches a browser');
  });

  it('has sections only for capabilities the app has', () => {
    // A guest book: open to visitors, so nobody ever needs to sign in.
    const open = { ...CRM, entities: CRM.entities.map((entity) => ({ ...entity, open_writes: true })) };
    const bare = file(open, CONTEXT, 'AGENTS.md');
    expect(bare).toContain('shared, open_writes: every user of the app sees all rows, and anyone may add, change and delete them');
    for (const title of ['## Environment variables', '## Integrations', '## OAuth providers', '## Custom domains', '## Custom endpoints', '## Scheduled tasks', '## App users']) {
      expect(bare).not.toContain(title);
    }
    const full = file(
      RECIPES,
      {
        ...CONTEXT,
        customDomains: ['Recipes.Example.com', 'not a domain'],
        integrations: ['Stripe'],
        oauthProviders: ['GitHub'],
        customEndpoints: ['POST /hooks/import'],
        scheduledTasks: ['daily digest at 08:00'],
      },
      'AGENTS.md',
    );
    expect(full).toContain('## Custom domains');
    expect(full).toContain('- recipes.example.com');
    expect(full).not.toContain('not a domain');
    expect(full).toContain('## Integrations');
    expect(full).toContain('## OAuth providers');
    expect(full).toContain('## Custom endpoints');
    expect(full).toContain('## Scheduled tasks');
    expect(full).toContain('## App users');
    expect(full).toContain('user_scoped: each signed-in user sees and changes only the rows they created');
  });

  it('gives Claude and skill-aware agents short companions pointing at AGENTS.md', () => {
    const claude = file(CRM, CONTEXT, 'CLAUDE.md');
    expect(claude).toContain('Read AGENTS.md first');
    expect(claude).toContain('a1b2c3d4');
    const skill = file(CRM, CONTEXT, 'SKILL.md');
    expect(skill).toMatch(/^---\nname: crm-app\ndescription: ".*a1b2c3d4.*"\n---\n/);
    expect(skill).toContain('AGENTS.md');
  });
});
