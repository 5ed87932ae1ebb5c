import {
  ACCESS_TIERS,
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  CONTENT_LIMITS,
  DEFAULT_PER_PAGE,
  ENTITY_LIMITS,
  ENV_VAR_LIMITS,
  ERROR_CODES,
  EVENT_KIND_DESCRIPTIONS,
  EVENT_KINDS,
  eventSample,
  formatBytes,
  MAX_PER_PAGE,
  MAX_ROWS_LIMIT,
  METADATA_LIMITS,
  GRANT_DESCRIPTIONS,
  GRANTS,
  holdsGrant,
  PLAN_RATE_LIMITS,
  PLANS,
  SCOPE_DESCRIPTIONS,
  SCOPE_GRANTS,
  TEXT_LIMITS,
  WEBHOOK_HEADERS,
  WEBHOOK_TEST_EVENT,
  type TextLimit,
} from '@appgen/contracts';
import { HTTP_BODY_LIMIT_BYTES } from '@appgen/service-kit';
import type { SiteFacts } from './site-facts';

/*
 * The lists the references repeat (scopes, permissions, events, errors, limits, tools), each written out once
 * from the definition in the code, for llms-full.txt, auth.md, SKILL.md and the help articles alike.
 */

/** Where each stored-text limit applies, in the words of the API's fields; a new limit fails to compile until named here. */
const TEXT_LIMIT_FIELDS: Readonly<Record<keyof typeof TEXT_LIMITS, string>> = {
  appName: 'app `name`',
  appDescription: 'app `description`',
  prompt: '`prompt`',
  aiModel: '`ai_model` (the tool: `model`)',
  accountName: 'account `name`',
  apiKeyName: 'API key `name`',
  webhookName: 'webhook `name`',
  webhookDescription: 'webhook `description`',
  webhookSecret: 'webhook `secret`',
  url: '`url`, `target_url`, `callback_url`',
  identifier: 'entity and column `name` (snake_case)',
  entityLabel: 'entity and column labels',
  fieldHint: 'column `hint`',
  selectOption: 'one choice of a select column',
};

function limitText({ min, max, lines }: TextLimit): string {
  const length = min === undefined ? `at most ${max}` : `${min} to ${max}`;
  return `${length} characters, ${lines === 'single' ? 'one line' : 'line breaks allowed'}`;
}

export function scopesTable(): string {
  const rows = API_KEY_SCOPES.map((scope) => `| \`${scope}\` | ${SCOPE_GRANTS[scope].map((grant) => `\`${grant}\``).join(', ')} | ${cell(SCOPE_DESCRIPTIONS[scope])} |`);
  return ['| scope | grants | what it is for |', '|---|---|---|', ...rows].join('\n');
}

/** Every grant (each permission, and each family such as `users:*`): the OAuth scopes, and what API key scopes hold. */
export function permissionsTable(): string {
  const rows = GRANTS.map((grant) => {
    const scopes = API_KEY_SCOPES.filter((scope) => holdsGrant(SCOPE_GRANTS[scope], grant));
    return `| \`${grant}\` | ${cell(GRANT_DESCRIPTIONS[grant])} | ${scopes.map((scope) => `\`${scope}\``).join(', ')} |`;
  });
  return ['| permission (also the OAuth scope) | allows | API key scopes that grant it |', '|---|---|---|', ...rows].join('\n');
}

/** The OAuth scopes by name, as the authorization server's metadata lists them (`scopes_supported`). */
export function oauthScopeNames(): string {
  return GRANTS.map((grant) => `\`${grant}\``).join(', ');
}

/** The fields of a sample value, as `name` (type) with nested objects' fields in braces. */
function fieldsOf(value: unknown): string {
  if (Array.isArray(value)) return `array${value.length > 0 ? ` of ${fieldsOf(value[0])}` : ''}`;
  if (value === null) return 'null';
  if (typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, inner]) => `${key}: ${fieldsOf(inner)}`)
      .join(', ')}}`;
  }
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export function eventsSection(): string {
  const rows = EVENT_KINDS.map((kind) => `| \`${kind}\` | ${cell(EVENT_KIND_DESCRIPTIONS[kind])} | \`${fieldsOf(eventSample(kind).data)}\` |`);
  const sample = JSON.stringify(eventSample('app.generation.completed'), null, 2);
  return `Every delivery's body is the event envelope \`{id, event, timestamp, account_id, app_id, data}\`: \`id\` is the event's UUID (the same on every retry, so receivers can drop duplicates), \`timestamp\` is ISO 8601 UTC, and \`data\` holds the kind's own fields. A test send (\`POST /webhooks/:id/test\`) carries the event \`${WEBHOOK_TEST_EVENT}\`.

| event | meaning | \`data\` fields |
|---|---|---|
${rows.join('\n')}

A delivery of \`app.generation.completed\`:

\`\`\`json
${sample}
\`\`\``;
}

export function signatureSection(): string {
  return `Every delivery and every generation callback is signed. Headers:

- \`${WEBHOOK_HEADERS.signature}: t=<unix seconds>,v1=<hex digest>\`
- \`${WEBHOOK_HEADERS.timestamp}\`: the same unix time
- \`${WEBHOOK_HEADERS.event}\`: the event kind
- \`${WEBHOOK_HEADERS.delivery}\`: the delivery's id

To verify: split the signature header at commas into \`t\` and \`v1\`; compute HMAC-SHA256 with the subscription's secret (the callback secret for \`callback_url\`) as the key over the string \`<t>.<raw body>\` (the timestamp, a dot, the body exactly as received, before any JSON parsing); compare its hex digest with \`v1\` in constant time; reject a \`t\` more than 5 minutes from your clock, so a captured delivery cannot be replayed later.`;
}

export function errorsTable(): string {
  const rows = Object.entries(ERROR_CODES).map(([code, status]) => `| ${status} | \`${code}\` |`);
  return ['| status | `error` |', '|---|---|', ...rows].join('\n');
}

export function limitsSection(facts: SiteFacts): string {
  const plans = PLANS.map((plan) => `${plan} ${PLAN_RATE_LIMITS[plan].toLocaleString('en-US')}`).join(', ');
  const text = Object.entries(TEXT_LIMITS).map(([key, limit]) => `| ${TEXT_LIMIT_FIELDS[key as keyof typeof TEXT_LIMITS]} | ${limitText(limit)} |`);
  return `**Rate limits.** Authenticated requests count per account, per minute, by plan: ${plans}. Requests without a valid credential count per client IP: ${facts.anonymousRateLimit} per minute. Every response carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (unix seconds); past the limit the answer is 429 \`rate_limited\` with \`Retry-After\` in seconds.

**Lists.** \`page\` from 1; \`per_page\` defaults to ${DEFAULT_PER_PAGE}, values above ${MAX_PER_PAGE} are served as ${MAX_PER_PAGE}. Answers carry \`meta: {current_page, total_pages, total_count, per_page}\`.

**Request bodies.** JSON only (other content types are 415), at most ${formatBytes(HTTP_BODY_LIMIT_BYTES)} (413 \`payload_too_large\`); unknown fields are refused with 422.

**Stored text.** One line refuses every control character (line breaks and tabs too, and bidirectional text controls); line breaks allowed means LF, CR and TAB only.

| field | limit |
|---|---|
${text.join('\n')}

**Apps.** A source file at most ${formatBytes(CONTENT_LIMITS.fileBytes)} with a path of at most ${CONTENT_LIMITS.filePathLength} characters; at most ${CONTENT_LIMITS.filesPerApp} files and ${formatBytes(CONTENT_LIMITS.sourceBytesPerApp)} of source per app. An entity has at most ${ENTITY_LIMITS.fields} columns and a select column at most ${ENTITY_LIMITS.options} choices; a row's data at most ${formatBytes(CONTENT_LIMITS.rowBytes)}; a data query answers at most ${MAX_ROWS_LIMIT} rows. At most ${ENV_VAR_LIMITS.perApp} environment variables per app, keys of at most ${ENV_VAR_LIMITS.keyLength} characters, values of at most ${formatBytes(ENV_VAR_LIMITS.valueBytes)}. A generation's \`metadata\`: at most ${METADATA_LIMITS.maxKeys} keys and ${formatBytes(METADATA_LIMITS.maxBytes)} as JSON.

**API keys** start with \`${API_KEY_PREFIX}\`. **App users' access tiers:** ${ACCESS_TIERS.map((tier) => `\`${tier}\``).join(', ')}.`;
}

/** Text safe inside a markdown table cell: one line, pipes escaped. */
export function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

export function toolsTable(facts: SiteFacts): string {
  const rows = facts.tools.map((tool) => {
    const { properties, required } = tool.input_schema;
    const needed = new Set(Array.isArray(required) ? required.map(String) : []);
    const names = typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
    const params = names.map((name) => `\`${name}\`${needed.has(name) ? '' : '?'}`);
    return `| \`${tool.name}\` | ${params.join(', ') || '(none)'} | ${cell(tool.description)} |`;
  });
  return ['| tool | params (? = optional) | what it does |', '|---|---|---|', ...rows].join('\n');
}
