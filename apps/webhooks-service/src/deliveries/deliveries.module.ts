import { Module } from '@nestjs/common';
import { CallbacksController } from '../callbacks/callbacks.controller';
import { CallbacksService } from '../callbacks/callbacks.service';
import { EventFanout } from '../fanout/event-fanout';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { DeliveriesController } from './deliveries.controller';
import { DeliveriesService } from './deliveries.service';
import { DeliveryWorker } from './delivery-worker';

@Module({
  imports: [SubscriptionsModule],
  // Callbacks share the worker: they are deliveries without a subscription.
  controllers: [DeliveriesController, CallbacksController],
  providers: [DeliveryWorker, DeliveriesService, EventFanout, CallbacksService],
})
export class DeliveriesModule {}
