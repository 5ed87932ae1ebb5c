import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AppsSubjects,
  BillingSubjects,
  GENERATION_PROGRESS,
  type AppStatus,
  type AppSummary,
  type Caller,
  type CancelGenerationResponse,
  type EventKind,
  type GeneratorName,
  type GenerationCallbackView,
  type GenerationJobView,
  type LatestGenerationResponse,
  type OfferedModelsResponse,
  type QueueGenerationRequest,
  type QueueGenerationResponse,
  editorUrl,
  UNCLAIMED_ACCOUNT_ID,
  WebhooksSubjects,
} from '@appgen/contracts';
import { RpcClient, AppgenError, currentRequestContext, currentTraceparent, isNotFound } from '@appgen/service-kit';
import { GENERATION_CONFIG, type GenerationConfig } from '../config/generation.config';
import { AppPlanners, engineFor, ESTIMATED_SECONDS } from '../engines/app-planners';
import type { GenerationJobEntity } from './generation-job.entity';
import { appOfJob } from './job-app';
import { creditsToReserve } from './job-credits';
import { newJobId, parseJobReference } from './job-id';
import { JobStore } from './job-store';
import { readQueueRequest } from './queue-request';

export const GENERATION_WEBHOOK_EVENTS: EventKind[] = [
  'app.generation.started',
  'app.generation.progress',
  'app.generation.completed',
  'app.generation.failed',
];

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

@Injectable()
export class JobsService {
  private readonly log = new Logger('Jobs');

  constructor(
    private readonly store: JobStore,
    private readonly rpc: RpcClient,
    private readonly planners: AppPlanners,
    @Inject(GENERATION_CONFIG) private readonly config: GenerationConfig,
  ) {}

  async queue(request: QueueGenerationRequest): Promise<QueueGenerationResponse> {
    // Only offered models pass, and `openai` (or a model name) is offered only with an API configured.
    const input = readQueueRequest(request, this.planners.offered);
    const { caller } = request;
    const engine = engineFor(input.aiModel, this.config);

    // Before anything is created: an address that may not receive is refused now, not when the job ends.
    if (input.callbackUrl !== undefined) await this.rpc.request(WebhooksSubjects.checkCallbackUrl, { url: input.callbackUrl });

    // The busy check before holding credits, so a refused regeneration holds nothing.
    let existing: AppSummary | undefined;
    if (input.appId) {
      ({ app: existing } = await this.rpc.request(AppsSubjects.get, { caller, id: input.appId }));
      if (await this.store.hasOpenJob(existing.id)) throw this.busy(existing.id);
    }
    const jobId = newJobId();
    // An anonymous build has no account to charge: its cost is bounded by the gateway's per-IP build limits, and
    // a job without a reservation (credits_reserved null) is never sent to billing.
    if (caller.accountId === UNCLAIMED_ACCOUNT_ID) return this.queueReserved(request, input, engine, existing, jobId, null);
    // Credits are held before anything is created: too few is 402 insufficient_credits, no app, no job.
    const creditsReserved = creditsToReserve(engine);
    await this.rpc.request(BillingSubjects.reserve, { account_id: caller.accountId, job_id: jobId, credits: creditsReserved });
    try {
      return await this.queueReserved(request, input, engine, existing, jobId, creditsReserved);
    } catch (error) {
      // Nothing was queued: the credits go back (billing keeps one ending per job, so a retry is harmless).
      await this.rpc
        .request(BillingSubjects.release, { account_id: caller.accountId, job_id: jobId })
        .catch((release: unknown) => this.log.error(`credits of unqueued job ${jobId} not released: ${String(release)}`));
      throw error;
    }
  }

  private async queueReserved(
    request: QueueGenerationRequest,
    input: ReturnType<typeof readQueueRequest>,
    engine: GeneratorName,
    existing: AppSummary | undefined,
    jobId: string,
    creditsReserved: number | null,
  ): Promise<QueueGenerationResponse> {
    const { caller } = request;
    let app: AppSummary;
    if (existing) {
      if (input.name && input.name !== existing.name) {
        await this.rpc.request(AppsSubjects.update, { caller, id: existing.id, changes: { name: input.name } });
      }
      app = existing;
    } else {
      ({ app } = await this.rpc.request(AppsSubjects.create, {
        caller,
        name: input.name,
        description: input.description,
        prompt: input.prompt,
        ai_model: input.aiModel,
        visibility: input.visibility,
      }));
    }

    // Before the job exists: a fast worker must not finish it and then see this overwrite `generated`.
    const { app: generating } = await this.rpc.request(AppsSubjects.setLifecycle, { caller, id: app.id, changes: { status: 'generating' } });
    let job: GenerationJobEntity;
    try {
      job = await this.store.insert({
        jobId,
        accountId: caller.accountId,
        caller,
        appId: app.id,
        appCreatedAt: new Date(app.created_at),
        prompt: input.prompt,
        name: input.name ?? app.name,
        nameGiven: input.name !== undefined,
        aiModel: input.aiModel ?? null,
        engine,
        callbackUrl: input.callbackUrl ?? null,
        requestId: currentRequestContext()?.requestId ?? null,
        traceparent: currentTraceparent(),
        callbackState: null,
        callbackError: null,
        metadata: input.metadata,
        status: 'queued',
        progress: GENERATION_PROGRESS.queued,
        message: 'Queued: waiting for a worker',
        error: null,
        previewUrl: null,
        attempts: 0,
        heartbeatAt: null,
        tokensInput: 0,
        tokensOutput: 0,
        creditsReserved,
        creditsUsed: null,
        creditsState: null,
        startedAt: null,
        completedAt: null,
        cancelledAt: null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw this.busy(app.id);
      await this.rpc
        .request(AppsSubjects.setLifecycle, { caller, id: app.id, changes: { status: app.status } })
        .catch((restore: unknown) => this.log.warn(`app ${app.id} stays generating after a failed queue: ${String(restore)}`));
      throw error;
    }
    return {
      job_id: job.jobId,
      app_id: app.id,
      message_id: job.messageId,
      status: 'queued',
      estimated_time_seconds: ESTIMATED_SECONDS[engine],
      webhook_events: GENERATION_WEBHOOK_EVENTS,
      status_url: this.statusUrl(job),
      app_url: editorUrl(this.config.SITE_URL, app.id),
      app: generating,
    };
  }

  /** The models `ai_model` may name here, for the gateway and apps-service to check requests against. */
  offeredModels(): OfferedModelsResponse {
    return { models: [...this.planners.offered] };
  }

  async get(caller: Caller, id: string): Promise<GenerationJobView> {
    return this.view(caller, await this.find(caller, id));
  }

  async cancel(caller: Caller, id: string): Promise<CancelGenerationResponse> {
    const job = await this.find(caller, id);
    const cancelled = await this.store.cancel(job);
    if (!cancelled) return { cancelled: false, job_id: job.jobId };
    await this.restoreAppAfterCancel(job);
    return { cancelled: true, job_id: job.jobId };
  }

  async latestForApp(caller: Caller, appId: string): Promise<LatestGenerationResponse> {
    const job = await this.store.latestForApp(caller.accountId, appId);
    if (!job) return { generation: null };
    return {
      generation: { status: job.status, started_at: job.startedAt?.toISOString() ?? null, completed_at: job.completedAt?.toISOString() ?? null },
    };
  }

  private async find(caller: Caller, id: string): Promise<GenerationJobEntity> {
    const reference = typeof id === 'string' ? parseJobReference(id) : null;
    const job = reference ? await this.store.find(caller.accountId, reference) : null;
    if (!job) throw AppgenError.notFound('Generation job', String(id));
    return job;
  }

  /** A cancelled app goes back to what it was: a draft if it never got a version, else its last generated state. */
  private async restoreAppAfterCancel(job: GenerationJobEntity): Promise<void> {
    try {
      const { app } = await this.rpc.request(AppsSubjects.get, { caller: job.caller, id: job.appId });
      if (app.status !== 'generating') return;
      const status: AppStatus = app.versions_count > 0 ? 'generated' : 'draft';
      await this.rpc.request(AppsSubjects.setLifecycle, { caller: job.caller, id: job.appId, changes: { status } });
    } catch (error) {
      if (isNotFound(error)) return;
      this.log.warn(`job ${job.jobId} cancelled but app ${job.appId} kept its status: ${String(error)}`);
    }
  }

  private async view(caller: Caller, job: GenerationJobEntity): Promise<GenerationJobView> {
    const [app, callback] = await Promise.all([appOfJob(this.rpc, job, caller), this.callbackOf(job)]);
    return {
      job_id: job.jobId,
      app_id: job.appId,
      message_id: job.messageId,
      status: job.status,
      progress: job.progress,
      message: job.message,
      app,
      started_at: job.startedAt?.toISOString() ?? null,
      completed_at: job.completedAt?.toISOString() ?? null,
      estimated_time_seconds: ESTIMATED_SECONDS[job.engine],
      status_url: this.statusUrl(job),
      app_url: editorUrl(this.config.SITE_URL, job.appId),
      error: job.error,
      callback,
    };
  }

  /** How the job's callback went: webhooks-service holds the delivery once the job handed it over. */
  private async callbackOf(job: GenerationJobEntity): Promise<GenerationCallbackView | null> {
    if (job.callbackUrl === null) return null;
    const unsent = {
      url: job.callbackUrl,
      delivered: false,
      attempts: 0,
      response_status: null,
      error: null,
      next_attempt_at: null,
      delivered_at: null,
    };
    if (job.callbackState === null) return { ...unsent, status: 'waiting' };
    if (job.callbackState === 'refused') return { ...unsent, status: 'failed', error: job.callbackError };
    if (job.callbackState === 'due') return { ...unsent, status: 'pending' };
    try {
      const { deliveries } = await this.rpc.request(WebhooksSubjects.callbackDeliveries, { account_id: job.accountId, job_ids: [job.jobId] });
      const delivery = deliveries[job.jobId];
      if (!delivery) return { ...unsent, status: 'pending' };
      return {
        url: job.callbackUrl,
        status: delivery.status,
        delivered: delivery.status === 'succeeded',
        attempts: delivery.attempts,
        response_status: delivery.response_status,
        error: delivery.error,
        next_attempt_at: delivery.next_attempt_at,
        delivered_at: delivery.delivered_at,
      };
    } catch (error) {
      this.log.warn(`callback delivery of job ${job.jobId} could not be read: ${String(error)}`);
      return { ...unsent, status: 'pending', error: 'the delivery record could not be read just now; ask again shortly' };
    }
  }

  private busy(appId: string): AppgenError {
    return AppgenError.of('conflict', `App ${appId} is already being generated; wait for that job to finish or cancel it`);
  }

  private statusUrl(job: GenerationJobEntity): string {
    return `${this.config.SITE_URL.replace(/\/+$/, '')}/api/v1/generation_queue/${job.jobId}`;
  }
}
