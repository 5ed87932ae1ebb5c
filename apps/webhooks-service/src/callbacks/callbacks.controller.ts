import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WebhooksSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { CallbacksService } from './callbacks.service';

type Handler<S extends (typeof WebhooksSubjects)[keyof typeof WebhooksSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class CallbacksController {
  constructor(private readonly callbacks: CallbacksService) {}

  @MessagePattern(WebhooksSubjects.getCallbackSecret)
  async onGetSecret(@Payload() request: RpcRequest<typeof WebhooksSubjects.getCallbackSecret>): Handler<typeof WebhooksSubjects.getCallbackSecret> {
    return { secret: await this.callbacks.secret(request.caller.accountId) };
  }

  @MessagePattern(WebhooksSubjects.rotateCallbackSecret)
  async onRotateSecret(@Payload() request: RpcRequest<typeof WebhooksSubjects.rotateCallbackSecret>): Handler<typeof WebhooksSubjects.rotateCallbackSecret> {
    return { secret: await this.callbacks.rotate(request.caller.accountId) };
  }

  @MessagePattern(WebhooksSubjects.enqueueCallback)
  async onEnqueue(@Payload() request: RpcRequest<typeof WebhooksSubjects.enqueueCallback>): Handler<typeof WebhooksSubjects.enqueueCallback> {
    await this.callbacks.enqueue(request);
    return { accepted: true };
  }

  @MessagePattern(WebhooksSubjects.checkCallbackUrl)
  async onCheckUrl(@Payload() request: RpcRequest<typeof WebhooksSubjects.checkCallbackUrl>): Handler<typeof WebhooksSubjects.checkCallbackUrl> {
    await this.callbacks.checkUrl(request.url);
    return { ok: true };
  }

  @MessagePattern(WebhooksSubjects.callbackDeliveries)
  onDeliveries(@Payload() request: RpcRequest<typeof WebhooksSubjects.callbackDeliveries>): Handler<typeof WebhooksSubjects.callbackDeliveries> {
    return this.callbacks.deliveries(request);
  }
}
