import type { ValidationError } from 'class-validator';
import { ValidateBy } from 'class-validator';
import { ERROR_CODES, type ErrorCode } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';

const PREFIX = 'requiredWithCode:';

/**
 * A required field whose absence the contract answers with its own error code instead of 422
 * (a missing `prompt` on POST /generation_queue is 400 `missing_prompt`). Missing, null and blank
 * strings count as absent; a present value of the wrong type is still an ordinary 422.
 * Declare it closest to the property so it is checked first.
 */
export function RequiredWithCode(code: ErrorCode, message: string): PropertyDecorator {
  return ValidateBy({
    name: `${PREFIX}${code}`,
    validator: {
      validate: (value: unknown) => value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === ''),
      defaultMessage: () => message,
    },
  });
}

/** The coded failure among top-level validation errors, if a @RequiredWithCode field is absent. */
export function codedFailure(errors: readonly ValidationError[]): AppgenError | null {
  for (const error of errors) {
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
      if (!constraint.startsWith(PREFIX)) continue;
      const code = constraint.slice(PREFIX.length);
      if (code in ERROR_CODES) return AppgenError.of(code as ErrorCode, message);
    }
  }
  return null;
}
