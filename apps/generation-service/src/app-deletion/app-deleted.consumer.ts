import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { appIdOf, EventConsumerLifecycle } from '@appgen/outbox';
import { NATS_CONNECTION } from '@appgen/service-kit';
import { AppDeletionService } from './app-deletion.service';

/** The durable consumer every replica of generation-service shares: each app.deleted is handled once. */
export const APP_DELETED_CONSUMER = 'generation-service-app-deleted';

const log = new Logger('AppDeletion');

@Injectable()
export class AppDeletedConsumer extends EventConsumerLifecycle<'app.deleted'> {
  constructor(@Inject(NATS_CONNECTION) nats: NatsConnection, deletion: AppDeletionService) {
    super(nats, {
      durable: APP_DELETED_CONSUMER,
      kinds: ['app.deleted'],
      handle: async (event) => {
        const appId = appIdOf(event);
        const cancelled = await deletion.cancelOpenJobs(appId);
        if (cancelled > 0) log.log(`app ${appId} deleted: cancelled ${cancelled} open job(s)`);
      },
    });
  }
}
