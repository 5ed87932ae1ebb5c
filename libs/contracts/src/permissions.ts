/** Permission names, as the contract's section 5 spells them; OAuth scopes use the same names. */
export const PERMISSIONS = [
  'apps:read',
  'apps:write',
  'apps:delete',
  'users:read',
  'users:write',
  'analytics:read',
  'webhooks:read',
  'webhooks:write',
  'generation:queue',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** A granted permission may be a whole family (`users:*`). */
export const GRANTS = [...PERMISSIONS, 'users:*', 'webhooks:*'] as const;
export type Grant = (typeof GRANTS)[number];

/**
 * One sentence per grant, for whoever must decide to give it: the OAuth consent page, the scope list of the
 * authorization server's metadata and the permission tables of the discovery files and help centre say exactly this.
 */
export const GRANT_DESCRIPTIONS: Readonly<Record<Grant, string>> = {
  'apps:read': 'See your apps, their files, versions, status, build errors and environment variable names.',
  'apps:write': 'Create and change apps, their files and environment variables, deploy them and roll them back.',
  'apps:delete': 'Delete apps for good.',
  'users:read': "See the people who use your apps and their access tiers.",
  'users:write': "Grant and revoke people's access to your apps.",
  'analytics:read': 'See the page views and visitors of your apps.',
  'webhooks:read': 'See your webhooks, their deliveries and your callback signing secret.',
  'webhooks:write': 'Create, change, test and delete webhooks and rotate your callback signing secret.',
  'generation:queue': 'Generate new apps and regenerate existing ones, spending your credits.',
  'users:*': 'Everything about the people who use your apps: see them, grant and revoke their access.',
  'webhooks:*': 'Everything about your webhooks: see, create, change, test and delete them.',
};

export function isGrant(value: string): value is Grant {
  return (GRANTS as readonly string[]).includes(value);
}

export const API_KEY_SCOPES = ['read_only', 'read_write', 'full_access'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

const READ_ONLY: readonly Grant[] = ['apps:read', 'users:read', 'analytics:read', 'webhooks:read'];
const READ_WRITE: readonly Grant[] = [...READ_ONLY, 'apps:write', 'users:write', 'webhooks:write'];
const FULL_ACCESS: readonly Grant[] = [...READ_WRITE, 'apps:delete', 'generation:queue', 'users:*', 'webhooks:*'];

export const SCOPE_GRANTS: Readonly<Record<ApiKeyScope, readonly Grant[]>> = {
  read_only: READ_ONLY,
  read_write: READ_WRITE,
  full_access: FULL_ACCESS,
};

export const SCOPE_DESCRIPTIONS: Readonly<Record<ApiKeyScope, string>> = {
  read_only: 'Read apps, app users, analytics and webhooks.',
  read_write: 'Read and change apps, app users and webhooks; cannot delete apps or queue generation.',
  full_access: 'Everything an account can do, including deleting apps and queuing generation.',
};

export function hasPermission(grants: readonly Grant[], needed: Permission): boolean {
  return holdsGrant(grants, needed);
}

/** True when `grants` hold `grant` itself or the whole family it belongs to (`users:*` holds `users:read`). */
export function holdsGrant(grants: readonly Grant[], grant: Grant): boolean {
  if (grants.includes(grant)) return true;
  const family = `${grant.split(':')[0]}:*`;
  return (grants as readonly string[]).includes(family);
}

/**
 * True when a key of scope `candidate` grants nothing beyond `holder`'s grants. Judged on grants, not on scope
 * names, so an OAuth token, whose grants are the scopes it was given, can create only keys within them.
 */
export function scopeWithinGrants(candidate: ApiKeyScope, holder: readonly Grant[]): boolean {
  return SCOPE_GRANTS[candidate].every((grant) => holdsGrant(holder, grant));
}

/**
 * The narrowest API-key scope that covers every one of `grants` (read_only for none): what `Caller.scope` says of
 * an OAuth token. A label only: every decision is taken on the grants themselves.
 */
export function narrowestScopeCovering(grants: readonly Grant[]): ApiKeyScope {
  return API_KEY_SCOPES.find((scope) => grants.every((grant) => holdsGrant(SCOPE_GRANTS[scope], grant))) ?? 'full_access';
}
