import { Injectable, type CanActivate, type ExecutionContext, type Type } from '@nestjs/common';
import { hasPermission, type Caller } from '@appgen/contracts';
import type { AccessRule } from './access.decorators';
import { accessRuleOf } from './access-rules';
import { requestAuth, type RequestAuth } from './request-auth';
import { AppgenError } from '@appgen/service-kit';

/**
 * A route's access rule applied to the credential the request gate resolved: null for a public route, otherwise the
 * caller it admits; 401 without a valid credential, 403 naming the permission it lacks. AccessGuard, and the routes
 * served without Nest's router (http/direct-routes.ts).
 */
export function admittedCaller(rule: AccessRule, auth: RequestAuth | undefined): Caller | null {
  if (rule.kind === 'public') return null;
  if (!auth || auth.caller === null) throw AppgenError.of('unauthorized', auth?.reason ?? 'Authentication required');
  if (rule.kind === 'permission' && !hasPermission(auth.caller.grants, rule.permission)) {
    throw AppgenError.of('forbidden', `This credential lacks the ${rule.permission} permission`);
  }
  return auth.caller;
}

/**
 * Applies each route's access rule to the credential the request gate resolved: 401 without a
 * valid one, 403 naming the permission it lacks. Runs after the rate limit (decided in the gate).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const rule = accessRuleOf(context.getClass<Type>(), context.getHandler());
    // The boot check makes a missing rule impossible; should one slip through, refuse rather than serve.
    if (!rule) throw new Error(`${context.getClass().name}.${context.getHandler().name} has no access rule`);
    if (rule.kind !== 'public') admittedCaller(rule, requestAuth(context.switchToHttp().getRequest<object>()));
    return true;
  }
}
