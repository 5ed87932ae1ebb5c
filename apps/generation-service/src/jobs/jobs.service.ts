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
import { RpcClient, AppgenError, currentRequestContext, currentTraceparent, isNotFound, isUniqueViolation } from '@appgen/service-kit';
import { GENERATION_CONFIG, type GenerationConfig } from '../config/generation.config';
import { AppPlanners, engineFor, ESTIMATED_SECONDS } from '../engines/app-planners';
import type { GenerationJobEntity } from './generation-job.entity';
import { appOfJob } from './job-app';
import { creditsToReserve } from './job-credits';
import { newJobId, parseJobReference } from './job-id';
import { JobStore } from './job-store';
import { readQueueRequest } from './queue-request';
import { queueFingerprint, QueueRequests, type AbandonedRequest } from './queue-requests';

export const GENERATION_WEBHOOK_EVENTS: EventKind[] = [
  'app.generation.started',
  'app.generation.progress',
  'app.generation.completed',
  'app.generation.failed',
];

/** A refusal the same request would meet again (a 4xx from this service or a neighbour), unlike a timeout. */
function isClientError(error: unknown): boolean {
  return error instanceof AppgenError && error.status < 500;
}

@Injectable()
export class JobsService {
  private readonly log = new Logger('Jobs');

  constructor(
    private readonly store: JobStore,
    private readonly requests: QueueRequests,
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

    // Recorded before credits are held. With a key, a retry whose first attempt's answer was lost gets the first
    // attempt's job id back: it answers the job if it exists, or resumes it (every step below is idempotent per job
    // id or key). Anonymous builds all belong to one account, so their keys could meet: the gateway's per-client
    // claim is their only guard.
    const requestKey = caller.accountId === UNCLAIMED_ACCOUNT_ID ? null : (request.idempotency_key ?? null);
    const fingerprint = queueFingerprint(request);
    const { jobId, fingerprint: recorded } = await this.requests.record({ jobId: newJobId(), caller, requestKey, fingerprint, appId: input.appId ?? null });
    if (recorded !== fingerprint) {
      throw AppgenError.of('idempotency_key_reused', 'This Idempotency-Key was already used with a different request; use a new key for a new request');
    }
    // Only a key can bring back a job id already used; a request without one has a new id.
    const earlier = requestKey === null ? null : await this.store.findById(jobId);
    if (earlier) return this.queuedAnswer(earlier);

    try {
      // The busy check before holding credits, so a refused regeneration holds nothing.
      let existing: AppSummary | undefined;
      if (input.appId) {
        ({ app: existing } = await this.rpc.request(AppsSubjects.get, { caller, id: input.appId }));
        if (await this.store.hasOpenJob(existing.id)) throw this.busy(existing.id);
      }
      // An anonymous build has no account to charge: its cost is bounded by the gateway's per-IP build limits, and
      // a job without a reservation (credits_reserved null) is never sent to billing.
      if (caller.accountId === UNCLAIMED_ACCOUNT_ID) return await this.queueReserved(request, input, engine, existing, jobId, null, requestKey);
      // Credits are held before anything is created: too few is 402 insufficient_credits, no app, no job.
      const creditsReserved = creditsToReserve(engine);
      await this.rpc.request(BillingSubjects.reserve, { account_id: caller.accountId, job_id: jobId, credits: creditsReserved });
      return await this.queueReserved(request, input, engine, existing, jobId, creditsReserved, requestKey);
    } catch (error) {
      // A failure the same request would meet again (402, 404, 409, 422) queued nothing: the credits go back and the
      // key is free. After any other (a neighbour timed out) the work may have been done: a retry with the key
      // resumes it, and without one the request sweeper gives its credits back later.
      if ((requestKey === null || isClientError(error)) && (await this.abandon({ jobId, caller, appId: null }))) await this.requests.forget(jobId);
      throw error;
    }
  }

  /**
   * Gives back what a request that queued no job held: its credits, and its app's `generating` status. False when
   * billing could not be reached: the request is kept, and the sweeper tries again.
   */
  async abandon(request: AbandonedRequest): Promise<boolean> {
    const { jobId, caller, appId } = request;
    if (caller.accountId !== UNCLAIMED_ACCOUNT_ID) {
      try {
        // Billing keeps one ending per job, so a release repeated by a retry or a second replica is harmless.
        await this.rpc.request(BillingSubjects.release, { account_id: caller.accountId, job_id: jobId });
      } catch (error) {
        if (!isNotFound(error)) {
          this.log.error(`credits of unqueued job ${jobId} not released: ${String(error)}`);
          return false;
        }
      }
    }
    if (appId !== null && !(await this.store.hasOpenJob(appId))) await this.restoreApp(caller, appId, `request of job ${jobId} abandoned`);
    return true;
  }

  /** POST /generation_queue's answer: the job queued, and its app (read again for a retry of the request). */
  private async queuedAnswer(job: GenerationJobEntity, app?: AppSummary): Promise<QueueGenerationResponse> {
    return {
      job_id: job.jobId,
      app_id: job.appId,
      message_id: job.messageId,
      status: 'queued',
      estimated_time_seconds: ESTIMATED_SECONDS[job.engine],
      webhook_events: GENERATION_WEBHOOK_EVENTS,
      status_url: this.statusUrl(job),
      app_url: editorUrl(this.config.SITE_URL, job.appId),
      app: app ?? (await this.rpc.request(AppsSubjects.get, { caller: job.caller, id: job.appId })).app,
    };
  }

  private async queueReserved(
    request: QueueGenerationRequest,
    input: ReturnType<typeof readQueueRequest>,
    engine: GeneratorName,
    existing: AppSummary | undefined,
    jobId: string,
    creditsReserved: number | null,
    requestKey: string | null,
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
        // A resumed request finds the app its first attempt created.
        ...(requestKey === null ? {} : { idempotency_key: `generation:${requestKey}` }),
      }));
      await this.requests.setApp(jobId, app.id);
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
      if (isUniqueViolation(error)) {
        // A resumed attempt raced the first one, which queued the job a moment ago; or another job holds the app.
        const raced = await this.store.findById(jobId);
        if (raced) return this.queuedAnswer(raced);
        throw this.busy(app.id);
      }
      await this.rpc
        .request(AppsSubjects.setLifecycle, { caller, id: app.id, changes: { status: app.status } })
        .catch((restore: unknown) => this.log.warn(`app ${app.id} stays generating after a failed queue: ${String(restore)}`));
      throw error;
    }
    return this.queuedAnswer(job, generating);
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
    await this.restoreApp(job.caller, job.appId, `job ${job.jobId} cancelled`);
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

  /**
   * An app left `generating` by a job that was cancelled, or never queued, goes back to what it was: a draft if it
   * never got a version, else its last generated state.
   */
  private async restoreApp(caller: Caller, appId: string, why: string): Promise<void> {
    try {
      const { app } = await this.rpc.request(AppsSubjects.get, { caller, id: appId });
      if (app.status !== 'generating') return;
      const status: AppStatus = app.versions_count > 0 ? 'generated' : 'draft';
      await this.rpc.request(AppsSubjects.setLifecycle, { caller, id: appId, changes: { status } });
    } catch (error) {
      if (isNotFound(error)) return;
      this.log.warn(`${why}, but app ${appId} kept its status: ${String(error)}`);
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
