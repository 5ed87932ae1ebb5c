import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { AppClaimedConsumer } from '@appgen/outbox';
import { NATS_CONNECTION } from '@appgen/service-kit';

/** A claimed anonymous build's preview builds (and any deployment) move into the claiming account, which deploys them. */
@Injectable()
export class BuildsClaimedConsumer extends AppClaimedConsumer {
  constructor(@Inject(NATS_CONNECTION) nats: NatsConnection, dataSource: DataSource) {
    super(nats, dataSource, { durable: 'deployment-service-app-claimed', tables: ['builds', 'deployments'] });
  }
}
