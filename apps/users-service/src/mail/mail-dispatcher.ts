import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NotifiedWorkLoop } from '@appgen/service-kit/database';
import { USERS_CONFIG, type UsersConfig } from '../config/users.config';
import { MAIL_CHANNEL } from './mail-outbox.service';
import { createMailSender, type MailSender } from './mail-sender';

const POLL_INTERVAL_MS = 1000;
const BATCH_SIZE = 20;
/** After this many failed attempts a mail is marked failed; a sign-in code is long expired by then. */
export const MAX_MAIL_ATTEMPTS = 10;

/** Seconds to wait before the next attempt after `attempts` failures: 2, 4, 8 … capped at 5 minutes. */
export function mailRetryDelaySeconds(attempts: number): number {
  return Math.min(2 ** attempts, 300);
}

interface PendingMail {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  attempts: number;
  /** what it carries expired before it could be sent */
  stale: boolean;
}

/**
 * Marks a mail finished. The subject and body hold a sign-in code: they are cleared in the same statement
 * (so the same transaction) that records the outcome, and a CHECK constraint refuses a finished row that
 * still holds them.
 */
const FINISH_SENT = `UPDATE mail_outbox SET sent_at = now(), attempts = attempts + 1, subject = NULL, text_body = NULL WHERE id = $1`;
const FINISH_STALE = `UPDATE mail_outbox SET failed_at = now(), last_error = $2, subject = NULL, text_body = NULL WHERE id = $1`;
const STALE_ERROR = 'not sent: what it carried expired before it could go out';

/**
 * Sends committed mail_outbox rows. Woken by NOTIFY when a row commits, and by a short poll for retries
 * and for notifications missed while the listener reconnected. Rows are claimed with SKIP LOCKED, so
 * replicas never send the same mail twice at the same time.
 */
@Injectable()
export class MailDispatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('MailDispatcher');
  private sender?: MailSender;
  private loop?: NotifiedWorkLoop;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(USERS_CONFIG) private readonly config: UsersConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.sender = createMailSender({ url: this.config.MAIL_URL, dir: this.config.MAIL_DIR, from: this.config.MAIL_FROM });
    this.log.log(`sending mail as ${this.sender.description}`);
    this.loop = new NotifiedWorkLoop({
      name: 'MailDispatcher',
      databaseUrl: this.config.DATABASE_URL,
      channel: MAIL_CHANNEL,
      schema: String(this.dataSource.driver.schema),
      pollIntervalMs: POLL_INTERVAL_MS,
      pass: () => this.sendPending(),
    });
    await this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.loop?.stop();
    this.sender?.close();
  }

  private async sendPending(): Promise<void> {
    const sender = this.sender;
    if (!sender) return;
    for (;;) {
      const claimed = await this.dataSource.transaction(async (manager) => {
        // A mail waiting out a backoff is also claimed once its content expires, so an undeliverable code
        // does not stay readable until its next attempt comes due.
        const rows: PendingMail[] = await manager.query(
          `SELECT id, recipient, subject, text_body, attempts, coalesce(discard_after <= now(), false) AS stale
             FROM mail_outbox
            WHERE sent_at IS NULL AND failed_at IS NULL AND (next_attempt_at <= now() OR discard_after <= now())
            ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [BATCH_SIZE],
        );
        for (const row of rows) {
          if (row.stale) {
            this.log.warn(`mail ${row.id} dropped after ${row.attempts} attempts: ${STALE_ERROR}`);
            await manager.query(FINISH_STALE, [row.id, STALE_ERROR]);
            continue;
          }
          try {
            await sender.send(row.id, { to: row.recipient, subject: row.subject, text: row.text_body });
            await manager.query(FINISH_SENT, [row.id]);
          } catch (error) {
            const attempts = row.attempts + 1;
            const message = error instanceof Error ? error.message : String(error);
            const giveUp = attempts >= MAX_MAIL_ATTEMPTS;
            this.log.warn(`mail ${row.id} attempt ${attempts} failed${giveUp ? ', giving up' : ''}: ${message}`);
            await manager.query(
              `UPDATE mail_outbox
                  SET attempts = $2, last_error = $3,
                      next_attempt_at = now() + make_interval(secs => $4),
                      failed_at = CASE WHEN $5 THEN now() END,
                      subject = CASE WHEN $5 THEN NULL ELSE subject END,
                      text_body = CASE WHEN $5 THEN NULL ELSE text_body END
                WHERE id = $1`,
              [row.id, attempts, message.slice(0, 1000), mailRetryDelaySeconds(attempts), giveUp],
            );
          }
        }
        return rows.length;
      });
      if (claimed < BATCH_SIZE || this.loop?.isStopped) return;
    }
  }
}
