import { isIPv4, isIPv6 } from 'node:net';

/**
 * How a registry answers "may a datagram to this block be forwarded beyond its own network?".
 * The Special-Purpose registries have a "Globally Reachable" column; 'N/A' there means the answer
 * depends on the address an entry embeds (6to4, Teredo), and '' is a terminated entry whose columns IANA
 * left blank. The Address Space registries have no such column: their Global Unicast block reads 'True'
 * and every reserved or multicast block 'False'.
 */
export type GloballyReachable = 'True' | 'False' | 'N/A' | '';

export interface RegistryEntry {
  readonly block: string;
  readonly name: string;
  readonly rfc: string;
  readonly registry: 'IPv4 Special-Purpose' | 'IPv6 Special-Purpose' | 'IPv4 Multicast' | 'IPv6 Address Space';
  readonly globallyReachable: GloballyReachable;
}

/**
 * Every address block IANA sets apart, as one table; a receiver is refused unless the most specific block
 * holding its address reads 'True' (an address in no block is ordinary allocated IPv4 unicast).
 *
 * - IANA IPv4 Special-Purpose Address Registry (RFC 6890, RFC 8190), every entry, as IANA publishes it
 *   (iana-ipv4-special-registry-1.csv; newest allocation 2017-02, RFC 8155).
 * - IANA IPv6 Special-Purpose Address Registry (RFC 6890, RFC 8190), every entry
 *   (iana-ipv6-special-registry-1.csv; newest allocation 2025-04, 100:0:0:1::/64, RFC 9780).
 * - IPv4 multicast, 224.0.0.0/4 (IANA IPv4 Multicast Address Space Registry, RFC 5771), which the
 *   special-purpose registry leaves out.
 * - IANA Internet Protocol Version 6 Address Space, every block (RFC 4291): only 2000::/3 is global unicast;
 *   the rest is reserved by the IETF, unique-local, link-local, deprecated site-local or multicast. Its
 *   fc00::/7 and fe80::/10 rows are the special-purpose entries above and are not repeated.
 * When IANA adds an entry, add it here and to the walk in address-classifier.spec.ts.
 */
export const ADDRESS_REGISTRY: readonly RegistryEntry[] = [
  { block: '0.0.0.0/8', name: '"This network"', rfc: 'RFC 791, Section 3.2', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '0.0.0.0/32', name: '"This host on this network"', rfc: 'RFC 1122, Section 3.2.1.3', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '10.0.0.0/8', name: 'Private-Use', rfc: 'RFC 1918', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '100.64.0.0/10', name: 'Shared Address Space', rfc: 'RFC 6598', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '127.0.0.0/8', name: 'Loopback', rfc: 'RFC 1122, Section 3.2.1.3', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '169.254.0.0/16', name: 'Link Local', rfc: 'RFC 3927', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '172.16.0.0/12', name: 'Private-Use', rfc: 'RFC 1918', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '192.0.0.0/24', name: 'IETF Protocol Assignments', rfc: 'RFC 6890, Section 2.1', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '192.0.0.0/29', name: 'IPv4 Service Continuity Prefix', rfc: 'RFC 7335', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '192.0.0.8/32', name: 'IPv4 dummy address', rfc: 'RFC 7600', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '192.0.0.9/32', name: 'Port Control Protocol Anycast', rfc: 'RFC 7723', registry: 'IPv4 Special-Purpose', globallyReachable: 'True' },
  { block: '192.0.0.10/32', name: 'Traversal Using Relays around NAT Anycast', rfc: 'RFC 8155', registry: 'IPv4 Special-Purpose', globallyReachable: 'True' },
  { block: '192.0.0.170/32', name: 'NAT64/DNS64 Discovery', rfc: 'RFC 8880, RFC 7050 Section 2.2', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '192.0.0.171/32', name: 'NAT64/DNS64 Discovery', rfc: 'RFC 8880, RFC 7050 Section 2.2', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '192.0.2.0/24', name: 'Documentation (TEST-NET-1)', rfc: 'RFC 5737', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '192.31.196.0/24', name: 'AS112-v4', rfc: 'RFC 7535', registry: 'IPv4 Special-Purpose', globallyReachable: 'True' },
  { block: '192.52.193.0/24', name: 'AMT', rfc: 'RFC 7450', registry: 'IPv4 Special-Purpose', globallyReachable: 'True' },
  { block: '192.88.99.0/24', name: 'Deprecated (6to4 Relay Anycast)', rfc: 'RFC 7526', registry: 'IPv4 Special-Purpose', globallyReachable: '' },
  { block: '192.88.99.2/32', name: '6a44-relay anycast address', rfc: 'RFC 6751', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '192.168.0.0/16', name: 'Private-Use', rfc: 'RFC 1918', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '192.175.48.0/24', name: 'Direct Delegation AS112 Service', rfc: 'RFC 7534', registry: 'IPv4 Special-Purpose', globallyReachable: 'True' },
  { block: '198.18.0.0/15', name: 'Benchmarking', rfc: 'RFC 2544', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '198.51.100.0/24', name: 'Documentation (TEST-NET-2)', rfc: 'RFC 5737', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '203.0.113.0/24', name: 'Documentation (TEST-NET-3)', rfc: 'RFC 5737', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '240.0.0.0/4', name: 'Reserved', rfc: 'RFC 1112, Section 4', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '255.255.255.255/32', name: 'Limited Broadcast', rfc: 'RFC 8190, RFC 919 Section 7', registry: 'IPv4 Special-Purpose', globallyReachable: 'False' },
  { block: '224.0.0.0/4', name: 'Multicast', rfc: 'RFC 5771', registry: 'IPv4 Multicast', globallyReachable: 'False' },

  { block: '::1/128', name: 'Loopback Address', rfc: 'RFC 4291', registry: 'IPv6 Special-Purpose', globallyReachable: 'False' },
  { block: '::/128', name: 'Unspecified Address', rfc: 'RFC 4291', registry: 'IPv6 Special-Purpose', globallyReachable: 'False' },
  { block: '::ffff:0:0/96', name: 'IPv4-mapped Address', rfc: 'RFC 4291', registry: 'IPv6 Special-Purpose', globallyReachable: 'False' },
  { block: '64:ff9b::/96', name: 'IPv4-IPv6 Translat.', rfc: 'RFC 6052', registry: 'IPv6 Special-Purpose', globallyReachable: 'True' },
  { block: '64:ff9b:1::/48', name: 'IPv4-IPv6 Translat.', rfc: 'RFC 8215', registry: 'IPv6 Special-Purpose', globallyReachable: 'False' },
  { block: '100::/64', name: 'Discard-Only Address Block', rfc: 'RFC 6666', registry: 'IPv6 Special-Purpose', globallyReachable: 'False' },
  { block: '100:0:0:1::/64', name: 'Dummy IPv6 Prefix', rfc: 'RFC 9780', registry: 'IPv6 Special-Purpose', globallyReachable: 'False' },
  { block: '2001::/23', name: 'IETF Protocol Assignments', rfc: 'RFC 2928', registry: 'IPv6 Special-Purpose', globallyReachable: 'False' },
  { block: '2001::/32', name: 'TEREDO', rfc: 'RFC 4380, RFC 8190', registry: 'IPv6 Special-Purpose', globallyReachable: 'N/A' },
  { block: '2001:1::1/128', name: 'Port Control Protocol Anycast', rfc: 'RFC 7723', registry: 'IPv6 Special-Purpose', globallyReachable: 'True' },
  { block: '2001:1::2/128', name: 'Traversal Using Relays around NAT Anycast', rfc: 'RFC 8155', registry: 'IPv6 Special-Purpose', globallyReachable: 'True' },
  { block: '2001:1::3/128', name: 'DNS-SD Service Registration Protocol Anycast', rfc: 'RFC 9665', registry: 'IPv6 Special-Purpose', globallyReachable: 'True' },
  { block: '2001:2::/48', name: 'Benchmarking', rfc: 'RFC 5180, RFC Errata 1752', registry: 'IPv6 Special-Purpose', globallyReachable: 'False' },
  { block: '2001:3::/32', name: 'AMT', rfc: 'RFC 7450', registry: 'IPv6 Special-Purpose', globallyReachable: 'True' },
  { block: '2001:4:112::/48', name: 'AS112-v6', rfc: 'RFC 7535', registry: 'IPv6 Special-Purpose', globallyReachable: 'True' },
  { block: '2001:10::/28', name: 'Deprecated (previously ORCHID)', rfc: 'RFC 4843', registry: 'IPv6 Special-Purpose', globallyReachable: '' },
  { block: '2001:20::/28', name: 'ORCHIDv2', rfc: 'RFC 7343', registry: 'IPv6 Special-Purpose', globallyReachable: 'True' },
  { block: '2001:30::/28', name: 'Drone Remote ID Protocol Entity Tags (DETs) Prefix', rfc: 'RFC 9374', registry: 'IPv6 Special-Purpose', globallyReachable: 'True' },
  { block: '2001:db8::/32', name: 'Documentation', rfc: 'RFC 3849', registry: 'IPv6 Special-Purpose', globallyReachable: 'False' },
  { block: '2002::/16', name: '6to4', rfc: 'RFC 3056', registry: 'IPv6 Special-Purpose', globallyReachable: 'N/A' },
  { block: '2620:4f:8000::/48', name: 'Direct Delegation AS112 Service', rfc: 'RFC 7534', registry: 'IPv6 Special-Purpose', globallyReachable: 'True' },
  { block: '3fff::/20', name: 'Documentation', rfc: 'RFC 9637', registry: 'IPv6 Special-Purpose', globallyReachable: 'False' },
  { block: '5f00::/16', name: 'Segment Routing (SRv6) SIDs', rfc: 'RFC 9602', registry: 'IPv6 Special-Purpose', globallyReachable: 'False' },
  { block: 'fc00::/7', name: 'Unique-Local', rfc: 'RFC 4193, RFC 8190', registry: 'IPv6 Special-Purpose', globallyReachable: 'False' },
  { block: 'fe80::/10', name: 'Link-Local Unicast', rfc: 'RFC 4291', registry: 'IPv6 Special-Purpose', globallyReachable: 'False' },

  { block: '::/8', name: 'Reserved by IETF', rfc: 'RFC 4291', registry: 'IPv6 Address Space', globallyReachable: 'False' },
  { block: '100::/8', name: 'Reserved by IETF', rfc: 'RFC 4291', registry: 'IPv6 Address Space', globallyReachable: 'False' },
  { block: '200::/7', name: 'Reserved by IETF', rfc: 'RFC 4048', registry: 'IPv6 Address Space', globallyReachable: 'False' },
  { block: '400::/6', name: 'Reserved by IETF', rfc: 'RFC 4291', registry: 'IPv6 Address Space', globallyReachable: 'False' },
  { block: '800::/5', name: 'Reserved by IETF', rfc: 'RFC 4291', registry: 'IPv6 Address Space', globallyReachable: 'False' },
  { block: '1000::/4', name: 'Reserved by IETF', rfc: 'RFC 4291', registry: 'IPv6 Address Space', globallyReachable: 'False' },
  { block: '2000::/3', name: 'Global Unicast', rfc: 'RFC 4291', registry: 'IPv6 Address Space', globallyReachable: 'True' },
  { block: '4000::/3', name: 'Reserved by IETF', rfc: 'RFC 4291', registry: 'IPv6 Address Space', globallyReachable: 'False' },
  { block: '6000::/3', name: 'Reserved by IETF', rfc: 'RFC 4291', registry: 'IPv6 Address Space', globallyReachable: 'False' },
  { block: '8000::/3', name: 'Reserved by IETF', rfc: 'RFC 4291', registry: 'IPv6 Address Space', globallyReachable: 'False' },
  { block: 'a000::/3', name: 'Reserved by IETF', rfc: 'RFC 4291', registry: 'IPv6 Address Space', globallyReachable: 'False' },
  { block: 'c000::/3', name: 'Reserved by IETF', rfc: 'RFC 4291', registry: 'IPv6 Address Space', globallyReachable: 'False' },
  { block: 'e000::/4', name: 'Reserved by IETF', rfc: 'RFC 4291', registry: 'IPv6 Address Space', globallyReachable: 'False' },
  { block: 'f000::/5', name: 'Reserved by IETF', rfc: 'RFC 4291', registry: 'IPv6 Address Space', globallyReachable: 'False' },
  { block: 'f800::/6', name: 'Reserved by IETF', rfc: 'RFC 4291', registry: 'IPv6 Address Space', globallyReachable: 'False' },
  { block: 'fe00::/9', name: 'Reserved by IETF', rfc: 'RFC 4291', registry: 'IPv6 Address Space', globallyReachable: 'False' },
  { block: 'fec0::/10', name: 'Reserved by IETF (deprecated site-local)', rfc: 'RFC 3879', registry: 'IPv6 Address Space', globallyReachable: 'False' },
  { block: 'ff00::/8', name: 'Multicast', rfc: 'RFC 4291', registry: 'IPv6 Address Space', globallyReachable: 'False' },
];

interface EmbeddingForm {
  readonly block: string;
  readonly name: string;
  /** The IPv4 addresses (as 32-bit values) a packet to this IPv6 address ends up reaching. */
  readonly embedded: (value: bigint) => bigint[];
  /**
   * True where the embedded address alone decides: a socket given an IPv4-mapped address talks IPv4 to
   * the embedded address (the registry's False is about IPv6 datagrams, which never leave), and 6to4 and
   * Teredo read N/A in the registry, whose notes defer to the IPv4 address they tunnel to.
   * Everywhere else the registry and the embedded address must both allow it.
   */
  readonly embeddedDecides: boolean;
}

const LOW_32 = (value: bigint): bigint[] => [value & 0xffffffffn];

/** IPv6 forms that carry an IPv4 address, so that 2002:7f00:1:: is judged as the 127.0.0.1 it tunnels to. */
const EMBEDDING_FORMS: readonly EmbeddingForm[] = [
  { block: '::ffff:0:0/96', name: 'IPv4-mapped (RFC 4291)', embedded: LOW_32, embeddedDecides: true },
  { block: '::ffff:0:0:0/96', name: 'IPv4-translated (RFC 2765)', embedded: LOW_32, embeddedDecides: false },
  { block: '::/96', name: 'IPv4-compatible (RFC 4291, deprecated)', embedded: LOW_32, embeddedDecides: false },
  { block: '64:ff9b::/96', name: 'NAT64 (RFC 6052)', embedded: LOW_32, embeddedDecides: false },
  // RFC 8215 lets an operator pick the prefix length inside the /48; the /96 form is the one deployed, and
  // the registry refuses the whole block anyway.
  { block: '64:ff9b:1::/48', name: 'local-use NAT64 (RFC 8215)', embedded: LOW_32, embeddedDecides: false },
  { block: '2002::/16', name: '6to4 (RFC 3056)', embedded: (value) => [(value >> 80n) & 0xffffffffn], embeddedDecides: true },
  // Teredo (RFC 4380, Section 4): the server's address in bits 32-63, the client's public address
  // inverted in the last 32 bits. Both are IPv4 hosts that traffic to the address reaches.
  {
    block: '2001::/32',
    name: 'Teredo (RFC 4380)',
    embedded: (value) => [(value >> 64n) & 0xffffffffn, ~value & 0xffffffffn],
    embeddedDecides: true,
  },
];

type Family = 4 | 6;

interface Address {
  family: Family;
  value: bigint;
}

interface Block<T> {
  family: Family;
  base: bigint;
  prefix: number;
  item: T;
}

const BITS: Record<Family, number> = { 4: 32, 6: 128 };

function ipv4Value(text: string): bigint {
  return text.split('.').reduce((acc, part) => acc * 256n + BigInt(Number(part)), 0n);
}

/** Value of an IPv6 address that node:net has validated (any short form, any case, a dotted IPv4 tail). */
function ipv6Value(text: string): bigint {
  let head = text;
  const tail: bigint[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = ipv4Value(dotted[1]);
    tail.push(v4 >> 16n, v4 & 0xffffn);
    head = text.slice(0, -dotted[1].length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const groups = (part: string): bigint[] => (part === '' ? [] : part.split(':').map((group) => BigInt(parseInt(group, 16))));
  const [left = '', right] = head.split('::');
  const before = groups(left);
  const after = right === undefined ? [] : groups(right);
  const zeros = new Array<bigint>(Math.max(8 - before.length - after.length - tail.length, 0)).fill(0n);
  return [...before, ...zeros, ...after, ...tail].reduce((acc, group) => (acc << 16n) | group, 0n);
}

function parseAddress(text: string): Address | null {
  // Brackets as in a URL, and a zone (fe80::1%eth0), which says which link and not which address.
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(bare)) return { family: 4, value: ipv4Value(bare) };
  if (isIPv6(bare)) return { family: 6, value: ipv6Value(bare.toLowerCase()) };
  return null;
}

function compile<T extends { block: string }>(items: readonly T[]): Block<T>[] {
  return items.map((item) => {
    const [base = '', length = ''] = item.block.split('/');
    const address = parseAddress(base);
    const prefix = Number(length);
    if (!address || !Number.isInteger(prefix) || prefix < 0 || prefix > BITS[address.family]) throw new Error(`bad block ${item.block}`);
    if ((address.value & ((1n << BigInt(BITS[address.family] - prefix)) - 1n)) !== 0n) throw new Error(`${item.block} has host bits set`);
    return { family: address.family, base: address.value, prefix, item };
  });
}

function contains(block: Block<unknown>, address: Address): boolean {
  if (block.family !== address.family) return false;
  const shift = BigInt(BITS[block.family] - block.prefix);
  return address.value >> shift === block.base >> shift;
}

/** The most specific block holding `address`, as routing does it. */
function mostSpecific<T>(blocks: Block<T>[], address: Address): Block<T> | undefined {
  let best: Block<T> | undefined;
  for (const block of blocks) if (contains(block, address) && (!best || block.prefix > best.prefix)) best = block;
  return best;
}

const REGISTRY_BLOCKS = compile(ADDRESS_REGISTRY);
const EMBEDDING_BLOCKS = compile(EMBEDDING_FORMS);

function ipv4Text(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 255n)).join('.');
}

export type AddressVerdict = { public: true } | { public: false; reason: string };

function judge(address: Address): AddressVerdict {
  const entry = mostSpecific(REGISTRY_BLOCKS, address);
  const form = address.family === 6 ? mostSpecific(EMBEDDING_BLOCKS, address) : undefined;
  // A registry entry inside the form (::1 inside the IPv4-compatible ::/96) speaks for itself.
  const registryDecides = !form?.item.embeddedDecides || (entry !== undefined && entry.prefix > form.prefix);
  const registryRefusal = registryDecides && entry && entry.item.globallyReachable !== 'True' ? `in ${entry.item.block} (${entry.item.name})` : undefined;
  let embeddedRefusal: string | undefined;
  for (const value of form?.item.embedded(address.value) ?? []) {
    const verdict = judge({ family: 4, value });
    if (!verdict.public) {
      embeddedRefusal = `${form?.item.name} of ${ipv4Text(value)}, ${verdict.reason}`;
      break;
    }
  }
  // Report the more telling of the two: the embedded address, unless a more specific entry refused.
  if (embeddedRefusal && !(registryRefusal && entry && form && entry.prefix > form.prefix)) return { public: false, reason: embeddedRefusal };
  if (registryRefusal) return { public: false, reason: registryRefusal };
  return { public: true };
}

/**
 * Whether a receiver at `address` (an IP literal, IPv6 with or without brackets or zone) is on the public
 * internet, by the table above; anything that is not an IP address at all is refused, so a caller never
 * lets an unparsed value through. `reason` names the block that refuses it.
 */
export function classifyAddress(address: string): AddressVerdict {
  const parsed = parseAddress(address);
  return parsed ? judge(parsed) : { public: false, reason: 'not an IP address' };
}

export function isNonPublicAddress(address: string): boolean {
  return !classifyAddress(address).public;
}
