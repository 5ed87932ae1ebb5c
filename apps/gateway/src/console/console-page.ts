import { escapeHtml } from '../site/page-layout';
import { SITE_PATHS } from '../site/site-paths';
import type { ConsoleManifest } from './console-assets';

/** The console's assets, under its own path so the session cookie (Path=/account) is sent to nothing else. */
export const CONSOLE_ASSET_PATH = '/account/assets';

/**
 * The policy of every console page: its one script and one stylesheet come from the site itself (no inline script or
 * style at all), it calls only the site, frames only app previews (`previewFrames`, the edge lets the console's origin
 * alone frame them), and is framed by nobody.
 */
export function consoleCsp(previewFrames: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${previewFrames}`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The CSP source of every preview address, `http://*.preview.localhost:8080` locally (see appUrls in the contracts). */
export function previewFrameSource(config: { PREVIEW_HOST: string; PUBLIC_URL_SCHEME: string; PUBLIC_URL_PORT: string }): string {
  return `${config.PUBLIC_URL_SCHEME}://*.${config.PREVIEW_HOST}${config.PUBLIC_URL_PORT === '' ? '' : `:${config.PUBLIC_URL_PORT}`}`;
}

/** The HTML every console address answers: the bundle draws the page (what a person sees without scripts is said). */
export function consoleShell(manifest: ConsoleManifest | undefined): string {
  const assets = manifest
    ? `<link rel="stylesheet" href="${CONSOLE_ASSET_PATH}/${escapeHtml(manifest.style)}">\n<script type="module" src="${CONSOLE_ASSET_PATH}/${escapeHtml(manifest.script)}"></script>`
    : '';
  const body = manifest
    ? '<noscript><p>The appgen console needs JavaScript. The API and the CLI work without it.</p></noscript>'
    : '<p>The console has not been built: run <code>npm run build</code>.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>appgen console</title>
<meta name="description" content="Your appgen apps: preview, change, edit, deploy; your keys, webhooks and credits.">
<link rel="icon" type="image/svg+xml" href="${SITE_PATHS.favicon}">
${assets}
</head>
<body>
<div id="console">${body}</div>
</body>
</html>
`;
}
