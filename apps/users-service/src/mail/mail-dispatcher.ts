import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
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
  private listener?: Client;
  private pollTimer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(USERS_CONFIG) private readonly config: UsersConfig,
  ) {}

  private get schema(): string {
    return String(this.dataSource.driver.schema);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.sender = createMailSender({ url: this.config.MAIL_URL, dir: this.config.MAIL_DIR, from: this.config.MAIL_FROM });
    this.log.log(`sending mail as ${this.sender.description}`);
    await this.listen();
    this.pollTimer = setInterval(() => this.wake(), POLL_INTERVAL_MS);
    this.wake();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.pollTimer);
    await this.running;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    this.sender?.close();
  }

  /** Runs a send pass now, or right after the one in progress. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sendPending()
      .catch((error: unknown) => this.log.warn(`mail pass failed, will retry: ${String(error)}`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async listen(): Promise<void> {
    const listener = new Client({ connectionString: this.config.DATABASE_URL });
    listener.on('notification', (note) => {
      if (note.payload === this.schema) this.wake();
    });
    listener.on('error', (error) => {
      if (this.stopped) return;
      this.log.warn(`mail listener lost: ${error.message}; polling until it reconnects`);
      this.listener = undefined;
      setTimeout(() => void this.listen().catch(() => undefined), POLL_INTERVAL_MS).unref();
    });
    await listener.connect();
    await listener.query(`LISTEN ${MAIL_CHANNEL}`);
    this.listener = listener;
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
      if (claimed < BATCH_SIZE || this.stopped) return;
    }
  }
}
