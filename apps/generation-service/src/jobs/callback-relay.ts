import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { editorUrl, WebhooksSubjects, type GenerationCallbackBody } from '@appgen/contracts';
import { AppgenError, endSpan, RpcClient, runInRequestContext } from '@appgen/service-kit';
import { GENERATION_CONFIG, type GenerationConfig } from '../config/generation.config';
import type { GenerationJobEntity } from './generation-job.entity';
import { JobRelay } from './job-relay';
import { jobContext } from './job-trace';
import { appOfJob, type JobApp } from './job-app';
import { CANCELLED_ERROR, GENERATION_CALLBACKS_CHANNEL, JobStore } from './job-store';

/** The contract's callback body (section 6) for a finished job; a cancelled job reports a failure. */
export function callbackBody(job: GenerationJobEntity, app: JobApp, siteUrl: string): GenerationCallbackBody {
  const completed = job.status === 'completed';
  return {
    event: completed ? 'app.generation.completed' : 'app.generation.failed',
    app_id: job.appId,
    app_name: app.name,
    status: completed ? 'generated' : 'failed',
    urls: { preview: app.preview_url ?? job.previewUrl, production: app.production_url, editor: editorUrl(siteUrl, job.appId) },
    generation: {
      message_id: job.messageId,
      started_at: job.startedAt?.toISOString() ?? null,
      completed_at: job.completedAt?.toISOString() ?? null,
    },
    // The contract gives both metrics or neither: what the job is charged, fixed when it ended (0 when it failed
    // or was cancelled, as its reservation is released; 0 for a job queued before generations were charged).
    credits_used: job.creditsUsed ?? 0,
    tokens_used: { input: job.tokensInput, output: job.tokensOutput },
    metadata: job.metadata,
    ...(completed ? {} : { error: job.status === 'cancelled' ? CANCELLED_ERROR : (job.error ?? job.message) }),
  };
}

/**
 * Hands the callbacks of finished jobs to webhooks-service, which signs, sends and retries them. A job is
 * marked `due` in the transaction that finishes it, so a crash or an unreachable webhooks-service only delays
 * the hand-over (the next pass retries it); webhooks-service keeps one callback per job, so handing the same
 * job over twice, from two replicas or after a crash, sends it once.
 */
@Injectable()
export class CallbackRelay extends JobRelay {
  private readonly log = new Logger('CallbackRelay');

  constructor(
    dataSource: DataSource,
    private readonly store: JobStore,
    private readonly rpc: RpcClient,
    @Inject(GENERATION_CONFIG) private readonly config: GenerationConfig,
  ) {
    super({ name: 'CallbackRelay', channel: GENERATION_CALLBACKS_CHANNEL, dataSource, config });
  }

  protected due(limit: number): Promise<GenerationJobEntity[]> {
    return this.store.callbacksDue(limit);
  }

  /** In the trace of the request that queued the job: webhooks-service sends the callback with it. */
  protected handle(job: GenerationJobEntity): Promise<boolean> {
    const { context, span } = jobContext(job, 'generation callback hand-over');
    return runInRequestContext(context, () => this.handOver(job)).finally(() => endSpan(span));
  }

  private async handOver(job: GenerationJobEntity): Promise<boolean> {
    if (job.callbackUrl === null) return false;
    try {
      const app = await appOfJob(this.rpc, job);
      await this.rpc.request(WebhooksSubjects.enqueueCallback, {
        account_id: job.accountId,
        job_id: job.jobId,
        url: job.callbackUrl,
        body: callbackBody(job, app, this.config.SITE_URL),
      });
      await this.store.settleCallback(job.jobId, 'handed_over');
      return true;
    } catch (error) {
      if (error instanceof AppgenError && error.payload.status === 422) {
        await this.store.settleCallback(job.jobId, 'refused', error.payload.body.message);
        return true;
      }
      this.log.warn(`callback of job ${job.jobId} not handed over yet, will retry: ${String(error)}`);
      return false;
    }
  }
}
