import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Caller } from '@appgen/contracts';
import { requestAuth, type ResolvedCredential } from './request-auth';
import { AppgenError } from '@appgen/service-kit';

/** CurrentCaller's value; the routes served without Nest's router (http/direct-routes.ts) know the decorator by it. */
export const currentCallerOf = (_data: unknown, context: ExecutionContext): Caller => resolvedOf(context).caller;

/** The authenticated caller of a route guarded by @Authenticated() or @RequirePermission(). */
export const CurrentCaller = createParamDecorator(currentCallerOf);

/** The caller with how it authenticated (which kind of credential, the OAuth client). */
export const CurrentCredential = createParamDecorator((_data: unknown, context: ExecutionContext): ResolvedCredential => resolvedOf(context));

function resolvedOf(context: ExecutionContext): ResolvedCredential {
  const auth = requestAuth(context.switchToHttp().getRequest<object>());
  if (!auth || auth.caller === null) throw AppgenError.of('unauthorized', 'Authentication required');
  return auth;
}
