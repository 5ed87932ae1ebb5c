import { Logger } from '@nestjs/common';
import { ServerNats } from '@nestjs/microservices';
import type { NatsConnection, Subscription, SubscriptionOptions } from 'nats';

/**
 * Nest's NATS server, made to shut down gracefully: on close it stops taking new messages
 * (unsubscribes, so the queue group's other replicas take them), lets every handler already
 * running finish and send its reply, then closes the connection.
 */
export class DrainingNatsServer extends ServerNats {
  private readonly ownSubscriptions: Subscription[] = [];
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];
  private readonly log = new Logger('NatsServer');

  constructor(
    options: ConstructorParameters<typeof ServerNats>[0],
    private readonly drainTimeoutMs: number,
  ) {
    super(options);
  }

  /**
   * Reports the server started only once the NATS server has registered every subscription: without the
   * flush, a request sent the moment a (re)started service reports ready could find no responder.
   */
  override start(callback: (error?: unknown) => void): void {
    super.start((error?: unknown) => {
      if (error) return callback(error);
      this.unwrap<NatsConnection>()
        .flush()
        .then(() => callback(), callback);
    });
  }

  override bindEvents(client: NatsConnection): void {
    const recording = Object.create(client) as NatsConnection;
    recording.subscribe = (subject: string, opts?: SubscriptionOptions) => {
      const subscription = client.subscribe(subject, opts);
      this.ownSubscriptions.push(subscription);
      return subscription;
    };
    super.bindEvents(recording);
  }

  override async handleMessage(channel: string, message: unknown): Promise<unknown> {
    this.inFlight += 1;
    try {
      return await super.handleMessage(channel, message);
    } finally {
      this.inFlight -= 1;
      if (this.inFlight === 0) this.idleWaiters.splice(0).forEach((wake) => wake());
    }
  }

  override async close(): Promise<void> {
    for (const subscription of this.ownSubscriptions.splice(0)) subscription.unsubscribe();
    if (this.inFlight > 0) {
      this.log.log(`waiting for ${this.inFlight} in-flight message(s) before closing`);
      const idle = new Promise<void>((resolve) => this.idleWaiters.push(resolve));
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, this.drainTimeoutMs).unref());
      await Promise.race([idle, timeout]);
    }
    // Replies are published on the next tick after a handler resolves; let them go out first.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      await this.unwrap<NatsConnection>().flush();
    } catch {
      // not connected: nothing left to flush
    }
    await super.close();
  }
}
