import { Logger } from '@nestjs/common';
import { nanos, RetentionPolicy, StorageType, type JetStreamManager, type NatsConnection, type StreamInfo } from 'nats';
import { EVENTS_STREAM, EVENTS_SUBJECT_PREFIX } from '@appgen/contracts';

/** How long JetStream remembers an event id, so a relay that republishes after a crash adds no duplicate. */
export const EVENT_DEDUPLICATION_WINDOW_MS = 24 * 60 * 60 * 1000;

const log = new Logger('EventsStream');

export interface EventsStreamOptions {
  /**
   * How many servers keep the stream (EVENTS_STREAM_REPLICAS); 1 unless told. A stream with fewer is raised to it,
   * one with more is left so: the number only ever goes up, so a process with the default never undoes it.
   */
  replicas?: number;
}

async function streamInfo(manager: JetStreamManager): Promise<StreamInfo | undefined> {
  return manager.streams.info(EVENTS_STREAM).catch(() => undefined);
}

/** What NATS answered, for a log line: its own description of the refusal. */
function answered(error: unknown): string {
  return `NATS answered "${error instanceof Error ? error.message : String(error)}"`;
}

function cannotReplicate(wanted: number, has: number, why: string): void {
  log.error(
    `EVENTS_STREAM_REPLICAS is ${wanted} but stream ${EVENTS_STREAM} has ${has} replica(s): ${why}. ` +
      `Events still flow; run NATS as a JetStream cluster of at least ${wanted} servers, or lower EVENTS_STREAM_REPLICAS. ` +
      'The next start tries again.',
  );
}

/**
 * Makes sure the EVENTS stream exists with at least `replicas` replicas; every publisher and consumer may call it at
 * boot. When NATS cannot keep that many (a single server, or a cluster with fewer servers) it logs an error naming
 * the setting and NATS's answer and goes on with the stream as it is (created with one replica if it was missing),
 * so events still flow.
 */
export async function ensureEventsStream(connection: NatsConnection, options: EventsStreamOptions = {}): Promise<void> {
  const wanted = options.replicas ?? 1;
  const manager = await connection.jetstreamManager();
  const config = {
    name: EVENTS_STREAM,
    subjects: [`${EVENTS_SUBJECT_PREFIX}>`],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    max_age: nanos(30 * 24 * 60 * 60 * 1000),
    duplicate_window: nanos(EVENT_DEDUPLICATION_WINDOW_MS),
  };
  let info = await streamInfo(manager);
  if (!info) {
    try {
      await manager.streams.add({ ...config, num_replicas: wanted });
      return;
    } catch (error) {
      // Another process created it between our look-up and our add: it is raised below if it has fewer.
      info = await streamInfo(manager);
      if (!info) {
        if (wanted === 1) throw error;
        // Events must flow even where NATS cannot replicate them: one replica, as a consumer would create it.
        await manager.streams.add({ ...config, num_replicas: 1 }).catch(async (single: unknown) => {
          if (!(await streamInfo(manager))) throw single;
        });
        cannotReplicate(wanted, 1, answered(error));
        return;
      }
    }
  }
  const has = info.config.num_replicas;
  if (has >= wanted) return;
  // A stream placed on a cluster names it. NATS 2.9 would record more replicas on a lone server without
  // replicating anything, so it is not asked.
  if (!info.cluster?.name) {
    cannotReplicate(wanted, has, 'the NATS server is not in a JetStream cluster (the stream names none)');
    return;
  }
  try {
    await manager.streams.update(EVENTS_STREAM, { num_replicas: wanted });
    log.log(`stream ${EVENTS_STREAM} raised from ${has} to ${wanted} replicas (EVENTS_STREAM_REPLICAS)`);
  } catch (error) {
    // Another process may have raised it meanwhile.
    const now = (await streamInfo(manager))?.config.num_replicas ?? has;
    if (now < wanted) cannotReplicate(wanted, now, answered(error));
  }
}
