import { createHash } from 'node:crypto';
import { GRANTS } from '@appgen/contracts';
import { HELP_ARTICLES } from '../help/help-centre';
import type { ApiDocument, SiteFacts } from '../site/site-facts';
import { articlePath, SITE_PATHS, SiteUrls } from '../site/site-paths';
import { describeTools } from '../tools/tool-executor';
import { serverCard } from './agent-files';
import { DISCOVERY_FILE_PATHS } from './discovery.controller';
import { renderLlmsFull } from './llms-files';
import { buildSite } from './site-content';
import { securityTxt } from './site-files';

/** A small document in the shape the gateway publishes: a permission route, a public one, named schemas. */
const DOCUMENT: ApiDocument = {
  info: { title: 'appgen API', version: '1.0.0', description: 'Test document.' },
  paths: {
    '/widgets/{id}': {
      patch: {
        operationId: 'updateWidget',
        summary: 'Change a widget',
        tags: ['Widgets'],
        'x-permission': 'apps:write',
        security: [{ api_key: [] }],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/WidgetBody' } } } },
        responses: {
          '200': { description: 'Change a widget', content: { 'application/json': { schema: { type: 'object', properties: { widget: { $ref: '#/components/schemas/Widget' } } } } } },
          '404': { description: '`not_found`: no widget has this id', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    },
    '/signups': {
      post: {
        operationId: 'signUp',
        summary: 'Sign up',
        tags: ['Accounts'],
        responses: { '201': { description: 'The account' } },
      },
    },
  },
  components: {
    schemas: {
      WidgetBody: {
        type: 'object',
        required: ['colour'],
        properties: { colour: { type: 'string', enum: ['red', 'blue'], description: 'its colour' }, label: { type: 'string', maxLength: 40 } },
      },
      Widget: { type: 'object', properties: { id: { type: 'string' }, colour: { type: 'string' } } },
      Error: { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

const facts: SiteFacts = {
  urls: new SiteUrls('https://appgen.example/'),
  api: DOCUMENT,
  tools: describeTools().tools,
  anonymousRateLimit: 60,
};

describe('llms-full.txt', () => {
  const text = renderLlmsFull(facts);

  it('writes out every operation of the document with its method, full path, permission, body and answers', () => {
    const widget = text.slice(text.indexOf('#### PATCH /api/v1/widgets/{id}'));
    expect(widget).toMatch(/^#### PATCH \/api\/v1\/widgets\/\{id\} \(Change a widget\)/);
    expect(widget).toContain('- Permission: `apps:write`');
    expect(widget).toContain('`id` (string, required)');
    expect(widget).toContain('- Body (JSON): WidgetBody');
    expect(widget).toContain('`colour` ("red" | "blue", required): its colour');
    expect(widget).toContain('`label` (string, optional, at most 40 characters)');
    expect(widget).toContain('200: {widget: Widget}');
    expect(widget).toContain('404 (`not_found`: no widget has this id)');
    expect(text).toContain('#### POST /api/v1/signups (Sign up)');
    expect(text.slice(text.indexOf('#### POST /api/v1/signups'))).toContain('- Permission: none (public');
  });

  it('lists the named schemas, every event kind, the signature scheme, the error codes and the limits', () => {
    expect(text).toContain('### WidgetBody');
    for (const section of ['## Events', '## Webhook signatures', '## Errors', '## Limits', '## Credit packs']) expect(text).toContain(section);
    expect(text).toContain('`app.user.access_revoked`');
    expect(text).toContain('X-Service-Signature: t=<unix seconds>,v1=<hex digest>');
    expect(text).toContain('| 422 | `validation_failed` |');
    expect(text).toContain('60 per minute');
  });
});

describe('the MCP server card', () => {
  const card = serverCard(facts);

  it('names the Streamable HTTP endpoint and both ways to authenticate, with the OAuth scopes the authorization server offers', () => {
    expect(card).toMatchObject({
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      name: 'example.appgen/appgen',
      version: '1.0.0',
      remotes: [{ type: 'streamable-http', url: 'https://appgen.example/mcp' }],
    });
    expect(String(card['description']).length).toBeLessThanOrEqual(100);
    const meta = card['_meta'] as Record<string, { schemes?: Array<Record<string, unknown>> }>;
    expect(meta['dev.appgen/authentication']?.schemes).toEqual([
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
      expect.objectContaining({
        type: 'oauth2',
        protectedResourceMetadata: 'https://appgen.example/.well-known/oauth-protected-resource/mcp',
      }),
    ]);
    const scopes = meta['dev.appgen/authentication']?.schemes?.[1]?.['scopes'] as Record<string, string>;
    expect(Object.keys(scopes)).toEqual([...GRANTS]);
    expect(scopes['users:*']).toMatch(/^Everything about the people who use your apps/);
  });

  it('lists every tool of the catalogue with its description and input schema', () => {
    const tools = (card['_meta'] as Record<string, unknown>)['dev.appgen/tools'];
    expect(tools).toEqual(facts.tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.input_schema })));
    expect(facts.tools).toHaveLength(10);
  });
});

describe('security.txt', () => {
  it('expires 180 days after the time it is asked for, under the year RFC 9116 recommends, and names the contact and its canonical address', () => {
    const text = securityTxt(facts.urls, 'mailto:security@appgen.example', new Date('2026-03-01T12:30:45.678Z'));
    expect(text.split('\n')).toEqual([
      'Contact: mailto:security@appgen.example',
      'Expires: 2026-08-28T12:30:45Z',
      'Canonical: https://appgen.example/.well-known/security.txt',
      'Preferred-Languages: en',
      '',
    ]);
  });
});

describe('the built site', () => {
  const site = buildSite(facts);

  it('links only to help articles that exist, from every page and file', () => {
    const known = new Set(HELP_ARTICLES.flatMap((article) => [articlePath(article.slug, 'html'), articlePath(article.slug, 'markdown')]));
    const texts = [...[...site.files.values()].map((file) => file.body), site.landing.markdown, site.help.index.markdown, ...site.help.articles.map((page) => page.markdown)];
    const linked = texts.flatMap((body) => [...body.matchAll(/\/help\/articles\/([a-z0-9-]+(?:\.md)?)/g)].map((match) => `${SITE_PATHS.helpArticles}/${match[1]}`));
    expect(linked.length).toBeGreaterThan(HELP_ARTICLES.length);
    expect(linked.filter((path) => !known.has(path))).toEqual([]);
  });

  it('indexes in llms.txt every discovery file, every help article and the references', () => {
    const llms = site.files.get(SITE_PATHS.llms)?.body ?? '';
    expect(llms).toMatch(/^# appgen\n\n> .+\n/);
    const linked = new Set([...llms.matchAll(/^- \[[^\]]+\]\(([^)]+)\)/gm)].map((match) => match[1]));
    const expected = [
      ...DISCOVERY_FILE_PATHS.filter((path) => path !== SITE_PATHS.llms),
      SITE_PATHS.openapi,
      SITE_PATHS.securityTxt,
      SITE_PATHS.oauthServer,
      SITE_PATHS.protectedResource,
      ...HELP_ARTICLES.map((article) => articlePath(article.slug, 'markdown')),
    ];
    expect(expected.filter((path) => !linked.has(`https://appgen.example${path}`))).toEqual([]);
  });

  it('gives the skills index the digest of the skill file it serves', () => {
    const skill = site.files.get(SITE_PATHS.skill)?.body ?? '';
    const index = JSON.parse(site.files.get(SITE_PATHS.agentSkills)?.body ?? '{}');
    expect(index.skills).toEqual([expect.objectContaining({ name: 'appgen', type: 'skill-md', url: 'https://appgen.example/SKILL.md', digest: `sha256:${createHash('sha256').update(skill).digest('hex')}` })]);
    expect(skill).toMatch(/^---\nname: appgen\ndescription: .{20,1024}\n---\n/);
  });
});
