import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { AppDeletedConsumer } from '@appgen/outbox';
import { NATS_CONNECTION } from '@appgen/service-kit';
import { AppDeletionService } from './app-deletion.service';

/** When an app is deleted: its app users, their sessions and codes. */
@Injectable()
export class AppDeletedListener extends AppDeletedConsumer {
  constructor(@Inject(NATS_CONNECTION) nats: NatsConnection, deletion: AppDeletionService) {
    super(nats, {
      durable: 'users-service-app-deleted',
      remove: async (appId) => {
        const removed = await deletion.removeApp(appId);
        return `removed ${removed.appUsers} app user(s), ${removed.sessions} session(s), ${removed.codes} code(s)`;
      },
    });
  }
}
