import { Module } from '@nestjs/common';
import { EventFanout } from '../fanout/event-fanout';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { DeliveriesController } from './deliveries.controller';
import { DeliveriesService } from './deliveries.service';
import { DeliveryWorker } from './delivery-worker';

@Module({
  imports: [SubscriptionsModule],
  controllers: [DeliveriesController],
  providers: [DeliveryWorker, DeliveriesService, EventFanout],
})
export class DeliveriesModule {}
