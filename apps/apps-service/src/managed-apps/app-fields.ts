import {
  APP_VISIBILITIES,
  checkText,
  TEXT_LIMITS,
  type AppVisibility,
  type FieldError,
  type OfferedModelsCheck,
} from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';

/** The fields of an app a request may set: on creation, and (all but the prompt) in an update. */
export interface AppFieldsInput {
  name?: unknown;
  description?: unknown;
  prompt?: unknown;
  ai_model?: unknown;
  visibility?: unknown;
}

export interface AppFields {
  name?: string;
  description?: string;
  prompt?: string;
  ai_model?: string;
  visibility?: AppVisibility;
}

/**
 * Checks an app's fields with the gateway's limits and characters (TEXT_LIMITS), because generation-service
 * creates and renames apps too, and `ai_model` against the models generation-service offers. Absent fields
 * stay absent; the name is trimmed as the gateway trims it. Every problem is listed in one 422.
 */
export async function readAppFields(input: AppFieldsInput, models: OfferedModelsCheck): Promise<AppFields> {
  const errors: FieldError[] = [];
  const fields: AppFields = {};
  const text = (field: keyof AppFieldsInput, value: unknown, limit: (typeof TEXT_LIMITS)[keyof typeof TEXT_LIMITS]): string | undefined => {
    if (value === undefined) return undefined;
    const problem = checkText(field, value, limit);
    if (problem) errors.push(problem);
    return problem === null && typeof value === 'string' ? value : undefined;
  };
  fields.name = text('name', typeof input.name === 'string' ? input.name.trim() : input.name, TEXT_LIMITS.appName);
  fields.description = text('description', input.description, TEXT_LIMITS.appDescription);
  fields.prompt = text('prompt', input.prompt, TEXT_LIMITS.prompt);
  fields.ai_model = text('ai_model', input.ai_model, TEXT_LIMITS.aiModel);
  if (fields.ai_model !== undefined) {
    const problem = await models.problem(fields.ai_model);
    if (problem) errors.push({ field: 'ai_model', message: problem });
  }
  if (input.visibility !== undefined) {
    const visibility = APP_VISIBILITIES.find((candidate) => candidate === input.visibility);
    if (visibility) fields.visibility = visibility;
    else errors.push({ field: 'visibility', message: `must be one of ${APP_VISIBILITIES.join(', ')}` });
  }
  if (errors.length > 0) throw AppgenError.validation(errors);
  return fields;
}
