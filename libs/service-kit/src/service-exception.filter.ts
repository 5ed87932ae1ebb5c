import { Catch, Logger, type ArgumentsHost } from '@nestjs/common';
import { BaseRpcExceptionFilter } from '@nestjs/microservices';
import type { Observable } from 'rxjs';
import { AppgenError } from './appgen-error';
import { isDatabaseUnavailable } from './postgres-errors';

/**
 * Every service's answer to a handler's failure: Nest's own (an AppgenError as its status and body, anything else a
 * logged 500), except that a database out of reach (restarting, down) is a 503 the caller may retry, as it is not
 * the request's fault.
 */
@Catch()
export class ServiceExceptionFilter extends BaseRpcExceptionFilter {
  private readonly log = new Logger('ServiceExceptionFilter');

  override catch(exception: unknown, host: ArgumentsHost): Observable<unknown> {
    if (isDatabaseUnavailable(exception)) {
      this.log.warn(`the database is out of reach: ${exception instanceof Error ? exception.message : String(exception)}`);
      return super.catch(AppgenError.of('service_unavailable', 'The service cannot reach its database right now; try again shortly'), host);
    }
    return super.catch(exception, host);
  }
}
