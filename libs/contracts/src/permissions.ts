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

/** What each permission allows, in words people read (the auth reference, an OAuth consent screen). */
export const PERMISSION_DESCRIPTIONS: Readonly<Record<Permission, string>> = {
  'apps:read': 'Read apps, their status, source files, build errors, versions and environment variable names.',
  'apps:write': 'Create and change apps, their files, data and environment variables; deploy and roll back.',
  'apps:delete': 'Delete apps and everything they hold.',
  'users:read': "List the users of the account's apps and their access tiers.",
  'users:write': 'Grant and revoke access to apps.',
  'analytics:read': 'Read page views, visitors and sessions of apps.',
  'webhooks:read': 'List webhook subscriptions, their deliveries and the callback signing secret.',
  'webhooks:write': 'Create, change, test and delete webhook subscriptions; rotate the callback secret.',
  'generation:queue': 'Queue and cancel generation jobs, which spend credits.',
};

/** A granted permission may be a whole family (`users:*`). */
export const GRANTS = [...PERMISSIONS, 'users:*', 'webhooks:*'] as const;
export type Grant = (typeof GRANTS)[number];

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

const SCOPE_RANK: Readonly<Record<ApiKeyScope, number>> = { read_only: 0, read_write: 1, full_access: 2 };

/** True when a key of scope `candidate` grants nothing beyond what `holder` grants. */
export function scopeWithin(candidate: ApiKeyScope, holder: ApiKeyScope): boolean {
  return SCOPE_RANK[candidate] <= SCOPE_RANK[holder];
}

export function hasPermission(grants: readonly Grant[], needed: Permission): boolean {
  if (grants.includes(needed)) return true;
  const family = `${needed.split(':')[0]}:*`;
  return (grants as readonly string[]).includes(family);
}
