import { Logger } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { EVENTS_STREAM } from '@appgen/contracts';
import { Counter, Gauge, metricsRegistry } from '@appgen/service-kit';

/*
 * Metrics of domain events, both ways: how far a service's relay is behind its outbox, and how many events
 * wait for each of its durable consumers. Read when Prometheus scrapes (one query, one JetStream request
 * each), so they cost nothing between scrapes.
 */

const log = new Logger('EventMetrics');

let outboxLag: (() => Promise<number>) | undefined;

/** The relay of this process reports through it how old its oldest unpublished event is. */
export function reportOutboxLag(read: () => Promise<number>): void {
  outboxLag = read;
}

new Gauge({
  name: 'appgen_outbox_oldest_unpublished_seconds',
  help: "Age of the oldest event in this service's outbox not yet published to JetStream (0: none waiting)",
  registers: [metricsRegistry],
  async collect() {
    if (!outboxLag) return;
    try {
      this.set(await outboxLag());
    } catch (error) {
      log.warn(`outbox lag not read: ${String(error)}`);
    }
  },
});

export const outboxPublished = new Counter({
  name: 'appgen_outbox_published_total',
  help: 'Events the outbox relay published to JetStream, by kind',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

export const eventsHandled = new Counter({
  name: 'appgen_events_handled_total',
  help: 'Events a durable consumer received, by consumer, kind and outcome (ok, retry, dropped)',
  labelNames: ['durable', 'kind', 'outcome'] as const,
  registers: [metricsRegistry],
});

const consumers = new Map<string, NatsConnection>();

/** Reports the durable consumer's backlog while it runs; the returned function stops reporting it. */
export function watchConsumer(nats: NatsConnection, durable: string): () => void {
  consumers.set(durable, nats);
  return () => {
    if (consumers.get(durable) === nats) consumers.delete(durable);
  };
}

new Gauge({
  name: 'appgen_events_consumer_pending',
  help: 'Events of the EVENTS stream a durable consumer has yet to finish, by consumer and state: waiting (not delivered yet, its backlog) or unacked (delivered, being handled or waiting for a retry)',
  labelNames: ['durable', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    await Promise.all(
      [...consumers].map(async ([durable, nats]) => {
        try {
          const info = await (await nats.jetstreamManager()).consumers.info(EVENTS_STREAM, durable);
          this.set({ durable, state: 'waiting' }, info.num_pending);
          this.set({ durable, state: 'unacked' }, info.num_ack_pending);
        } catch (error) {
          log.warn(`consumer ${durable} not read: ${String(error)}`);
        }
      }),
    );
  },
});
