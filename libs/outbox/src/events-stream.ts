import { nanos, RetentionPolicy, StorageType, type NatsConnection } from 'nats';
import { EVENTS_STREAM, EVENTS_SUBJECT_PREFIX } from '@appgen/contracts';

/** How long JetStream remembers an event id, so a relay that republishes after a crash adds no duplicate. */
export const EVENT_DEDUPLICATION_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Creates the EVENTS stream if it does not exist yet; every publisher and consumer may call it at boot. */
export async function ensureEventsStream(connection: NatsConnection): Promise<void> {
  const manager = await connection.jetstreamManager();
  const config = {
    name: EVENTS_STREAM,
    subjects: [`${EVENTS_SUBJECT_PREFIX}>`],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    max_age: nanos(30 * 24 * 60 * 60 * 1000),
    duplicate_window: nanos(EVENT_DEDUPLICATION_WINDOW_MS),
  };
  try {
    await manager.streams.info(EVENTS_STREAM);
  } catch {
    try {
      await manager.streams.add(config);
    } catch (error) {
      // Another process created it between our look-up and our add.
      await manager.streams.info(EVENTS_STREAM).catch(() => {
        throw error;
      });
    }
  }
}
