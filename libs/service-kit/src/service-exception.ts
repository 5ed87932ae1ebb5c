import { RpcException } from '@nestjs/microservices';
import { ERROR_CODES, type ErrorBody, type ErrorCode, type FieldError, type ServiceErrorPayload } from '@appgen/contracts';

/**
 * A failure a handler reports to its caller: the status and public body travel over NATS and the
 * gateway answers with them unchanged.
 */
export class ServiceException extends RpcException {
  private constructor(readonly payload: ServiceErrorPayload) {
    super(payload);
  }

  static of(code: ErrorCode, message: string, extra: Omit<ErrorBody, 'error' | 'message'> = {}): ServiceException {
    return new ServiceException({ status: ERROR_CODES[code], body: { ...extra, error: code, message } });
  }

  /** Re-raises a failure received from another service as it was. */
  static fromPayload(payload: ServiceErrorPayload): ServiceException {
    return new ServiceException(payload);
  }

  static notFound(resource: string, id: string | number): ServiceException {
    return ServiceException.of('not_found', `${resource} ${id} was not found`);
  }

  static validation(errors: FieldError[]): ServiceException {
    const message = errors.map((e) => `${e.field} ${e.message}`).join('; ');
    return ServiceException.of('validation_failed', message, { errors });
  }
}
