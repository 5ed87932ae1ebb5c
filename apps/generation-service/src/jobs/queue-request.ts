import { modelProblem, type QueueGenerationRequest } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';

export interface QueueInput {
  prompt: string;
  appId?: string;
  name?: string;
  callbackUrl?: string;
  aiModel?: string;
  metadata: Record<string, unknown>;
  visibility?: QueueGenerationRequest['visibility'];
  description?: string;
}

/**
 * A queue request as the job needs it. Its shape, limits and characters were checked against
 * QueueGenerationRequest before the handler ran (service-kit checks every message against its contract); what
 * no schema can know is which models this server offers, which depends on its configuration (422 listing them).
 */
export function readQueueRequest(request: QueueGenerationRequest, offeredModels: readonly string[]): QueueInput {
  const problem = request.ai_model === undefined ? null : modelProblem(request.ai_model, offeredModels);
  if (problem) throw AppgenError.validation([{ field: 'ai_model', message: problem }]);
  return {
    prompt: request.prompt,
    appId: request.app_id,
    name: request.name,
    callbackUrl: request.callback_url,
    aiModel: request.ai_model,
    metadata: request.metadata ?? {},
    visibility: request.visibility,
    description: request.description,
  };
}
