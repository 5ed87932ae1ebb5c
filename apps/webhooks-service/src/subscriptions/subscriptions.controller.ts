import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WebhooksSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { SubscriptionsService } from './subscriptions.service';

type Handler<S extends (typeof WebhooksSubjects)[keyof typeof WebhooksSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @MessagePattern(WebhooksSubjects.list)
  onList(@Payload() request: RpcRequest<typeof WebhooksSubjects.list>): Handler<typeof WebhooksSubjects.list> {
    return this.subscriptions.list(request);
  }

  @MessagePattern(WebhooksSubjects.create)
  async onCreate(@Payload() request: RpcRequest<typeof WebhooksSubjects.create>): Handler<typeof WebhooksSubjects.create> {
    return { webhook: await this.subscriptions.create(request) };
  }

  @MessagePattern(WebhooksSubjects.get)
  async onGet(@Payload() request: RpcRequest<typeof WebhooksSubjects.get>): Handler<typeof WebhooksSubjects.get> {
    return { webhook: await this.subscriptions.get(request) };
  }

  @MessagePattern(WebhooksSubjects.update)
  async onUpdate(@Payload() request: RpcRequest<typeof WebhooksSubjects.update>): Handler<typeof WebhooksSubjects.update> {
    return { webhook: await this.subscriptions.update(request) };
  }

  @MessagePattern(WebhooksSubjects.delete)
  onDelete(@Payload() request: RpcRequest<typeof WebhooksSubjects.delete>): Handler<typeof WebhooksSubjects.delete> {
    return this.subscriptions.delete(request);
  }
}
