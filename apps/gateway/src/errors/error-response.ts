import { HttpException } from '@nestjs/common';
import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  /** True when nothing anticipated this failure: it deserves a log line with its stack. */
  unexpected: boolean;
}

export const INTERNAL_ERROR_BODY: ErrorBody = { error: 'internal_error', message: 'An unexpected error occurred' };

/** The code of each status the gateway can answer without a more specific one (first code wins). */
const CODE_BY_STATUS = new Map<number, ErrorCode>();
for (const [code, status] of Object.entries(ERROR_CODES) as Array<[ErrorCode, number]>) {
  if (!CODE_BY_STATUS.has(status)) CODE_BY_STATUS.set(status, code);
}

/** Public messages for failures Nest or Fastify raise before a handler runs; their own texts are not for clients. */
function frameworkMessage(status: number, route: string): string {
  switch (status) {
    case 404:
      return `No route matches ${route}`;
    case 405:
      return `${route} is not allowed`;
    case 413:
      return 'The request body is larger than 1 MB';
    case 415:
      return 'Request bodies must be JSON (Content-Type: application/json)';
    case 400:
      return 'The request is malformed';
    default:
      return 'The request could not be handled';
  }
}

/**
 * Maps anything thrown while handling a request to the public `{error, message}` response:
 * the gateway's own errors and other services' failures as they are, framework rejections of
 * malformed requests by their status, and anything else as a 500 that reveals nothing.
 * `route` is "METHOD /path", for messages about unknown routes.
 */
export function toErrorResponse(exception: unknown, route: string): ErrorResponse {
  if (exception instanceof AppgenError) {
    const { status, body } = exception.payload;
    return { status, body, unexpected: status >= 500 && status !== 503 && status !== 504 };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const code = CODE_BY_STATUS.get(status);
    if (code && status < 500) return { status, body: { error: code, message: frameworkMessage(status, route) }, unexpected: false };
  }
  return { status: 500, body: INTERNAL_ERROR_BODY, unexpected: true };
}

/** What the log says of an unexpected failure: its stack, where it has one. */
export function failureDetail(exception: unknown): string {
  return exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
}
