import {
  APP_ID_MAX_LENGTH,
  APP_VISIBILITIES,
  checkText,
  metadataProblem,
  modelProblem,
  TEXT_LIMITS,
  textProblem,
  type FieldError,
  type QueueGenerationRequest,
  type TextLimit,
} from '@appgen/contracts';
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

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Checks a queue request field by field, with the limits the gateway applies (TEXT_LIMITS), since other
 * services queue too. A missing prompt is the gateway's 400; whatever still reaches here invalid (empty after
 * trimming, too long, a control character, a model this server does not offer) is a 422 listing every problem.
 */
export function readQueueRequest(request: QueueGenerationRequest, offeredModels: readonly string[]): QueueInput {
  const errors: FieldError[] = [];
  /** The trimmed value when it passes `limit`; absent (undefined or null) stays absent. */
  const optionalText = (field: string, value: unknown, limit: TextLimit): string | undefined => {
    if (value === undefined || value === null) return undefined;
    const text = typeof value === 'string' ? value.trim() : value;
    const problem = checkText(field, text, limit);
    if (problem) errors.push(problem);
    return problem || typeof text !== 'string' ? undefined : text;
  };

  let prompt = '';
  const promptProblem = typeof request.prompt === 'string' ? textProblem(request.prompt.trim(), TEXT_LIMITS.prompt) : 'must describe the app (a non-empty string)';
  if (promptProblem) errors.push({ field: 'prompt', message: promptProblem === 'must not be empty' ? 'must describe the app (a non-empty string)' : promptProblem });
  else prompt = request.prompt.trim();

  const appId = optionalText('app_id', request.app_id, { min: 1, max: APP_ID_MAX_LENGTH, lines: 'single' });
  const name = optionalText('name', request.name, TEXT_LIMITS.appName);
  const aiModel = optionalText('ai_model', request.ai_model, TEXT_LIMITS.aiModel);
  if (aiModel !== undefined) {
    const problem = modelProblem(aiModel, offeredModels);
    if (problem) errors.push({ field: 'ai_model', message: problem });
  }
  let description: string | undefined;
  if (request.description !== undefined) {
    const problem = checkText('description', request.description, TEXT_LIMITS.appDescription);
    if (problem) errors.push(problem);
    else description = request.description;
  }

  const callbackUrl = optionalText('callback_url', request.callback_url, TEXT_LIMITS.url);
  if (callbackUrl !== undefined && !isHttpUrl(callbackUrl)) errors.push({ field: 'callback_url', message: 'must be an http or https URL' });

  let metadata: Record<string, unknown> = {};
  if (request.metadata !== undefined && request.metadata !== null) {
    const problem = metadataProblem(request.metadata);
    if (problem) errors.push({ field: 'metadata', message: problem });
    else metadata = request.metadata;
  }

  if (request.visibility !== undefined && !(APP_VISIBILITIES as readonly string[]).includes(request.visibility)) {
    errors.push({ field: 'visibility', message: `must be one of ${APP_VISIBILITIES.join(', ')}` });
  }

  if (errors.length > 0) throw AppgenError.validation(errors);
  return { prompt, appId, name, callbackUrl, aiModel, metadata, visibility: request.visibility, description };
}
