import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import type { FieldError } from '@appgen/contracts';
import { AppgenError, findUnstorable } from '@appgen/service-kit';

/**
 * What every request's input must be before its route's schema looks at it (ContractPipe, contract-input.ts):
 * a body is a JSON object; no text Postgres cannot store as sent, and no nesting past the limit (findUnstorable,
 * the gateway's one walk of a body). A top-level `null` is the route's pipe's to refuse (refuseNullFields), after
 * it has answered a required field that is null as missing. Path parameters are left to their own pipes, since a
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
    return value;
  }
}

/** What a path parameter must be: no stored id contains a NUL byte, and Postgres refuses one in text, so such an id names nothing. */
export function pathParameter(value: unknown): unknown {
  if (typeof value === 'string' && value.includes('\u0000')) throw AppgenError.of('not_found', 'The requested resource was not found');
  return value;
}

/**
 * Refuses `null` for a top-level field of a body (422): every column behind these fields is NOT NULL, and a
 * schema's "must be a string" would not say what to do; leave a field out to keep it.
 */
export function refuseNullFields(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const refused: FieldError[] = Object.entries(body)
    .filter(([, fieldValue]) => fieldValue === null)
    .map(([field]) => ({ field, message: 'must not be null; leave it out instead' }));
  if (refused.length > 0) throw AppgenError.validation(refused);
}
