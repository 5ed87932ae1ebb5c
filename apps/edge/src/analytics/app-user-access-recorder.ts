import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { UsersEvents, type AppUserAccess } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { EDGE_CONFIG, type EdgeConfig } from '../config/edge.config';

/** One message stays far below NATS's 1 MB limit (an access is under a hundred bytes). */
const MAX_BATCH = 1000;
/** App users counted between two flushes at most; while users-service cannot be reached, newer ones wait for the next flush. */
const MAX_PENDING_USERS = 50_000;

/**
 * Counts the pages signed-in app users load and sends users-service one line per user per flush
 * (`{app_user_id, count, at}` every PAGE_VIEW_FLUSH_MS and on shutdown), which it adds to their access_count,
 * first_accessed_at and last_accessed_at in one statement: a busy app costs one write per flush, not one per page.
 */
@Injectable()
export class AppUserAccessRecorder implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('AppUserAccessRecorder');
  private pending = new Map<number, AppUserAccess>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(EDGE_CONFIG) private readonly config: EdgeConfig,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => this.flush(), this.config.PAGE_VIEW_FLUSH_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.flush();
  }

  record(appUserId: number, at: Date = new Date()): void {
    const seen = this.pending.get(appUserId);
    if (seen) {
      seen.count += 1;
      seen.at = at.toISOString();
    } else if (this.pending.size < MAX_PENDING_USERS) {
      this.pending.set(appUserId, { app_user_id: appUserId, count: 1, at: at.toISOString() });
    }
  }

  flush(): void {
    const accesses = [...this.pending.values()];
    for (let start = 0; start < accesses.length; start += MAX_BATCH) {
      const batch = accesses.slice(start, start + MAX_BATCH);
      try {
        this.rpc.emit(UsersEvents.recordAppUserAccess, { accesses: batch });
      } catch (error) {
        // The connection is closed or reconnecting: what was not sent stays for the next flush.
        this.log.warn(`app user accesses kept for later: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      for (const access of batch) this.pending.delete(access.app_user_id);
    }
  }
}
