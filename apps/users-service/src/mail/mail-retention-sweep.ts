import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { USERS_CONFIG, type UsersConfig } from '../config/users.config';

/** How often the sweep runs; the retention is counted in hours, so a row outlives it by at most this. */
export const MAIL_SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const BATCH_SIZE = 1000;

/**
 * Purges sent and failed mail once MAIL_RETENTION_HOURS have passed since it finished. The state is in
 * the rows themselves, so a restart loses nothing: every process sweeps when it starts and then every
 * ten minutes. Replicas sweep side by side: each batch skips the rows another one has locked.
 */
@Injectable()
export class MailRetentionSweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('MailRetentionSweep');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(USERS_CONFIG) private readonly config: UsersConfig,
  ) {}

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
        (error: unknown) => this.log.warn(`sweep failed, will retry in ${MAIL_SWEEP_INTERVAL_MS / 60_000} min: ${String(error)}`),
      )
      .finally(() => {
        this.running = undefined;
        if (!this.stopped) this.timer = setTimeout(() => this.run(), MAIL_SWEEP_INTERVAL_MS);
      });
  }

  /** Deletes in batches, so one sweep after a long outage never holds a long lock or a huge transaction. */
  async sweep(): Promise<number> {
    let purged = 0;
    while (!this.stopped) {
      // Counted in a SELECT around the DELETE: a bare DELETE answers TypeORM's raw query with [rows, count].
      const [batch] = await this.dataSource.query<{ n: number }[]>(
        `WITH gone AS (
           DELETE FROM mail_outbox WHERE id IN (
             SELECT id FROM mail_outbox
              WHERE coalesce(sent_at, failed_at) < now() - make_interval(hours => $1)
              LIMIT $2 FOR UPDATE SKIP LOCKED)
           RETURNING id)
         SELECT count(*)::int AS n FROM gone`,
        [this.config.MAIL_RETENTION_HOURS, BATCH_SIZE],
      );
      const deleted = batch?.n ?? 0;
      purged += deleted;
      if (deleted < BATCH_SIZE) break;
    }
    if (purged > 0) this.log.log(`purged ${purged} mails finished over ${this.config.MAIL_RETENTION_HOURS} h ago`);
    return purged;
  }
}
