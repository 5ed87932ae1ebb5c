import { CREDIT_PACK_CHECKOUT, CREDIT_PACKS } from '@appgen/contracts';
import type { HelpCentre } from '../help/help-centre';
import { errorsTable, eventsSection, limitsSection, permissionsTable, scopesTable, signatureSection, toolsTable } from '../site/reference-text';
import type { SiteFacts } from '../site/site-facts';
import { articlePath, SITE_PATHS } from '../site/site-paths';
import { renderOperations, renderSchemas } from './openapi-text';

export const PRODUCT_SUMMARY =
  'appgen turns a plain-language prompt into a deployed full-stack web app (typed frontend, database, user sign-in, hosting), ' +
  'through a REST API, MCP tools, webhooks and a CLI.';

/** The discovery files at the site root, as llms.txt and the landing page list them; `optional` ones may be skipped. */
export const DISCOVERY_FILES: ReadonlyArray<{ name: string; path: string; note: string; optional?: boolean }> = [
  { name: 'MCP server card', path: SITE_PATHS.serverCard, note: 'the MCP endpoint, how to authenticate, and every tool with its input schema' },
  { name: 'Agent skills index', path: SITE_PATHS.agentSkills, note: 'the skills published here, with digests' },
  { name: 'API catalog', path: SITE_PATHS.apiCatalog, note: 'RFC 9727 linkset of the API and its descriptions' },
  { name: 'Agent card', path: SITE_PATHS.agentCard, note: 'A2A-style card: skills and authentication' },
  { name: 'OAuth authorization server metadata', path: SITE_PATHS.oauthServer, note: 'RFC 8414' },
  { name: 'OAuth protected resource metadata', path: SITE_PATHS.protectedResource, note: 'RFC 9728' },
  { name: 'Commerce discovery (ACP)', path: SITE_PATHS.acp, note: 'credit packs and how to check out', optional: true },
  { name: 'Commerce profile (UCP)', path: SITE_PATHS.ucp, note: 'the same as a UCP business profile', optional: true },
  { name: 'Legacy MCP server card', path: SITE_PATHS.serverCardLegacy, note: 'the server card at its older address', optional: true },
  { name: 'Legacy agent skills index', path: SITE_PATHS.agentSkillsLegacy, note: 'the skills index at its older address', optional: true },
  { name: 'security.txt', path: SITE_PATHS.securityTxt, note: 'how to report a vulnerability', optional: true },
  { name: 'Sitemap', path: SITE_PATHS.sitemap, note: 'every public page', optional: true },
];

/**
 * /llms.txt in the llms.txt format (https://llmstxt.org/): an H1 with the name, a blockquote summary, then
 * H2 sections of `- [name](url): notes` links; the section named "Optional" holds what may be skipped.
 * It links every discovery file and every help article (as markdown).
 */
export function renderLlmsTxt(facts: SiteFacts, help: HelpCentre): string {
  const { urls } = facts;
  const link = (name: string, path: string, note: string): string => `- [${name}](${urls.to(path)}): ${note}`;
  const articles = help.listing.categories.flatMap((category) =>
    category.articles.map((article) => `- [${article.title}](${urls.to(articlePath(article.slug, 'markdown'))}): ${article.description}`),
  );
  return `# appgen

> ${PRODUCT_SUMMARY}

The API lives at ${urls.to(SITE_PATHS.api)} and takes an API key in \`X-API-Key\` or an OAuth bearer token. Agents start with the skill file; the full reference has every route, event, error and limit in one text file.

## Docs

${[
  link('SKILL.md', SITE_PATHS.skill, 'how an agent uses appgen end to end: authenticate, generate, poll, deploy, repair, webhooks'),
  link('auth.md', SITE_PATHS.auth, 'API keys, scopes and permissions, OAuth with PKCE and dynamic registration, MCP authentication'),
  link('llms-full.txt', SITE_PATHS.llmsFull, 'the whole API as text: every route with its permission, body and answers, events, signatures, errors, limits'),
  link('OpenAPI document', SITE_PATHS.openapi, 'OpenAPI 3.1 description of the REST API'),
  link('API reference', SITE_PATHS.docs, 'the OpenAPI document, browsable'),
].join('\n')}

## Help articles

${articles.join('\n')}

## Discovery files

${DISCOVERY_FILES.filter((entry) => !entry.optional)
  .map((entry) => link(entry.name, entry.path, entry.note))
  .join('\n')}
- [Help categories](${urls.to(SITE_PATHS.helpCategories)}): the help centre as JSON

## Optional

${DISCOVERY_FILES.filter((entry) => entry.optional)
  .map((entry) => link(entry.name, entry.path, entry.note))
  .join('\n')}
`;
}

/** /llms-full.txt: the whole API in one text file, its routes written out from the OpenAPI document itself. */
export function renderLlmsFull(facts: SiteFacts): string {
  const { urls, api } = facts;
  const packs = CREDIT_PACKS.map((pack) => `\`${pack.name}\` ${pack.price} ${pack.currency} for ${pack.credits} credits`).join('; ');
  return `# ${api.info.title} ${api.info.version}: full reference

> ${PRODUCT_SUMMARY}

Base URL: ${urls.to(SITE_PATHS.api)}. OpenAPI document: ${urls.to(SITE_PATHS.openapi)}. Agent skill: ${urls.to(SITE_PATHS.skill)}. Paths below are complete (they include /api/v1).

${api.info.description ?? ''}

## Conventions

- Bodies are JSON (\`Content-Type: application/json\`); unknown fields are refused with 422.
- Timestamps are ISO 8601 UTC. App ids are short opaque strings; other ids are integers.
- Lists take \`page\` and \`per_page\` and answer \`meta: {current_page, total_pages, total_count, per_page}\`.
- Every POST accepts \`Idempotency-Key\`: a repeat with the same key and body within 24 hours answers the first response again (\`Idempotent-Replayed: true\`).
- Every failure is \`{error, message}\`; 422 adds \`errors: [{field, message}]\`.

## Authentication

Send \`X-API-Key: svc_...\` or \`Authorization: Bearer <token>\` (an OAuth access token, a sign-in token, or an API key). Details: ${urls.to(SITE_PATHS.auth)}. OAuth metadata: ${urls.to(SITE_PATHS.oauthServer)} and ${urls.to(SITE_PATHS.protectedResource)}.

${scopesTable()}

${permissionsTable()}

## Operations

${renderOperations(facts)}

## Tools

The tools of \`POST ${urls.to(SITE_PATHS.api)}/mcp/execute_tool\` and of the MCP server at ${urls.to(SITE_PATHS.mcp)} (Streamable HTTP); their input schemas are in the MCP server card (${urls.to(SITE_PATHS.serverCard)}) and \`GET ${urls.to(SITE_PATHS.api)}/mcp/tools\`.

${toolsTable(facts)}

## Events

${eventsSection()}

## Webhook signatures

${signatureSection()}

## Errors

${errorsTable()}

## Limits

${limitsSection(facts)}

## Credit packs

${packs}. Bought with \`${CREDIT_PACK_CHECKOUT.method} ${urls.to(SITE_PATHS.api)}${CREDIT_PACK_CHECKOUT.path} {"pack_name"}\` (authenticated), which answers a hosted checkout URL; payment: intent ${CREDIT_PACK_CHECKOUT.payment.intent}, method ${CREDIT_PACK_CHECKOUT.payment.method}, currency ${CREDIT_PACK_CHECKOUT.payment.currency}.

## Schemas

${renderSchemas(api)}
`;
}
