import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import type { FieldError } from '@appgen/contracts';
import { findUnstorable, AppgenError } from '@appgen/service-kit';
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
      exceptionFactory: (errors) => codedFailure(errors) ?? AppgenError.validation(toFieldErrors(errors)),
    });
  }

  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'param') {
      // No stored id contains a NUL byte, and Postgres refuses one in text: such an id names nothing.
      if (typeof value === 'string' && value.includes('\u0000')) {
        return Promise.reject(AppgenError.of('not_found', 'The requested resource was not found'));
      }
      return Promise.resolve(value);
    }
    if (metadata.type === 'body' && value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      return Promise.reject(AppgenError.validation([{ field: 'body', message: 'must be a JSON object' }]));
    }
    if (metadata.type === 'body' || metadata.type === 'query') {
      // Before class-transformer, which walks the value recursively and would overflow on deep nesting; this
      // is the gateway's one walk for it (ServiceKitModule leaves NoNulPipe out here).
      const unstorable = findUnstorable(value);
      if (unstorable) return Promise.reject(AppgenError.validation([unstorable]));
      const refused = refusedValues(value);
      if (refused.length > 0) return Promise.reject(AppgenError.validation(refused));
    }
    // A parameter typed by a contracts schema (not a class) is validated by its own ContractPipe, which runs next.
    if (typeof metadata.metatype !== 'function') return Promise.resolve(value);
    return super.transform(value, metadata);
  }
}

/**
 * Values no field accepts, whatever its DTO says: `null` for a top-level field (class-validator's
 * @IsOptional lets it through, and every column behind these fields is NOT NULL; leave a field out to keep
 * it). Text Postgres cannot store as sent, and nesting past the limit, are refused before these by
 * findUnstorable (service-kit), the same check every other service's NoNulPipe makes.
 */
function refusedValues(value: unknown): FieldError[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value)
    .filter(([, fieldValue]) => fieldValue === null)
    .map(([field]) => ({ field, message: 'must not be null; leave it out instead' }));
}
