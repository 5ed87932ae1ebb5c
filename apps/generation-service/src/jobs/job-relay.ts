import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { NotifiedWorkLoop } from '@appgen/service-kit/database';
import type { DataSource } from 'typeorm';
import type { GenerationConfig } from '../config/generation.config';
import type { GenerationJobEntity } from './generation-job.entity';

/** Jobs one pass of a relay reads at a time. */
const BATCH = 20;

export interface JobRelayOptions {
  name: string;
  /** the NOTIFY channel the transaction that makes a job due signals */
  channel: string;
  dataSource: DataSource;
  config: GenerationConfig;
  /** up to `limit` jobs with this relay's work due, oldest first */
  due(limit: number): Promise<GenerationJobEntity[]>;
  /** does the job's work; false when it must wait for the next pass (the neighbour it needs is away) */
  handle(job: GenerationJobEntity): Promise<boolean>;
}

/**
 * A relay as a Nest provider: started with the application, stopped (its pass finished) before it shuts down.
 * Subclasses say which jobs are due and what to do with each.
 */
export abstract class JobRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private loop?: NotifiedWorkLoop;

  protected constructor(
    private readonly relay: { name: string; channel: string; dataSource: DataSource; config: GenerationConfig },
  ) {}

  protected abstract due(limit: number): Promise<GenerationJobEntity[]>;
  protected abstract handle(job: GenerationJobEntity): Promise<boolean>;

  async onApplicationBootstrap(): Promise<void> {
    this.loop = await startJobRelay({ ...this.relay, due: (limit) => this.due(limit), handle: (job) => this.handle(job) });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.loop?.stop();
  }
}

/**
 * Starts a relay of finished jobs' follow-up work (their callbacks, their credits): woken by the NOTIFY of the
 * transaction that made a job due, or every GENERATION_POLL_MS. Each pass works through the backlog in batches and
 * stops when it is empty, or when nothing moved (the neighbour is away): the poll comes back.
 */
export async function startJobRelay(options: JobRelayOptions): Promise<NotifiedWorkLoop> {
  const pass = async (): Promise<void> => {
    for (;;) {
      const due = await options.due(BATCH);
      let handled = 0;
      for (const job of due) if (await options.handle(job)) handled += 1;
      if (due.length < BATCH || handled === 0) return;
    }
  };
  const loop = new NotifiedWorkLoop({
    name: options.name,
    databaseUrl: options.config.DATABASE_URL,
    channel: options.channel,
    schema: String(options.dataSource.driver.schema),
    pollIntervalMs: options.config.GENERATION_POLL_MS,
    pass,
  });
  await loop.start();
  return loop;
}
