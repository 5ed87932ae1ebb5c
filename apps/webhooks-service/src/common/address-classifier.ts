import { isIPv4, isIPv6 } from 'node:net';

function ipv4ToInt(address: string): number {
  return address.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

function inV4(value: number, base: string, bits: number): boolean {
  const size = 2 ** (32 - bits);
  const start = ipv4ToInt(base);
  return value >= start && value < start + size;
}

/** Ranges no webhook may reach: this host, private networks, link-local (cloud metadata), CGNAT, multicast. */
function isNonPublicV4(address: string): boolean {
  const value = ipv4ToInt(address);
  return (
    inV4(value, '0.0.0.0', 8) ||
    inV4(value, '10.0.0.0', 8) ||
    inV4(value, '100.64.0.0', 10) ||
    inV4(value, '127.0.0.0', 8) ||
    inV4(value, '169.254.0.0', 16) ||
    inV4(value, '172.16.0.0', 12) ||
    inV4(value, '192.168.0.0', 16) ||
    inV4(value, '224.0.0.0', 4) ||
    inV4(value, '240.0.0.0', 4)
  );
}

/** The eight 16-bit groups of an IPv6 address (which node:net has already validated). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = ipv4ToInt(dotted[1]);
    tail.push(Math.floor(v4 / 65536), v4 % 65536);
    text = text.slice(0, -dotted[1].length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [head = '', rest] = text.split('::');
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const missing = 8 - left.length - right.length - tail.length;
  return [...left, ...new Array<number>(Math.max(missing, 0)).fill(0), ...right, ...tail];
}

function isNonPublicV6(address: string): boolean {
  const groups = ipv6Groups(address);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const embeddedV4 = `${g6 >> 8}.${g6 & 255}.${g7 >> 8}.${g7 & 255}`;
  const firstFive = g0 | g1 | g2 | g3 | g4;
  if (firstFive === 0 && g5 === 0 && g6 === 0 && (g7 === 0 || g7 === 1)) return true; // :: and ::1
  if (firstFive === 0 && (g5 === 0xffff || g5 === 0)) return isNonPublicV4(embeddedV4); // mapped / compatible
  if (g0 === 0x64 && g1 === 0xff9b && (g2 | g3 | g4 | g5) === 0) return isNonPublicV4(embeddedV4); // NAT64
  if ((g0 & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g0 & 0xffc0) === 0xfec0) return true; // fec0::/10 deprecated site-local
  return (g0 & 0xff00) === 0xff00; // multicast
}

/**
 * True when `address` (an IP literal, IPv6 with or without brackets or zone) is loopback, private,
 * link-local, unspecified or otherwise not a public unicast address; also true for anything that is
 * not an IP address at all, so a caller never lets an unparsed value through.
 */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return isNonPublicV4(bare);
  if (isIPv6(bare)) return isNonPublicV6(bare.toLowerCase());
  return true;
}
