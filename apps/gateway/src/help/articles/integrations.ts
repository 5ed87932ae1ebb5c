import { EVENT_KINDS, WEBHOOK_HEADERS } from '@appgen/contracts';
import { eventsSection, signatureSection, toolsTable } from '../../site/reference-text';
import { articlePath, SITE_PATHS } from '../../site/site-paths';
import type { HelpArticle } from '../help-article';
import { oauthForAgents } from './authentication';

/**
 * The verification example of the webhooks article. It is plain JavaScript for Node.js, and the end-to-end
 * tests run it, as written here, against a real signed delivery.
 */
export const VERIFY_SIGNATURE_EXAMPLE = `const crypto = require('node:crypto');

// secret: the subscription's secret; header: the ${WEBHOOK_HEADERS.signature} header;
// rawBody: the request body exactly as received (a string), before JSON.parse.
function verifySignature(secret, header, rawBody, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = crypto.createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest('hex');
  const given = Buffer.from(parts.v1);
  return given.length === expected.length && crypto.timingSafeEqual(given, Buffer.from(expected));
}`;

export const webhooksAndSignatures: HelpArticle = {
  slug: 'webhooks-and-signatures',
  title: 'Webhooks and signatures',
  description: 'Subscribing to events, the delivery body, verifying signatures, retries and redelivery.',
  category: 'integrations',
  render: ({ urls }) => {
    const api = urls.to(SITE_PATHS.api);
    return `A webhook subscription sends events to your URL as they happen, so you need not poll.

## Subscribe

\`\`\`bash
curl -X POST ${api}/webhooks -H "X-API-Key: $APPGEN_API_KEY" -H "Content-Type: application/json" \\
  -d '{"url": "https://example.com/hooks/appgen", "events": ["app.generation.completed", "app.deployment.completed"]}'
\`\`\`

The answer (201) carries the subscription's \`secret\` (\`whsec_...\`, generated unless you give one): keep it to verify signatures. It is shown again by \`GET ${api}/webhooks/<id>\`, never in lists. \`PATCH\` changes \`url\`, \`events\`, \`name\`, \`description\`, \`enabled\` or \`secret\`; \`DELETE\` removes it. Receiving URLs must be http(s) and may not point at private, loopback or link-local addresses.

\`POST ${api}/webhooks/<id>/test\` sends a signed test event at once and answers how it went.

## Events

There are ${EVENT_KINDS.length} event kinds.

${eventsSection()}

## Signatures

${signatureSection()}

In Node.js:

\`\`\`js
${VERIFY_SIGNATURE_EXAMPLE}
\`\`\`

Read the body as raw text (in Express, \`express.raw({type: 'application/json'})\`): re-serialising parsed JSON changes the bytes and the digest no longer matches.

## Delivery and retries

Answer any 2xx within 10 seconds; do slow work afterwards. Anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then the delivery is marked \`failed\`; a subscription whose deliveries all fail for 5 days is disabled. A retry carries the same event \`id\`, so drop ids you have already handled.

\`GET ${api}/webhooks/<id>/deliveries?status=&event=\` shows every attempt with its response status and time; \`POST ${api}/webhooks/<id>/deliveries/<delivery_id>/redeliver\` sends one again.

## Generation callbacks

A job queued with \`callback_url\` is reported there when it completes or fails, with the body \`{event, app_id, app_name, status, urls, generation, metadata}\` (plus \`credits_used\` and \`tokens_used\` when known). Callbacks are signed the same way with the account's callback secret: \`GET ${api}/webhooks/callback_secret\`, rotate with \`POST ${api}/webhooks/callback_secret/rotate\`.`;
  },
};

export const mcpServer: HelpArticle = {
  slug: 'mcp-server',
  title: 'The MCP server',
  description: "Using appgen's tools from an MCP client over Streamable HTTP, or over REST.",
  category: 'integrations',
  render: (facts) => {
    const { urls } = facts;
    const api = urls.to(SITE_PATHS.api);
    return `appgen serves its tools over the Model Context Protocol at \`${urls.to(SITE_PATHS.mcp)}\` (Streamable HTTP). The [server card](${urls.to(SITE_PATHS.serverCard)}) describes the server, its endpoint, how to authenticate and every tool with its input schema, for clients that discover servers by domain.

## Connecting

Configure your MCP client with the URL and an API key header:

\`\`\`json
{
  "mcpServers": {
    "appgen": {
      "type": "http",
      "url": "${urls.to(SITE_PATHS.mcp)}",
      "headers": { "X-API-Key": "\${APPGEN_API_KEY}" }
    }
  }
}
\`\`\`

Clients that implement MCP authorization can connect without a key: they find the authorization server through [the MCP endpoint's protected resource metadata](${urls.to(SITE_PATHS.mcpProtectedResource)}), which its 401 answer names, and sign the person in with OAuth (see [OAuth for agents](${urls.to(articlePath(oauthForAgents.slug, 'html'))})).

## Tools

Each tool needs a permission of the credential (generating needs \`generation:queue\`, reading \`apps:read\`, changing \`apps:write\`) and, except \`svc-generate-app\`, the \`app_id\` of one of your apps.

${toolsTable(facts)}

## Without MCP

The same tools answer over REST: \`GET ${api}/mcp/tools\` lists them with their JSON Schemas, \`POST ${api}/mcp/execute_tool {"tool", "app_id", "params"}\` runs one and answers \`{success: true, result}\` (the generate tool: \`{success, app_id, status_url, preview_url}\`). An unknown tool, a missing \`app_id\` or params the schema refuses are 422 naming the field.`;
  },
};

export const zapier: HelpArticle = {
  slug: 'zapier',
  title: 'Zapier and automation tools',
  description: 'REST hooks for triggers, sample payloads, and generating an app as an action.',
  category: 'integrations',
  render: ({ urls }) => {
    const api = urls.to(SITE_PATHS.api);
    return `appgen works with Zapier and other automation tools through REST hooks, authenticated with an API key.

- **Auth test:** \`GET ${api}/zapier/me\` answers the account the key belongs to.
- **Triggers:** \`POST ${api}/zapier/hooks {"target_url", "event"}\` subscribes (201 \`{id}\`); it is a webhook subscription with \`source: "zapier"\`, signed like any other. \`DELETE ${api}/zapier/hooks/<id>\` unsubscribes.
- **Sample data:** \`GET ${api}/zapier/samples/<event>\` answers an example delivery of the event kind, for mapping fields.
- **Action:** \`POST ${api}/zapier/actions/generate_app\` is \`POST /generation_queue\` under another name.

Events and their fields: [webhooks and signatures](${urls.to(articlePath(webhooksAndSignatures.slug, 'html'))}).`;
  },
};
