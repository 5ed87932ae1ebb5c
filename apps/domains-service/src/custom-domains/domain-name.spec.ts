import { parseDomainName } from './domain-name';

const rules = { appsHost: 'apps.example.net', previewHost: 'preview.example.net' };

describe('parseDomainName', () => {
  it('keeps a subdomain lowercase without its trailing dot, with the label to name its CNAME', () => {
    expect(parseDomainName(' WWW.Example.com. ', rules)).toEqual({ ok: true, domain: 'www.example.com', isApex: false, recordName: 'www' });
    expect(parseDomainName('a.b.example.com', rules)).toEqual({ ok: true, domain: 'a.b.example.com', isApex: false, recordName: 'a.b' });
  });

  it('knows an apex domain, also under a two-label public suffix', () => {
    expect(parseDomainName('example.com', rules)).toEqual({ ok: true, domain: 'example.com', isApex: true, recordName: '@' });
    expect(parseDomainName('shop.co.uk', rules)).toEqual({ ok: true, domain: 'shop.co.uk', isApex: true, recordName: '@' });
    expect(parseDomainName('www.shop.co.uk', rules)).toMatchObject({ isApex: false, recordName: 'www' });
  });

  it('stores an internationalised name in its punycode form', () => {
    expect(parseDomainName('bücher.example', { ...rules })).toMatchObject({ ok: false });
    expect(parseDomainName('www.bücher.de', rules)).toEqual({ ok: true, domain: 'www.xn--bcher-kva.de', isApex: false, recordName: 'www' });
  });

  it.each([
    ['127.0.0.1', 'not an IP address'],
    ['[::1]', 'not an IP address'],
    ['2001:db8::1', 'not an IP address'],
    ['localhost', 'at least two labels'],
    ['app.localhost', '.localhost names'],
    ['com', 'at least two labels'],
    ['co.uk', 'not a public suffix'],
    ['abc123def456.apps.example.net', "appgen's own app hosts"],
    ['preview.example.net', "appgen's own app hosts"],
    ['https://www.example.com', 'without scheme'],
    ['www.example.com:8443', 'without scheme'],
    ['-bad.example.com', 'labels of letters'],
    ['under_score.example.com', 'labels of letters'],
    [`${'a'.repeat(64)}.example.com`, 'labels of letters'],
    [`${'abcdefghi.'.repeat(25)}example.com`, 'at most 253'],
    ['', 'host name'],
  ])('refuses %s', (input, message) => {
    const parsed = parseDomainName(input, rules);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });
});
