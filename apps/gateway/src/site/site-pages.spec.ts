import { prefersMarkdown } from './content-negotiation';
import { discoveryLinkHeader } from './link-header';
import { PAGE_CSP, renderPageHtml } from './page-layout';
import { SITE_PATHS, SiteUrls } from './site-paths';

describe('prefersMarkdown', () => {
  it.each([
    ['text/markdown', true],
    ['text/markdown, text/html;q=0.5', true],
    ['text/html, text/markdown', true],
    ['text/x-markdown', true],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', false],
    ['text/html, text/markdown;q=0.5', false],
    ['*/*', false],
    ['text/*', false],
    ['text/markdown;q=0', false],
    ['', false],
    [undefined, false],
  ])('Accept %p asks for markdown: %p', (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });
});

describe('the Link header', () => {
  const header = discoveryLinkHeader(new SiteUrls('https://appgen.example'));
  const links = header.split(/,\s*(?=<)/).map((link) => {
    const [target = '', ...params] = link.split(';').map((part) => part.trim());
    const rel = params.find((param) => param.startsWith('rel='))?.slice(5, -1) ?? '';
    return { target: target.slice(1, -1), rels: rel.split(' ') };
  });

  it('points at the skill file, the text references and the well-known files, each with a registered relation type', () => {
    const relOf = (path: string): string[] => links.find((link) => link.target === `https://appgen.example${path}`)?.rels ?? [];
    expect(relOf(SITE_PATHS.skill)).toContain('describedby');
    expect(relOf(SITE_PATHS.llms)).toContain('describedby');
    expect(relOf(SITE_PATHS.llmsFull)).toContain('describedby');
    expect(relOf(SITE_PATHS.openapi)).toEqual(['service-desc']);
    expect(relOf(SITE_PATHS.docs)).toEqual(['service-doc']);
    expect(relOf(SITE_PATHS.apiCatalog)).toEqual(['api-catalog']);
    for (const path of [SITE_PATHS.serverCard, SITE_PATHS.agentSkills, SITE_PATHS.agentCard, SITE_PATHS.oauthServer, SITE_PATHS.protectedResource, SITE_PATHS.acp, SITE_PATHS.ucp]) {
      expect({ path, rels: relOf(path) }).toEqual({ path, rels: expect.arrayContaining(['service-meta']) });
    }
  });

  it('writes every extension relation type as an absolute URI (RFC 8288 2.1.2)', () => {
    const registered = new Set(['describedby', 'service-desc', 'service-doc', 'service-meta', 'api-catalog']);
    for (const rel of links.flatMap((link) => link.rels)) expect({ rel, valid: registered.has(rel) || /^https:\/\/\S+$/.test(rel) }).toEqual({ rel, valid: true });
  });
});

describe('a page', () => {
  const html = renderPageHtml({
    path: '/help/articles/example',
    markdownPath: '/help/articles/example.md',
    title: 'Example <article>',
    description: 'An example.',
    markdown: '# Example\n\nText with <script>alert(1)</script> in it.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
  });

  it('is rendered into the layout with a title, a skip link, labelled navigation and its markdown alternate', () => {
    expect(html).toContain('<title>Example &#60;article&#62; · appgen</title>');
    expect(html).toMatch(/<a class="skip" href="#main">Skip to content<\/a>/);
    expect(html).toContain('<main id="main">');
    expect(html).toContain('<nav aria-label="Main">');
    expect(html).toContain('<nav aria-label="Files for agents">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<link rel="alternate" type="text/markdown" href="/help/articles/example.md">');
    expect(html).toContain('<table>');
  });

  it('shows raw HTML of the markdown as text, and allows no script by its policy', () => {
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(PAGE_CSP).toMatch(/^default-src 'none'/);
    expect(PAGE_CSP).not.toMatch(/script-src|unsafe-inline/);
  });
});
