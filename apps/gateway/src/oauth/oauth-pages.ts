import { createHash } from 'node:crypto';
import { escapeHtml } from '../site/page-layout';

/*
 * The pages of the OAuth sign-in and consent: plain server-rendered forms that need no script, one labelled
 * field per question, readable from 375 px up, served under a CSP that allows nothing but their own style.
 */

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1b1f24;background:#f4f5f7}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.35rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{width:100%;padding:.6rem;font:inherit;border:1px solid #8a929c;border-radius:.35rem}
button{font:inherit;padding:.6rem 1.1rem;margin:1rem .5rem 0 0;border-radius:.35rem;border:1px solid #1f4fd1;background:#1f4fd1;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1f4fd1}
input:focus,button:focus,a:focus{outline:3px solid #f5a623;outline-offset:2px}
.message{padding:.6rem;border-radius:.35rem;background:#fdecec;color:#8a1c1c}
ul{padding-left:1.2rem}
li{margin:.4rem 0}
code{font-family:ui-monospace,monospace;font-size:.9em}
.muted{color:#555d66;font-size:.9rem}
a{color:#1f4fd1}
`;

/** The page CSP: nothing may load or run; the one inline style is allowed by its hash. */
export const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * A page of the sign-in flows (OAuth's, the claim page's) in their shared layout; `body` must be escaped already.
 * `referrer`: its referrer policy (a page that checks its forms' Origin needs one that keeps it, e.g. same-origin).
 */
export function page(title: string, body: string, referrer = 'no-referrer'): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="${referrer}">
<title>${escapeHtml(title)} · appgen</title>
<style>${STYLE}</style>
</head>
<body><main>
${body}
</main></body>
</html>`;
}

export function message(text: string | undefined): string {
  return text ? `<p class="message" role="alert">${escapeHtml(text)}</p>` : '';
}

export interface FormContext {
  /** the interaction's own path, `/oauth/interaction/<uid>` */
  action: string;
  csrf: string;
  clientName: string;
}

export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
}

export function emailPage(form: FormContext, options: { email?: string; message?: string } = {}): string {
  return page(
    'Sign in',
    `<h1>Sign in to appgen</h1>
<p><strong>${escapeHtml(form.clientName)}</strong> asks for access to your appgen account. Sign in first: we mail you a 6-digit code.</p>
${message(options.message)}
${emailForm(`${form.action}/email`, form.csrf, options.email)}`,
  );
}

/** The form that asks for an e-mail address to mail a sign-in code to, posted to `action` with its CSRF token. */
export function emailForm(action: string, csrf: string, email = ''): string {
  return `<form method="post" action="${escapeHtml(action)}">
${hidden('csrf', csrf)}
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}">
<button type="submit">Send me a code</button>
</form>`;
}

export function codePage(form: FormContext, email: string, options: { message?: string } = {}): string {
  return page(
    'Enter your code',
    `<h1>Check your mail</h1>
<p>If <strong>${escapeHtml(email)}</strong> has an appgen account, a 6-digit sign-in code is on its way. It expires in 10 minutes.</p>
${message(options.message)}
${codeForm(`${form.action}/code`, form.csrf, email)}
<p class="muted"><a href="${escapeHtml(form.action)}">Use another e-mail address</a></p>`,
  );
}

/** The form that takes a mailed 6-digit code for `email`, posted to `action` with its CSRF token. */
export function codeForm(action: string, csrf: string, email: string): string {
  return `<form method="post" action="${escapeHtml(action)}">
${hidden('csrf', csrf)}
${hidden('email', email)}
<label for="code">Sign-in code</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required>
<button type="submit">Sign in</button>
</form>`;
}

/**
 * Where the client's answer goes, as the consent page names it: the host of a web or loopback redirect, the whole
 * URI of one without a host (a native app's own scheme, `com.example.app:/callback`).
 */
export function redirectDestination(redirectUri: string): string {
  return URL.parse(redirectUri)?.host || redirectUri;
}

export interface ConsentView {
  /** redirectDestination() of the redirect URI, or what stands for it when the request named none */
  destination: string;
  accountEmail: string;
  scopes: { name: string; description: string }[];
}

export function consentPage(form: FormContext, view: ConsentView): string {
  const scopes = view.scopes.map((scope) => `<li><code>${escapeHtml(scope.name)}</code>: ${escapeHtml(scope.description)}</li>`).join('\n');
  return page(
    'Allow access',
    `<h1>Allow ${escapeHtml(form.clientName)} to use your appgen account?</h1>
<p>Signed in as <strong>${escapeHtml(view.accountEmail)}</strong>. <strong>${escapeHtml(form.clientName)}</strong> will receive its access at <strong>${escapeHtml(view.destination)}</strong> and will be able to:</p>
<ul>
${scopes}
</ul>
<form method="post" action="${escapeHtml(form.action)}/consent">
${hidden('csrf', form.csrf)}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>
<p class="muted">Deny, and it gets nothing.</p>`,
  );
}

export function errorPage(error: string, description: string | undefined): string {
  return page(
    'Sign-in problem',
    `<h1>This sign-in cannot go on</h1>
<p class="message" role="alert"><code>${escapeHtml(error)}</code>${description ? `: ${escapeHtml(description)}` : ''}</p>
<p>Go back to the application that sent you here and start again.</p>`,
  );
}
