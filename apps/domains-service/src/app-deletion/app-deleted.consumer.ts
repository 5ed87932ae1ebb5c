import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { appIdOf, EventConsumerLifecycle } from '@appgen/outbox';
import { NATS_CONNECTION } from '@appgen/service-kit';
import { AppDeletionService } from './app-deletion.service';

/** The durable consumer every replica of domains-service shares: each app.deleted is handled once. */
export const APP_DELETED_CONSUMER = 'domains-service-app-deleted';

const log = new Logger('AppDeletion');

@Injectable()
export class AppDeletedConsumer extends EventConsumerLifecycle<'app.deleted'> {
  constructor(@Inject(NATS_CONNECTION) nats: NatsConnection, deletion: AppDeletionService) {
    super(nats, {
      durable: APP_DELETED_CONSUMER,
      kinds: ['app.deleted'],
      handle: async (event) => {
        const appId = appIdOf(event);
        const removed = await deletion.removeApp(appId);
        log.log(`app ${appId} deleted: removed ${removed.length} custom domain(s)${removed.length > 0 ? ` (${removed.join(', ')})` : ''}`);
      },
    });
  }
}
