import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { AppClaimedConsumer } from '@appgen/outbox';
import { NATS_CONNECTION } from '@appgen/service-kit';

/**
 * A claimed anonymous build's generation job moves into the claiming account, so its owner reads it (status,
 * GET /generation_queue/:id). claim-service claims only once the job has finished, so no worker still acts for it.
 */
@Injectable()
export class JobsClaimedConsumer extends AppClaimedConsumer {
  constructor(@Inject(NATS_CONNECTION) nats: NatsConnection, dataSource: DataSource) {
    super(nats, dataSource, { durable: 'generation-service-app-claimed', tables: ['generation_jobs'] });
  }
}
