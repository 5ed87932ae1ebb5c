import type { AppVisibility, OfferedModelsCheck } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';

/** The fields of an app a request may set: on creation, and (all but the prompt) in an update. */
export interface AppFields {
  name?: string;
  description?: string;
  prompt?: string;
  ai_model?: string;
  visibility?: AppVisibility;
}

/**
 * An app's fields as a request sets them. Their limits, characters and trimming were checked against the
 * subject's schema before the handler ran (CreateAppRequest, UpdateAppRequest); what no schema can know is
 * which models generation-service offers, asked here (422 listing them).
 */
export async function readAppFields(input: AppFields, models: OfferedModelsCheck): Promise<AppFields> {
  const problem = input.ai_model === undefined ? null : await models.problem(input.ai_model);
  if (problem) throw AppgenError.validation([{ field: 'ai_model', message: problem }]);
  const { name, description, prompt, ai_model, visibility } = input;
  return { name, description, prompt, ai_model, visibility };
}
