import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent, EventDataMap, EventKind } from '@appgen/contracts';
import { currentRequestContext, currentTraceparent } from '@appgen/service-kit';
import { OutboxEventEntity } from './outbox-event.entity';

/** Postgres channel the relay listens on; a NOTIFY is delivered only when the writing transaction commits. */
export const OUTBOX_CHANNEL = 'appgen_outbox';

export interface NewEvent<K extends EventKind> {
  kind: K;
  accountId: number;
  appId: string | null;
  data: EventDataMap[K];
}

@Injectable()
export class OutboxService {
  /**
   * Records an event in the caller's transaction: it is published if and only if the change commits. The
   * request it is recorded in (request id, trace) goes with it to its consumers.
   */
  async enqueue<K extends EventKind>(manager: EntityManager, event: NewEvent<K>): Promise<DomainEvent<K>> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('OutboxService.enqueue must run inside the transaction that makes the change');
    }
    const envelope: DomainEvent<K> = {
      id: randomUUID(),
      event: event.kind,
      timestamp: new Date().toISOString(),
      account_id: event.accountId,
      app_id: event.appId,
      data: event.data,
    };
    const request = currentRequestContext();
    await manager.insert(OutboxEventEntity, {
      id: envelope.id,
      kind: envelope.event,
      envelope,
      requestId: request?.requestId ?? null,
      traceparent: currentTraceparent(),
    });
    await manager.query('SELECT pg_notify($1, current_schema())', [OUTBOX_CHANNEL]);
    return envelope;
  }
}
