import type { AppStatus, AppSummary, AppVisibility } from './apps.contract';
import type { CallerRequest } from './caller';
import type { EventKind } from './events';
import type { Rpc } from './rpc';

/** Subjects answered by generation-service (queue group `generation-service`). */
export const GenerationSubjects = {
  queue: 'generation.jobs.queue',
  get: 'generation.jobs.get',
  cancel: 'generation.jobs.cancel',
  /** the newest job of an app, for GET /managed_apps/:id/status */
  latestForApp: 'generation.jobs.latest_for_app',
  /** the models callers may name in `ai_model`; the gateway and apps-service ask it and keep the answer briefly */
  offeredModels: 'generation.models.offered',
} as const;

export const GENERATION_JOB_STATUSES = ['queued', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type GenerationJobStatus = (typeof GENERATION_JOB_STATUSES)[number];

/** The contract's coarse checkpoints: queued, executing, planning, generating, processing, complete. */
export const GENERATION_PROGRESS = { queued: 5, executing: 10, planning: 25, generating: 50, processing: 75, complete: 100 } as const;

export const GENERATORS = ['blueprint', 'openai'] as const;
export type GeneratorName = (typeof GENERATORS)[number];

/**
 * The built-in generator: always offered, whatever the configuration, so naming it needs no question to
 * generation-service; also the model an app records when created without one.
 */
export const BUILTIN_MODEL: GeneratorName = 'blueprint';

/** How long an asker of `offeredModels` may keep the answer (it changes only when generation-service restarts). */
export const OFFERED_MODELS_TTL_MS = 30_000;

export interface OfferedModelsResponse {
  /** every value `ai_model` may take on this server, the built-in `blueprint` first */
  models: string[];
}

/** Why `model` cannot be an `ai_model` here (it is not among `offered`), or null when it can. */
export function modelProblem(model: string, offered: readonly string[]): string | null {
  return offered.includes(model) ? null : `must be a model this server offers: ${offered.join(', ')}`;
}

/**
 * The asking side of `offeredModels` (the gateway, apps-service): checks an `ai_model` against the answer,
 * kept OFFERED_MODELS_TTL_MS; `blueprint` is known without asking, and concurrent checks share one question.
 * `ask` sends the request; its failure (generation-service unreachable) is the check's failure.
 */
export class OfferedModelsCheck {
  private known: { models: readonly string[]; until: number } | null = null;
  private asking: Promise<readonly string[]> | null = null;

  constructor(
    private readonly ask: () => Promise<OfferedModelsResponse>,
    private readonly now: () => number = Date.now,
  ) {}

  async problem(model: string): Promise<string | null> {
    if (model === BUILTIN_MODEL) return null;
    return modelProblem(model, await this.models());
  }

  private models(): Promise<readonly string[]> {
    if (this.known && this.known.until > this.now()) return Promise.resolve(this.known.models);
    this.asking ??= this.ask()
      .then(({ models }) => {
        this.known = { models, until: this.now() + OFFERED_MODELS_TTL_MS };
        return models;
      })
      .finally(() => {
        this.asking = null;
      });
    return this.asking;
  }
}

export interface QueueGenerationRequest extends CallerRequest {
  prompt: string;
  /** update this app instead of creating one */
  app_id?: string;
  name?: string;
  callback_url?: string;
  ai_model?: string;
  metadata?: Record<string, unknown>;
  /** for a new app (POST /managed_apps with a prompt) */
  visibility?: AppVisibility;
  description?: string;
}

/** 202 body of POST /generation_queue (contract 4.1), plus the app for POST /managed_apps. */
export interface QueueGenerationResponse {
  job_id: string;
  app_id: string;
  message_id: number;
  status: 'queued';
  estimated_time_seconds: number;
  webhook_events: EventKind[];
  status_url: string;
  app_url: string;
  app: AppSummary;
}

/**
 * How the job's `callback_url` was told of its outcome: `waiting` until the job finishes, then `pending` while
 * it is sent or retried, `succeeded` once the receiver answered 2xx, `failed` when every retry failed or the
 * address was refused.
 */
export const CALLBACK_STATUSES = ['waiting', 'pending', 'succeeded', 'failed'] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

export interface GenerationCallbackView {
  url: string;
  status: CallbackStatus;
  delivered: boolean;
  attempts: number;
  response_status: number | null;
  error: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
}

/** The Generation job resource (contract section 2), as GET /generation_queue/:id shows it. */
export interface GenerationJobView {
  job_id: string;
  app_id: string;
  message_id: number;
  status: GenerationJobStatus;
  progress: number;
  message: string;
  app: {
    id: string;
    name: string;
    status: AppStatus;
    preview_url: string | null;
    production_url: string | null;
    created_at: string;
  };
  started_at: string | null;
  completed_at: string | null;
  estimated_time_seconds: number;
  status_url: string;
  app_url: string;
  /** why a failed job failed */
  error: string | null;
  /** null when the job was queued without a callback_url */
  callback: GenerationCallbackView | null;
}

export interface JobByIdRequest extends CallerRequest {
  /** a job id or a message id */
  id: string;
}

export interface CancelGenerationResponse {
  cancelled: boolean;
  job_id: string;
}

export interface LatestGenerationResponse {
  generation: { status: GenerationJobStatus; started_at: string | null; completed_at: string | null } | null;
}

export interface GenerationRpc {
  [GenerationSubjects.queue]: Rpc<QueueGenerationRequest, QueueGenerationResponse>;
  [GenerationSubjects.get]: Rpc<JobByIdRequest, GenerationJobView>;
  [GenerationSubjects.cancel]: Rpc<JobByIdRequest, CancelGenerationResponse>;
  [GenerationSubjects.latestForApp]: Rpc<CallerRequest & { app_id: string }, LatestGenerationResponse>;
  [GenerationSubjects.offeredModels]: Rpc<Record<string, never>, OfferedModelsResponse>;
}
