import { createHash } from 'node:crypto';
import MarkdownIt from 'markdown-it';
import { DISCOVERY_FILES } from './discovery-files';
import { SITE_PATHS } from './site-paths';

/** A page of the site, written once in markdown; its HTML is rendered from it. */
export interface SitePage {
  /** the page's own path, e.g. `/help/articles/quick-start` */
  path: string;
  title: string;
  /** one sentence, for the meta description, the sitemap and the help centre's lists */
  description: string;
  markdown: string;
  /** where the same markdown is served as a file, when it has an address of its own */
  markdownPath?: string;
}

// Raw HTML in the markdown is shown as text (html: false): pages only ever contain what markdown can say.
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

const STYLE = `
:root{color-scheme:light dark;--fg:#1d1d1f;--bg:#fff;--muted:#5b5b66;--accent:#0b57d0;--code:#f3f3f6}
@media (prefers-color-scheme:dark){:root{--fg:#ececf1;--bg:#141418;--muted:#a8a8b3;--accent:#8ab4f8;--code:#23232a}}
*{box-sizing:border-box}
body{margin:0;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg);overflow-wrap:anywhere}
a{color:var(--accent)}
.skip{position:absolute;left:-999px;top:0;padding:.5rem 1rem;background:var(--bg)}
.skip:focus{left:.5rem;z-index:1}
header,footer{border-color:var(--code);border-style:solid;border-width:0 0 1px}
footer{border-width:1px 0 0;margin-top:3rem;color:var(--muted);font-size:.9rem}
nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0;padding:.75rem 1rem}
main,nav ul{max-width:48rem;margin:0 auto}
main{padding:1rem}
h1{font-size:1.9rem;line-height:1.2}
pre{background:var(--code);padding:.75rem;overflow-x:auto;border-radius:6px}
code{background:var(--code);padding:.1em .3em;border-radius:4px;font-size:.92em;overflow-wrap:anywhere}
pre code{padding:0;overflow-wrap:normal}
table{display:block;overflow-x:auto;border-collapse:collapse;max-width:100%}
th,td{border:1px solid var(--code);padding:.35rem .6rem;text-align:left;vertical-align:top}
`.trim();

/** The hash source of the layout's style, for a page that builds its own Content-Security-Policy (a form's). */
export const LAYOUT_STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * A strict Content-Security-Policy: no scripts at all, the one inline style allowed by its hash, nothing
 * framed or framing, no form posts, no base-URI tricks. The pages need nothing more.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  `style-src ${LAYOUT_STYLE_SOURCE}`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const MAIN_NAV: ReadonlyArray<[string, string]> = [
  ['appgen', SITE_PATHS.landing],
  ['Help centre', SITE_PATHS.help],
  ['API reference', SITE_PATHS.docs],
  ['Agent skill', SITE_PATHS.skill],
];

const FOOTER_NAV: ReadonlyArray<[string, string]> = DISCOVERY_FILES.filter((file) => file.footer).map((file) => [file.name, file.path]);

/** The site's icon: declared by every page, so browsers ask for it rather than for a /favicon.ico there is not. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0b57d0"/>' +
  '<path d="M9 23 16 8l7 15M11.5 18h9" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>';

/** The page as HTML: its markdown rendered inside the shared layout. */
export function renderPageHtml(page: SitePage): string {
  const alternate = page.markdownPath ? `<link rel="alternate" type="text/markdown" href="${escapeHtml(page.markdownPath)}">` : '';
  return renderLayoutHtml({
    title: page.path === SITE_PATHS.landing ? page.title : `${page.title} · appgen`,
    description: page.description,
    head: alternate,
    main: markdown.render(page.markdown),
  });
}

/**
 * The shared layout around `main` (HTML the caller made safe): for pages that are more than markdown, such as
 * the checkout's card form. `head` adds elements to the head (already HTML).
 */
export function renderLayoutHtml(parts: { title: string; description: string; head?: string; main: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(parts.title)}</title>
<meta name="description" content="${escapeHtml(parts.description)}">
<link rel="icon" type="image/svg+xml" href="${SITE_PATHS.favicon}">${parts.head ? `\n${parts.head}` : ''}
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header>${navigation('Main', MAIN_NAV)}</header>
<main id="main">
${parts.main}</main>
<footer>${navigation('Files for agents', FOOTER_NAV)}</footer>
</body>
</html>
`;
}

function navigation(label: string, links: ReadonlyArray<[string, string]>): string {
  const items = links.map(([text, href]) => `<li><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></li>`).join('');
  return `<nav aria-label="${escapeHtml(label)}"><ul>${items}</ul></nav>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
