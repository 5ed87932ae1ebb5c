import { BlockList, isIPv4 } from 'node:net';
import { ADDRESS_REGISTRY, classifyAddress, isNonPublicAddress } from './address-classifier';

/** 'allowed', or the block whose entry refuses the address (the embedded IPv4's block for an embedding form). */
type Outcome = 'allowed' | string;

function expectOutcome(address: string, outcome: Outcome): void {
  const verdict = classifyAddress(address);
  if (outcome === 'allowed') {
    expect({ address, verdict }).toEqual({ address, verdict: { public: true } });
  } else {
    expect({ address, verdict }).toEqual({ address, verdict: { public: false, reason: expect.stringContaining(`in ${outcome} (`) } });
  }
}

/**
 * The first and last address of every entry of the table, with what each must come to. Written out by
 * hand from the registries, not derived from the table, so a wrong flag or a mistyped block fails here.
 * Where a more specific entry holds the first or last address, that entry decides it.
 */
const WALK: Array<[block: string, first: string, firstOutcome: Outcome, last: string, lastOutcome: Outcome]> = [
  // IPv4 Special-Purpose Address Registry
  ['0.0.0.0/8', '0.0.0.0', '0.0.0.0/32', '0.255.255.255', '0.0.0.0/8'],
  ['0.0.0.0/32', '0.0.0.0', '0.0.0.0/32', '0.0.0.0', '0.0.0.0/32'],
  ['10.0.0.0/8', '10.0.0.0', '10.0.0.0/8', '10.255.255.255', '10.0.0.0/8'],
  ['100.64.0.0/10', '100.64.0.0', '100.64.0.0/10', '100.127.255.255', '100.64.0.0/10'],
  ['127.0.0.0/8', '127.0.0.0', '127.0.0.0/8', '127.255.255.255', '127.0.0.0/8'],
  ['169.254.0.0/16', '169.254.0.0', '169.254.0.0/16', '169.254.255.255', '169.254.0.0/16'],
  ['172.16.0.0/12', '172.16.0.0', '172.16.0.0/12', '172.31.255.255', '172.16.0.0/12'],
  ['192.0.0.0/24', '192.0.0.0', '192.0.0.0/29', '192.0.0.255', '192.0.0.0/24'],
  ['192.0.0.0/29', '192.0.0.0', '192.0.0.0/29', '192.0.0.7', '192.0.0.0/29'],
  ['192.0.0.8/32', '192.0.0.8', '192.0.0.8/32', '192.0.0.8', '192.0.0.8/32'],
  ['192.0.0.9/32', '192.0.0.9', 'allowed', '192.0.0.9', 'allowed'],
  ['192.0.0.10/32', '192.0.0.10', 'allowed', '192.0.0.10', 'allowed'],
  ['192.0.0.170/32', '192.0.0.170', '192.0.0.170/32', '192.0.0.170', '192.0.0.170/32'],
  ['192.0.0.171/32', '192.0.0.171', '192.0.0.171/32', '192.0.0.171', '192.0.0.171/32'],
  ['192.0.2.0/24', '192.0.2.0', '192.0.2.0/24', '192.0.2.255', '192.0.2.0/24'],
  ['192.31.196.0/24', '192.31.196.0', 'allowed', '192.31.196.255', 'allowed'],
  ['192.52.193.0/24', '192.52.193.0', 'allowed', '192.52.193.255', 'allowed'],
  ['192.88.99.0/24', '192.88.99.0', '192.88.99.0/24', '192.88.99.255', '192.88.99.0/24'],
  ['192.88.99.2/32', '192.88.99.2', '192.88.99.2/32', '192.88.99.2', '192.88.99.2/32'],
  ['192.168.0.0/16', '192.168.0.0', '192.168.0.0/16', '192.168.255.255', '192.168.0.0/16'],
  ['192.175.48.0/24', '192.175.48.0', 'allowed', '192.175.48.255', 'allowed'],
  ['198.18.0.0/15', '198.18.0.0', '198.18.0.0/15', '198.19.255.255', '198.18.0.0/15'],
  ['198.51.100.0/24', '198.51.100.0', '198.51.100.0/24', '198.51.100.255', '198.51.100.0/24'],
  ['203.0.113.0/24', '203.0.113.0', '203.0.113.0/24', '203.0.113.255', '203.0.113.0/24'],
  ['240.0.0.0/4', '240.0.0.0', '240.0.0.0/4', '255.255.255.255', '255.255.255.255/32'],
  ['255.255.255.255/32', '255.255.255.255', '255.255.255.255/32', '255.255.255.255', '255.255.255.255/32'],
  // IPv4 multicast
  ['224.0.0.0/4', '224.0.0.0', '224.0.0.0/4', '239.255.255.255', '224.0.0.0/4'],
  // IPv6 Special-Purpose Address Registry (embedding forms are judged by the IPv4 address they carry)
  ['::1/128', '::1', '::1/128', '::1', '::1/128'],
  ['::/128', '::', '::/128', '::', '::/128'],
  ['::ffff:0:0/96', '::ffff:0.0.0.0', '0.0.0.0/32', '::ffff:255.255.255.255', '255.255.255.255/32'],
  ['64:ff9b::/96', '64:ff9b::', '0.0.0.0/32', '64:ff9b::ffff:ffff', '255.255.255.255/32'],
  ['64:ff9b:1::/48', '64:ff9b:1::', '0.0.0.0/32', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff', '255.255.255.255/32'],
  ['100::/64', '100::', '100::/64', '100::ffff:ffff:ffff:ffff', '100::/64'],
  ['100:0:0:1::/64', '100:0:0:1::', '100:0:0:1::/64', '100:0:0:1:ffff:ffff:ffff:ffff', '100:0:0:1::/64'],
  ['2001::/23', '2001::', '0.0.0.0/32', '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff', '2001::/23'],
  ['2001::/32', '2001::', '0.0.0.0/32', '2001:0:ffff:ffff:ffff:ffff:ffff:ffff', '255.255.255.255/32'],
  ['2001:1::1/128', '2001:1::1', 'allowed', '2001:1::1', 'allowed'],
  ['2001:1::2/128', '2001:1::2', 'allowed', '2001:1::2', 'allowed'],
  ['2001:1::3/128', '2001:1::3', 'allowed', '2001:1::3', 'allowed'],
  ['2001:2::/48', '2001:2::', '2001:2::/48', '2001:2:0:ffff:ffff:ffff:ffff:ffff', '2001:2::/48'],
  ['2001:3::/32', '2001:3::', 'allowed', '2001:3:ffff:ffff:ffff:ffff:ffff:ffff', 'allowed'],
  ['2001:4:112::/48', '2001:4:112::', 'allowed', '2001:4:112:ffff:ffff:ffff:ffff:ffff', 'allowed'],
  ['2001:10::/28', '2001:10::', '2001:10::/28', '2001:1f:ffff:ffff:ffff:ffff:ffff:ffff', '2001:10::/28'],
  ['2001:20::/28', '2001:20::', 'allowed', '2001:2f:ffff:ffff:ffff:ffff:ffff:ffff', 'allowed'],
  ['2001:30::/28', '2001:30::', 'allowed', '2001:3f:ffff:ffff:ffff:ffff:ffff:ffff', 'allowed'],
  ['2001:db8::/32', '2001:db8::', '2001:db8::/32', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db8::/32'],
  ['2002::/16', '2002::', '0.0.0.0/32', '2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '255.255.255.255/32'],
  ['2620:4f:8000::/48', '2620:4f:8000::', 'allowed', '2620:4f:8000:ffff:ffff:ffff:ffff:ffff', 'allowed'],
  ['3fff::/20', '3fff::', '3fff::/20', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff', '3fff::/20'],
  ['5f00::/16', '5f00::', '5f00::/16', '5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '5f00::/16'],
  ['fc00::/7', 'fc00::', 'fc00::/7', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fc00::/7'],
  ['fe80::/10', 'fe80::', 'fe80::/10', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fe80::/10'],
  // IPv6 Address Space
  ['::/8', '::', '::/128', 'ff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '::/8'],
  ['100::/8', '100::', '100::/64', '1ff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '100::/8'],
  ['200::/7', '200::', '200::/7', '3ff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '200::/7'],
  ['400::/6', '400::', '400::/6', '7ff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '400::/6'],
  ['800::/5', '800::', '800::/5', 'fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '800::/5'],
  ['1000::/4', '1000::', '1000::/4', '1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '1000::/4'],
  ['2000::/3', '2000::', 'allowed', '3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'allowed'],
  ['4000::/3', '4000::', '4000::/3', '5fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '4000::/3'],
  ['6000::/3', '6000::', '6000::/3', '7fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '6000::/3'],
  ['8000::/3', '8000::', '8000::/3', '9fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '8000::/3'],
  ['a000::/3', 'a000::', 'a000::/3', 'bfff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'a000::/3'],
  ['c000::/3', 'c000::', 'c000::/3', 'dfff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'c000::/3'],
  ['e000::/4', 'e000::', 'e000::/4', 'efff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'e000::/4'],
  ['f000::/5', 'f000::', 'f000::/5', 'f7ff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'f000::/5'],
  ['f800::/6', 'f800::', 'f800::/6', 'fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'f800::/6'],
  ['fe00::/9', 'fe00::', 'fe00::/9', 'fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fe00::/9'],
  ['fec0::/10', 'fec0::', 'fec0::/10', 'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fec0::/10'],
  ['ff00::/8', 'ff00::', 'ff00::/8', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'ff00::/8'],
];

describe('classifyAddress: every entry of the IANA registries', () => {
  it('walks every entry of the table, and only those', () => {
    expect(WALK.map(([block]) => block).sort()).toEqual(ADDRESS_REGISTRY.map((entry) => entry.block).sort());
  });

  it.each(WALK)('%s: first %s (%s) and last %s (%s)', (block, first, firstOutcome, last, lastOutcome) => {
    // The addresses are the block's own, by node's subnet matcher rather than the classifier's.
    const [base = '', prefix = ''] = block.split('/');
    const family = isIPv4(base) ? 'ipv4' : 'ipv6';
    const subnet = new BlockList();
    subnet.addSubnet(base, Number(prefix), family);
    expect([subnet.check(first, family), subnet.check(last, family)]).toEqual([true, true]);
    expectOutcome(first, firstOutcome);
    expectOutcome(last, lastOutcome);
  });

  it('refuses an entry unless the registry calls it globally reachable', () => {
    // Addresses inside each entry that no more specific entry or embedded address decides.
    const inside: Record<string, string> = { '192.0.0.0/24': '192.0.0.100', '2001::/23': '2001:100::1', '64:ff9b:1::/48': '64:ff9b:1::808:808' };
    for (const [block, address] of Object.entries(inside)) expectOutcome(address, block);
  });
});

describe('classifyAddress: addresses that carry an IPv4 address are judged by it', () => {
  it.each([
    // IPv4-mapped: a socket talks IPv4 to the embedded address, so it alone decides.
    ['::ffff:127.0.0.1', '127.0.0.0/8'],
    ['::ffff:7f00:1', '127.0.0.0/8'],
    ['::ffff:169.254.169.254', '169.254.0.0/16'],
    ['::ffff:198.18.0.1', '198.18.0.0/15'],
    ['::ffff:8.8.8.8', 'allowed'],
    // IPv4-translated and IPv4-compatible: reserved IPv6 space either way.
    ['::ffff:0:127.0.0.1', '127.0.0.0/8'],
    ['::ffff:0:7f00:1', '127.0.0.0/8'],
    ['::ffff:0:8.8.8.8', '::/8'],
    ['::127.0.0.1', '127.0.0.0/8'],
    ['::a9fe:a9fe', '169.254.0.0/16'],
    ['::8.8.8.8', '::/8'],
    // NAT64: the translator reaches the embedded address.
    ['64:ff9b::127.0.0.1', '127.0.0.0/8'],
    ['64:ff9b::a9fe:a9fe', '169.254.0.0/16'],
    ['64:ff9b::c0a8:1', '192.168.0.0/16'],
    ['64:ff9b::8.8.8.8', 'allowed'],
    ['64:ff9b:1::7f00:1', '127.0.0.0/8'],
    ['64:ff9b:1::808:808', '64:ff9b:1::/48'],
    // 6to4: the embedded address is where the tunnel ends.
    ['2002:a9fe:a9fe::', '169.254.0.0/16'],
    ['2002:7f00:1::', '127.0.0.0/8'],
    ['2002:a00:1::1', '10.0.0.0/8'],
    ['2002:c000:201::', '192.0.2.0/24'],
    ['2002:808:808::', 'allowed'],
    ['2002:808:808:1:2:3:4:5', 'allowed'],
    // Teredo: the server in bits 32-63, the client inverted in the last 32 bits.
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', '127.0.0.0/8'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', '192.0.2.0/24'],
    ['2001:0:a00:1:8000:63bf:f7f7:f7f7', '10.0.0.0/8'],
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'allowed'],
  ])('%s: %s', (address, outcome) => {
    expectOutcome(address, outcome);
  });

  it('names the form and the embedded address', () => {
    expect(classifyAddress('2002:a9fe:a9fe::')).toEqual({ public: false, reason: '6to4 (RFC 3056) of 169.254.169.254, in 169.254.0.0/16 (Link Local)' });
    expect(classifyAddress('::ffff:0:7f00:1')).toEqual({ public: false, reason: 'IPv4-translated (RFC 2765) of 127.0.0.1, in 127.0.0.0/8 (Loopback)' });
    expect(classifyAddress('198.18.0.1')).toEqual({ public: false, reason: 'in 198.18.0.0/15 (Benchmarking)' });
  });
});

describe('classifyAddress: spellings', () => {
  it.each([
    ['2002:A9FE:A9FE::', '169.254.0.0/16'],
    ['2002:a9fe:a9fe:0:0:0:0:0', '169.254.0.0/16'],
    ['2002:a9fe:a9fe::0', '169.254.0.0/16'],
    ['[2002:a9fe:a9fe::]', '169.254.0.0/16'],
    ['2002:a9fe:a9fe::%eth0', '169.254.0.0/16'],
    ['2002:a9fe:A9fe:0::', '169.254.0.0/16'],
    ['0:0:0:0:0:ffff:7f00:1', '127.0.0.0/8'],
    ['0:0:0:0:0:FFFF:127.0.0.1', '127.0.0.0/8'],
    ['0000:0000:0000:0000:0000:ffff:7f00:0001', '127.0.0.0/8'],
    ['0::ffff:0:7f00:1', '127.0.0.0/8'],
    ['fe80::1%eth0', 'fe80::/10'],
    ['[::1]', '::1/128'],
    ['0:0:0:0:0:0:0:1', '::1/128'],
    ['FF02::1', 'ff00::/8'],
  ])('%s: %s', (address, outcome) => {
    expectOutcome(address, outcome);
  });

  it('refuses what is not an IP address, so nothing unparsed gets through', () => {
    for (const text of ['not-an-ip', '', '2130706433', '0x7f.1', '127.1', '1.2.3.4.5', '[1.2.3.4]x', 'gggg::1']) {
      expect(classifyAddress(text)).toEqual({ public: false, reason: 'not an IP address' });
    }
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.1', '192.169.0.1', '169.253.255.255', '100.128.0.0', '223.255.255.255', '2606:4700::1111', '2a00:1450:4001:80b::200e'])(
    'allows the public address %s',
    (address) => {
      expect(isNonPublicAddress(address)).toBe(false);
    },
  );
});
