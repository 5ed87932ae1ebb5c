import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { AppDeletedConsumer } from '@appgen/outbox';
import { NATS_CONNECTION } from '@appgen/service-kit';
import { AppDeletionService } from './app-deletion.service';

/** When an app is deleted: its open generation job is cancelled (finished jobs stay readable). */
@Injectable()
export class AppDeletedListener extends AppDeletedConsumer {
  constructor(@Inject(NATS_CONNECTION) nats: NatsConnection, deletion: AppDeletionService) {
    super(nats, {
      durable: 'generation-service-app-deleted',
      remove: async (appId) => {
        const cancelled = await deletion.cancelOpenJobs(appId);
        return cancelled > 0 ? `cancelled ${cancelled} open job(s)` : null;
      },
    });
  }
}
