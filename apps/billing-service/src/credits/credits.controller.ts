import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BillingSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { CreditsService } from './credits.service';

type Handler<S extends (typeof BillingSubjects)[keyof typeof BillingSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  @MessagePattern(BillingSubjects.balance)
  async onBalance(@Payload() request: RpcRequest<typeof BillingSubjects.balance>): Handler<typeof BillingSubjects.balance> {
    return { credits: await this.credits.balance(request.account_id) };
  }

  @MessagePattern(BillingSubjects.reserve)
  onReserve(@Payload() request: RpcRequest<typeof BillingSubjects.reserve>): Handler<typeof BillingSubjects.reserve> {
    return this.credits.reserve(request.account_id, request.job_id, request.credits);
  }

  @MessagePattern(BillingSubjects.settle)
  onSettle(@Payload() request: RpcRequest<typeof BillingSubjects.settle>): Handler<typeof BillingSubjects.settle> {
    return this.credits.settle(request.account_id, request.job_id, request.credits_used, request.tokens_used);
  }

  @MessagePattern(BillingSubjects.release)
  onRelease(@Payload() request: RpcRequest<typeof BillingSubjects.release>): Handler<typeof BillingSubjects.release> {
    return this.credits.release(request.account_id, request.job_id);
  }

  @MessagePattern(BillingSubjects.grant)
  async onGrant(@Payload() request: RpcRequest<typeof BillingSubjects.grant>): Handler<typeof BillingSubjects.grant> {
    return { credits: await this.credits.grant(request.account_id, request.credits, request.reason) };
  }

  @MessagePattern(BillingSubjects.usage)
  onUsage(@Payload() request: RpcRequest<typeof BillingSubjects.usage>): Handler<typeof BillingSubjects.usage> {
    return this.credits.usage(request.caller.accountId);
  }
}
