import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Caller } from '@appgen/contracts';
import { ApiError } from '../errors/api-error';
import { requestAuth } from './request-auth';

/** The authenticated caller of a route guarded by @Authenticated() or @RequirePermission(). */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const auth = requestAuth(context.switchToHttp().getRequest<object>());
  if (!auth || auth.caller === null) throw new ApiError('unauthorized', 'Authentication required');
  return auth.caller;
});
