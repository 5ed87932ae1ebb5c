import { hasPermission, type Caller, type Permission } from '@appgen/contracts';
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
