import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { GENERATION_PROGRESS, type GenerationEventData } from '@appgen/contracts';
import { OutboxService } from '@appgen/outbox';
import { GENERATION_CONFIG, type GenerationConfig } from '../config/generation.config';
import { GenerationJobEntity } from './generation-job.entity';
import type { JobReference } from './job-id';

/** Postgres channel a queued job is announced on; the NOTIFY arrives once the queuing transaction commits. */
export const GENERATION_JOBS_CHANNEL = 'appgen_generation_jobs';
/** Channel a finished job with a callback_url is announced on, for the callback relay. */
export const GENERATION_CALLBACKS_CHANNEL = 'appgen_generation_callbacks';

/** Channel a finished job holding credits is announced on, for the credits relay. */
export const GENERATION_CREDITS_CHANNEL = 'appgen_generation_credits';

/**
 * Part of every UPDATE that finishes a job: its callback, if it asked for one, is due from then on, and so is
 * settling its credits with billing (charged `credits_used` when it completed, released when it did not).
 */
const CALLBACK_DUE = `callback_state = CASE WHEN callback_url IS NULL THEN NULL ELSE 'due' END,
  credits_state = CASE WHEN credits_reserved IS NULL THEN NULL ELSE 'due' END,
  credits_used = CASE WHEN credits_reserved IS NULL THEN NULL ELSE 0 END`;

export interface TokenCounts {
  input: number;
  output: number;
}

/** The run of a job a worker holds: a job taken over by another worker has a higher attempt number. */
export interface JobRun {
  jobId: string;
  attempt: number;
}

/** Why a cancelled job failed, as its `app.generation.failed` event and its callback say. */
export const CANCELLED_ERROR = 'The generation was cancelled';

/** The job was cancelled, finished or taken over by another worker since this run started: stop quietly. */
export class JobStoppedError extends Error {
  constructor(jobId: string) {
    super(`job ${jobId} is no longer run by this worker`);
    this.name = 'JobStoppedError';
  }
}

interface IdRow {
  job_id: string;
}

/**
 * Rows of an UPDATE … RETURNING: TypeORM's postgres driver answers UPDATE statements with
 * `[rows, affectedCount]` instead of the rows alone.
 */
async function returning(manager: EntityManager, sql: string, values: unknown[]): Promise<IdRow[]> {
  const result: unknown = await manager.query(sql, values);
  const rows: unknown = Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result;
  return Array.isArray(rows) ? rows.filter((row): row is IdRow => typeof (row as Partial<IdRow>).job_id === 'string') : [];
}

function eventData(job: GenerationJobEntity): GenerationEventData {
  return { job_id: job.jobId, message_id: job.messageId, status: job.status, progress: job.progress, message: job.message };
}

/** Every change to a job's state, each in one transaction with the event that tells subscribers about it. */
@Injectable()
export class JobStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    @Inject(GENERATION_CONFIG) private readonly config: GenerationConfig,
  ) {}

  async insert(job: Omit<GenerationJobEntity, 'messageId' | 'createdAt' | 'availableAt'>): Promise<GenerationJobEntity> {
    return this.dataSource.transaction(async (manager) => {
      await manager.save(GenerationJobEntity, manager.create(GenerationJobEntity, job));
      await manager.query('SELECT pg_notify($1, current_schema())', [GENERATION_JOBS_CHANNEL]);
      return manager.findOneByOrFail(GenerationJobEntity, { jobId: job.jobId });
    });
  }

  find(accountId: number, reference: JobReference): Promise<GenerationJobEntity | null> {
    const where = reference.kind === 'job_id' ? { jobId: reference.jobId } : { messageId: reference.messageId };
    return this.dataSource.getRepository(GenerationJobEntity).findOneBy({ ...where, accountId });
  }

  findById(jobId: string): Promise<GenerationJobEntity | null> {
    return this.dataSource.getRepository(GenerationJobEntity).findOneBy({ jobId });
  }

  async hasOpenJob(appId: string): Promise<boolean> {
    const count = await this.dataSource
      .getRepository(GenerationJobEntity)
      .createQueryBuilder('job')
      .where("job.appId = :appId AND job.status IN ('queued', 'processing')", { appId })
      .getCount();
    return count > 0;
  }

  latestForApp(accountId: number, appId: string): Promise<GenerationJobEntity | null> {
    return this.dataSource
      .getRepository(GenerationJobEntity)
      .createQueryBuilder('job')
      .where('job.appId = :appId AND job.accountId = :accountId', { appId, accountId })
      .orderBy('job.createdAt', 'DESC')
      .addOrderBy('job.messageId', 'DESC')
      .getOne();
  }

  /** Cancels a queued or running job, with the message it shows from then on; null when the job had already finished. */
  async cancel(job: GenerationJobEntity, message = 'Cancelled: nothing more will be generated'): Promise<GenerationJobEntity | null> {
    return this.dataSource.transaction(async (manager) => {
      const ids = await returning(manager,
        `UPDATE generation_jobs
            SET status = 'cancelled', cancelled_at = now(), completed_at = now(), message = $2,
                ${CALLBACK_DUE}
          WHERE job_id = $1 AND status IN ('queued', 'processing')
          RETURNING job_id`,
        [job.jobId, message],
      );
      if (ids.length === 0) return null;
      const cancelled = await manager.findOneByOrFail(GenerationJobEntity, { jobId: job.jobId });
      // The contract has no cancellation event; a cancelled job ends as a failure whose status says why.
      await this.emitFailed(manager, cancelled, CANCELLED_ERROR);
      return cancelled;
    });
  }

  /**
   * Takes up to `limit` jobs: queued ones that are due, and processing ones whose worker stopped beating
   * (restarted from the beginning; every step is idempotent). Each gets `app.generation.started`.
   */
  async claim(limit: number): Promise<GenerationJobEntity[]> {
    return this.dataSource.transaction(async (manager) => {
      const ids = await returning(manager,
        `WITH picked AS (
           SELECT job_id FROM generation_jobs
            WHERE (status = 'queued' AND available_at <= now())
               OR (status = 'processing' AND heartbeat_at < now() - make_interval(secs => $2::double precision / 1000) AND attempts < $3)
            ORDER BY message_id
            LIMIT $1
            FOR UPDATE SKIP LOCKED)
         UPDATE generation_jobs job
            SET status = 'processing',
                attempts = job.attempts + 1,
                progress = $4,
                message = CASE WHEN job.attempts = 0 THEN 'Reading your prompt'
                               ELSE 'Starting again after an interruption: reading your prompt' END,
                error = NULL,
                started_at = coalesce(job.started_at, now()),
                heartbeat_at = now()
           FROM picked WHERE job.job_id = picked.job_id
         RETURNING job.job_id`,
        [limit, this.config.GENERATION_STALE_MS, this.config.GENERATION_MAX_ATTEMPTS, GENERATION_PROGRESS.executing],
      );
      const jobs: GenerationJobEntity[] = [];
      for (const { job_id } of ids) {
        const job = await manager.findOneByOrFail(GenerationJobEntity, { jobId: job_id });
        await this.emit(manager, 'app.generation.started', job);
        jobs.push(job);
      }
      return jobs.sort((a, b) => a.messageId - b.messageId);
    });
  }

  /** Jobs whose worker died on their last allowed attempt fail visibly instead of staying `processing`. */
  async failAbandoned(): Promise<GenerationJobEntity[]> {
    return this.dataSource.transaction(async (manager) => {
      const ids = await returning(manager,
        `UPDATE generation_jobs
            SET status = 'failed', completed_at = now(), ${CALLBACK_DUE},
                error = 'The generation was interrupted ' || attempts || ' times and was given up',
                message = 'Failed: the generation was interrupted too often'
          WHERE job_id IN (
            SELECT job_id FROM generation_jobs
             WHERE status = 'processing' AND heartbeat_at < now() - make_interval(secs => $1::double precision / 1000) AND attempts >= $2
             FOR UPDATE SKIP LOCKED)
          RETURNING job_id`,
        [this.config.GENERATION_STALE_MS, this.config.GENERATION_MAX_ATTEMPTS],
      );
      const jobs: GenerationJobEntity[] = [];
      for (const { job_id } of ids) {
        const job = await manager.findOneByOrFail(GenerationJobEntity, { jobId: job_id });
        await this.emitFailed(manager, job, job.error ?? job.message);
        jobs.push(job);
      }
      return jobs;
    });
  }

  /** Moves a running job to a checkpoint with an `app.generation.progress` event. */
  async checkpoint(run: JobRun, progress: number, message: string, changes: { name?: string; tokensInput?: number; tokensOutput?: number } = {}): Promise<GenerationJobEntity> {
    return this.dataSource.transaction(async (manager) => {
      const job = await this.update(manager, run, `progress = $3, message = $4, heartbeat_at = now(),
          name = coalesce($5, name), tokens_input = coalesce($6, tokens_input), tokens_output = coalesce($7, tokens_output)`, [
        progress,
        message,
        changes.name ?? null,
        changes.tokensInput ?? null,
        changes.tokensOutput ?? null,
      ]);
      await this.emit(manager, 'app.generation.progress', job);
      return job;
    });
  }

  /** Throws JobStoppedError when the run was cancelled or taken over. */
  async assertRunning(run: JobRun): Promise<void> {
    const rows: IdRow[] = await this.dataSource.query(
      `SELECT job_id FROM generation_jobs WHERE job_id = $1 AND status = 'processing' AND attempts = $2`,
      [run.jobId, run.attempt],
    );
    if (rows.length === 0) throw new JobStoppedError(run.jobId);
  }

  /** `charge` says what the job costs from its reservation and its tokens (jobs/job-credits.ts). */
  async complete(
    run: JobRun,
    message: string,
    previewUrl: string | null,
    usage: TokenCounts,
    charge: (reserved: number, usage: TokenCounts) => number,
  ): Promise<GenerationJobEntity> {
    return this.dataSource.transaction(async (manager) => {
      const current = await manager.findOneByOrFail(GenerationJobEntity, { jobId: run.jobId });
      const creditsUsed = current.creditsReserved === null ? null : charge(current.creditsReserved, usage);
      const job = await this.update(
        manager,
        run,
        `status = 'completed', progress = $3, message = $4, preview_url = $5, completed_at = now(), tokens_input = $6, tokens_output = $7,
         callback_state = CASE WHEN callback_url IS NULL THEN NULL ELSE 'due' END,
         credits_state = CASE WHEN credits_reserved IS NULL THEN NULL ELSE 'due' END, credits_used = $8`,
        [GENERATION_PROGRESS.complete, message, previewUrl, usage.input, usage.output, creditsUsed],
      );
      await this.emit(manager, 'app.generation.completed', job);
      await this.announceCallback(manager, job);
      return job;
    });
  }

  async fail(run: JobRun, error: string, usage: TokenCounts): Promise<GenerationJobEntity> {
    return this.dataSource.transaction(async (manager) => {
      const job = await this.update(
        manager,
        run,
        `status = 'failed', message = $3, error = $4, completed_at = now(), tokens_input = $5, tokens_output = $6, ${CALLBACK_DUE}`,
        [`Failed: ${error}`, error, usage.input, usage.output],
      );
      await this.emitFailed(manager, job, error);
      return job;
    });
  }

  /** Puts a run back in the queue (worker shutting down, or a neighbour briefly unavailable). */
  async release(run: JobRun, options: { delayMs: number; countAttempt: boolean; message: string }): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.update(
        manager,
        run,
        `status = 'queued', progress = $3, message = $4, heartbeat_at = NULL,
         attempts = attempts - $5, available_at = now() + make_interval(secs => $6::double precision / 1000)`,
        [GENERATION_PROGRESS.queued, options.message, options.countAttempt ? 0 : 1, options.delayMs],
      );
      await manager.query('SELECT pg_notify($1, current_schema())', [GENERATION_JOBS_CHANNEL]);
    });
  }

  async heartbeat(runs: JobRun[]): Promise<void> {
    if (runs.length === 0) return;
    await this.dataSource.query(
      `UPDATE generation_jobs job SET heartbeat_at = now()
         FROM unnest($1::text[], $2::int[]) AS run(job_id, attempt)
        WHERE job.job_id = run.job_id AND job.attempts = run.attempt AND job.status = 'processing'`,
      [runs.map((run) => run.jobId), runs.map((run) => run.attempt)],
    );
  }

  /** Finished jobs whose callback webhooks-service has not accepted yet, oldest first. */
  callbacksDue(limit: number): Promise<GenerationJobEntity[]> {
    return this.dataSource
      .getRepository(GenerationJobEntity)
      .createQueryBuilder('job')
      .where(`job.callbackState = 'due'`)
      .orderBy('job.completedAt', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** Records that webhooks-service took the callback over, or refused it and why. */
  async settleCallback(jobId: string, state: 'handed_over' | 'refused', error: string | null = null): Promise<void> {
    await this.dataSource.query(
      `UPDATE generation_jobs SET callback_state = $2, callback_error = $3 WHERE job_id = $1 AND callback_state = 'due'`,
      [jobId, state, error],
    );
  }

  private async update(manager: EntityManager, run: JobRun, set: string, values: unknown[]): Promise<GenerationJobEntity> {
    const ids = await returning(manager,
      `UPDATE generation_jobs SET ${set} WHERE job_id = $1 AND attempts = $2 AND status = 'processing' RETURNING job_id`,
      [run.jobId, run.attempt, ...values],
    );
    if (ids.length === 0) throw new JobStoppedError(run.jobId);
    return manager.findOneByOrFail(GenerationJobEntity, { jobId: run.jobId });
  }

  private async emit(
    manager: EntityManager,
    kind: 'app.generation.started' | 'app.generation.progress' | 'app.generation.completed',
    job: GenerationJobEntity,
  ): Promise<void> {
    await this.outbox.enqueue(manager, { kind, accountId: job.accountId, appId: job.appId, data: eventData(job) });
  }

  private async emitFailed(manager: EntityManager, job: GenerationJobEntity, error: string): Promise<void> {
    await this.outbox.enqueue(manager, {
      kind: 'app.generation.failed',
      accountId: job.accountId,
      appId: job.appId,
      data: { ...eventData(job), error },
    });
    await this.announceCallback(manager, job);
  }

  /** Finished jobs whose credits billing-service has not settled or released yet, oldest first. */
  creditsDue(limit: number): Promise<GenerationJobEntity[]> {
    return this.dataSource
      .getRepository(GenerationJobEntity)
      .createQueryBuilder('job')
      .where(`job.creditsState = 'due'`)
      .orderBy('job.completedAt', 'ASC')
      .limit(limit)
      .getMany();
  }

  async creditsSettled(jobId: string): Promise<void> {
    await this.dataSource.query(`UPDATE generation_jobs SET credits_state = 'settled' WHERE job_id = $1 AND credits_state = 'due'`, [jobId]);
  }

  private async announceCallback(manager: EntityManager, job: GenerationJobEntity): Promise<void> {
    if (job.creditsState === 'due') await manager.query('SELECT pg_notify($1, current_schema())', [GENERATION_CREDITS_CHANNEL]);
    if (job.callbackState === 'due') await manager.query('SELECT pg_notify($1, current_schema())', [GENERATION_CALLBACKS_CHANNEL]);
  }
}
