import { escapeHtml } from '../site/page-layout';
import { codeForm, emailForm, hidden, message, page as signInLayout, PAGE_CSP } from '../oauth/oauth-pages';

/*
 * The claim page's HTML: the sign-in pages' layout and style, plain forms that need no script. Everything shown is
 * escaped (an app's name is its author's text). The preview is a link: a preview refuses to be framed by any page.
 */

/** The sign-in pages' policy, and forms may post to this site only. */
export const CLAIM_PAGE_CSP = `${PAGE_CSP}; form-action 'self'`;

/**
 * The page's address holds the claim token, so nothing cross-origin gets a Referer; same-origin posts keep their
 * Origin header (under no-referrer a browser sends `Origin: null`), which the forms are checked against.
 */
export const CLAIM_REFERRER_POLICY = 'same-origin';

function page(title: string, body: string): string {
  return signInLayout(title, body, CLAIM_REFERRER_POLICY);
}

/** The app a claim token names, as the page shows it. */
export interface ClaimedAppView {
  name: string;
  previewUrl: string | null;
  /** generation status, progress and message */
  generation: { status: string; progress: number; message: string };
  expiresAt: string;
}

/** One form of the page: where it posts and its CSRF token. */
export interface ClaimForm {
  action: string;
  csrf: string;
}

function appSummary(app: ClaimedAppView): string {
  const preview = app.previewUrl
    ? `<p><a href="${escapeHtml(app.previewUrl)}" target="_blank" rel="noopener noreferrer">Open the preview of ${escapeHtml(app.name)}</a></p>`
    : '';
  const building =
    app.generation.status === 'queued' || app.generation.status === 'processing'
      ? `<p>It is still being built (${app.generation.progress}%): ${escapeHtml(app.generation.message)}. Reload this page in a minute to claim it.</p>`
      : '';
  return `<h1>Claim ${escapeHtml(app.name)}</h1>
<p>This app was built without an account. Claim it to keep it: it moves into your appgen account, where you can edit and deploy it. Unclaimed, it is deleted at ${escapeHtml(app.expiresAt)}.</p>
${preview}${building}`;
}

/** Not signed in: the app, and the e-mail form that signs in or signs up. */
export function signInPage(app: ClaimedAppView, form: ClaimForm, options: { email?: string; message?: string } = {}): string {
  return page(
    `Claim ${app.name}`,
    `${appSummary(app)}
<h2>Sign in or sign up</h2>
<p>Enter your e-mail address: we mail you a 6-digit code. A new address gets a new appgen account.</p>
${message(options.message)}
${emailForm(form.action, form.csrf, options.email)}`,
  );
}

/** The code form, after the code was mailed. */
export function codeEntryPage(app: ClaimedAppView, form: ClaimForm, email: string, options: { message?: string; backTo: string }): string {
  return page(
    'Enter your code',
    `<h1>Check your mail</h1>
<p>A 6-digit code for claiming <strong>${escapeHtml(app.name)}</strong> is on its way to <strong>${escapeHtml(email)}</strong>. It expires in 10 minutes.</p>
${message(options.message)}
${codeForm(form.action, form.csrf, email)}
<p class="muted"><a href="${escapeHtml(options.backTo)}">Use another e-mail address</a></p>`,
  );
}

/** Signed in: the Claim button, and a way out for someone signed in as the wrong account. */
export function claimButtonPage(app: ClaimedAppView, email: string, claim: ClaimForm, signOut: ClaimForm): string {
  const ready = app.generation.status !== 'queued' && app.generation.status !== 'processing';
  return page(
    `Claim ${app.name}`,
    `${appSummary(app)}
<p>Signed in as <strong>${escapeHtml(email)}</strong>.</p>
${
  ready
    ? `<form method="post" action="${escapeHtml(claim.action)}">
${hidden('csrf', claim.csrf)}
<button type="submit">Claim ${escapeHtml(app.name)}</button>
</form>`
    : ''
}
<form method="post" action="${escapeHtml(signOut.action)}">
${hidden('csrf', signOut.csrf)}
<button type="submit" class="secondary">Use another account</button>
</form>`,
  );
}

/** After the claim: the app is the account's, with its links. */
export function claimedPage(app: { name: string; editorUrl: string; liveUrl: string | null }, email: string): string {
  const live = app.liveUrl ? `<li><a href="${escapeHtml(app.liveUrl)}">Open ${escapeHtml(app.name)}</a></li>` : '';
  return page(
    `${app.name} is yours`,
    `<h1>${escapeHtml(app.name)} is now yours</h1>
<p>It is in the appgen account of <strong>${escapeHtml(email)}</strong>, with its versions, builds and users, and will not be deleted.</p>
<ul>
<li><a href="${escapeHtml(app.editorUrl)}">Edit ${escapeHtml(app.name)}</a></li>
${live}
</ul>`,
  );
}

/** A page that ends the claim: unknown, already claimed, expired, refused, rate limited, or a fault of ours. */
export function claimProblemPage(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`);
}
