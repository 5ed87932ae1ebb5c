import { verifySignatureHeader } from '@appgen/contracts';

/**
 * What a subscriber does with a delivery: check `X-Service-Signature` against the raw body with the contracts'
 * one verifier (the SDK's `verifyWebhookSignature` is the same code), refusing a timestamp outside the tolerance.
 */
export function verifyWebhook(secret: string, signatureHeader: string, rawBody: string, toleranceSeconds = 300): boolean {
  return verifySignatureHeader(secret, signatureHeader, rawBody, { toleranceSeconds });
}
