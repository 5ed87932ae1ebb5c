import { ACCESS_TIERS, APP_RUNTIME_PREFIX } from '@appgen/contracts';
import { SITE_PATHS } from '../../site/site-paths';
import type { HelpArticle } from '../help-article';

export const appUsersAndTiers: HelpArticle = {
  slug: 'app-users-and-access-tiers',
  title: 'App users and access tiers',
  description: "Who may use an app: its users, their access tiers, granting, expiring and revoking access.",
  category: 'users-and-access',
  render: ({ urls }) => {
    const api = urls.to(SITE_PATHS.api);
    return `The people who use an app you built are its **app users**, separate from your appgen account. They sign in to the app itself with a code e-mailed to them (the app calls \`${APP_RUNTIME_PREFIX}/auth/...\` on its own address); the first time they do, they become app users with the \`free\` tier and the \`app.user.created\` event fires.

## Access tiers

Tiers, lowest first: ${ACCESS_TIERS.map((tier) => `\`${tier}\``).join(', ')}. A generated app can show or hide features by tier; you decide what each means.

- **Grant:** \`POST ${api}/managed_users/grant_access {"app_id", "email", "tier", "expires_at"?}\` (201). The person need not have signed in yet. With \`expires_at\`, the tier falls back to \`free\` once that time passes, without anyone acting.
- **Revoke:** \`POST ${api}/managed_users/<id>/revoke\`: the user is signed out of the app at once and cannot sign in again until granted access again.
- **List:** \`GET ${api}/managed_users?app_id=&tier=&email=\` (partial e-mail match), paginated.

Granting and revoking fire \`app.user.access_granted\` and \`app.user.access_revoked\`. Reading needs \`users:read\`, changing \`users:write\`.

## Private apps

An app's \`visibility\` is \`public\` by default. With \`login_required\` every visitor signs in before seeing anything, and the app shows what their tier allows. Without that, visitors who are not signed in may read an app's shared data but not write it (unless the entity is declared open for writes).`;
  },
};
