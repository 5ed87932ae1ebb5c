import { signatureHeader } from '@appgen/contracts';
import { verifyWebhookSignature } from './webhooks';

describe('verifyWebhookSignature', () => {
  const body = '{"id":"5b1c","event":"app.generation.completed","data":{"name":"Recipe Box"}}';
  const now = Math.floor(Date.now() / 1000);
  const signature = signatureHeader('whsec_abc', now, body);

  it('accepts what appgen signed, given as text, bytes or a header list', () => {
    expect(verifyWebhookSignature({ secret: 'whsec_abc', signature, body })).toBe(true);
    expect(verifyWebhookSignature({ secret: 'whsec_abc', signature: [signature], body: Buffer.from(body) })).toBe(true);
  });

  it('refuses another secret, a changed body, a missing header and an old signature', () => {
    expect(verifyWebhookSignature({ secret: 'whsec_other', signature, body })).toBe(false);
    expect(verifyWebhookSignature({ secret: 'whsec_abc', signature, body: body.replace('Recipe', 'Hacked') })).toBe(false);
    expect(verifyWebhookSignature({ secret: 'whsec_abc', signature: undefined, body })).toBe(false);
    const old = signatureHeader('whsec_abc', now - 3600, body);
    expect(verifyWebhookSignature({ secret: 'whsec_abc', signature: old, body })).toBe(false);
    expect(verifyWebhookSignature({ secret: 'whsec_abc', signature: old, body, toleranceSeconds: 7200 })).toBe(true);
  });
});
