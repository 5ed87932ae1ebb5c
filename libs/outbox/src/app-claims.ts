import type { NatsConnection } from 'nats';
import type { DataSource } from 'typeorm';
import { UNCLAIMED_ACCOUNT_ID } from '@appgen/contracts';
import { appIdOf, EventConsumerLifecycle } from './event-consumer';

/**
 * Moves what a service keeps of a claimed app into the account that claimed it. Only apps-service owns an app's
 * owner, and a claim moves it there in one transaction with `app.updated` (`changed` naming `account_id`); services
 * that copy the owner onto their own rows (generation jobs, builds, deployments, app users) hear that event through
 * a durable consumer of their own and move their rows of the app from the unclaimed owner to the event's account,
 * also after being down at the time. Moving again moves nothing, so a redelivery is harmless.
 */
export abstract class AppClaimedConsumer extends EventConsumerLifecycle<'app.updated'> {
  protected constructor(nats: NatsConnection, dataSource: DataSource, options: { durable: string; tables: readonly string[] }) {
    super(nats, {
      durable: options.durable,
      kinds: ['app.updated'],
      handle: async (event) => {
        if (!event.data.changed.includes('account_id')) return;
        const appId = appIdOf(event);
        await dataSource.transaction(async (manager) => {
          for (const table of options.tables) {
            await manager.query(`UPDATE ${table} SET account_id = $2 WHERE app_id = $1 AND account_id = $3`, [appId, event.account_id, UNCLAIMED_ACCOUNT_ID]);
          }
        });
      },
    });
  }
}
