import {
  ANALYTICS_PERIODS,
  APP_STATUSES,
  APP_VISIBILITIES,
  BUILTIN_MODEL,
  CONTENT_LIMITS,
  DEPLOYMENT_STATUSES,
  ENV_VAR_KEY_PATTERN,
  ENV_VAR_LIMITS,
  FIELD_TYPES,
  formatBytes,
  GENERATION_JOB_STATUSES,
  GENERATION_PROGRESS,
  MAX_ROWS_LIMIT,
  NOT_DEPLOYABLE_ERROR,
  PUBLIC_ENV_PREFIX,
  RESERVED_ENV_PREFIX,
  VERSION_SOURCES,
} from '@appgen/contracts';
import { toolsTable } from '../../site/reference-text';
import { articlePath, SITE_PATHS } from '../../site/site-paths';
import type { HelpArticle } from '../help-article';
import { mcpServer, webhooksAndSignatures } from './integrations';
import { credits } from './reference';

const list = (values: readonly string[]): string => values.map((value) => `\`${value}\``).join(', ');

export const generation: HelpArticle = {
  slug: 'generation',
  title: 'Generating apps',
  description: 'Prompts, generation jobs and their progress checkpoints, models, callbacks, and changing an existing app.',
  category: 'building-apps',
  render: ({ urls }) => {
    const api = urls.to(SITE_PATHS.api);
    const checkpoints = Object.entries(GENERATION_PROGRESS)
      .map(([step, progress]) => `| ${progress} | ${step} |`)
      .join('\n');
    return `## Prompts

Describe the app as you would to a developer: what it keeps (recipes with ingredients and a rating), who uses it (only signed-in people see their own entries), and the pages it needs. appgen plans the data model, the pages and the features from it, then writes the source: a typed TypeScript frontend, the data entities, and the manifest files \`AGENTS.md\`, \`CLAUDE.md\` and \`SKILL.md\` that tell coding agents how the app is built.

To change an app, send a prompt with its \`app_id\`: "add a due date to tasks and sort by it". Each generation makes a new version; nothing is lost.

## Jobs

\`POST ${api}/generation_queue {"prompt", "app_id"?, "name"?, "ai_model"?, "callback_url"?, "metadata"?}\` answers 202 with the job. Creating an app with \`POST ${api}/managed_apps {"name", "prompt"}\` queues one too (unless \`auto_generate\` is false). A job's \`status\` is one of ${list(GENERATION_JOB_STATUSES)}. Read it with \`GET ${api}/generation_queue/<job_id>\` (the \`message_id\` works too); cancel a queued or running job with \`DELETE\` on the same path.

While the job runs the app's status is \`generating\`; then \`generated\` or \`failed\` (app statuses: ${list(APP_STATUSES)}).

## Progress checkpoints

\`progress\` is coarse on purpose. It moves through these values, and may stay at one of them for most of a build; \`message\` says what is happening in words and is what to show people.

| progress | step |
|---|---|
${checkpoints}

Poll every 3 seconds or so; a typical generation takes 30 to 60 seconds. Or skip polling: give \`callback_url\` and appgen POSTs the outcome there (signed like a webhook, see [webhooks](${urls.to(articlePath(webhooksAndSignatures.slug, 'html'))})), or subscribe to the \`app.generation.*\` events.

## Models

\`ai_model\` picks the generator. \`${BUILTIN_MODEL}\` is always offered: appgen's built-in generator, deterministic and fast. A server may also offer language models (its operators configure them); naming one it does not offer is 422, and the message lists the offered ones. Omitted, the server's default is used.

## Credits

Generation spends credits from the account's balance; with too few the job is refused with 402 \`insufficient_credits\`. See [credits](${urls.to(articlePath(credits.slug, 'html'))}).

## When generation fails

The job's \`message\` says why. If the source was written but did not build, the build errors are waiting: see [deploy and rollback](${urls.to(articlePath(deployAndRollback.slug, 'html'))}) for the repair loop.`;
  },
};

export const filesAndData: HelpArticle = {
  slug: 'files-and-data',
  title: 'Source files, data and tools',
  description: "Reading and writing an app's source files and its data entities, through the tools or the REST API.",
  category: 'building-apps',
  render: (facts) => {
    const api = facts.urls.to(SITE_PATHS.api);
    return `Every app is source files plus data. Both can be read and changed directly, without a new prompt.

## Source files

\`GET ${api}/managed_apps/<app_id>/files?path=<part>\` lists the files whose path contains \`part\` (\`{app_id, files: [{path, content, size, updated_at}], count}\`). \`AGENTS.md\` at the root describes the app: its addresses, its deploy loop, the names (never values) of its environment variables and its data model.

Writing goes through the tools: \`svc-write-file {path, content}\` and \`svc-delete-file {path}\` make a new version and rebuild the preview at once, answering the build's status and errors. A file may hold ${formatBytes(CONTENT_LIMITS.fileBytes)}; an app up to ${CONTENT_LIMITS.filesPerApp} files.

## Data

A generated app keeps its data in entities (tables). \`svc-create-entity {name, columns, user_scoping}\` defines one: column types are ${list(FIELD_TYPES)}, plus \`reference\` and \`references\` to rows of another entity. A \`user_scoped\` entity's rows belong to the signed-in user who wrote them; a \`shared\` one is common to all (visitors who are not signed in may read it, and write it only if it is declared open for writes).

\`svc-query-data\`, \`svc-insert-data\`, \`svc-update-data\` and \`svc-delete-data\` read and write the rows the app itself serves: as the account owner, or with \`user_email\` as that user of the app sees them. A query answers at most ${MAX_ROWS_LIMIT} rows.

## The tools

Call them with \`POST ${api}/mcp/execute_tool {"tool", "app_id", "params"}\` or from an MCP client at \`${facts.urls.to(SITE_PATHS.mcp)}\` ([the MCP server](${facts.urls.to(articlePath(mcpServer.slug, 'html'))})). Each needs its own permission, else 403.

${toolsTable(facts)}`;
  },
};

export const deployAndRollback: HelpArticle = {
  slug: 'deploy-and-rollback',
  title: 'Deploy, repair and roll back',
  description: 'Promoting a built version to production, fixing build errors, versions, rollback, status and analytics.',
  category: 'building-apps',
  render: ({ urls }) => {
    const api = urls.to(SITE_PATHS.api);
    return `Every version of an app is built into a bundle; the newest built one is served at the **preview** address. Deploying promotes it to the **production** address.

## Deploy

\`POST ${api}/managed_apps/<app_id>/deploy\` (no body) answers 202 \`{deployment_id, status: "queued", message, production_url}\`. The deployment then moves through ${list(DEPLOYMENT_STATUSES)}; \`GET ${api}/managed_apps/<app_id>/status\` shows it with the app's generation and addresses. The \`app.deployment.started\` and \`app.deployment.completed\` events say the same to webhooks.

An app that is a draft, or has no built bundle, is refused:

\`\`\`json
{"error": "${NOT_DEPLOYABLE_ERROR}", "message": "...", "reason": "...", "recoverable": true, "suggested_action": "...", "fix_url": "..."}
\`\`\`

(status 422). Nothing is queued; generate the app or fix its build, then deploy again.

## Repair build errors

1. \`GET ${api}/managed_apps/<app_id>/errors\` answers \`{recoverable, errors: [{message, error_type, file, suggested_action, fix_url, recoverable, occurred_at}]}\`; \`errors\` is empty for an app that builds.
2. Open the \`file\` (\`svc-view-file\`), apply the \`suggested_action\`, and write it back with \`svc-write-file\`: the preview is rebuilt at once and the answer carries the new build's errors.
3. Repeat until the errors are gone, or describe the fix in a prompt with the app's \`app_id\`. Then deploy.

## Versions and rollback

\`GET ${api}/managed_apps/<app_id>/versions\` lists versions (source: ${list(VERSION_SOURCES)}) with their build status and which one is live at preview and production. \`POST ${api}/managed_apps/<app_id>/rollback\` puts the previous version back live; \`{"version_id"}\` picks one. A rollback is itself a new version, so it can be undone the same way.

## Analytics

\`GET ${api}/managed_apps/<app_id>/analytics?period=7d\` (periods ${list(ANALYTICS_PERIODS)}) answers page views, unique visitors and sessions (needs \`analytics:read\`).

## Visibility

\`PATCH ${api}/managed_apps/<app_id> {"visibility"}\`: ${list(APP_VISIBILITIES)}. With \`login_required\`, both addresses show a sign-in page first; the change applies at once, without a deploy.`;
  },
};

export const environmentVariables: HelpArticle = {
  slug: 'environment-variables',
  title: 'Environment variables',
  description: "Setting an app's configuration and secrets: public and secret keys, limits, and when the app is rebuilt.",
  category: 'building-apps',
  render: ({ urls }) => {
    const api = urls.to(SITE_PATHS.api);
    return `Environment variables hold an app's configuration and secrets (an API key of a service it calls, a feature flag).

- \`GET ${api}/managed_apps/<app_id>/env_vars\` → \`{env_vars: [{key, masked_value, updated_at}]}\`. Values are encrypted at rest and never answered whole.
- \`PUT ${api}/managed_apps/<app_id>/env_vars {"env_vars": {"KEY": "value"}}\` adds or replaces the keys given; others stay.
- \`DELETE ${api}/managed_apps/<app_id>/env_vars/<KEY>\` removes one.

Keys match \`${ENV_VAR_KEY_PATTERN}\`, at most ${ENV_VAR_LIMITS.keyLength} characters; keys starting \`${RESERVED_ENV_PREFIX}\` are kept for appgen. A value holds up to ${formatBytes(ENV_VAR_LIMITS.valueBytes)} of text; an app up to ${ENV_VAR_LIMITS.perApp} variables.

**Public and secret.** A key starting \`${PUBLIC_ENV_PREFIX}\` is public: it is compiled into the app's browser code as \`import.meta.env.<KEY>\` and every visitor can read it, so changing one rebuilds the preview. Every other key is secret and never reaches a browser.

The app's \`AGENTS.md\` lists the keys (never the values), so coding agents know what exists.`;
  },
};
