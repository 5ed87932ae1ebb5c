import { applyDecorators, Injectable, UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { AppgenError } from '@appgen/service-kit';

/**
 * Refuses fields sent to a route that takes no body, as unknown fields are refused everywhere (422):
 * a caller sending `{"secret": ...}` to the rotate route must not believe it chose the secret.
 */
@Injectable()
export class RefuseBodyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const body: unknown = context.switchToHttp().getRequest<{ body?: unknown }>().body;
    if (body !== undefined && body !== null) {
      const fields = typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : ['body'];
      if (fields.length > 0) {
        throw AppgenError.validation(fields.map((field) => ({ field, message: 'is not accepted: this route takes no body' })));
      }
    }
    return next.handle();
  }
}

/** The route takes no body: any field sent is a 422 naming it (an empty object or no body passes). */
export function TakesNoBody(): MethodDecorator {
  return applyDecorators(UseInterceptors(RefuseBodyInterceptor));
}
