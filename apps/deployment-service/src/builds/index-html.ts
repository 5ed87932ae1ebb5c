import { APP_SOURCE_LAYOUT } from '@appgen/contracts';
import type { BuildIssue } from './build-errors';

const HTML = APP_SOURCE_LAYOUT.html;
const SCRIPT_URL = `/${APP_SOURCE_LAYOUT.bundleScript}`;
const STYLES_URL = `/${APP_SOURCE_LAYOUT.bundleStyles}`;

export const SCRIPT_TAG = `<script defer src="${SCRIPT_URL}"></script>`;
export const STYLES_TAG = `<link rel="stylesheet" href="${STYLES_URL}">`;

export function missingIndexHtml(): BuildIssue {
  return {
    file: HTML,
    message: `${HTML} is missing: every app needs one at its root to load the bundle`,
    suggestedAction: `Create ${HTML} at the root of the app: an HTML page whose <head> has ${SCRIPT_TAG} (and ${STYLES_TAG} when the app imports CSS).`,
    recoverable: true,
  };
}

/**
 * The page must load the bundle by its absolute address: a relative `assets/app.js` would break on every
 * client-side route below the root. Any script tag works, module or not: the bundle is an IIFE.
 */
export function checkScriptTag(html: string): BuildIssue[] {
  const visible = withoutComments(html);
  if (referencesUrl(visible, 'script', 'src', SCRIPT_URL)) return [];
  const relative = referencesUrl(visible, 'script', 'src', SCRIPT_URL.slice(1));
  return [
    {
      file: HTML,
      line: closingHeadLine(visible),
      message: relative
        ? `${HTML} loads the bundle by the relative address "${SCRIPT_URL.slice(1)}", which breaks on any page below the root`
        : `${HTML} does not load the bundle: no <script> tag with src="${SCRIPT_URL}"`,
      suggestedAction: `Add ${SCRIPT_TAG} inside the <head> of ${HTML}${relative ? ` in place of the relative one` : ''}.`,
      recoverable: true,
    },
  ];
}

/** Called when the app imports CSS: unlinked styles would leave the page silently unstyled. */
export function checkStylesheetLink(html: string): BuildIssue[] {
  const visible = withoutComments(html);
  if (referencesUrl(visible, 'link', 'href', STYLES_URL)) return [];
  return [
    {
      file: HTML,
      line: closingHeadLine(visible),
      message: `The app imports CSS but ${HTML} does not link "${STYLES_URL}", so its styles would never load`,
      suggestedAction: `Add ${STYLES_TAG} inside the <head> of ${HTML}.`,
      recoverable: true,
    },
  ];
}

/** True when the page asks for `/assets/app.css`, even if the app has no CSS (it then gets an empty file). */
export function linksStylesheet(html: string): boolean {
  return referencesUrl(withoutComments(html), 'link', 'href', STYLES_URL);
}

function referencesUrl(html: string, tag: string, attribute: string, url: string): boolean {
  const escaped = url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(`<${tag}\\b[^>]*\\b${attribute}\\s*=\\s*(["']?)${escaped}(?:[?#][^"'\\s>]*)?\\1(?=[\\s>/])`, 'i');
  return pattern.test(html);
}

/** Blanks comments out but keeps their line breaks, so line numbers still match the file. */
function withoutComments(html: string): string {
  return html.replace(/<!--[\s\S]*?-->/g, (comment) => comment.replace(/[^\n]/g, ' '));
}

function closingHeadLine(html: string): number {
  const at = html.search(/<\/head>/i);
  if (at === -1) return 1;
  return html.slice(0, at).split('\n').length;
}
