import { AiModel, AppDescription, AppId, AppIdField, AppName, AppStatus, AppSummary, AppVisibility, Prompt } from './apps.contract';
import { CallerFields, ClientRequestKey } from './caller';
import { EVENT_KINDS } from './events';
import { rpc, type RpcTypes } from './rpc';
import { ReceivingUrl } from './webhooks.contract';
import { Closed, Metadata, Named, Nullable, StringEnum, Timestamp, Type, type Static } from './schema';

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

export const OfferedModelsResponse = Closed({
  /** every value `ai_model` may take on this server, the built-in `blueprint` first */
  models: Type.Array(Type.String()),
});
export type OfferedModelsResponse = Static<typeof OfferedModelsResponse>;

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

/** Body of POST /generation_queue (contract 4.1). */
export const QueueGenerationBody = Named(
  'QueueGenerationBody',
  Closed({
    prompt: {
      ...Prompt,
      'x-missing': { code: 'missing_prompt', message: 'prompt is required: describe the app to build' },
      description: 'what to build, or with app_id what to change; missing or empty: 400 missing_prompt',
      example: 'A recipe manager where I save recipes with ingredients and cooking time and rate them',
    },
    app_id: Type.Optional({ ...AppIdField, description: 'update this existing app instead of creating one' }),
    name: Type.Optional({ ...AppName, description: 'name of a new app, one line; default: chosen from the prompt' }),
    callback_url: Type.Optional({ ...ReceivingUrl, description: 'http(s) URL called (signed) when the job completes or fails' }),
    ai_model: Type.Optional(AiModel),
    metadata: Type.Optional(Metadata),
  }),
);
export type QueueGenerationBody = Static<typeof QueueGenerationBody>;

export const QueueGenerationRequest = Closed({
  ...CallerFields,
  ...QueueGenerationBody.properties,
  prompt: Prompt,
  /** for a new app (POST /managed_apps with a prompt) */
  visibility: Type.Optional(AppVisibility),
  description: Type.Optional(AppDescription),
  /** a retry with the first attempt's key answers the job it queued (and never creates a second app) */
  idempotency_key: Type.Optional(ClientRequestKey),
});
export type QueueGenerationRequest = Static<typeof QueueGenerationRequest>;

/** 202 body of POST /generation_queue (contract 4.1), plus the app for POST /managed_apps. */
export const QueueGenerationResponse = Named(
  'QueueGenerationResponse',
  Closed({
    job_id: Type.String({ example: 'job_4f9c2a7b1d8e6f3a5c0b' }),
    app_id: Type.String(),
    message_id: Type.Integer(),
    status: Type.Literal('queued'),
    estimated_time_seconds: Type.Integer(),
    webhook_events: Type.Array(StringEnum(EVENT_KINDS)),
    status_url: Type.String({ format: 'uri' }),
    app_url: Type.String({ format: 'uri' }),
    app: AppSummary,
  }),
);
export type QueueGenerationResponse = Static<typeof QueueGenerationResponse>;

/**
 * How the job's `callback_url` was told of its outcome: `waiting` until the job finishes, then `pending` while
 * it is sent or retried, `succeeded` once the receiver answered 2xx, `failed` when every retry failed or the
 * address was refused.
 */
export const CALLBACK_STATUSES = ['waiting', 'pending', 'succeeded', 'failed'] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

export const GenerationCallbackView = Named(
  'GenerationCallback',
  Closed({
    url: Type.String({ format: 'uri' }),
    status: StringEnum(CALLBACK_STATUSES),
    delivered: Type.Boolean(),
    attempts: Type.Integer(),
    response_status: Nullable(Type.Integer()),
    error: Nullable(Type.String()),
    next_attempt_at: Nullable(Timestamp),
    delivered_at: Nullable(Timestamp),
  }),
);
export type GenerationCallbackView = Static<typeof GenerationCallbackView>;

/** The Generation job resource (contract section 2), as GET /generation_queue/:id shows it. */
export const GenerationJobView = Named(
  'GenerationJob',
  Closed({
    job_id: Type.String(),
    app_id: Type.String(),
    message_id: Type.Integer(),
    status: StringEnum(GENERATION_JOB_STATUSES),
    progress: Type.Integer({ minimum: 0, maximum: 100 }),
    message: Type.String(),
    app: Closed({
      id: Type.String(),
      name: Type.String(),
      status: AppStatus,
      preview_url: Nullable(Type.String({ format: 'uri' })),
      production_url: Nullable(Type.String({ format: 'uri' })),
      created_at: Timestamp,
    }),
    started_at: Nullable(Timestamp),
    completed_at: Nullable(Timestamp),
    estimated_time_seconds: Type.Integer(),
    status_url: Type.String({ format: 'uri' }),
    app_url: Type.String({ format: 'uri' }),
    /** why a failed job failed */
    error: Nullable(Type.String()),
    /** null when the job was queued without a callback_url */
    callback: Nullable(GenerationCallbackView),
  }),
);
export type GenerationJobView = Static<typeof GenerationJobView>;

export const JobByIdRequest = Closed({
  ...CallerFields,
  /** a job id or a message id; one that names no job is 404 */
  id: Type.String(),
});
export type JobByIdRequest = Static<typeof JobByIdRequest>;

export const CancelGenerationResponse = Named('CancelGenerationResponse', Closed({ cancelled: Type.Boolean(), job_id: Type.String() }));
export type CancelGenerationResponse = Static<typeof CancelGenerationResponse>;

export const LatestGenerationResponse = Closed({
  generation: Nullable(
    Closed({ status: StringEnum(GENERATION_JOB_STATUSES), started_at: Nullable(Timestamp), completed_at: Nullable(Timestamp) }),
  ),
});
export type LatestGenerationResponse = Static<typeof LatestGenerationResponse>;

export const GENERATION_RPC = {
  [GenerationSubjects.queue]: rpc(QueueGenerationRequest, QueueGenerationResponse),
  [GenerationSubjects.get]: rpc(JobByIdRequest, GenerationJobView),
  [GenerationSubjects.cancel]: rpc(JobByIdRequest, CancelGenerationResponse),
  [GenerationSubjects.latestForApp]: rpc(Closed({ ...CallerFields, app_id: AppId }), LatestGenerationResponse),
  [GenerationSubjects.offeredModels]: rpc(Closed({}), OfferedModelsResponse),
};
export type GenerationRpc = RpcTypes<typeof GENERATION_RPC>;
