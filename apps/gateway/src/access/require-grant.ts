import { hasPermission, SCOPE_GRANTS, scopeWithinGrants, type ApiKeyScope, type Caller, type Permission } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';

/**
 * The route guard's 403 for a permission that depends on the request itself (a prompt that starts a
 * generation, the tool named in the body), so such refusals read exactly like a route's own.
 */
export function requireGrant(caller: Caller, permission: Permission): void {
  if (!hasPermission(caller.grants, permission)) {
    throw AppgenError.of('forbidden', `This credential lacks the ${permission} permission`);
  }
}

/**
 * The 403 of a route that needs every grant of an API-key scope rather than one permission: the account's API keys
 * are its credentials, and reading them takes what a read_only key holds (every key does; an OAuth token consented
 * for fewer scopes does not).
 */
export function requireScopeGrants(caller: Caller, scope: ApiKeyScope): void {
  if (!scopeWithinGrants(scope, caller.grants)) {
    throw AppgenError.of('forbidden', `This credential lacks the grants of a ${scope} key (${SCOPE_GRANTS[scope].join(', ')})`);
  }
}
