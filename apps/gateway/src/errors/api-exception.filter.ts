import { Catch, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { toErrorResponse } from './error-response';

/**
 * The one place every failure becomes a response: route handlers, guards and pipes, and (through
 * Nest's Fastify error and not-found handlers) body parsing, hooks and unknown routes.
 */
/** The parts of Fastify's request and reply the filter uses. */
interface FailedRequest {
  method: string;
  url: string;
}
interface ErrorReply {
  status(code: number): { send(body: unknown): unknown };
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Gateway');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FailedRequest>();
    const reply = http.getResponse<ErrorReply>();
    const route = `${request.method} ${request.url.split('?')[0]}`;
    const { status, body, unexpected } = toErrorResponse(exception, route);
    if (unexpected) {
      const detail = exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
      this.logger.error(`${route} failed: ${detail}`);
    }
    reply.status(status).send(body);
  }
}
