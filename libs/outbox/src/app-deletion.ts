import { Logger } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { appIdOf, EventConsumerLifecycle } from './event-consumer';

const log = new Logger('AppDeletion');

/**
 * Removes what a service keeps of a deleted app. `DELETE /managed_apps/:id` deletes the app in apps-service with
 * `app.deleted`; every service that keeps rows of apps hears it through a durable consumer of its own, which all its
 * replicas share (each event is handled once) and which catches up after the service was down. `remove` does the
 * service's part and answers what it removed, for the log (null: nothing worth a line).
 */
export abstract class AppDeletedConsumer extends EventConsumerLifecycle<'app.deleted'> {
  protected constructor(nats: NatsConnection, options: { durable: string; remove: (appId: string) => Promise<string | null> }) {
    super(nats, {
      durable: options.durable,
      kinds: ['app.deleted'],
      handle: async (event) => {
        const appId = appIdOf(event);
        const removed = await options.remove(appId);
        if (removed !== null) log.log(`app ${appId} deleted: ${removed}`);
      },
    });
  }
}
