import { CREDIT_PACK_CHECKOUT, CREDIT_PACKS, NOT_DEPLOYABLE_ERROR, CHECKOUT_PAGE_PREFIX, SANDBOX_TEST_CARDS, SIGNUP_GRANT_CREDITS } from '@appgen/contracts';
import { errorsTable, limitsSection } from '../../site/reference-text';
import { articlePath, SITE_PATHS } from '../../site/site-paths';
import type { HelpArticle } from '../help-article';

export const errorsAndLimits: HelpArticle = {
  slug: 'errors-and-limits',
  title: 'Errors and limits',
  description: 'The error body, every error code with its status, what to retry, rate limits and size limits.',
  category: 'reference',
  render: (facts) => `## The error body

Every answer that is not 2xx is JSON \`{error, message}\`: \`error\` is a stable code to branch on, \`message\` is for people. A validation failure (422 \`validation_failed\`) adds \`errors: [{field, message}]\` naming each invalid field, nested ones dotted (\`columns.0.name\`). The deploy refusal's \`error\` is the sentence \`${NOT_DEPLOYABLE_ERROR}\` and adds \`reason\`, \`recoverable\`, \`suggested_action\` and \`fix_url\`.

\`\`\`json
{"error": "validation_failed", "message": "name must be at most 100 characters", "errors": [{"field": "name", "message": "must be at most 100 characters"}]}
\`\`\`

Another account's resource is always 404, never 403: appgen does not reveal what others have.

## Codes

${errorsTable()}

## What to retry

- **429**: wait \`Retry-After\` seconds.
- **503, 504**: a service was unavailable or slow; retry with backoff. Send an \`Idempotency-Key\` with POSTs so a retry cannot do the work twice ([idempotency](${facts.urls.to(articlePath(idempotency.slug, 'html'))})).
- **Other 4xx**: the same request will fail the same way; fix it first.

## Limits

${limitsSection(facts)}`,
};

export const idempotency: HelpArticle = {
  slug: 'idempotency',
  title: 'Safe retries with Idempotency-Key',
  description: 'Retrying POST requests without doing the work twice.',
  category: 'reference',
  render: () => `Every \`POST\` accepts an \`Idempotency-Key\` header: any unique string of 1 to 255 printable characters, such as a UUID you make per operation.

- A repeat with the same key and the same body within 24 hours gets the first answer again, with \`Idempotent-Replayed: true\`, without running again.
- A repeat while the first is still running gets 409 \`conflict\`; retry a moment later.
- The same key with a different body is 422 \`idempotency_key_reused\`.
- Keys belong to your account (to your IP address on public routes): two accounts never share one.

Answers that would differ next time are not kept: 401, 403, 429 and every 5xx release the key, so retrying with the same key really runs again.`,
};

export const credits: HelpArticle = {
  slug: 'credits',
  title: 'Credits and credit packs',
  description: 'What credits pay for and the packs that can be bought.',
  category: 'reference',
  render: ({ urls }) => {
    const packs = CREDIT_PACKS.map((pack) => `| \`${pack.name}\` | ${pack.price} ${pack.currency} | ${pack.credits.toLocaleString('en-US')} |`).join('\n');
    return `Generating an app spends credits from the account's balance; a generation the balance cannot cover is refused with 402 \`insufficient_credits\`.

## Packs

| pack | price | credits |
|---|---|---|
${packs}

## Buying a pack

\`${CREDIT_PACK_CHECKOUT.method} ${urls.to(SITE_PATHS.api)}${CREDIT_PACK_CHECKOUT.path} {"pack_name": "starter"}\` with any API key or access token answers \`{checkout_url, session_id, pack: {name, price, currency, credits}, expires_at}\`. Open \`checkout_url\` in a browser and pay by card (a one-off ${CREDIT_PACK_CHECKOUT.payment.currency} charge) before \`expires_at\`; the pack's credits are then added to the balance, exactly once per checkout session, and \`GET ${urls.to(SITE_PATHS.api)}/usage\` shows them under \`credits.purchased\`. A missing or unknown \`pack_name\` is 422 \`unknown_pack\`, whose \`allowed\` lists the packs. Agents find the same in the commerce discovery files [acp.json](${urls.to(SITE_PATHS.acp)}) and [ucp](${urls.to(SITE_PATHS.ucp)}).

Where the server takes payments with Stripe, \`checkout_url\` is Stripe's secure page, which returns to the session's page on this site once paid. Otherwise it is this site's sandbox checkout page (\`${urls.to(CHECKOUT_PAGE_PREFIX)}/<session_id>\`), where no money moves: the test card \`${SANDBOX_TEST_CARDS.pays}\` (any future expiry, any CVC) pays, and \`${SANDBOX_TEST_CARDS.declined}\` is declined. A paid session's page says so however often it is opened; an expired one cannot be paid: open a new checkout.

New accounts start with ${SIGNUP_GRANT_CREDITS} free credits.`;
  },
};
