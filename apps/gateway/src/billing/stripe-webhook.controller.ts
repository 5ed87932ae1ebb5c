import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { BillingSubjects } from '@appgen/contracts';
import { AppgenError, RpcClient } from '@appgen/service-kit';
import { Public } from '../access/access.decorators';
import { rawBodyOf, STRIPE_WEBHOOK_ROUTE } from './checkout-bodies';

/**
 * `POST /api/v1/billing/stripe/webhook`: Stripe's event deliveries. Public (Stripe holds no appgen credential):
 * the Stripe-Signature over the raw body is the credential, checked by billing-service, which holds the
 * endpoint's signing secret. Not part of the public API's description.
 */
@ApiExcludeController()
@Controller()
export class StripeWebhookController {
  constructor(private readonly rpc: RpcClient) {}

  @Post(STRIPE_WEBHOOK_ROUTE)
  @Public()
  @HttpCode(200)
  async receive(@Req() request: FastifyRequest): Promise<{ received: true }> {
    const payload = rawBodyOf(request);
    const signature = request.headers['stripe-signature'];
    if (payload === undefined || payload === '') throw AppgenError.of('bad_request', 'A Stripe webhook delivery carries the event as its body');
    if (typeof signature !== 'string' || signature === '' || signature.length > 2048) {
      throw AppgenError.of('bad_request', 'The Stripe-Signature header is missing');
    }
    await this.rpc.request(BillingSubjects.stripeWebhook, { payload, signature });
    return { received: true };
  }
}
