import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a subscriber does with a delivery, as webhooks-service's README gives users to copy: split
 * `X-Service-Signature` into t and v1, refuse a timestamp outside the tolerance, and compare v1 with the
 * HMAC-SHA256 of "<t>.<raw body>" in constant time.
 */
export function verifyWebhook(secret: string, signatureHeader: string, rawBody: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(signatureHeader.split(',').map((kv) => kv.split('=')));
  const t = Number(parts['t']);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'));
  const given = Buffer.from(parts['v1'] || '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
