import { Catch, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { failureDetail, toErrorResponse } from './error-response';

/**
 * The one place every failure becomes a response: route handlers, guards and pipes, and (through
 * Nest's Fastify error and not-found handlers) body parsing, hooks and unknown routes.
 */
/** The parts of Fastify's request and reply the filter uses. */
export interface FailedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}
export interface ErrorReply {
  header(name: string, value: string): unknown;
  status(code: number): { send(body: unknown): unknown };
}

/** Seconds a client should wait before retrying when a service behind the gateway is down. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = '5';

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Gateway');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    this.answer(exception, http.getRequest<FailedRequest>(), http.getResponse<ErrorReply>());
  }

  /** The failure's answer; also called by the routes served without Nest's router (http/direct-routes.ts). */
  answer(exception: unknown, request: FailedRequest, reply: ErrorReply): void {
    const route = `${request.method} ${request.url.split('?')[0]}`;
    const { status, body, unexpected } = toErrorResponse(exception, route);
    if (unexpected) {
      this.logger.error(`${route} failed: ${failureDetail(exception)}`);
    }
    // RFC 9110: a 401 names the scheme to authenticate with; a 503 says when to come back.
    if (status === 401) reply.header('WWW-Authenticate', this.authenticationChallenge(request));
    if (status === 503) reply.header('Retry-After', UNAVAILABLE_RETRY_AFTER_SECONDS);
    reply.status(status).send(body);
  }

  /** The `WWW-Authenticate` value of a 401. */
  protected authenticationChallenge(_request: FailedRequest): string {
    return 'Bearer realm="appgen"';
  }
}
