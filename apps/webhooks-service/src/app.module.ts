import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule } from '@appgen/service-kit';
import { DatabaseModule } from '@appgen/service-kit/database';
import { CallbackSecretEntity } from './callbacks/callback-secret.entity';
import { WEBHOOKS_CONFIG, type WebhooksConfig } from './config/webhooks.config';
import { DeliveriesModule } from './deliveries/deliveries.module';
import { DeliveryEntity } from './deliveries/delivery.entity';
import { WEBHOOKS_MIGRATIONS } from './migrations';
import { SubscriptionEntity } from './subscriptions/subscription.entity';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';

@Module({})
export class AppModule {
  static forConfig(config: WebhooksConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'webhooks-service', config }),
        DatabaseModule.forService({ schema: 'webhooks', entities: [SubscriptionEntity, DeliveryEntity, CallbackSecretEntity], migrations: WEBHOOKS_MIGRATIONS }),
        SubscriptionsModule,
        DeliveriesModule,
      ],
      providers: [{ provide: WEBHOOKS_CONFIG, useValue: config }],
      exports: [WEBHOOKS_CONFIG],
      global: true,
    };
  }
}
