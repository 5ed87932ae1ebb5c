import { createHmac } from 'node:crypto';
import { signatureHeader, verifySignatureHeader } from './webhook-signature';

describe('the webhook signature', () => {
  const body = JSON.stringify({ id: 'e1', event: 'app.created', data: { note: 'héllo' } });
  const now = Math.floor(Date.now() / 1000);

  it('has the documented format and verifies', () => {
    const header = signatureHeader('whsec_abc', now, body);
    expect(header).toMatch(new RegExp(`^t=${now},v1=[0-9a-f]{64}$`));
    expect(verifySignatureHeader('whsec_abc', header, body)).toBe(true);
  });

  it('matches a known vector', () => {
    expect(signatureHeader('secret', 1700000000, '{}')).toBe(`t=1700000000,v1=${createHmac('sha256', 'secret').update('1700000000.{}').digest('hex')}`);
  });

  it('fails with another secret, another body, an old timestamp or a malformed header', () => {
    expect(verifySignatureHeader('whsec_other', signatureHeader('whsec_abc', now, body), body)).toBe(false);
    expect(verifySignatureHeader('whsec_abc', signatureHeader('whsec_abc', now, body), `${body} `)).toBe(false);
    expect(verifySignatureHeader('whsec_abc', signatureHeader('whsec_abc', now - 600, body), body)).toBe(false);
    for (const header of ['', 'v1=abc', `t=${now}`, `t=soon,v1=${'0'.repeat(64)}`, `t=${now},v1=${'0'.repeat(63)}`]) {
      expect(verifySignatureHeader('whsec_abc', header, body)).toBe(false);
    }
  });

  it('takes the receiver clock and tolerance it is given', () => {
    const header = signatureHeader('whsec_abc', 1700000000, body);
    expect(verifySignatureHeader('whsec_abc', header, body, { nowSeconds: 1700000100 })).toBe(true);
    expect(verifySignatureHeader('whsec_abc', header, body, { nowSeconds: 1700000100, toleranceSeconds: 60 })).toBe(false);
    expect(verifySignatureHeader('whsec_abc', header, body, { toleranceSeconds: 0 })).toBe(true);
  });
});
