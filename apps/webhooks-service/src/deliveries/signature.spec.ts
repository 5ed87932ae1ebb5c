import { createHmac, timingSafeEqual } from 'node:crypto';
import { signatureHeader } from './signature';

/** The README's verification snippet, as a receiver would paste it. */
function verifyWebhook(secret: string, header: string, rawBody: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((kv) => kv.split('=') as [string, string]));
  const t = Number(parts['t']);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'));
  const given = Buffer.from(parts['v1'] ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('signatureHeader', () => {
  const body = JSON.stringify({ id: 'e1', event: 'app.created', data: { note: 'héllo' } });

  it('has the documented format and verifies with the README snippet', () => {
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader('whsec_abc', now, body);
    expect(header).toMatch(new RegExp(`^t=${now},v1=[0-9a-f]{64}$`));
    expect(verifyWebhook('whsec_abc', header, body)).toBe(true);
  });

  it('fails with another secret, another body, or an old timestamp', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(verifyWebhook('whsec_other', signatureHeader('whsec_abc', now, body), body)).toBe(false);
    expect(verifyWebhook('whsec_abc', signatureHeader('whsec_abc', now, body), `${body} `)).toBe(false);
    expect(verifyWebhook('whsec_abc', signatureHeader('whsec_abc', now - 600, body), body)).toBe(false);
  });

  it('matches a known vector', () => {
    expect(signatureHeader('secret', 1700000000, '{}')).toBe(
      `t=1700000000,v1=${createHmac('sha256', 'secret').update('1700000000.{}').digest('hex')}`,
    );
  });
});
