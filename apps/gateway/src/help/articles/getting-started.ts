import { API_KEY_PREFIX, DEFAULT_APP_NAME } from '@appgen/contracts';
import { articlePath, SITE_PATHS } from '../../site/site-paths';
import type { HelpArticle } from '../help-article';
import { apiKeysAndScopes } from './authentication';
import { generation } from './building-apps';
import { errorsAndLimits } from './reference';

export const quickStart: HelpArticle = {
  slug: 'quick-start',
  title: 'Quick start',
  description: 'From no account to a deployed app in five requests.',
  category: 'getting-started',
  render: ({ urls }) => {
    const api = urls.to(SITE_PATHS.api);
    return `This walks through the whole loop with \`curl\`. Every request body is JSON; every answer is JSON too.

## 1. Get an API key

\`\`\`bash
curl -X POST ${api}/accounts -H "Content-Type: application/json" -d '{"email": "you@example.com"}'
# a 6-digit code arrives by e-mail
curl -X POST ${api}/auth/magic_code -H "Content-Type: application/json" \\
  -d '{"email": "you@example.com", "code": "123456"}'
# => {"access_token": "at_...", ...}
curl -X POST ${api}/api_keys -H "Authorization: Bearer at_..." -H "Content-Type: application/json" \\
  -d '{"name": "my laptop", "scope": "full_access"}'
# => {"raw_key": "${API_KEY_PREFIX}...", ...}  shown only once
export APPGEN_API_KEY=${API_KEY_PREFIX}...
\`\`\`

## 2. Describe the app

\`\`\`bash
curl -X POST ${api}/generation_queue -H "X-API-Key: $APPGEN_API_KEY" -H "Content-Type: application/json" \\
  -d '{"prompt": "A reading list where I track books, authors and a 1-5 rating", "name": "Reading List"}'
\`\`\`

The answer (202) has \`job_id\`, \`app_id\` and \`status_url\`. Without \`name\`, a new app is called "${DEFAULT_APP_NAME}" until you rename it.

## 3. Wait for it

\`\`\`bash
curl ${api}/generation_queue/<job_id> -H "X-API-Key: $APPGEN_API_KEY"
\`\`\`

Repeat every few seconds until \`status\` is \`completed\`; \`app.preview_url\` then serves your app. See [Generating apps](${urls.to(articlePath(generation.slug, 'html'))}) for what happens meanwhile.

## 4. Deploy it

\`\`\`bash
curl -X POST ${api}/managed_apps/<app_id>/deploy -H "X-API-Key: $APPGEN_API_KEY"
\`\`\`

The answer names the \`production_url\`; \`GET ${api}/managed_apps/<app_id>/status\` shows when the deployment is \`deployed\`.

## For agents

An agent needs only the [skill file](${urls.to(SITE_PATHS.skill)}): it covers authentication, generating, polling, deploying, repairing build errors and webhooks. MCP clients connect to \`${urls.to(SITE_PATHS.mcp)}\`; the [server card](${urls.to(SITE_PATHS.serverCard)}) lists the tools.`;
  },
};

export const accountsAndSignIn: HelpArticle = {
  slug: 'accounts-and-sign-in',
  title: 'Accounts and sign-in',
  description: 'Signing up, signing in by e-mailed code, plans and their request rates.',
  category: 'getting-started',
  render: ({ urls }) => {
    const api = urls.to(SITE_PATHS.api);
    return `appgen has no passwords. An account is an e-mail address; you prove it is yours with a code sent to it.

- **Sign up:** \`POST ${api}/accounts {"email", "name"}\` answers 201 with the account and mails a 6-digit code. An address already taken is 409.
- **Sign in:** \`POST ${api}/auth/magic_code {"email"}\` mails a new code (the answer is the same whether or not the account exists, so it reveals nothing). \`POST ${api}/auth/magic_code {"email", "code"}\` answers \`{access_token, token_type: "Bearer", expires_in, account}\`.
- Codes last 10 minutes, work once, and five wrong tries burn a code.

The sign-in token is for a person at a console and for creating API keys ([API keys and scopes](${urls.to(articlePath(apiKeysAndScopes.slug, 'html'))})); automation should use a key.

**Plans** set how many requests an account may make per minute, whichever key or token makes them; see [errors and limits](${urls.to(articlePath(errorsAndLimits.slug, 'html'))}). New accounts start with free credits for generation.`;
  },
};
