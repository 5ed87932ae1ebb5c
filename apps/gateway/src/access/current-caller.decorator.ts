import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Caller } from '@appgen/contracts';
import { requestAuth } from './request-auth';
import { AppgenError } from '@appgen/service-kit';

/** The authenticated caller of a route guarded by @Authenticated() or @RequirePermission(). */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const auth = requestAuth(context.switchToHttp().getRequest<object>());
  if (!auth || auth.caller === null) throw AppgenError.of('unauthorized', 'Authentication required');
  return auth.caller;
});
