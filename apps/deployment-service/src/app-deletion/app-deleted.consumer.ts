import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { AppDeletedConsumer } from '@appgen/outbox';
import { NATS_CONNECTION } from '@appgen/service-kit';
import { AppDeletionService } from './app-deletion.service';

/** When an app is deleted: its builds and deployments. */
@Injectable()
export class AppDeletedListener extends AppDeletedConsumer {
  constructor(@Inject(NATS_CONNECTION) nats: NatsConnection, deletion: AppDeletionService) {
    super(nats, {
      durable: 'deployment-service-app-deleted',
      remove: async (appId) => {
        const removed = await deletion.removeApp(appId);
        return `removed ${removed.deployments} deployment(s) and ${removed.builds} build(s)`;
      },
    });
  }
}
