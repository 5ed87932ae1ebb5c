import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { WEBHOOK_HEADERS } from '@appgen/contracts';
import { NotifiedWorkLoop } from '@appgen/service-kit';
import { openSecret } from '../common/secret-box';
import { WEBHOOKS_CONFIG, type WebhooksConfig } from '../config/webhooks.config';
import { HttpSender, type SendResult } from './http-sender';
import { nextRetryDelay } from './retry-schedule';
import { signatureHeader } from './signature';

/** Writers NOTIFY this channel with the schema name when deliveries become due. */
export const DELIVERIES_CHANNEL = 'webhooks_deliveries';
export const USER_AGENT = 'appgen-webhooks/1';
const POLL_INTERVAL_MS = 500;

interface ClaimedRow {
  id: number;
  subscription_id: number | null;
  account_id: number;
  url: string | null;
  event: string;
  body: string;
  failed_steps: number;
}

interface Target {
  url: string;
  secret: string;
}

/**
 * Sends due deliveries. A pass claims rows with FOR UPDATE SKIP LOCKED (so replicas never send the same
 * delivery at once) and leases them by pushing next_attempt_at past the receive timeout, so a crash
 * mid-send only delays the attempt. Each subscription gets at most WEBHOOK_PER_ENDPOINT_CONCURRENCY
 * sends in flight, so a slow or dead receiver never occupies the slots every other receiver needs.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('DeliveryWorker');
  private readonly sender: HttpSender;
  private loop?: NotifiedWorkLoop;
  private readonly inFlight = new Map<number, number>();
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
  ) {
    this.sender = new HttpSender({ allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, timeoutMs: config.WEBHOOK_TIMEOUT_MS });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.loop = new NotifiedWorkLoop({
      name: 'DeliveryWorker',
      databaseUrl: this.config.DATABASE_URL,
      channel: DELIVERIES_CHANNEL,
      schema: String(this.dataSource.driver.schema),
      pollIntervalMs: POLL_INTERVAL_MS,
      pass: () => this.claimAndStart(),
    });
    await this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.loop?.stop();
    await Promise.allSettled([...this.running]);
    this.sender.close();
  }

  wake(): void {
    this.loop?.wake();
  }

  /** Seconds a claimed delivery stays invisible to other passes: longer than any send may take. */
  get leaseSeconds(): number {
    return Math.ceil(this.config.WEBHOOK_TIMEOUT_MS / 1000) + 30;
  }

  /** Sends one delivery now (the test send), whether or not it is due, and waits for the outcome. */
  async attemptNow(id: number): Promise<void> {
    const rows: ClaimedRow[] = await this.dataSource.query(
      'SELECT id, subscription_id, account_id, url, event, body, failed_steps FROM deliveries WHERE id = $1',
      [id],
    );
    const row = rows[0];
    if (row) await this.attempt(row);
  }

  private async claimAndStart(): Promise<void> {
    const room = this.config.WEBHOOK_CONCURRENCY - this.running.size;
    if (room <= 0) return;
    const busy = [...this.inFlight.entries()];
    const claimed: ClaimedRow[] = await this.dataSource.query(
      `WITH busy AS (SELECT * FROM unnest($1::int[], $2::int[]) AS b(sid, in_flight)),
       targets AS (
         SELECT t.sid, CASE WHEN t.sid = 0 THEN $3::int ELSE $4::int END - coalesce(b.in_flight, 0) AS room
           FROM (SELECT DISTINCT coalesce(subscription_id, 0) AS sid FROM deliveries
                  WHERE status = 'pending' AND next_attempt_at <= now()) t
           LEFT JOIN busy b ON b.sid = t.sid
          WHERE t.sid = 0 OR EXISTS (SELECT 1 FROM subscriptions s WHERE s.id = t.sid AND s.enabled)
       ),
       picked AS (
         SELECT p.id FROM targets, LATERAL (
           SELECT d.id FROM deliveries d
            WHERE ((targets.sid = 0 AND d.subscription_id IS NULL) OR d.subscription_id = targets.sid)
              AND d.status = 'pending' AND d.next_attempt_at <= now()
            ORDER BY d.next_attempt_at, d.id
            LIMIT greatest(targets.room, 0)
            FOR UPDATE OF d SKIP LOCKED
         ) p
         LIMIT $3::int
       ),
       leased AS (
         UPDATE deliveries d SET next_attempt_at = now() + make_interval(secs => $5::int)
           FROM picked WHERE d.id = picked.id
         RETURNING d.id, d.subscription_id, d.account_id, d.url, d.event, d.body, d.failed_steps
       )
       -- Wrapped in a SELECT: TypeORM answers a bare UPDATE with [rows, count] instead of rows.
       SELECT * FROM leased`,
      [busy.map(([sid]) => sid), busy.map(([, count]) => count), room, this.config.WEBHOOK_PER_ENDPOINT_CONCURRENCY, this.leaseSeconds],
    );
    for (const row of claimed) this.start(row);
  }

  private start(row: ClaimedRow): void {
    const key = row.subscription_id ?? 0;
    this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
    const work = this.attempt(row)
      .catch((error: unknown) => this.log.warn(`delivery ${row.id} could not be recorded, it will be retried: ${String(error)}`))
      .finally(() => {
        const left = (this.inFlight.get(key) ?? 1) - 1;
        if (left > 0) this.inFlight.set(key, left);
        else this.inFlight.delete(key);
        this.running.delete(work);
        this.loop?.wake();
      });
    this.running.add(work);
  }

  private async target(row: ClaimedRow): Promise<Target | null> {
    if (row.subscription_id !== null) {
      const found: Array<{ url: string; secret_sealed: string }> = await this.dataSource.query(
        'SELECT url, secret_sealed FROM subscriptions WHERE id = $1',
        [row.subscription_id],
      );
      const subscription = found[0];
      return subscription ? { url: subscription.url, secret: openSecret(this.config.secretsKey, subscription.secret_sealed) } : null;
    }
    const found: Array<{ secret_sealed: string }> = await this.dataSource.query(
      'SELECT secret_sealed FROM callback_secrets WHERE account_id = $1',
      [row.account_id],
    );
    const secret = found[0];
    return secret && row.url ? { url: row.url, secret: openSecret(this.config.secretsKey, secret.secret_sealed) } : null;
  }

  private async attempt(row: ClaimedRow): Promise<void> {
    const target = await this.target(row);
    if (!target) {
      await this.record(row, { status: null, ms: 0, error: 'no receiver or secret for this delivery' }, true);
      return;
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = {
      [WEBHOOK_HEADERS.signature]: signatureHeader(target.secret, timestamp, row.body),
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.event]: row.event,
      [WEBHOOK_HEADERS.delivery]: String(row.id),
      'Content-Type': 'application/json',
      'User-Agent': USER_AGENT,
    };
    const result = await this.sender.send(target.url, headers, row.body);
    await this.record(row, result, false);
  }

  private async record(row: ClaimedRow, result: SendResult, giveUp: boolean): Promise<void> {
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    await this.dataSource.transaction(async (manager) => {
      if (ok) {
        await manager.query(
          `UPDATE deliveries SET status = 'succeeded', attempts = attempts + 1, failed_steps = 0, response_status = $2,
                  response_ms = $3, error = NULL, next_attempt_at = NULL, delivered_at = now() WHERE id = $1`,
          [row.id, result.status, result.ms],
        );
        if (row.subscription_id !== null) {
          await manager.query('UPDATE subscriptions SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL', [row.subscription_id]);
        }
        return;
      }
      const gone = result.status === 410 && row.subscription_id !== null;
      const steps = row.failed_steps + 1;
      const delay = gone || giveUp ? null : nextRetryDelay(this.config.retrySchedule, steps);
      const error = gone
        ? 'the receiver answered 410 Gone; the subscription was disabled'
        : (result.error ?? `the receiver answered HTTP ${result.status ?? 'nothing'}`);
      await manager.query(
        `UPDATE deliveries SET status = $2, attempts = attempts + 1, failed_steps = $3, response_status = $4, response_ms = $5,
                error = $6, next_attempt_at = CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(secs => $7::int) END
          WHERE id = $1`,
        [row.id, delay === null ? 'failed' : 'pending', steps, result.status, result.ms, error.slice(0, 1000), delay],
      );
      if (row.subscription_id === null) return;
      if (gone) {
        await manager.query('UPDATE subscriptions SET enabled = false WHERE id = $1', [row.subscription_id]);
        this.log.log(`subscription ${row.subscription_id} disabled: its receiver answered 410 Gone`);
        return;
      }
      // A streak of failures older than the limit, with no success since, disables the subscription.
      await manager.query(
        `UPDATE subscriptions SET failing_since = coalesce(failing_since, now()),
                enabled = enabled AND coalesce(failing_since, now()) > now() - make_interval(secs => $2)
          WHERE id = $1`,
        [row.subscription_id, this.config.WEBHOOK_DISABLE_AFTER_SECONDS],
      );
    });
  }
}
