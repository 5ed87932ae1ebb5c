import { ConfigError } from '@appgen/service-kit';
import { loadGatewayConfig } from '../config/gateway.config';
import { clientIp, clientIpHashKey, dropUntrustedForwarding, hashClientIp, normalizeIp, TrustedProxies } from './client-ip';

const KEY = Buffer.alloc(32, 7).toString('base64');

/** A small seeded generator (mulberry32): the same cases on every run, many more than written by hand. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const xff = (value: string | string[]): { 'x-forwarded-for': string | string[] } => ({ 'x-forwarded-for': value });

describe('TRUSTED_PROXIES', () => {
  it('reads IPv4 and IPv6 ranges, bare hosts and IPv4-mapped ranges, separated by commas or spaces', () => {
    const proxies = TrustedProxies.parse(' 10.0.0.0/8,  fd00::/8 203.0.113.7, ::ffff:192.168.0.0/112 ');
    expect(proxies.ranges).toEqual(['10.0.0.0/8', 'fd00::/8', '203.0.113.7/32', '192.168.0.0/16']);
    expect(proxies.trusts('10.200.3.4')).toBe(true);
    expect(proxies.trusts('11.0.0.1')).toBe(false);
    expect(proxies.trusts('fd12::1')).toBe(true);
    expect(proxies.trusts('fe80::1')).toBe(false);
    expect(proxies.trusts('203.0.113.7')).toBe(true);
    expect(proxies.trusts('203.0.113.8')).toBe(false);
    expect(proxies.trusts('192.168.44.1')).toBe(true);
  });

  it('trusts an IPv4-mapped IPv6 peer (a dual-stack socket) as its IPv4 address', () => {
    const proxies = TrustedProxies.parse('127.0.0.1/32');
    expect(proxies.trusts('::ffff:127.0.0.1')).toBe(true);
    expect(proxies.trusts('::FFFF:127.0.0.2')).toBe(false);
  });

  it('is empty by default and then trusts no one', () => {
    expect(TrustedProxies.parse('').trusts('127.0.0.1')).toBe(false);
    expect(loadGatewayConfig({ SECRETS_KEY: KEY }).TRUSTED_PROXIES.ranges).toEqual([]);
  });

  it.each(['10.0.0.0/33', '10.0.0/8', 'fd00::/129', 'localhost', '10.0.0.0/8/1', '10.0.0.0/-1', '10.0.0.0/', '1.2.3.4/8x', '::ffff:1.2.3.4/95'])(
    'stops the gateway at boot, naming the variable, for %j',
    (value) => {
      expect(() => loadGatewayConfig({ SECRETS_KEY: KEY, TRUSTED_PROXIES: value })).toThrow(ConfigError);
      expect(() => loadGatewayConfig({ SECRETS_KEY: KEY, TRUSTED_PROXIES: value })).toThrow(/TRUSTED_PROXIES/);
    },
  );

  it('contains exactly the addresses of an IPv4 range, whatever its prefix', () => {
    const toIp = (n: number): string => [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join('.');
    const next = random(42);
    for (let run = 0; run < 2000; run += 1) {
      const base = Math.floor(next() * 2 ** 32);
      const prefix = Math.floor(next() * 33);
      const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
      // Half the probes share the range's prefix, half are anywhere.
      const probe = run % 2 === 0 ? ((base & mask) | (Math.floor(next() * 2 ** 32) & ~mask)) >>> 0 : Math.floor(next() * 2 ** 32);
      const range = `${toIp(base)}/${prefix}`;
      const trusted = TrustedProxies.parse(range).trusts(toIp(probe));
      expect({ range, probe: toIp(probe), trusted }).toEqual({ range, probe: toIp(probe), trusted: ((probe & mask) >>> 0) === ((base & mask) >>> 0) });
    }
  });
});

describe('the client IP', () => {
  const proxies = TrustedProxies.parse('10.0.0.0/8, 2001:db8::/32');

  it('is the peer when the peer is not a trusted proxy, whatever it forwards', () => {
    expect(clientIp('198.51.100.4', xff('203.0.113.9'), proxies)).toBe('198.51.100.4');
    expect(clientIp('198.51.100.4', xff('203.0.113.9'), TrustedProxies.none)).toBe('198.51.100.4');
    expect(clientIp('::ffff:198.51.100.4', {}, proxies)).toBe('198.51.100.4');
  });

  it('is the right-most forwarded address that is not itself a trusted proxy', () => {
    expect(clientIp('10.0.0.1', xff('203.0.113.9'), proxies)).toBe('203.0.113.9');
    expect(clientIp('10.0.0.1', xff('6.6.6.6, 203.0.113.9, 10.1.1.1'), proxies)).toBe('203.0.113.9');
    expect(clientIp('::ffff:10.0.0.1', xff(['6.6.6.6', '203.0.113.9, 10.1.1.1']), proxies)).toBe('203.0.113.9');
    expect(clientIp('2001:db8::1', xff('2001:DB8::2, [2001:0db8:0:0::3], 2a00:1450::1, 2001:db8::9'), proxies)).toBe('2a00:1450::1');
  });

  it('is the left-most trusted hop when the chain holds nothing else, and never a forwarded word', () => {
    expect(clientIp('10.0.0.1', xff('10.0.0.2, 10.0.0.3'), proxies)).toBe('10.0.0.2');
    expect(clientIp('10.0.0.1', xff('not-an-ip'), proxies)).toBe('10.0.0.1');
    expect(clientIp('10.0.0.1', xff('evil, 10.0.0.5'), proxies)).toBe('10.0.0.5');
    expect(clientIp('10.0.0.1', xff(''), proxies)).toBe('10.0.0.1');
    expect(clientIp('10.0.0.1', {}, proxies)).toBe('10.0.0.1');
  });

  it('is always an address, never something a client wrote, whatever a trusted proxy forwards', () => {
    const next = random(7);
    const pieces = ['10.0.0.9', '203.0.113.9', '2001:db8::5', '2a00::1', '::ffff:10.2.2.2', 'x', '', ' ', '[::1]', '1.2.3', 'fe80::1%eth0', '¡ñ'];
    for (let run = 0; run < 2000; run += 1) {
      const entries = Array.from({ length: Math.floor(next() * 6) }, () => pieces[Math.floor(next() * pieces.length)] ?? '');
      const ip = clientIp('10.0.0.1', xff(entries.join(',')), proxies);
      expect({ entries, ip: normalizeIp(ip) }).toEqual({ entries, ip });
    }
  });
});

describe('forwarding headers', () => {
  const proxies = TrustedProxies.parse('10.0.0.0/8, 2001:db8::/32');
  const forwarded = () => ({
    host: 'appgen.example',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
    'x-forwarded-port': '443',
    'x-forwarded-for': '203.0.113.9',
    forwarded: 'for=203.0.113.9;host=evil.example;proto=https',
    accept: 'text/html',
  });

  it('are removed from a request whose peer is not a trusted proxy, so its X-Forwarded-Host and -Proto are not believed', () => {
    for (const peer of ['198.51.100.4', '::ffff:198.51.100.4', '2a00:1450::1', 'not-an-ip']) {
      const headers = forwarded();
      expect(dropUntrustedForwarding(peer, headers, proxies)).toBe(true);
      expect(headers).toEqual({ host: 'appgen.example', accept: 'text/html' });
    }
    const withoutProxies = forwarded();
    expect(dropUntrustedForwarding('10.0.0.1', withoutProxies, TrustedProxies.none)).toBe(true);
    expect(withoutProxies).toEqual({ host: 'appgen.example', accept: 'text/html' });
  });

  it('are kept as they are from a trusted proxy, and nothing else is touched', () => {
    for (const peer of ['10.0.0.1', '::ffff:10.9.8.7', '2001:db8::1']) {
      const headers = forwarded();
      expect(dropUntrustedForwarding(peer, headers, proxies)).toBe(false);
      expect(headers).toEqual(forwarded());
    }
    const plain = { host: 'appgen.example' };
    expect(dropUntrustedForwarding('198.51.100.4', plain, proxies)).toBe(false);
    expect(plain).toEqual({ host: 'appgen.example' });
  });
});

describe('client IP hashes', () => {
  it('are keyed: the same IP under another key is another hash, and none holds the IP', () => {
    const one = clientIpHashKey(Buffer.alloc(32, 1));
    const two = clientIpHashKey(Buffer.alloc(32, 2));
    expect(hashClientIp('203.0.113.9', one)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashClientIp('203.0.113.9', one)).toBe(hashClientIp('203.0.113.9', one));
    expect(hashClientIp('203.0.113.9', one)).not.toBe(hashClientIp('203.0.113.9', two));
    expect(hashClientIp('203.0.113.9', one)).not.toBe(hashClientIp('203.0.113.10', one));
  });
});
