import { API_KEY_PREFIX, GENERATION_PROGRESS, NOT_DEPLOYABLE_ERROR, WEBHOOK_HEADERS } from '@appgen/contracts';
import { scopesTable, toolsTable } from '../site/reference-text';
import type { SiteFacts } from '../site/site-facts';
import { articlePath, SITE_PATHS } from '../site/site-paths';
import { webhooksAndSignatures } from '../help/articles/integrations';
import { errorsAndLimits } from '../help/articles/reference';

/** The skill's name in its frontmatter and in the agent-skills index (lower case and hyphens, per the Agent Skills format). */
export const SKILL_NAME = 'appgen';

/** The frontmatter's description: what an agent reads to decide whether to load the skill (at most 1,024 characters). */
export const SKILL_DESCRIPTION =
  'Build, deploy and repair full-stack web apps from a plain-language prompt with the appgen API or its MCP tools: ' +
  'authenticate with an API key or OAuth, queue a generation, poll it, deploy to production, read and fix build errors, ' +
  'and receive signed webhooks.';

/**
 * /SKILL.md: how an agent uses appgen end to end, in the Agent Skills format (https://agentskills.io/specification:
 * YAML frontmatter with `name` and `description`, then markdown instructions).
 */
export function renderSkill(facts: SiteFacts): string {
  const { urls } = facts;
  const api = urls.to(SITE_PATHS.api);
  const checkpoints = Object.entries(GENERATION_PROGRESS)
    .map(([step, progress]) => `${progress} (${step})`)
    .join(', ');
  return `---
name: ${SKILL_NAME}
description: ${SKILL_DESCRIPTION}
---

# Using appgen

appgen turns a plain-language prompt into a deployed full-stack web app: a typed frontend, a database, user sign-in and hosting at a preview and a production address. Everything below is plain HTTPS with JSON bodies under \`${api}\`. The complete reference is [llms-full.txt](${urls.to(SITE_PATHS.llmsFull)}) (every route, event, error and limit) and the [OpenAPI document](${urls.to(SITE_PATHS.openapi)}).

## 1. Authenticate

Send an API key on every request: \`X-API-Key: ${API_KEY_PREFIX}...\` (or \`Authorization: Bearer ${API_KEY_PREFIX}...\`). To get one: sign up with \`POST ${api}/accounts {"email"}\`, sign in with the mailed code (\`POST ${api}/auth/magic_code {"email", "code"}\` answers a bearer \`access_token\`), then \`POST ${api}/api_keys {"name", "scope"}\` (the raw key is shown once; a key never creates a wider one). Generating needs \`full_access\`:

${scopesTable()}

Agents acting for a person can use OAuth 2.0 instead (authorization code with PKCE, dynamic client registration): see [auth.md](${urls.to(SITE_PATHS.auth)}). A missing or bad credential is 401, a missing permission 403.

## 2. Generate an app

\`\`\`bash
curl -X POST ${api}/generation_queue \\
  -H "X-API-Key: $APPGEN_API_KEY" -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"prompt": "A recipe manager where I save recipes with ingredients and rate them"}'
\`\`\`

The answer is 202 with \`job_id\`, \`app_id\`, \`status_url\` and \`app_url\`. Add \`app_id\` to change an existing app instead, \`callback_url\` to be called when the job ends, \`metadata\` to get your own keys back in that call. Send an \`Idempotency-Key\` so that a retried request never queues twice.

## 3. Poll the job

Wait 3 seconds, then \`GET\` the \`status_url\` (\`${api}/generation_queue/<job_id>\`) while \`status\` is \`queued\` or \`processing\`. \`progress\` moves through coarse checkpoints, ${checkpoints}, and may stay at one for most of a build; show \`message\` to people. Typical generation takes 30 to 60 seconds. On \`completed\`, \`app.preview_url\` serves the app; on \`failed\`, go to step 5. \`DELETE ${api}/generation_queue/<job_id>\` cancels.

## 4. Deploy to production

\`POST ${api}/managed_apps/<app_id>/deploy\` (no body) answers 202 with \`deployment_id\` and the \`production_url\` it will serve. Follow it with \`GET ${api}/managed_apps/<app_id>/status\` until \`deployment.status\` is \`deployed\` (or \`failed\`). A draft or an app without a built bundle is refused with 422 \`${NOT_DEPLOYABLE_ERROR}\`, with \`reason\` and \`suggested_action\`: generate or fix the app, then deploy again. \`POST ${api}/managed_apps/<app_id>/rollback\` returns to the previous version (or \`{"version_id"}\` from \`GET ${api}/managed_apps/<app_id>/versions\`).

## 5. Repair build errors

1. \`GET ${api}/managed_apps/<app_id>/errors\`: \`{recoverable, errors: [{file, message, suggested_action, fix_url}]}\`; empty when the app builds.
2. Read the file: tool \`svc-view-file {path}\`, or \`GET ${api}/managed_apps/<app_id>/files?path=<path>\`.
3. Write the fix with \`svc-write-file {path, content}\`, which rebuilds the preview and answers the build's status and errors; or ask for the change in words with \`POST ${api}/generation_queue {"app_id", "prompt"}\`.
4. Repeat until \`errors\` is empty, then deploy.

## 6. Tools

The same operations as tools, for MCP clients at \`${urls.to(SITE_PATHS.mcp)}\` (Streamable HTTP, same credentials; see the [server card](${urls.to(SITE_PATHS.serverCard)})) or over REST with \`POST ${api}/mcp/execute_tool {"tool", "app_id", "params"}\` (\`GET ${api}/mcp/tools\` lists their input schemas):

${toolsTable(facts)}

## 7. Webhooks

\`POST ${api}/webhooks {"url", "events": ["app.generation.completed", "app.deployment.completed"]}\` subscribes a URL (keep the \`secret\` in the answer). Each delivery is a POST of \`{id, event, timestamp, account_id, app_id, data}\` signed with \`${WEBHOOK_HEADERS.signature}: t=<unix>,v1=<hex>\`: HMAC-SHA256 with the secret over \`<t>.<raw body>\`. Verify it, reject timestamps older than 5 minutes, answer 2xx within 10 seconds, and drop an \`id\` you have seen. Failed deliveries are retried for about a day. Events, payloads and a verification example: [webhooks help](${urls.to(articlePath(webhooksAndSignatures.slug, 'html'))}).

## Errors and limits

Every failure is \`{error, message}\` (422 adds \`errors: [{field, message}]\`). Retry 429 after \`Retry-After\` seconds and 503/504 with backoff; do not retry other 4xx unchanged. Limits and every error code: [errors and limits](${urls.to(articlePath(errorsAndLimits.slug, 'html'))}).
`;
}
