import { Logger } from '@nestjs/common';
import { Client } from 'pg';

export interface NotifiedWorkLoopOptions {
  /** Names the loop in logs. */
  name: string;
  databaseUrl: string;
  /** Postgres channel to LISTEN on; writers NOTIFY it, which arrives only once their transaction commits. */
  channel: string;
  /** Only notifications whose payload is this schema wake the loop (one channel serves every service). */
  schema: string;
  /** Fallback poll, for retries that come due and for notifications missed while the listener reconnected. */
  pollIntervalMs: number;
  /** One pass over the pending work; runs never overlap. */
  pass: () => Promise<void>;
}

/**
 * Runs durable work stored in Postgres rows (outbox events, mail, deliveries) promptly and without
 * overlap: a pass starts on NOTIFY, on a short poll, or on `wake()`; a wake during a pass runs one more
 * pass right after it. Stopping waits for the pass in progress.
 */
export class NotifiedWorkLoop {
  private readonly log: Logger;
  private listener?: Client;
  private pollTimer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(private readonly options: NotifiedWorkLoopOptions) {
    this.log = new Logger(options.name);
  }

  async start(): Promise<void> {
    await this.listen();
    this.pollTimer = setInterval(() => this.wake(), this.options.pollIntervalMs);
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.pollTimer);
    await this.running;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Runs a pass now, or right after the one in progress. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.options
      .pass()
      .catch((error: unknown) => this.log.warn(`pass failed, will retry: ${String(error)}`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async listen(): Promise<void> {
    const listener = new Client({ connectionString: this.options.databaseUrl });
    listener.on('notification', (note) => {
      if (note.payload === this.options.schema) this.wake();
    });
    listener.on('error', (error) => {
      if (this.stopped || this.listener !== listener) return;
      this.log.warn(`listener lost: ${error.message}; polling until it reconnects`);
      this.listener = undefined;
      this.listenLater();
    });
    try {
      await listener.connect();
      await listener.query(`LISTEN ${this.options.channel}`);
    } catch (error) {
      await listener.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await listener.end().catch(() => undefined);
      return;
    }
    this.listener = listener;
  }

  /** Tries to listen again after a poll interval, and again after each failure (Postgres may be down a while). */
  private listenLater(): void {
    if (this.stopped) return;
    setTimeout(() => {
      if (this.stopped) return;
      this.listen()
        .then(() => this.wake())
        .catch((error: unknown) => {
          this.log.warn(`listener still down: ${String(error)}`);
          this.listenLater();
        });
    }, this.options.pollIntervalMs).unref();
  }
}
