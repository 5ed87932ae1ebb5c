import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { chromium, type Browser } from 'playwright-core';
import { CREDIT_PACKS, EVENT_KINDS } from '@appgen/contracts';
import { adminAccount, api, closeBus, e2eEnv, startWebhookReceiver, waitFor, type TestAccount, type WebhookReceiver } from './support';

/**
 * The site root as agents and people find it (contract 4.11): every discovery file without a credential, in
 * its media type, with the Link header; pages that answer markdown when asked; the help centre; and the
 * files agreeing with the running API: its OpenAPI routes, its tools, the event kinds and the packs.
 */

const FILES: ReadonlyArray<[string, RegExp]> = [
  ['/', /^text\/html/],
  ['/SKILL.md', /^text\/markdown/],
  ['/auth.md', /^text\/markdown/],
  ['/llms.txt', /^text\/plain/],
  ['/llms-full.txt', /^text\/plain/],
  ['/openapi.json', /^application\/json/],
  ['/.well-known/mcp/server-card.json', /^application\/json/],
  ['/.well-known/mcp.json', /^application\/json/],
  ['/.well-known/agent-skills/index.json', /^application\/json/],
  ['/.well-known/agent-skills.json', /^application\/json/],
  ['/.well-known/api-catalog', /^application\/linkset\+json/],
  ['/.well-known/acp.json', /^application\/json/],
  ['/.well-known/ucp', /^application\/json/],
  ['/.well-known/agent-card.json', /^application\/json/],
  ['/.well-known/security.txt', /^text\/plain/],
  ['/sitemap.xml', /^application\/xml/],
  ['/help', /^text\/html/],
  ['/help/categories', /^application\/json/],
  ['/help/articles/quick-start', /^text\/html/],
  ['/help/articles/quick-start.md', /^text\/markdown/],
  ['/docs', /^text\/html/],
];

/** The help articles the help centre must have, one per subject. */
const REQUIRED_ARTICLES = [
  'quick-start',
  'generation',
  'deploy-and-rollback',
  'webhooks-and-signatures',
  'errors-and-limits',
  'api-keys-and-scopes',
  'oauth-for-agents',
  'mcp-server',
  'app-users-and-access-tiers',
  'environment-variables',
];

/** The targets of a Link header, each with its relation types. */
function linksOf(header: string | undefined): Array<{ target: string; rels: string[] }> {
  return (header ?? '').split(/,\s*(?=<)/).map((link) => ({
    target: /^<([^>]*)>/.exec(link)?.[1] ?? '',
    rels: (/rel="([^"]*)"/.exec(link)?.[1] ?? '').split(' '),
  }));
}

interface ServerCardTool {
  name: string;
  description: string;
  inputSchema: unknown;
}

describe('discovery files, help centre and landing page', () => {
  let owner: TestAccount;

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'discovery');
  });
  afterAll(closeBus);

  it.each(FILES)('%s answers 200 without a credential, in its media type, with the Link header', async (path, type) => {
    const response = await api().get(path);
    expect({ path, status: response.status, type: response.headers['content-type'] }).toEqual({ path, status: 200, type: expect.stringMatching(type) });
    const targets = linksOf(response.headers['link']).map((link) => new URL(link.target).pathname);
    expect(targets).toEqual(
      expect.arrayContaining(['/SKILL.md', '/llms.txt', '/llms-full.txt', '/openapi.json', '/.well-known/api-catalog', '/.well-known/mcp/server-card.json', '/.well-known/agent-skills/index.json', '/.well-known/oauth-protected-resource']),
    );
    expect(response.headers['cache-control']).toMatch(/public, max-age=\d+/);
  });

  it('serves the same files from the other gateway replica, and a cached copy is confirmed with 304', async () => {
    const first = await api(0).get('/llms-full.txt').expect(200);
    const second = await api(1).get('/llms-full.txt').expect(200);
    expect(second.text).toBe(first.text);
    expect(second.headers['etag']).toBe(first.headers['etag']);
    const again = await api(1).get('/llms-full.txt').set('If-None-Match', String(first.headers['etag']));
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
  });

  it('answers a page in markdown to Accept: text/markdown, and in HTML under a strict policy otherwise', async () => {
    for (const path of ['/', '/help', '/help/articles/webhooks-and-signatures']) {
      const markdown = await api().get(path).set('Accept', 'text/markdown').expect(200);
      expect({ path, type: markdown.headers['content-type'] }).toEqual({ path, type: expect.stringMatching(/^text\/markdown/) });
      expect(markdown.text).toMatch(/^# /);
      expect(markdown.headers['vary']).toMatch(/Accept/);

      const html = await api().get(path).set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8').expect(200);
      expect(html.headers['content-type']).toMatch(/^text\/html/);
      expect(html.text).toMatch(/<title>[^<]+<\/title>/);
      expect(html.text).toContain('<a class="skip" href="#main">');
      expect(html.headers['content-security-policy']).toMatch(/default-src 'none'/);
      expect(html.headers['content-security-policy']).not.toMatch(/script-src/);
    }
    const reference = await api().get('/docs').set('Accept', 'text/markdown').expect(200);
    expect(reference.headers['content-type']).toMatch(/^text\/markdown/);
    expect(reference.text).toContain('#### POST /api/v1/generation_queue');
  });

  it('has a help article for every subject, listed by category, as HTML and raw markdown', async () => {
    const listing = await api().get('/help/categories').expect(200);
    const articles: Array<{ slug: string; title: string; url: string; markdown_url: string }> = listing.body.categories.flatMap(
      (category: { articles: unknown[] }) => category.articles,
    );
    expect(articles.map((article) => article.slug)).toEqual(expect.arrayContaining(REQUIRED_ARTICLES));
    for (const article of articles) {
      const markdown = await api().get(new URL(article.markdown_url).pathname).expect(200);
      expect({ slug: article.slug, type: markdown.headers['content-type'] }).toEqual({ slug: article.slug, type: 'text/markdown; charset=utf-8' });
      expect(markdown.text.startsWith(`# ${article.title}\n`)).toBe(true);
      const page = await api().get(new URL(article.url).pathname).expect(200);
      expect(page.text).toContain(`<h1>${article.title}</h1>`);
    }
    const sitemap = (await api().get('/sitemap.xml').expect(200)).text;
    for (const article of articles) expect(sitemap).toContain(`<loc>${article.url}</loc>`);
  });

  it('serves every file the landing page lists for agents, and the footer of each page links only to those', async () => {
    const landing = (await api().get('/').set('Accept', 'text/markdown').expect(200)).text;
    const section = landing.slice(landing.indexOf('## Files for agents'));
    const listed = [...section.matchAll(/^- \[[^\]]+\]\((\/[^)]*)\)/gm)].map((match) => match[1] ?? '');
    expect(listed).toEqual(expect.arrayContaining(['/llms.txt', '/.well-known/mcp/server-card.json', '/.well-known/security.txt', '/sitemap.xml']));
    for (const path of listed) expect({ path, status: (await api().get(path)).status }).toEqual({ path, status: 200 });
    const html = (await api().get('/help').expect(200)).text;
    const footer = html.slice(html.indexOf('<footer>'));
    const footerLinks = [...footer.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(footerLinks.length).toBeGreaterThan(0);
    expect(footerLinks.filter((href) => !listed.includes(href ?? ''))).toEqual([]);
  });

  it('answers an unknown article with the API error body', async () => {
    for (const path of ['/help/articles/no-such-article', '/help/articles/no-such-article.md']) {
      const response = await api().get(path).expect(404);
      expect(response.body).toEqual({ error: 'not_found', message: expect.stringContaining('no-such-article') });
    }
  });

  it('writes every route of the OpenAPI document into llms-full.txt, with its permission', async () => {
    const document = (await api().get('/openapi.json').expect(200)).body as { paths: Record<string, Record<string, { 'x-permission'?: string }>> };
    const reference = (await api().get('/llms-full.txt').expect(200)).text;
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      ['get', 'put', 'post', 'patch', 'delete'].filter((method) => item[method]).map((method) => ({ method, path, permission: item[method]?.['x-permission'] })),
    );
    expect(operations.length).toBeGreaterThan(40);
    const missing = operations.filter(({ method, path }) => !reference.includes(`#### ${method.toUpperCase()} /api/v1${path}`));
    expect(missing).toEqual([]);
    const queue = reference.slice(reference.indexOf('#### POST /api/v1/generation_queue'));
    expect(queue.slice(0, queue.indexOf('\n####'))).toContain('- Permission: `generation:queue`');
  });

  it('lists every event kind with its payload fields in llms-full.txt', async () => {
    const reference = (await api().get('/llms-full.txt').expect(200)).text;
    expect(EVENT_KINDS.filter((kind) => !new RegExp(`^\\| \`${kind.replace(/\./g, '\\.')}\` \\| .+ \\| \`\\{.+\\}\` \\|$`, 'm').test(reference))).toEqual([]);
  });

  it('announces the MCP endpoint and every tool of GET /mcp/tools, with the same schemas, in both server cards', async () => {
    const tools = (await api().get('/api/v1/mcp/tools').set('X-API-Key', owner.key).expect(200)).body.tools as Array<{ name: string; description: string; input_schema: unknown }>;
    for (const path of ['/.well-known/mcp/server-card.json', '/.well-known/mcp.json']) {
      const card = (await api().get(path).expect(200)).body;
      expect(card.remotes).toEqual([expect.objectContaining({ type: 'streamable-http', url: expect.stringMatching(/\/mcp$/) })]);
      const announced = card._meta['dev.appgen/tools'] as ServerCardTool[];
      expect(announced.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
      for (const tool of tools) {
        expect(announced.find((entry) => entry.name === tool.name)).toEqual({ name: tool.name, description: tool.description, inputSchema: tool.input_schema });
      }
      expect(card._meta['dev.appgen/authentication'].schemes).toEqual(
        expect.arrayContaining([expect.objectContaining({ protectedResourceMetadata: expect.stringMatching(/\/\.well-known\/oauth-protected-resource\/mcp$/) })]),
      );
    }
  });

  it('offers the credit packs of the contracts, and how to buy them, in both commerce files', async () => {
    const acp = (await api().get('/.well-known/acp.json').expect(200)).body;
    const ucp = (await api().get('/.well-known/ucp').expect(200)).body;
    expect(acp.products).toEqual(CREDIT_PACKS);
    const capability = ucp.ucp.capabilities['dev.appgen.credits.checkout'][0];
    expect(capability.config.packs).toEqual(CREDIT_PACKS);
    for (const checkout of [acp.checkout, capability.config.checkout]) {
      expect(checkout).toMatchObject({
        method: 'POST',
        url: expect.stringMatching(/\/api\/v1\/credit_packs\/checkout$/),
        authentication: { required: true },
        body: { pack_name: { required: true, enum: CREDIT_PACKS.map((pack) => pack.name) } },
        payment: { intent: 'charge', method: 'card', currency: 'USD' },
      });
    }
  });

  it('indexes the skill file with the digest of what it serves, and catalogs the API (RFC 9727)', async () => {
    const skill = await api().get('/SKILL.md').buffer(true).expect(200);
    const index = (await api().get('/.well-known/agent-skills/index.json').expect(200)).body;
    expect(index.skills).toEqual([expect.objectContaining({ name: 'appgen', type: 'skill-md', digest: `sha256:${createHash('sha256').update(skill.text).digest('hex')}` })]);
    expect((await api().get('/.well-known/agent-skills.json').expect(200)).body).toEqual(index);

    const catalog = JSON.parse((await api().get('/.well-known/api-catalog').buffer(true).expect(200)).text);
    const entry = catalog.linkset.find((item: { anchor: string }) => item.anchor.endsWith('/api/v1'));
    for (const rel of ['service-desc', 'service-doc', 'service-meta']) {
      const target = new URL(entry[rel][0].href).pathname;
      expect({ rel, target, status: (await api().get(target)).status }).toEqual({ rel, target, status: 200 });
    }
  });

  it('publishes security.txt with a contact, its canonical address and an Expires half a year ahead, under the year RFC 9116 recommends', async () => {
    const response = await api().get('/.well-known/security.txt').expect(200);
    const fields = Object.fromEntries(response.text.trim().split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
    expect(fields).toMatchObject({ Contact: expect.stringMatching(/^(mailto|https):/), Canonical: expect.stringMatching(/\/\.well-known\/security\.txt$/), 'Preferred-Languages': 'en' });
    const days = (Date.parse(fields['Expires'] ?? '') - Date.parse(String(response.headers['date']))) / 86_400_000;
    expect(days).toBeGreaterThan(179);
    expect(days).toBeLessThanOrEqual(181);
  });

  describe('the webhooks article', () => {
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await startWebhookReceiver();
    });
    afterAll(() => receiver.close());

    it('gives a verification example that verifies a real delivery, and refuses a tampered one', async () => {
      const article = (await api().get('/help/articles/webhooks-and-signatures.md').expect(200)).text;
      const example = /```js\n([\s\S]*?)```/.exec(article)?.[1];
      expect(example).toContain('function verifySignature');
      const verifySignature = runInNewContext(`${example}\nverifySignature`, { require, Buffer, Date, Number, Object, Math }) as (
        secret: string,
        header: string,
        rawBody: string,
      ) => boolean;

      const webhook = (await api().post('/api/v1/webhooks').set('X-API-Key', owner.key).send({ url: receiver.urlFor('/docs-example'), events: ['app.created'] }).expect(201)).body.webhook;
      await api().post(`/api/v1/webhooks/${webhook.id}/test`).set('X-API-Key', owner.key).expect(200);
      const delivery = await waitFor(() => receiver.received.find((request) => request.path === '/docs-example'));
      const signature = String(delivery.headers['x-service-signature']);
      expect(verifySignature(webhook.secret, signature, delivery.raw)).toBe(true);
      expect(verifySignature(webhook.secret, signature, delivery.raw.replace('webhook.test', 'app.deleted'))).toBe(false);
      expect(verifySignature('whsec_not_the_secret_of_this_hook', signature, delivery.raw)).toBe(false);
    });
  });

  describe('in a browser 375 px wide', () => {
    const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
    let browser: Browser | undefined;
    beforeAll(async () => {
      if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}; set CHROMIUM_PATH`);
      browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
    });
    afterAll(() => browser?.close());

    it.each(['/', '/help', '/help/articles/api-keys-and-scopes', '/help/articles/webhooks-and-signatures'])(
      '%s fits the screen, keeps its styles under the policy, and starts with the skip link',
      async (path) => {
        if (!browser) throw new Error('the browser did not start');
        const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
        const page = await context.newPage();
        const refused: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') refused.push(message.text());
        });
        await page.goto(new URL(path, e2eEnv().site).toString());
        // Expressions rather than functions: the e2e project compiles without the DOM's types.
        const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
        const mainWidth = await page.evaluate<string>("getComputedStyle(document.querySelector('main')).maxWidth");
        const navs = await Promise.all((await page.locator('nav').all()).map((nav) => nav.getAttribute('aria-label')));
        await page.keyboard.press('Tab');
        const focused = await page.evaluate<string | undefined>('document.activeElement?.textContent');
        await context.close();
        expect({ path, overflow, refused }).toEqual({ path, overflow: 0, refused: [] });
        expect(mainWidth).not.toBe('none');
        expect(navs).toEqual(['Main', 'Files for agents']);
        expect(focused).toBe('Skip to content');
      },
    );
  });
});
