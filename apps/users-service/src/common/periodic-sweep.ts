import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { DataSource } from 'typeorm';

/** How often a sweep runs; a row outlives its end by at most this. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const BATCH_SIZE = 1000;

/**
 * Purges rows whose time is up. The state is in the rows themselves, so a restart loses nothing: every process
 * sweeps when it starts and then every ten minutes. Replicas sweep side by side: each batch skips the rows
 * another one has locked. A subclass names its rows with `batchSql`.
 */
export abstract class PeriodicSweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger(this.constructor.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  protected constructor(private readonly dataSource: DataSource) {}

  /**
   * One DELETE of at most `$1` rows (FOR UPDATE SKIP LOCKED) with `RETURNING 1`; `params` follow as `$2`, ...
   * It is counted in a SELECT around it: a bare DELETE answers TypeORM's raw query with [rows, count].
   */
  protected abstract batchSql(): { sql: string; params: unknown[] };

  /** What was purged, for the log. */
  protected abstract describe(purged: number): string;

  onApplicationBootstrap(): void {
    this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private run(): void {
    this.running = this.sweep()
      .then(
        () => undefined,
        (error: unknown) => this.log.warn(`sweep failed, will retry in ${SWEEP_INTERVAL_MS / 60_000} min: ${String(error)}`),
      )
      .finally(() => {
        this.running = undefined;
        if (!this.stopped) this.timer = setTimeout(() => this.run(), SWEEP_INTERVAL_MS);
      });
  }

  /** Deletes in batches, so one sweep after a long outage never holds a long lock or a huge transaction. */
  async sweep(): Promise<number> {
    let purged = 0;
    const { sql, params } = this.batchSql();
    while (!this.stopped) {
      const [batch] = await this.dataSource.query<{ n: number }[]>(`WITH gone AS (${sql}) SELECT count(*)::int AS n FROM gone`, [
        BATCH_SIZE,
        ...params,
      ]);
      const deleted = batch?.n ?? 0;
      purged += deleted;
      if (deleted < BATCH_SIZE) break;
    }
    if (purged > 0) this.log.log(this.describe(purged));
    return purged;
  }
}
