import { Injectable, type CanActivate, type ExecutionContext, type Type } from '@nestjs/common';
import { hasPermission } from '@appgen/contracts';
import { accessRuleOf } from './access-rules';
import { requestAuth } from './request-auth';
import { AppgenError } from '@appgen/service-kit';

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
    if (rule.kind === 'public') return true;
    const auth = requestAuth(context.switchToHttp().getRequest<object>());
    if (!auth || auth.caller === null) throw AppgenError.of('unauthorized', auth?.reason ?? 'Authentication required');
    if (rule.kind === 'permission' && !hasPermission(auth.caller.grants, rule.permission)) {
      throw AppgenError.of('forbidden', `This credential lacks the ${rule.permission} permission`);
    }
    return true;
  }
}
