import { verifySignatureHeader, WEBHOOK_HEADERS } from '@appgen/contracts';

/** The headers of a delivery, as appgen sends them. */
export const WEBHOOK_SIGNATURE_HEADER = WEBHOOK_HEADERS.signature;

export interface VerifyWebhookInput {
  /** the subscription's `secret` (`whsec_...`), or the account's callback secret for generation callbacks */
  secret: string;
  /** the `X-Service-Signature` header: `t=<unix>,v1=<hex>` */
  signature: string | string[] | undefined | null;
  /** the request body exactly as received (before any JSON parsing) */
  body: string | Uint8Array;
  /** refuse a signature older or newer than this many seconds (default 300; 0 turns the check off) */
  toleranceSeconds?: number;
  /** the receiver's clock in unix seconds (default: now) */
  nowSeconds?: number;
}

/**
 * True when a webhook delivery or generation callback was signed by appgen with `secret`: the HMAC-SHA256 of
 * `<t>.<raw body>` matches `v1` (compared in constant time) and `t` is within the tolerance. This is the same code
 * appgen signs with. Reject the request (400) when it is false; de-duplicate on the body's `id`.
 */
export function verifyWebhookSignature(input: VerifyWebhookInput): boolean {
  const header = Array.isArray(input.signature) ? input.signature[0] : input.signature;
  if (!header) return false;
  const body = typeof input.body === 'string' ? input.body : Buffer.from(input.body).toString('utf8');
  return verifySignatureHeader(input.secret, header, body, { toleranceSeconds: input.toleranceSeconds, nowSeconds: input.nowSeconds });
}
