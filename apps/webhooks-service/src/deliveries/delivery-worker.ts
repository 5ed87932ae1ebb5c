import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { signatureHeader, WEBHOOK_HEADERS, WEBHOOK_TEST_EVENT } from '@appgen/contracts';
import { endSpan, injectTrace, openSecret, parseTraceparent, SpanKind, startSpan, type HeaderCarrier } from '@appgen/service-kit';
import { NotifiedWorkLoop } from '@appgen/service-kit/database';
import { WEBHOOKS_CONFIG, type WebhooksConfig } from '../config/webhooks.config';
import { deliveryAttempts, deliveryDuration, outcomeOf } from './delivery-metrics';
import { HttpSender, type SendResult } from './http-sender';
import { nextRetryDelay } from './retry-schedule';

/** Writers NOTIFY this channel with the schema name when deliveries become due. */
export const DELIVERIES_CHANNEL = 'webhooks_deliveries';
export const USER_AGENT = 'appgen-webhooks/1';
const POLL_INTERVAL_MS = 500;
/** Outcomes written by one statement at most; more wait for the next write. */
const MAX_OUTCOMES_PER_WRITE = 500;
/** Opened secrets kept; beyond that the cache starts over (it only saves a decryption). */
const SECRET_CACHE_SIZE = 10_000;

/** A leased delivery with where it goes and the sealed secret it is signed with, read in the same query. */
interface ClaimedRow {
  id: number;
  subscription_id: number | null;
  event: string;
  body: string;
  failed_steps: number;
  target_url: string | null;
  secret_sealed: string | null;
  traceparent: string | null;
}

interface Outcome {
  row: ClaimedRow;
  result: SendResult;
  giveUp: boolean;
  written: () => void;
  failed: (error: unknown) => void;
}

/** Lease columns and the receiver's url and sealed secret, as of the claim (a changed URL or secret applies at once). */
const CLAIMED_COLUMNS = `d.id, d.subscription_id, d.event, d.body, d.failed_steps, d.traceparent,
  CASE WHEN d.subscription_id IS NULL THEN d.url ELSE s.url END AS target_url,
  CASE WHEN d.subscription_id IS NULL THEN c.secret_sealed ELSE s.secret_sealed END AS secret_sealed`;
const CLAIMED_JOINS = `LEFT JOIN subscriptions s ON s.id = d.subscription_id
  LEFT JOIN callback_secrets c ON d.subscription_id IS NULL AND c.account_id = d.account_id`;

/**
 * Sends due deliveries. A pass claims rows with FOR UPDATE SKIP LOCKED (so replicas never send the same
 * delivery at once) and leases them by pushing next_attempt_at past the receive timeout, so a crash
 * mid-send only delays the attempt. Each subscription gets at most WEBHOOK_PER_ENDPOINT_CONCURRENCY
 * sends in flight, so a slow or dead receiver never occupies the slots every other receiver needs.
 *
 * Round trips per delivery are few: the claim reads each receiver's url and sealed secret with the row,
 * outcomes finished while one write runs are written together by the next, and a finished send asks for
 * more work only once enough slots are free (or its receiver's cap has room again).
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('DeliveryWorker');
  private readonly sender: HttpSender;
  private loop?: NotifiedWorkLoop;
  private readonly inFlight = new Map<number, number>();
  private readonly running = new Set<Promise<void>>();
  /** Sealed text → opened secret. A rotated secret is sealed anew (fresh nonce), so it never hits a stale entry. */
  private readonly secrets = new Map<string, string>();
  private outcomes: Outcome[] = [];
  private writing?: Promise<void>;
  /** The last claim filled every free slot, so more may be due than was taken. */
  private claimFilledRoom = false;
  /** Receivers the last claim brought to their cap; they may have more due. */
  private readonly capped = new Set<number>();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
  ) {
    this.sender = new HttpSender({
      allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      maxSockets: config.WEBHOOK_CONCURRENCY,
    });
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
    await this.writing;
    this.sender.close();
  }

  wake(): void {
    this.loop?.wake();
  }

  /**
   * Seconds a claimed delivery stays invisible to other passes: longer than any send may take, plus room to
   * record it. It is also how long a delivery in flight when its process died waits to be sent again.
   */
  get leaseSeconds(): number {
    return Math.ceil(this.config.WEBHOOK_TIMEOUT_MS / 1000) + 10;
  }

  /** Sends one delivery now (the test send), whether or not it is due, and waits for the recorded outcome. */
  async attemptNow(id: number): Promise<void> {
    const rows: ClaimedRow[] = await this.dataSource.query(`SELECT ${CLAIMED_COLUMNS} FROM deliveries d ${CLAIMED_JOINS} WHERE d.id = $1`, [id]);
    const row = rows[0];
    if (row) await this.attempt(row);
  }

  private async claimAndStart(): Promise<void> {
    const room = this.config.WEBHOOK_CONCURRENCY - this.running.size;
    if (room <= 0) return;
    const perEndpoint = this.config.WEBHOOK_PER_ENDPOINT_CONCURRENCY;
    const busy = [...this.inFlight.entries()];
    // Receivers with pending deliveries, found by skipping through the pending index one receiver at a time
    // (so a claim costs as much with 10 or 100,000 deliveries waiting), in the order of their oldest due
    // delivery, each taking at most its free slots. Callbacks, without a subscription, are receiver 0 and
    // share the global limit.
    const claimed: ClaimedRow[] = await this.dataSource.query(
      `WITH RECURSIVE busy AS (SELECT * FROM unnest($1::int[], $2::int[]) AS b(sid, in_flight)),
       receivers AS (
         SELECT min(coalesce(subscription_id, 0)) AS sid FROM deliveries WHERE status = 'pending'
         UNION ALL
         SELECT (SELECT min(coalesce(d.subscription_id, 0)) FROM deliveries d
                  WHERE d.status = 'pending' AND coalesce(d.subscription_id, 0) > r.sid)
           FROM receivers r WHERE r.sid IS NOT NULL
       ),
       targets AS (
         SELECT t.sid, CASE WHEN t.sid = 0 THEN $3::int ELSE $4::int END - coalesce(b.in_flight, 0) AS room
           FROM (SELECT r.sid, (SELECT min(d.next_attempt_at) FROM deliveries d
                                 WHERE coalesce(d.subscription_id, 0) = r.sid AND d.status = 'pending' AND d.next_attempt_at <= now()) AS oldest
                   FROM receivers r WHERE r.sid IS NOT NULL) t
           LEFT JOIN busy b ON b.sid = t.sid
          WHERE t.oldest IS NOT NULL AND (t.sid = 0 OR EXISTS (SELECT 1 FROM subscriptions s WHERE s.id = t.sid AND s.enabled))
          ORDER BY t.oldest
       ),
       picked AS (
         SELECT p.id FROM targets, LATERAL (
           SELECT d.id FROM deliveries d
            WHERE coalesce(d.subscription_id, 0) = targets.sid AND d.status = 'pending' AND d.next_attempt_at <= now()
            ORDER BY d.next_attempt_at, d.id
            LIMIT greatest(targets.room, 0)
            FOR UPDATE OF d SKIP LOCKED
         ) p
         LIMIT $3::int
       ),
       leased AS (
         UPDATE deliveries d SET next_attempt_at = now() + make_interval(secs => $5::int)
           FROM picked WHERE d.id = picked.id
         RETURNING d.*
       )
       SELECT ${CLAIMED_COLUMNS} FROM leased d ${CLAIMED_JOINS}`,
      [busy.map(([sid]) => sid), busy.map(([, count]) => count), room, perEndpoint, this.leaseSeconds],
    );
    this.claimFilledRoom = claimed.length >= room;
    this.capped.clear();
    for (const row of claimed) this.start(row);
    for (const [sid, count] of this.inFlight) if (sid !== 0 && count >= perEndpoint) this.capped.add(sid);
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
        if (this.worthClaiming(key, left)) this.loop?.wake();
      });
    this.running.add(work);
  }

  /**
   * Whether a finished send should start a claim now. New and retried work arrives by NOTIFY and the poll;
   * here only work the last claim had to leave behind counts, and it is fetched in batches, not one claim
   * per finished send.
   */
  private worthClaiming(key: number, leftForReceiver: number): boolean {
    const free = this.config.WEBHOOK_CONCURRENCY - this.running.size;
    if (this.claimFilledRoom && free >= Math.max(1, Math.floor(this.config.WEBHOOK_CONCURRENCY / 4))) return true;
    const perEndpoint = this.config.WEBHOOK_PER_ENDPOINT_CONCURRENCY;
    return this.capped.has(key) && perEndpoint - leftForReceiver >= Math.ceil(perEndpoint / 2);
  }

  private secretOf(sealed: string): string {
    let secret = this.secrets.get(sealed);
    if (secret === undefined) {
      secret = openSecret(this.config.secretsKey, sealed);
      if (this.secrets.size >= SECRET_CACHE_SIZE) this.secrets.clear();
      this.secrets.set(sealed, secret);
    }
    return secret;
  }

  private async attempt(row: ClaimedRow): Promise<void> {
    if (row.target_url === null || row.secret_sealed === null) {
      await this.record(row, { status: null, ms: 0, error: 'no receiver or secret for this delivery' }, true);
      return;
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = {
      [WEBHOOK_HEADERS.signature]: signatureHeader(this.secretOf(row.secret_sealed), timestamp, row.body),
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.event]: row.event,
      [WEBHOOK_HEADERS.delivery]: String(row.id),
      'Content-Type': 'application/json',
      'User-Agent': USER_AGENT,
    };
    // Each attempt is a client span of the trace that caused the delivery; the receiver gets it as `traceparent`.
    const kind = row.subscription_id === null ? 'callback' : 'webhook';
    const span = startSpan(`${kind} ${row.event}`, SpanKind.CLIENT, parseTraceparent(row.traceparent), { 'appgen.delivery.id': row.id });
    const carrier: HeaderCarrier = { get: (name) => headers[name], set: (name, value) => void (headers[name] = value) };
    injectTrace(carrier, span.context);
    const result = await this.sender.send(row.target_url, headers, row.body);
    const outcome = outcomeOf(result);
    deliveryAttempts.inc({ kind, outcome });
    deliveryDuration.observe({ kind, outcome }, result.ms / 1000);
    span.span.setAttribute('http.response.status_code', result.status ?? 0);
    endSpan(span, outcome === 'delivered' ? undefined : (result.error ?? `HTTP ${result.status ?? 'none'}`));
    await this.record(row, result, false);
  }

  /** Resolves once the outcome is committed, written together with the others that finished meanwhile. */
  private record(row: ClaimedRow, result: SendResult, giveUp: boolean): Promise<void> {
    return new Promise<void>((written, failed) => {
      this.outcomes.push({ row, result, giveUp, written, failed });
      this.writing ??= this.writeOutcomes();
    });
  }

  private async writeOutcomes(): Promise<void> {
    try {
      while (this.outcomes.length > 0) {
        const batch = this.outcomes.splice(0, MAX_OUTCOMES_PER_WRITE);
        try {
          // Once more on failure: replicas writing outcomes of the same subscriptions can meet in a deadlock.
          await this.write(batch).catch(() => this.write(batch));
          for (const outcome of batch) outcome.written();
        } catch (error) {
          // Not written: the leases run out and the deliveries are attempted again, as after a crash.
          for (const outcome of batch) outcome.failed(error);
        }
      }
    } finally {
      // In the same turn as the emptiness check, so an outcome recorded right after starts a new writer.
      this.writing = undefined;
    }
  }

  private async write(batch: Outcome[]): Promise<void> {
    const ok = (o: Outcome) => o.result.status !== null && o.result.status >= 200 && o.result.status < 300;
    const successes = batch.filter(ok);
    const failures = batch.filter((o) => !ok(o));
    // A success ends the subscription's failing streak.
    const successSql = `WITH done AS (
        UPDATE deliveries d SET status = 'succeeded', attempts = attempts + 1, failed_steps = 0, response_status = r.status,
               response_ms = r.ms, error = NULL, next_attempt_at = NULL, delivered_at = now()
          FROM unnest($1::int[], $2::int[], $3::int[]) AS r(id, status, ms) WHERE d.id = r.id
        RETURNING d.subscription_id)
      UPDATE subscriptions SET failing_since = NULL
       WHERE id IN (SELECT subscription_id FROM done) AND failing_since IS NOT NULL`;
    const successParams = [successes.map((o) => o.row.id), successes.map((o) => o.result.status), successes.map((o) => o.result.ms)];
    if (failures.length === 0) {
      await this.dataSource.query(successSql, successParams);
      return;
    }
    const succeeded = new Set(successes.map((o) => o.row.subscription_id));
    const gone = new Set<number>();
    const failing = new Set<number>();
    const rows = failures.map((o) => {
      const sid = o.row.subscription_id;
      // 410 Gone means "stop sending": a subscription is disabled, a callback is not tried again.
      const isGone = o.result.status === 410;
      const steps = o.row.failed_steps + 1;
      // A test send reports its one attempt; retrying it would pile up tests against a broken receiver.
      const once = o.giveUp || isGone || o.row.event === WEBHOOK_TEST_EVENT;
      const delay = once ? null : nextRetryDelay(this.config.retrySchedule, steps);
      const error = isGone
        ? sid === null
          ? 'the receiver answered 410 Gone; the callback is not sent again'
          : 'the receiver answered 410 Gone; the subscription was disabled'
        : (o.result.error ?? `the receiver answered HTTP ${o.result.status ?? 'nothing'}`);
      if (sid !== null && isGone) gone.add(sid);
      else if (sid !== null && !succeeded.has(sid)) failing.add(sid);
      return { id: o.row.id, status: delay === null ? 'failed' : 'pending', steps, code: o.result.status, ms: o.result.ms, error: error.slice(0, 1000), delay };
    });
    await this.dataSource.transaction(async (manager) => {
      if (successes.length > 0) await manager.query(successSql, successParams);
      await manager.query(
        `UPDATE deliveries d SET status = r.status, attempts = attempts + 1, failed_steps = r.steps, response_status = r.code,
                response_ms = r.ms, error = r.error,
                next_attempt_at = CASE WHEN r.delay IS NULL THEN NULL ELSE now() + make_interval(secs => r.delay) END
           FROM unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::int[], $6::text[], $7::int[]) AS r(id, status, steps, code, ms, error, delay)
          WHERE d.id = r.id`,
        [rows.map((r) => r.id), rows.map((r) => r.status), rows.map((r) => r.steps), rows.map((r) => r.code), rows.map((r) => r.ms), rows.map((r) => r.error), rows.map((r) => r.delay)],
      );
      if (gone.size > 0) {
        await manager.query('UPDATE subscriptions SET enabled = false WHERE id = ANY($1::int[])', [[...gone]]);
        for (const sid of gone) this.log.log(`subscription ${sid} disabled: its receiver answered 410 Gone`);
      }
      // A streak of failures older than the limit, with no success since, disables the subscription. One that
      // also succeeded in this batch is reachable: its streak is over, not started.
      if (failing.size > 0) {
        await manager.query(
          `UPDATE subscriptions SET failing_since = coalesce(failing_since, now()),
                  enabled = enabled AND coalesce(failing_since, now()) > now() - make_interval(secs => $2)
            WHERE id = ANY($1::int[])`,
          [[...failing], this.config.WEBHOOK_DISABLE_AFTER_SECONDS],
        );
      }
    });
  }
}
