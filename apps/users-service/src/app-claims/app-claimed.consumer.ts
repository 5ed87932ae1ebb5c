import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { AppClaimedConsumer } from '@appgen/outbox';
import { NATS_CONNECTION } from '@appgen/service-kit';

/** A claimed anonymous build's app users (people who signed in to its preview) move into the claiming account. */
@Injectable()
export class AppUsersClaimedConsumer extends AppClaimedConsumer {
  constructor(@Inject(NATS_CONNECTION) nats: NatsConnection, dataSource: DataSource) {
    super(nats, dataSource, { durable: 'users-service-app-claimed', tables: ['app_users'] });
  }
}
