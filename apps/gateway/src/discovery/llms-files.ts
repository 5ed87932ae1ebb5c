import { API_KEY_PREFIX, CREDIT_PACK_CHECKOUT, CREDIT_PACKS } from '@appgen/contracts';
import type { HelpCentre } from '../help/help-centre';
import { errorsTable, eventsSection, limitsSection, permissionsTable, scopesTable, signatureSection, toolsTable } from '../site/reference-text';
import { DISCOVERY_FILES, type DiscoveryFile } from '../site/discovery-files';
import type { SiteFacts } from '../site/site-facts';
import { articlePath, SITE_PATHS } from '../site/site-paths';
import { renderOperations, renderSchemas } from './openapi-text';

export const PRODUCT_SUMMARY =
  'appgen turns a plain-language prompt into a deployed full-stack web app (typed frontend, database, user sign-in, hosting), ' +
  'through a REST API, MCP tools, webhooks and a CLI.';

/**
 * /llms.txt in the llms.txt format (https://llmstxt.org/): an H1 with the name, a blockquote summary, then
 * H2 sections of `- [name](url): notes` links; the section named "Optional" holds what may be skipped.
 * It links every file of DISCOVERY_FILES and every help article (as markdown).
 */
export function renderLlmsTxt(facts: SiteFacts, help: HelpCentre): string {
  const { urls } = facts;
  const section = (name: DiscoveryFile['llms']): string =>
    DISCOVERY_FILES.filter((file) => file.llms === name)
      .map((file) => `- [${file.name}](${urls.to(file.path)}): ${file.note}`)
      .join('\n');
  const articles = help.listing.categories.flatMap((category) =>
    category.articles.map((article) => `- [${article.title}](${urls.to(articlePath(article.slug, 'markdown'))}): ${article.description}`),
  );
  return `# appgen

> ${PRODUCT_SUMMARY}

The API lives at ${urls.to(SITE_PATHS.api)} and takes an API key in \`X-API-Key\` or an OAuth bearer token. Agents start with the skill file; the full reference has every route, event, error and limit in one text file.

## Docs

${section('docs')}

## Help articles

${articles.join('\n')}

## Discovery files

${section('discovery')}

## Optional

${section('optional')}
`;
}

/** /llms-full.txt: the whole API in one text file, its routes written out from the OpenAPI document itself. */
export function renderLlmsFull(facts: SiteFacts): string {
  const { urls, api } = facts;
  const packs = CREDIT_PACKS.map((pack) => `\`${pack.name}\` ${pack.price} ${pack.currency} for ${pack.credits} credits`).join('; ');
  return `# ${api.info.title} ${api.info.version}: full reference

> ${PRODUCT_SUMMARY}

Base URL: ${urls.to(SITE_PATHS.api)}. OpenAPI document: ${urls.to(SITE_PATHS.openapi)}. Agent skill: ${urls.to(SITE_PATHS.skill)}. Paths below are complete (they include ${SITE_PATHS.api}).

${api.info.description ?? ''}

## Conventions

- Bodies are JSON (\`Content-Type: application/json\`); unknown fields are refused with 422.
- Timestamps are ISO 8601 UTC. App ids are short opaque strings; other ids are integers.
- Lists take \`page\` and \`per_page\` and answer \`meta: {current_page, total_pages, total_count, per_page}\`.
- Every POST accepts \`Idempotency-Key\`: a repeat with the same key and body within 24 hours answers the first response again (\`Idempotent-Replayed: true\`).
- Every failure is \`{error, message}\`; 422 adds \`errors: [{field, message}]\`.

## Authentication

Send \`X-API-Key: ${API_KEY_PREFIX}...\` or \`Authorization: Bearer <token>\` (an OAuth access token, a sign-in token, or an API key). Details: ${urls.to(SITE_PATHS.auth)}. OAuth metadata: ${urls.to(SITE_PATHS.oauthServer)} and ${urls.to(SITE_PATHS.protectedResource)}.

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
