import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NotifiedWorkLoop } from '@appgen/service-kit';
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
}

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
        const rows: PendingMail[] = await manager.query(
          `SELECT id, recipient, subject, text_body, attempts FROM mail_outbox
            WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
            ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [BATCH_SIZE],
        );
        for (const row of rows) {
          try {
            await sender.send(row.id, { to: row.recipient, subject: row.subject, text: row.text_body });
            await manager.query('UPDATE mail_outbox SET sent_at = now(), attempts = attempts + 1 WHERE id = $1', [row.id]);
          } catch (error) {
            const attempts = row.attempts + 1;
            const message = error instanceof Error ? error.message : String(error);
            const giveUp = attempts >= MAX_MAIL_ATTEMPTS;
            this.log.warn(`mail ${row.id} attempt ${attempts} failed${giveUp ? ', giving up' : ''}: ${message}`);
            await manager.query(
              `UPDATE mail_outbox
                  SET attempts = $2, last_error = $3,
                      next_attempt_at = now() + make_interval(secs => $4),
                      failed_at = CASE WHEN $5 THEN now() END
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
