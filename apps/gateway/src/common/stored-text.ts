import { ValidateBy } from 'class-validator';
import { metadataProblem, textProblem, type TextLimit } from '@appgen/contracts';

/**
 * A stored text field under its limit of `TEXT_LIMITS` (`@appgen/contracts`): a string, within the limit's
 * length in characters, and free of the control and bidi characters its kind refuses. The message is the
 * owning service's, so the gateway and the service word a refusal the same way. Declare it closest to the
 * property (after @Trimmed where the field is trimmed), in place of @IsString and @Length.
 */
export function IsStoredText(limit: TextLimit): PropertyDecorator {
  return ValidateBy({
    name: 'isStoredText',
    validator: {
      validate: (value: unknown) => textProblem(value, limit) === null,
      defaultMessage: (args) => textProblem(args?.value, limit) ?? 'is not valid text',
    },
  });
}

/** A generation's `metadata`: a JSON object within METADATA_LIMITS (keys, size as JSON). */
export function IsMetadata(): PropertyDecorator {
  return ValidateBy({
    name: 'isMetadata',
    validator: {
      validate: (value: unknown) => metadataProblem(value) === null,
      defaultMessage: (args) => metadataProblem(args?.value) ?? 'is not valid metadata',
    },
  });
}
