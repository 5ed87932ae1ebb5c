import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppsSubjects } from '@appgen/contracts';
import { AppgenError, isNotFound, RpcClient } from '@appgen/service-kit';
import { CLAIM_CONFIG, type ClaimConfig } from '../config/claim.config';
import { UNCLAIMED_CALLER } from '../builds/unclaimed-caller';

/** Builds one transaction deletes at most; each holds its row lock while apps-service deletes the app. */
const BATCH_SIZE = 10;

/**
 * Deletes the apps of anonymous builds nobody claimed within CLAIM_WINDOW_HOURS, through apps-service's one delete
 * (`AppsSubjects.delete`, the path of DELETE /managed_apps/:id), so everything of the app goes as it does there:
 * its files, versions and rows at once, and through `app.deleted` its builds, app users and open job.
 *
 * The state is the rows: a due build is claimed with FOR UPDATE SKIP LOCKED, so replicas share the work and never
 * delete one app twice, and a claim (which locks the same row) waits for the sweep or the sweep skips it. A delete
 * that fails (apps-service down or slow) stays due, pushed back by CLAIM_DELETE_RETRY_MS, and is tried again by
 * whichever process sweeps next, after a restart too.
 */
@Injectable()
export class ExpirySweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('ExpirySweep');
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    @Inject(CLAIM_CONFIG) private readonly config: ClaimConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweep()
        .catch((error: unknown) => this.log.warn(`sweep failed, tried again in ${this.config.CLAIM_SWEEP_INTERVAL_MS} ms: ${String(error)}`))
        .finally(() => {
          this.running = undefined;
          this.schedule(this.config.CLAIM_SWEEP_INTERVAL_MS);
        });
    }, delayMs);
  }

  /** Deletes every build that is due now; answers how many apps were deleted. */
  async sweep(): Promise<number> {
    let deleted = 0;
    while (!this.stopped) {
      const batch = await this.dataSource.transaction(async (manager) => {
        const due: { app_id: string }[] = await manager.query(
          `SELECT app_id FROM anonymous_builds
           WHERE claimed_at IS NULL AND deleted_at IS NULL AND next_delete_at <= now()
           ORDER BY next_delete_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [BATCH_SIZE],
        );
        let gone = 0;
        for (const { app_id: appId } of due) {
          try {
            await this.rpc.request(AppsSubjects.delete, { caller: UNCLAIMED_CALLER, id: appId });
          } catch (error) {
            // 404: the app is gone already (a delete whose answer was lost); anything else is tried again later.
            if (!isNotFound(error)) {
              const reason = failureOf(error);
              await manager.query(
                `UPDATE anonymous_builds SET delete_attempts = delete_attempts + 1, last_error = $2,
                   next_delete_at = now() + $3 * interval '1 millisecond' WHERE app_id = $1`,
                [appId, reason.slice(0, 500), this.config.CLAIM_DELETE_RETRY_MS],
              );
              this.log.warn(`app ${appId} of an expired anonymous build not deleted yet, tried again later: ${reason}`);
              continue;
            }
          }
          // The visitor's hashed address goes with the app; the row stays so its token answers 410, not 404.
          await manager.query(`UPDATE anonymous_builds SET deleted_at = now(), ip_hash = NULL, last_error = NULL WHERE app_id = $1`, [appId]);
          gone += 1;
        }
        return { found: due.length, gone };
      });
      deleted += batch.gone;
      if (batch.found < BATCH_SIZE) break;
    }
    if (deleted > 0) this.log.log(`deleted ${deleted} unclaimed anonymous build(s) past their claim window`);
    return deleted;
  }
}

/** What `last_error` and the log say of a failed delete: the service's status and message, not just "Appgen Error". */
function failureOf(error: unknown): string {
  if (error instanceof AppgenError) return `${error.payload.status} ${error.payload.body.error}: ${error.payload.body.message}`;
  return String(error);
}
