import { Body, Controller, Get, Post, Res } from '@nestjs/common';
import { ApiBody, ApiExtension, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  BillingSubjects,
  CREDIT_PACK_CHECKOUT,
  CREDIT_PACK_NAMES,
  CREDIT_PACKS,
  CreditPackCheckout,
  CreditPackCheckoutBody,
  CreditPackList,
  UsageResponse,
  type Caller,
} from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { Authenticated, Public } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { Fails, Operation } from '../common/contract-input';
import { RATE_LIMIT_HEADERS } from '../rate-limit/rate-limit-headers';
import { PackCheckoutPipe } from './pack-checkout.pipe';

/**
 * The payment this operation leads to, declared on it in the OpenAPI document (contract 4.9) as agents' payment
 * discovery reads it (`x-payment-info`): a one-off card charge in USD whose amount is the chosen pack's price, from
 * the smallest pack's up.
 */
const PAYMENT_INFO = {
  ...CREDIT_PACK_CHECKOUT.payment,
  amount: CREDIT_PACKS[0]?.price,
  description: `The price of the pack named by pack_name: ${CREDIT_PACKS.map((pack) => `${pack.name} ${pack.price} ${pack.currency}`).join(', ')}`,
};

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

  @Post('credit_packs/checkout')
  // Any credential: opening a session charges nothing; the buyer pays on the hosted page (contract 4.9 names no permission).
  @Authenticated()
  @Operation({
    id: 'createCreditPackCheckout',
    summary: 'Buy a credit pack',
    description:
      "Opens a checkout session for the pack and answers its hosted checkout page (`checkout_url`): open it in a browser and pay by card. The pack's " +
      'credits are added to the balance once the session is paid, exactly once (see `GET /usage`). The session expires at `expires_at`.',
    returns: CreditPackCheckout,
  })
  @ApiBody({ schema: CreditPackCheckoutBody as object, required: true })
  @ApiExtension('x-payment-info', PAYMENT_INFO)
  @Fails(422, `\`unknown_pack\`: \`pack_name\` is missing or not a pack; the body's \`allowed\` lists the packs (${CREDIT_PACK_NAMES.join(', ')})`)
  @Fails(503, '`service_unavailable`: the payment provider could not be reached; try again')
  checkout(@CurrentCaller() caller: Caller, @Body(new PackCheckoutPipe()) body: CreditPackCheckoutBody): Promise<CreditPackCheckout> {
    return this.rpc.request(BillingSubjects.createCheckout, { caller, pack_name: body.pack_name });
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
