import { HttpException } from '@nestjs/common';
import { ERROR_CODES, type ErrorBody, type ErrorCode, type FieldError } from '@appgen/contracts';

/**
 * A failure the gateway itself answers (authentication, permission, rate limit, validation),
 * carrying the public body. Extends HttpException so Nest treats it as an expected outcome.
 */
export class ApiError extends HttpException {
  readonly body: ErrorBody;

  constructor(code: ErrorCode, message: string, extra: Omit<ErrorBody, 'error' | 'message'> = {}) {
    const body: ErrorBody = { error: code, message, ...extra };
    super(body, ERROR_CODES[code]);
    this.body = body;
  }

  static validation(errors: FieldError[]): ApiError {
    return new ApiError('validation_failed', errors.map((e) => `${e.field} ${e.message}`).join('; '), { errors });
  }
}
