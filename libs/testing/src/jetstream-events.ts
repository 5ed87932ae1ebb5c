import { JSONCodec, type NatsConnection } from 'nats';
import { EVENTS_STREAM, type DomainEvent } from '@appgen/contracts';

const codec = JSONCodec<DomainEvent>();

/** Every event currently in the EVENTS stream, oldest first. */
export async function readAllEvents(connection: NatsConnection): Promise<DomainEvent[]> {
  const manager = await connection.jetstreamManager();
  const info = await manager.streams.info(EVENTS_STREAM).catch(() => undefined);
  if (!info || info.state.messages === 0) return [];
  const events: DomainEvent[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq += 1) {
    const stored = await manager.streams.getMessage(EVENTS_STREAM, { seq }).catch(() => undefined);
    if (stored) events.push(codec.decode(stored.data));
  }
  return events;
}

/** Polls until `predicate` holds for the stream's events, or fails after `timeoutMs`. */
export async function waitForEvents(
  connection: NatsConnection,
  predicate: (events: DomainEvent[]) => boolean,
  timeoutMs = 10_000,
): Promise<DomainEvent[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = await readAllEvents(connection);
    if (predicate(events)) return events;
    if (Date.now() > deadline) {
      throw new Error(`stream ${EVENTS_STREAM} did not reach the expected state; it holds ${events.length} event(s)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
