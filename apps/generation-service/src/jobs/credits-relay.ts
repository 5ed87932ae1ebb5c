import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BillingSubjects } from '@appgen/contracts';
import { isNotFound, RpcClient } from '@appgen/service-kit';
import { GENERATION_CONFIG, type GenerationConfig } from '../config/generation.config';
import type { GenerationJobEntity } from './generation-job.entity';
import { JobRelay } from './job-relay';
import { GENERATION_CREDITS_CHANNEL, JobStore } from './job-store';

/**
 * Settles the credits of finished jobs with billing-service: a completed job is charged `credits_used` (fixed when
 * it ended), a failed or cancelled one gets its reservation back. A job is marked `due` in the transaction that
 * ends it, so a crash or an unreachable billing-service only delays this (the next pass retries), and billing
 * keeps one ending per job, so settling the same job twice (two replicas, a crash before marking it) charges once.
 */
@Injectable()
export class CreditsRelay extends JobRelay {
  private readonly log = new Logger('CreditsRelay');

  constructor(
    dataSource: DataSource,
    private readonly store: JobStore,
    private readonly rpc: RpcClient,
    @Inject(GENERATION_CONFIG) config: GenerationConfig,
  ) {
    super({ name: 'CreditsRelay', channel: GENERATION_CREDITS_CHANNEL, dataSource, config });
  }

  protected due(limit: number): Promise<GenerationJobEntity[]> {
    return this.store.creditsDue(limit);
  }

  protected handle(job: GenerationJobEntity): Promise<boolean> {
    return this.settle(job);
  }

  private async settle(job: GenerationJobEntity): Promise<boolean> {
    const account = { account_id: job.accountId, job_id: job.jobId };
    try {
      if (job.status === 'completed' && (job.creditsUsed ?? 0) > 0) {
        await this.rpc.request(BillingSubjects.settle, {
          ...account,
          credits_used: job.creditsUsed ?? 0,
          tokens_used: { input: job.tokensInput, output: job.tokensOutput },
        });
      } else {
        await this.rpc.request(BillingSubjects.release, account);
      }
      await this.store.creditsSettled(job.jobId);
      return true;
    } catch (error) {
      if (isNotFound(error)) {
        // billing holds nothing for this job (it never reserved, or its ledger was reset): nothing to settle.
        this.log.warn(`job ${job.jobId} has no reservation in billing; nothing settled`);
        await this.store.creditsSettled(job.jobId);
        return true;
      }
      this.log.warn(`credits of job ${job.jobId} not settled yet, will retry: ${String(error)}`);
      return false;
    }
  }
}
