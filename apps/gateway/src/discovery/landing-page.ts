import { quickStart } from '../help/articles/getting-started';
import type { SitePage } from '../site/page-layout';
import { DISCOVERY_FILES } from '../site/discovery-files';
import type { SiteFacts } from '../site/site-facts';
import { articlePath, SITE_PATHS } from '../site/site-paths';
import { PRODUCT_SUMMARY } from './llms-files';

/** The page at `/`: what appgen is, a two-minute start for a person and for an agent, and where everything is. */
export function landingPage(facts: SiteFacts): SitePage {
  const { urls } = facts;
  const api = urls.to(SITE_PATHS.api);
  return {
    path: SITE_PATHS.landing,
    title: 'appgen: from a prompt to a deployed web app',
    description: PRODUCT_SUMMARY,
    markdown: `# appgen

${PRODUCT_SUMMARY}

Describe an app in a sentence. appgen plans its data and pages, writes the source, builds it and serves it at a preview address within a minute; one more request puts it in production. Every step is an API call, a tool for an AI agent, or a webhook event.

## Two minutes, for a person

1. Sign up: \`POST ${api}/accounts\` with your e-mail, then sign in with the code you receive and create an API key. The [quick start](${articlePath(quickStart.slug, 'html')}) has every command.
2. Generate: \`POST ${api}/generation_queue {"prompt": "A reading list with ratings"}\`.
3. Open the \`preview_url\` when the job completes, then \`POST ${api}/managed_apps/<app_id>/deploy\`.

## Two minutes, for an agent

1. Read [SKILL.md](${SITE_PATHS.skill}): authentication, generating, polling, deploying, repairing build errors and webhooks, in one file.
2. Authenticate with an API key (\`X-API-Key\`) or OAuth with PKCE: [auth.md](${SITE_PATHS.auth}).
3. Call the REST API at \`${api}\`, or connect an MCP client to \`${urls.to(SITE_PATHS.mcp)}\` ([server card](${SITE_PATHS.serverCard})).

Every page here is also markdown: send \`Accept: text/markdown\`.

## Documentation

- [Help centre](${SITE_PATHS.help}): guides to every part of appgen.

## Files for agents

${DISCOVERY_FILES.map((file) => `- [${file.name}](${file.path}): ${file.note}`).join('\n')}
`,
  };
}
