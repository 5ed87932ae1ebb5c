import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WebhooksSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { DeliveriesService } from './deliveries.service';

type Handler<S extends (typeof WebhooksSubjects)[keyof typeof WebhooksSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class DeliveriesController {
  constructor(private readonly deliveries: DeliveriesService) {}

  @MessagePattern(WebhooksSubjects.listDeliveries)
  onList(@Payload() request: RpcRequest<typeof WebhooksSubjects.listDeliveries>): Handler<typeof WebhooksSubjects.listDeliveries> {
    return this.deliveries.list(request);
  }

  @MessagePattern(WebhooksSubjects.redeliver)
  async onRedeliver(@Payload() request: RpcRequest<typeof WebhooksSubjects.redeliver>): Handler<typeof WebhooksSubjects.redeliver> {
    return { delivery: await this.deliveries.redeliver(request) };
  }

  @MessagePattern(WebhooksSubjects.test)
  onTest(@Payload() request: RpcRequest<typeof WebhooksSubjects.test>): Handler<typeof WebhooksSubjects.test> {
    return this.deliveries.test(request);
  }
}
