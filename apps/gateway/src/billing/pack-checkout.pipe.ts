import type { PipeTransform } from '@nestjs/common';
import { CREDIT_PACK_NAMES, CreditPackCheckoutBody, validate } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';

const ALLOWED = CREDIT_PACK_NAMES.join(', ');

/**
 * POST /credit_packs/checkout's body against its schema, answering a missing or unknown `pack_name` as
 * decisions.md says: 422 `unknown_pack` with `errors` and the `allowed` names, so a client can correct itself.
 * Anything else wrong (an unknown field) is the usual 422 `validation_failed`.
 */
export class PackCheckoutPipe implements PipeTransform {
  transform(value: unknown): CreditPackCheckoutBody {
    const body = withoutNullPackName(value === undefined ? {} : value);
    const result = validate(CreditPackCheckoutBody, body);
    if (result.ok) return result.value;
    const packErrors = result.errors.filter((error) => error.field === 'pack_name');
    if (packErrors.length === 0) throw AppgenError.validation(result.errors);
    const given = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['pack_name'] : undefined;
    const message =
      given === undefined
        ? `pack_name is required: one of ${ALLOWED}`
        : `${typeof given === 'string' ? `"${given.slice(0, 100)}"` : 'That'} is not a credit pack: pack_name is one of ${ALLOWED}`;
    throw AppgenError.of('unknown_pack', message, { errors: result.errors, allowed: [...CREDIT_PACK_NAMES] });
  }
}

/** `"pack_name": null` names no pack: it is missing, answered as such (the one field here is never nullable). */
function withoutNullPackName(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || (value as Record<string, unknown>)['pack_name'] !== null) return value;
  const { pack_name: _missing, ...rest } = value as Record<string, unknown>;
  return rest;
}
