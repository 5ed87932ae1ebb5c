import { createHash } from 'node:crypto';
import { SANDBOX_TEST_CARDS, type CheckoutSessionView, type FieldError } from '@appgen/contracts';
import { escapeHtml, LAYOUT_STYLE_SOURCE, renderLayoutHtml } from '../site/page-layout';

/*
 * The hosted checkout pages at {SITE_URL}/checkout/<session_id>, in the site's layout: the sandbox's card form,
 * the paid page, and the pages of a session that cannot be paid. The form works without script; the one small
 * script only disables the button once the form is sent (the server credits a session once whatever arrives).
 */

const FORM_STYLE = `
.pack{font-size:1.15rem}
form{max-width:26rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{width:100%;padding:.6rem;font:inherit;color:inherit;background:var(--bg);border:1px solid var(--muted);border-radius:.35rem}
input[aria-invalid=true]{border-color:#c5221f}
.row{display:flex;gap:1rem}
.row>div{flex:1}
button{font:inherit;padding:.65rem 1.2rem;margin-top:1.25rem;border-radius:.35rem;border:1px solid var(--accent);background:var(--accent);color:#fff;cursor:pointer}
button:disabled{opacity:.6;cursor:progress}
input:focus,button:focus,a:focus{outline:3px solid #f5a623;outline-offset:2px}
.message{padding:.6rem .8rem;border-radius:.35rem;background:#fdecec;color:#8a1c1c}
.paid{padding:.6rem .8rem;border-radius:.35rem;background:#e6f4ea;color:#0d652d}
.field-error{color:#c5221f;margin:.25rem 0 0;font-size:.92rem}
.muted{color:var(--muted);font-size:.92rem}
`.trim();

const SUBMIT_SCRIPT =
  "document.querySelector('form.pay').addEventListener('submit',function(e){var b=e.target.querySelector('button[type=submit]');b.disabled=true;b.textContent='Paying…';});";

const hash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The pages' policy: the layout's style and the form's by hash, the one script by hash, forms posted only here
 * (and the redirect after them), nothing framed or framing.
 */
export const CHECKOUT_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${LAYOUT_STYLE_SOURCE} ${hash(FORM_STYLE)}`,
  `script-src ${hash(SUBMIT_SCRIPT)}`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export interface CheckoutPage {
  status: number;
  html: string;
}

function page(status: number, title: string, main: string, form = false): CheckoutPage {
  const head = `<meta name="referrer" content="no-referrer">\n<meta name="robots" content="noindex">\n<style>${FORM_STYLE}</style>`;
  const script = form ? `\n<script>${SUBMIT_SCRIPT}</script>` : '';
  return { status, html: renderLayoutHtml({ title: `${title} · appgen`, description: 'Buy appgen credits', head, main: `${main}${script}\n` }) };
}

function packLine(session: CheckoutSessionView): string {
  const { pack } = session;
  return `<p class="pack"><strong>${escapeHtml(pack.name)}</strong> credit pack: <strong>${pack.credits.toLocaleString('en-US')} credits</strong> for <strong>${escapeHtml(pack.price)} ${escapeHtml(pack.currency)}</strong></p>`;
}

export interface CardFormState {
  csrf: string;
  action: string;
  /** what was typed (never the card number or CVC: those are typed again) */
  name?: string;
  expiry?: string;
  message?: string;
  errors?: FieldError[];
}

function field(id: string, label: string, attributes: string, errors: FieldError[] | undefined, value = ''): string {
  const error = errors?.find((each) => each.field === id);
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  const help = error ? `\n<p class="field-error" id="${id}-error">${escapeHtml(error.message)}</p>` : '';
  return `<label for="${id}">${label}</label>
<input id="${id}" name="${id}" ${attributes} required value="${escapeHtml(value)}"${described}>${help}`;
}

/** The sandbox's card form for an open session; `state.message` is a decline, `state.errors` the fields to fix. */
export function cardFormPage(session: CheckoutSessionView, state: CardFormState, status = 200): CheckoutPage {
  const message = state.message ? `<p class="message" role="alert">${escapeHtml(state.message)}</p>` : '';
  const fixes = state.errors?.length ? '<p class="message" role="alert">Check the card details below.</p>' : '';
  return page(
    status,
    'Checkout',
    `<h1>Buy credits</h1>
${packLine(session)}
<p class="muted">Sandbox checkout: no money moves. The test card <code>${SANDBOX_TEST_CARDS.pays}</code> pays (any future expiry, any CVC); <code>${SANDBOX_TEST_CARDS.declined}</code> is declined.</p>
${message}${fixes}
<form class="pay" method="post" action="${escapeHtml(state.action)}" novalidate>
<input type="hidden" name="csrf" value="${escapeHtml(state.csrf)}">
${field('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="4242 4242 4242 4242"', state.errors)}
<div class="row"><div>
${field('expiry', 'Expiry (MM/YY)', 'autocomplete="cc-exp" maxlength="7" placeholder="12/30"', state.errors, state.expiry)}
</div><div>
${field('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"', state.errors)}
</div></div>
${field('name', 'Name on card', 'autocomplete="cc-name" maxlength="100"', state.errors, state.name)}
<button type="submit">Pay ${escapeHtml(session.pack.price)} ${escapeHtml(session.pack.currency)}</button>
</form>
<p class="muted">This page expires at ${escapeHtml(session.expires_at)}.</p>`,
    true,
  );
}

export function paidPage(session: CheckoutSessionView): CheckoutPage {
  return page(
    200,
    'Payment received',
    `<h1>Payment received</h1>
<p class="paid" role="status"><strong>${session.pack.credits.toLocaleString('en-US')} credits</strong> were added to your appgen balance.</p>
${packLine(session)}
<p>See the balance with <code>GET /api/v1/usage</code>. You can close this page.</p>`,
  );
}

/** A Stripe session not yet confirmed: the payment is made on Stripe's page, which returns here. */
export function awaitingStripePage(session: CheckoutSessionView): CheckoutPage {
  return page(
    200,
    'Checkout',
    `<h1>Buy credits</h1>
${packLine(session)}
<p>The payment is made on Stripe's secure page. If you have just paid, it is being confirmed: reload this page in a moment.</p>
<p><a href="${escapeHtml(session.checkout_url)}">Continue to payment</a></p>`,
  );
}

export function notFoundPage(): CheckoutPage {
  return page(404, 'Checkout not found', `<h1>Checkout not found</h1>
<p>There is no checkout at this address. Open a new one with <code>POST /api/v1/credit_packs/checkout</code>.</p>`);
}

export function expiredPage(session?: CheckoutSessionView): CheckoutPage {
  return page(410, 'Checkout expired', `<h1>This checkout has expired</h1>
${session ? packLine(session) : ''}
<p>Nothing was charged. Open a new checkout with <code>POST /api/v1/credit_packs/checkout</code>.</p>`);
}

export function problemPage(status: number, title: string, text: string): CheckoutPage {
  return page(status, title, `<h1>${escapeHtml(title)}</h1>
<p class="message" role="alert">${escapeHtml(text)}</p>`);
}
