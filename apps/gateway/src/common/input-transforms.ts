import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { normalizeEmail } from '@appgen/contracts';

/** Trims surrounding whitespace from a string field, before its length is validated. */
export function Trimmed(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
}

/** An e-mail address as users-service accepts it (same predicate, from contracts), at most 254 characters. */
export function IsAccountEmail(): PropertyDecorator {
  return ValidateBy({
    name: 'isAccountEmail',
    validator: {
      validate: (value: unknown) => normalizeEmail(value) !== null,
      defaultMessage: (args) => `${args?.property ?? 'email'} must be a valid e-mail address of at most 254 characters`,
    },
  });
}
