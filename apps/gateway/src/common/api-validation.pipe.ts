import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import type { FieldError } from '@appgen/contracts';
import { AppgenError, findUnstorable } from '@appgen/service-kit';

/**
 * What every request's input must be before its route's schema looks at it (ContractPipe, contract-input.ts):
 * a body is a JSON object; no text Postgres cannot store as sent, and no nesting past the limit (findUnstorable,
 * the gateway's one walk of a body); no top-level `null`. Path parameters are left to their own pipes, since a
 * malformed id is a 404, not a 422.
 */
export class ApiValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'param') return pathParameter(value);
    if (metadata.type !== 'body') return value;
    if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      throw AppgenError.validation([{ field: 'body', message: 'must be a JSON object' }]);
    }
    const unstorable = findUnstorable(value);
    if (unstorable) throw AppgenError.validation([unstorable]);
    const refused = refusedValues(value);
    if (refused.length > 0) throw AppgenError.validation(refused);
    return value;
  }
}

/** What a path parameter must be: no stored id contains a NUL byte, and Postgres refuses one in text, so such an id names nothing. */
export function pathParameter(value: unknown): unknown {
  if (typeof value === 'string' && value.includes('\u0000')) throw AppgenError.of('not_found', 'The requested resource was not found');
  return value;
}

/**
 * `null` for a top-level field: every column behind these fields is NOT NULL, and a schema's "must be a string"
 * would not say what to do; leave a field out to keep it.
 */
function refusedValues(value: unknown): FieldError[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value)
    .filter(([, fieldValue]) => fieldValue === null)
    .map(([field]) => ({ field, message: 'must not be null; leave it out instead' }));
}
