import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { ApiError } from '../errors/api-error';
import { toFieldErrors } from '../errors/validation-errors';
import { codedFailure } from './required-with-code';

/**
 * Validates bodies and query strings against their DTO classes: unknown fields are refused (422
 * naming them), values are transformed (trimmed names, capped per_page). A field declared with
 * @RequiredWithCode answers its absence with its own code (400 missing_prompt). Path parameters are left to
 * their own pipes, since a malformed id is a 404, not a 422.
 */
export class ApiValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      forbidUnknownValues: true,
      // One message per field: the first rule it breaks (type checks are declared closest to the property).
      stopAtFirstError: true,
      exceptionFactory: (errors) => codedFailure(errors) ?? ApiError.validation(toFieldErrors(errors)),
    });
  }

  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'param') return Promise.resolve(value);
    if (metadata.type === 'body' && value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      return Promise.reject(ApiError.validation([{ field: 'body', message: 'must be a JSON object' }]));
    }
    return super.transform(value, metadata);
  }
}
