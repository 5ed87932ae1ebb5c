import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { BillingSubjects, CREDIT_PACKS, CreditPackList, UsageResponse, type Caller } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { Authenticated, Public } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { Operation } from '../common/contract-input';
import { RATE_LIMIT_HEADERS } from '../rate-limit/rate-limit-headers';

function headerNumber(reply: FastifyReply, name: string): number {
  return Number(reply.getHeader(name.toLowerCase()) ?? 0);
}

@ApiTags('Credits')
@Controller()
export class CreditsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('credit_packs')
  @Public()
  @Operation({
    id: 'listCreditPacks',
    summary: 'Credit packs',
    description: 'The packs that can be bought with `POST /credit_packs/checkout`: name, price (exact, two decimals), currency and credits.',
    returns: CreditPackList,
  })
  packs(): CreditPackList {
    return { packs: [...CREDIT_PACKS] };
  }

  @Get('usage')
  @Authenticated()
  @Operation({
    id: 'getUsage',
    summary: 'Credits and usage',
    description:
      "The account's plan, its credits (balance, purchased, granted, used), this calendar month's generations, credits and " +
      'tokens (UTC), and the rate limit of this request. Any valid credential may ask.',
    returns: UsageResponse,
  })
  async usage(@CurrentCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): Promise<UsageResponse> {
    const { credits, usage } = await this.rpc.request(BillingSubjects.usage, { caller });
    return {
      plan: caller.plan,
      credits,
      usage,
      // What the gate counted for this very request and put on its headers.
      rate_limit: {
        limit: headerNumber(reply, RATE_LIMIT_HEADERS.limit),
        remaining: headerNumber(reply, RATE_LIMIT_HEADERS.remaining),
        reset: headerNumber(reply, RATE_LIMIT_HEADERS.reset),
      },
    };
  }
}
