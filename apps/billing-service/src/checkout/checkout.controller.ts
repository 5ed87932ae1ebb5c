import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BillingSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { CheckoutService } from './checkout.service';

type Handler<S extends (typeof BillingSubjects)[keyof typeof BillingSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  @MessagePattern(BillingSubjects.createCheckout)
  onCreateCheckout(@Payload() request: RpcRequest<typeof BillingSubjects.createCheckout>): Handler<typeof BillingSubjects.createCheckout> {
    return this.checkout.create(request.caller.accountId, request.pack_name);
  }

  @MessagePattern(BillingSubjects.getCheckout)
  async onGetCheckout(@Payload() request: RpcRequest<typeof BillingSubjects.getCheckout>): Handler<typeof BillingSubjects.getCheckout> {
    return { session: await this.checkout.get(request.session_id) };
  }

  @MessagePattern(BillingSubjects.paySandboxCheckout)
  onPaySandboxCheckout(@Payload() request: RpcRequest<typeof BillingSubjects.paySandboxCheckout>): Handler<typeof BillingSubjects.paySandboxCheckout> {
    return this.checkout.paySandbox(request.session_id, request.card);
  }

  @MessagePattern(BillingSubjects.stripeWebhook)
  onStripeWebhook(@Payload() request: RpcRequest<typeof BillingSubjects.stripeWebhook>): Handler<typeof BillingSubjects.stripeWebhook> {
    return this.checkout.onStripeWebhook(request.payload, request.signature);
  }
}
