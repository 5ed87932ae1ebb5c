import { createHmac, hkdfSync } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIP } from 'node:net';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * An address as the gateway compares and counts it: IPv4-mapped IPv6 (`::ffff:192.0.2.1`, what a dual-stack
 * socket reports for an IPv4 peer) as plain IPv4, IPv6 lower-case without brackets or zone; null when it is no IP.
 */
export function normalizeIp(text: string): string | null {
  let address = text.trim();
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1);
  address = address.replace(/%[0-9a-z._~-]+$/i, '');
  const mapped = IPV4_MAPPED.exec(address);
  if (mapped?.[1]) address = mapped[1];
  const version = isIP(address);
  if (version === 0) return null;
  return version === 6 ? address.toLowerCase() : address;
}

/**
 * `TRUSTED_PROXIES`: the CIDR ranges (IPv4 and IPv6) of the proxies in front of the gateway. Only a peer inside one
 * may name the client through `X-Forwarded-For` (decisions.md, "Network, domains, certificates").
 */
export class TrustedProxies {
  private constructor(
    private readonly list: BlockList,
    /** the ranges as given, normalized, for logs */
    readonly ranges: readonly string[],
  ) {}

  static readonly none = new TrustedProxies(new BlockList(), []);

  /**
   * A comma- or space-separated list of `address/prefix` (a bare address is one host). Throws naming the first
   * entry that is not a range, so a typo stops the gateway at boot instead of trusting nothing (or everything).
   */
  static parse(text: string): TrustedProxies {
    const list = new BlockList();
    const ranges: string[] = [];
    for (const entry of text.split(/[\s,]+/).filter((part) => part !== '')) {
      const [rawAddress = '', rawPrefix, ...rest] = entry.split('/');
      let address = normalizeIp(rawAddress);
      const family = address === null ? 0 : isIP(address);
      const max = family === 4 ? 32 : 128;
      let prefix = rawPrefix === undefined ? max : /^\d{1,3}$/.test(rawPrefix) ? Number(rawPrefix) : NaN;
      // An IPv4-mapped range (`::ffff:10.0.0.0/104`) is the IPv4 range it maps.
      if (family === 4 && IPV4_MAPPED.test(rawAddress.trim()) && rawPrefix !== undefined) prefix -= 96;
      if (address === null || rest.length > 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > max) {
        throw new Error(`"${entry}" is not an IPv4 or IPv6 CIDR range (e.g. 10.0.0.0/8, fd00::/8, 203.0.113.7)`);
      }
      address = address as string;
      list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
      ranges.push(`${address}/${prefix}`);
    }
    return new TrustedProxies(list, ranges);
  }

  /** Whether `address` (any form normalizeIp reads) lies in one of the ranges. */
  trusts(address: string): boolean {
    const ip = normalizeIp(address);
    if (ip === null || this.ranges.length === 0) return false;
    return this.list.check(ip, isIP(ip) === 4 ? 'ipv4' : 'ipv6');
  }
}

/**
 * The address a request came from. A peer outside TRUSTED_PROXIES is the client itself, whatever it sends. A trusted
 * peer's `X-Forwarded-For` is read from the right: each proxy appends the address it was reached from, so the
 * right-most entry that is not itself a trusted proxy is the client; entries left of it are whatever the client
 * chose to send. When every entry is trusted (or what follows is not an address) the left-most trusted one is.
 */
export function clientIp(socketIp: string, headers: IncomingHttpHeaders, proxies: TrustedProxies): string {
  const peer = normalizeIp(socketIp) ?? socketIp;
  if (!proxies.trusts(peer)) return peer;
  const header = headers['x-forwarded-for'];
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  let client = peer;
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const address = normalizeIp(entries[index] ?? '');
    if (address === null) break;
    client = address;
    if (!proxies.trusts(address)) break;
  }
  return client;
}

/** The headers by which a proxy says whom it forwards for, and which host, scheme and port the client asked for. */
export const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'] as const;

/**
 * Removes the forwarding headers of a request whose peer is not inside TRUSTED_PROXIES, so that code reading them
 * (Koa's proxy mode, which builds the OAuth server's URLs from X-Forwarded-Host and -Proto) sees only what a trusted
 * proxy said. A trusted peer's headers stay as they are. Answers whether any header was removed.
 */
export function dropUntrustedForwarding(socketIp: string, headers: IncomingHttpHeaders, proxies: TrustedProxies): boolean {
  if (proxies.trusts(socketIp)) return false;
  let dropped = false;
  for (const name of FORWARDING_HEADERS) {
    if (headers[name] !== undefined) {
      delete headers[name];
      dropped = true;
    }
  }
  return dropped;
}

/** The HMAC key of client IPs, derived from SECRETS_KEY (never the encryption key itself). */
export function clientIpHashKey(secretsKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'appgen gateway client ip', 32));
}

/**
 * What the gateway keeps of a client IP, in Redis keys and in what it sends other services: a keyed SHA-256 (HMAC),
 * which, unlike a plain digest, cannot be reversed by hashing all four billion IPv4 addresses.
 */
export function hashClientIp(ip: string, key: Buffer): string {
  return createHmac('sha256', key).update(ip).digest('hex');
}
