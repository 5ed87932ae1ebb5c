import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { AppsSubjects, AppUsersChangedMessage, UsersEvents, UsersSubjects, validate, type AppDetailResponse, type Caller, type RpcResponse } from '@appgen/contracts';
import { NATS_CONNECTION, RpcClient } from '@appgen/service-kit';
import { RefreshAheadCache } from '../access/refresh-ahead-cache';

const codec = JSONCodec<unknown>();

const MAX_CACHED_COUNTS = 10_000;
/** A bound on a count kept should a change broadcast be lost (core NATS delivers at most once). */
export const USERS_COUNT_TTL_MS = 60_000;

/** The detail as apps-service answers it, with `users_count` ahead of `urls` as the contract lists them. */
function withUsersCount(app: RpcResponse<typeof AppsSubjects.get>['app'], usersCount: number): AppDetailResponse {
  const { urls, ...fields } = app;
  return { app: { ...fields, users_count: usersCount, urls } };
}

/**
 * GET /managed_apps/:id (and /apps/:id): the app as apps-service knows it, with `users_count` from users-service,
 * which owns the app's users.
 *
 * The count is kept in memory per app, so a read costs one round trip (to apps-service) instead of two. It is
 * never stale once an answer has said a change was made: users-service broadcasts `appUsersChanged` (every replica
 * hears it) after each change commits and before it answers, and the cache is read only after apps-service's reply
 * has arrived. That reply comes on the same NATS connection as the broadcast, after it, so by then the broadcast
 * has evicted the count. A lookup that a change overtook is not kept.
 */
@Injectable()
export class AppDetailReader implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AppUsersCount');
  /** Counts in use are looked up again before their bound runs out, in the background (one lookup per app at a time). */
  private readonly counts = new RefreshAheadCache<number>(MAX_CACHED_COUNTS, (appId) =>
    this.lookup(appId).catch((error: unknown) => this.logger.warn(`refreshing an app's users count failed: ${error instanceof Error ? error.message : String(error)}`)),
  );
  /** Bumped by every change heard; a lookup that started before one must not keep its answer. */
  private changes = 0;
  private subscription?: Subscription;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {}

  read(caller: Caller, id: string): Promise<AppDetailResponse> {
    // The app's own answer decides first, so an unknown or foreign app is its 404. Chained rather than awaited: this is
    // the API's busiest read, and each await is a promise more.
    return this.rpc.request(AppsSubjects.get, { caller, id }).then(({ app }) => {
      const count = this.counts.get(id);
      return count === undefined ? this.lookup(id).then((looked) => withUsersCount(app, looked)) : withUsersCount(app, count);
    });
  }

  /** Forgets the counts of these apps (their users changed, on any replica). */
  forget(appId: string): void {
    this.changes += 1;
    this.counts.delete(appId);
  }

  onApplicationBootstrap(): void {
    this.counts.startSweeping(USERS_COUNT_TTL_MS);
    this.subscription = this.nats.subscribe(UsersEvents.appUsersChanged, {
      callback: (error, message) => {
        if (error) {
          this.logger.warn(`app users subscription failed: ${error.message}`);
          return;
        }
        const changed = this.changedApp(message.data);
        if (changed === null) this.logger.warn('ignored an app users change that breaks its contract');
        else this.forget(changed);
      },
    });
  }

  onApplicationShutdown(): void {
    this.counts.stopSweeping();
    this.subscription?.unsubscribe();
  }

  private async lookup(appId: string): Promise<number> {
    const changesBefore = this.changes;
    const { counts } = await this.rpc.request(UsersSubjects.countAppUsers, { app_ids: [appId] });
    const count = counts[appId] ?? 0;
    if (this.changes === changesBefore) this.counts.set(appId, count, Date.now() + USERS_COUNT_TTL_MS);
    return count;
  }

  /** The app a broadcast names, in Nest's wire format `{pattern, data: {app_id}}` as RpcClient sends it. */
  private changedApp(data: Uint8Array): string | null {
    let message: unknown;
    try {
      message = codec.decode(data);
    } catch {
      return null;
    }
    const payload = typeof message === 'object' && message !== null && 'data' in message ? message.data : message;
    const checked = validate(AppUsersChangedMessage, payload);
    return checked.ok ? checked.value.app_id : null;
  }
}
