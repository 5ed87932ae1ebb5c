import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest, RequestPayload } from 'fastify';
import { CHECKOUT_PAGE_PREFIX, STRIPE_WEBHOOK_MAX_BYTES } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';
import { payloadHookFor } from '../http/selective-hooks';
import { SITE_PATHS } from '../site/site-paths';

/** The sandbox checkout page (site root): GET shows the session, POST takes its card form. */
export const CHECKOUT_PAGE_ROUTE = `${CHECKOUT_PAGE_PREFIX}/:session_id`;
/** Where Stripe delivers its events (under the API prefix; configured as the endpoint in Stripe's dashboard). */
export const STRIPE_WEBHOOK_ROUTE = 'billing/stripe/webhook';
const STRIPE_WEBHOOK_PATH = `${SITE_PATHS.api}/${STRIPE_WEBHOOK_ROUTE}`;

const RAW_BODY = Symbol('rawBody');
type WithRawBody = FastifyRequest & { [RAW_BODY]?: string };

/** The Stripe webhook's body exactly as it arrived (its signature covers these bytes), or undefined. */
export function rawBodyOf(request: FastifyRequest): string | undefined {
  return (request as WithRawBody)[RAW_BODY];
}

/**
 * Stripe signs the raw bytes of its webhook, so that route keeps them before the JSON parser reads them (the
 * sandbox page's card form is one of the site's forms: acceptSiteForms in configure-gateway.ts).
 */
export function keepStripeWebhookBody(fastify: FastifyInstance): void {
  const isStripeWebhook = (request: FastifyRequest): boolean => request.url.startsWith(STRIPE_WEBHOOK_PATH) && request.routeOptions.url === STRIPE_WEBHOOK_PATH;
  fastify.addHook('preParsing', payloadHookFor(isStripeWebhook, async (request, _reply, payload: RequestPayload): Promise<RequestPayload> => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      size += buffer.length;
      if (size > STRIPE_WEBHOOK_MAX_BYTES) throw AppgenError.of('payload_too_large', `A Stripe webhook body is at most ${STRIPE_WEBHOOK_MAX_BYTES} bytes`);
      chunks.push(buffer);
    }
    const raw = Buffer.concat(chunks);
    (request as WithRawBody)[RAW_BODY] = raw.toString('utf8');
    return Readable.from([raw]);
  }));
}
