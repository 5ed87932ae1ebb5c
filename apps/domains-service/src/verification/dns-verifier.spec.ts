import { stillPointsAtEdge, verifyDns, type DnsLookup } from './dns-verifier';

function lookup(cnames: Record<string, string>, a: Record<string, string[]> = {}): DnsLookup {
  const missing = () => Object.assign(new Error('no data'), { code: 'ENODATA' });
  return {
    resolveCname: async (name) => (cnames[name] === undefined ? Promise.reject(missing()) : [cnames[name]]),
    resolve4: async (name) => (a[name] === undefined ? Promise.reject(missing()) : a[name]),
  };
}

describe('verifyDns', () => {
  const target = 'cname.apps.example.net';

  it('accepts a CNAME straight to the target, in any letter case and with a trailing dot', async () => {
    expect(await verifyDns(lookup({ 'www.example.com': 'CNAME.apps.example.net.' }), 'www.example.com', false, target, '203.0.113.7')).toEqual({ ok: true });
  });

  it('accepts a chain of CNAMEs that ends at the target', async () => {
    const chain = lookup({ 'www.example.com': 'alias.example.org', 'alias.example.org': target });
    expect(await verifyDns(chain, 'www.example.com', false, target, '203.0.113.7')).toEqual({ ok: true });
  });

  it('says what is missing or wrong', async () => {
    expect(await verifyDns(lookup({}), 'www.example.com', false, target, '203.0.113.7')).toEqual({
      ok: false,
      reason: `www.example.com has no CNAME record yet; create a CNAME record pointing to ${target}`,
    });
    expect(await verifyDns(lookup({ 'www.example.com': 'elsewhere.example.org' }), 'www.example.com', false, target, '203.0.113.7')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('to elsewhere.example.org, not to'),
    });
    expect(await verifyDns(lookup({ 'a.example.com': 'b.example.com', 'b.example.com': 'a.example.com' }), 'a.example.com', false, target, '1.2.3.4')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('loops'),
    });
  });

  it('verifies an apex domain by its A record', async () => {
    expect(await verifyDns(lookup({}, { 'example.com': ['198.51.100.1', '203.0.113.7'] }), 'example.com', true, target, '203.0.113.7')).toEqual({ ok: true });
    expect(await verifyDns(lookup({}, { 'example.com': ['198.51.100.1'] }), 'example.com', true, target, '203.0.113.7')).toMatchObject({ ok: false });
    expect(await verifyDns(lookup({}), 'example.com', true, target, '203.0.113.7')).toMatchObject({ ok: false, reason: expect.stringContaining('no A record') });
  });

  it('tells a failing resolver apart from a missing record', async () => {
    const failing: DnsLookup = { resolveCname: () => Promise.reject(Object.assign(new Error('t'), { code: 'ETIMEOUT' })), resolve4: async () => [] };
    expect(await verifyDns(failing, 'www.example.com', false, target, '1.2.3.4')).toMatchObject({ ok: false, reason: expect.stringContaining('ETIMEOUT'), transient: true });
    const failingApex: DnsLookup = { resolveCname: async () => [], resolve4: () => Promise.reject(Object.assign(new Error('s'), { code: 'ESERVFAIL' })) };
    expect(await verifyDns(failingApex, 'example.com', true, target, '1.2.3.4')).toMatchObject({ ok: false, transient: true });
    // A missing record is an answer, not a failure of the lookup: a verified domain without it has moved.
    const missing: DnsLookup = { resolveCname: () => Promise.reject(Object.assign(new Error('n'), { code: 'ENOTFOUND' })), resolve4: async () => [] };
    expect(await verifyDns(missing, 'www.example.com', false, target, '1.2.3.4')).not.toHaveProperty('transient');
  });

  it("keeps a verified subdomain whose address is still the edge's, whatever record gives it", async () => {
    const byAddress = lookup({}, { 'www.example.com': ['203.0.113.7'] });
    expect(await verifyDns(byAddress, 'www.example.com', false, target, '203.0.113.7')).toMatchObject({ ok: false });
    expect(await stillPointsAtEdge(byAddress, 'www.example.com', false, target, '203.0.113.7')).toEqual({ ok: true });
    const elsewhere = lookup({ 'www.example.com': 'shop.other.example' }, { 'www.example.com': ['198.51.100.1'] });
    expect(await stillPointsAtEdge(elsewhere, 'www.example.com', false, target, '203.0.113.7')).toMatchObject({ ok: false, reason: expect.stringContaining('shop.other.example') });
    expect(await stillPointsAtEdge(lookup({}), 'www.example.com', false, target, '203.0.113.7')).toMatchObject({ ok: false });
  });
});
