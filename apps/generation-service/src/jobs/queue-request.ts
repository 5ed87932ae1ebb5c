import { APP_VISIBILITIES, type FieldError, type QueueGenerationRequest } from '@appgen/contracts';
import { ServiceException } from '@appgen/service-kit';

export const PROMPT_MAX_LENGTH = 10_000;
export const METADATA_MAX_BYTES = 16_384;
const NAME_MAX_LENGTH = 100;
const MODEL_MAX_LENGTH = 100;
const URL_MAX_LENGTH = 2048;

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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
 * Checks a queue request field by field. A missing prompt is the gateway's 400; whatever still reaches
 * here invalid (empty after trimming, too long, wrong type) is a 422 listing every problem.
 */
export function readQueueRequest(request: QueueGenerationRequest): QueueInput {
  const errors: FieldError[] = [];
  const optionalText = (field: string, value: unknown, max: number): string | undefined => {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string' || !value.trim()) errors.push({ field, message: 'must be a non-empty string' });
    else if (value.trim().length > max) errors.push({ field, message: `must be at most ${max} characters` });
    else return value.trim();
    return undefined;
  };

  let prompt = '';
  if (typeof request.prompt !== 'string' || !request.prompt.trim()) errors.push({ field: 'prompt', message: 'must describe the app (a non-empty string)' });
  else if (request.prompt.trim().length > PROMPT_MAX_LENGTH) errors.push({ field: 'prompt', message: `must be at most ${PROMPT_MAX_LENGTH} characters` });
  else prompt = request.prompt.trim();

  const appId = optionalText('app_id', request.app_id, 64);
  const name = optionalText('name', request.name, NAME_MAX_LENGTH);
  const aiModel = optionalText('ai_model', request.ai_model, MODEL_MAX_LENGTH);
  const description = request.description === undefined ? undefined : typeof request.description === 'string' ? request.description : undefined;
  if (request.description !== undefined && typeof request.description !== 'string') errors.push({ field: 'description', message: 'must be a string' });

  const callbackUrl = optionalText('callback_url', request.callback_url, URL_MAX_LENGTH);
  if (callbackUrl !== undefined && !isHttpUrl(callbackUrl)) errors.push({ field: 'callback_url', message: 'must be an http or https URL' });

  let metadata: Record<string, unknown> = {};
  if (request.metadata !== undefined && request.metadata !== null) {
    if (!isPlainObject(request.metadata)) errors.push({ field: 'metadata', message: 'must be a JSON object' });
    else if (Buffer.byteLength(JSON.stringify(request.metadata)) > METADATA_MAX_BYTES) {
      errors.push({ field: 'metadata', message: `must be at most ${METADATA_MAX_BYTES / 1024} KB as JSON` });
    } else metadata = request.metadata;
  }

  if (request.visibility !== undefined && !(APP_VISIBILITIES as readonly string[]).includes(request.visibility)) {
    errors.push({ field: 'visibility', message: `must be one of ${APP_VISIBILITIES.join(', ')}` });
  }

  if (errors.length > 0) throw ServiceException.validation(errors);
  return { prompt, appId, name, callbackUrl, aiModel, metadata, visibility: request.visibility, description };
}
