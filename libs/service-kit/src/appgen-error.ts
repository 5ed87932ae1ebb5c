import { RpcException } from '@nestjs/microservices';
import { ERROR_CODES, type ErrorBody, type ErrorCode, type FieldError, type ServiceErrorPayload } from '@appgen/contracts';

/**
 * The one failure type of appgen: what a service's handler or the gateway throws when a request cannot be
 * served. It carries the public status and body (`{error, message, ...}`, the code's status from
 * ERROR_CODES); the body travels over NATS unchanged and the gateway answers with it. It is an RpcException so
 * Nest's RPC layer sends its payload as the error reply; the gateway's exception filter maps it to HTTP.
 */
export class AppgenError extends RpcException {
  private constructor(readonly payload: ServiceErrorPayload) {
    super(payload);
  }

  get status(): number {
    return this.payload.status;
  }

  get body(): ErrorBody {
    return this.payload.body;
  }

  static of(code: ErrorCode, message: string, extra: Omit<ErrorBody, 'error' | 'message'> = {}): AppgenError {
    // `error` and `message` lead the body as clients read it, and no extra field may replace them.
    const body: ErrorBody = Object.assign({ error: code, message }, extra, { error: code, message });
    return new AppgenError({ status: ERROR_CODES[code], body });
  }

  /** Re-raises a failure received from another service as it was. */
  static fromPayload(payload: ServiceErrorPayload): AppgenError {
    return new AppgenError(payload);
  }

  static notFound(resource: string, id: string | number): AppgenError {
    return AppgenError.of('not_found', `${resource} ${id} was not found`);
  }

  static validation(errors: FieldError[]): AppgenError {
    const message = errors.map((e) => `${e.field} ${e.message}`).join('; ');
    return AppgenError.of('validation_failed', message, { errors });
  }
}
