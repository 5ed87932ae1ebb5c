import { createHmac, timingSafeEqual } from 'node:crypto';

// Node's crypto only: @appgen/sdk bundles this file alone (tools/sdk/pack.mjs), so it imports nothing else of the contracts.

/** Headers of every delivery (decisions.md "Webhooks"). */
export const WEBHOOK_HEADERS = {
  signature: 'X-Service-Signature',
  timestamp: 'X-Service-Timestamp',
  event: 'X-Service-Event',
  delivery: 'X-Service-Delivery',
} as const;

/**
 * The signing scheme of every delivery and generation callback (contract section 6, decisions.md "Webhooks"):
 * `X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. webhooks-service signs
 * with `signatureHeader`; receivers (the SDK, tests) check with `verifySignatureHeader`, so both sides are one code.
 */
export function signatureHeader(secret: string, timestamp: number, rawBody: string): string {
  return `t=${timestamp},v1=${signatureDigest(secret, timestamp, rawBody)}`;
}

/** How far a signature's timestamp may be from now before a receiver refuses it (seconds). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface SignatureCheckOptions {
  /** refuse a timestamp further than this from `nowSeconds` (default 300); 0 or less skips the check */
  toleranceSeconds?: number;
  /** the receiver's clock, unix seconds (default: now) */
  nowSeconds?: number;
}

/**
 * True when `header` (the `X-Service-Signature` value) signs `rawBody` (the body exactly as received, before any
 * JSON parsing) with `secret` within the tolerance. Compares in constant time.
 */
export function verifySignatureHeader(secret: string, header: string, rawBody: string, options: SignatureCheckOptions = {}): boolean {
  const parts = new Map(
    header.split(',').map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return false;
  const tolerance = options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  const now = options.nowSeconds ?? Date.now() / 1000;
  if (tolerance > 0 && Math.abs(now - timestamp) > tolerance) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(signatureDigest(secret, timestamp, rawBody)));
}

function signatureDigest(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}
