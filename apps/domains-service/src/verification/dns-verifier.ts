import { Resolver } from 'node:dns/promises';
import type { DnsServer } from '../config/domains.config';

/** The lookups verification needs, so specs can answer them without a DNS server. */
export interface DnsLookup {
  resolveCname(name: string): Promise<string[]>;
  resolve4(name: string): Promise<string[]>;
}

/** `transient`: the lookup itself failed (timeout, SERVFAIL…), which says nothing about the record. */
export type DnsVerdict = { ok: true } | { ok: false; reason: string; transient?: true };

/** A CNAME chain longer than this is a loop or a misconfiguration. */
const MAX_CNAME_HOPS = 8;
/** Answers that mean "no such record (yet)" rather than "the resolver failed". */
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

function bare(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : 'EUNKNOWN';
}

/** A resolver asking `servers` (host:port) or, with none, the system's resolvers. Each lookup gives up after a few seconds. */
export function dnsLookup(servers: readonly DnsServer[]): DnsLookup {
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  if (servers.length > 0) resolver.setServers(servers.map(({ host, port }) => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`)));
  return resolver;
}

/**
 * Whether `domain` points at the edge: a subdomain through a CNAME chain that ends at `cnameTarget` (a user's
 * CNAME to their own alias of appgen's target counts), an apex through an A record with the edge's address.
 * A "not yet" carries a reason written for the user, which becomes `verification_error` if it never resolves.
 */
export async function verifyDns(lookup: DnsLookup, domain: string, isApex: boolean, cnameTarget: string, edgeIpv4: string): Promise<DnsVerdict> {
  if (isApex) {
    let addresses: string[];
    try {
      addresses = await lookup.resolve4(domain);
    } catch (error) {
      const code = codeOf(error);
      if (NO_RECORD.has(code)) return { ok: false, reason: `${domain} has no A record yet; create an A record named @ with the value ${edgeIpv4}` };
      return { ok: false, reason: `the DNS lookup of ${domain} failed (${code}); it is tried again`, transient: true };
    }
    if (addresses.includes(edgeIpv4)) return { ok: true };
    return { ok: false, reason: `${domain} has an A record for ${addresses.join(', ')}, not ${edgeIpv4}; change it to ${edgeIpv4}` };
  }
  const target = bare(cnameTarget);
  let name = bare(domain);
  const seen = new Set([name]);
  for (let hop = 0; hop < MAX_CNAME_HOPS; hop += 1) {
    let answers: string[];
    try {
      answers = await lookup.resolveCname(name);
    } catch (error) {
      const code = codeOf(error);
      if (!NO_RECORD.has(code)) return { ok: false, reason: `the DNS lookup of ${name} failed (${code}); it is tried again`, transient: true };
      return hop === 0
        ? { ok: false, reason: `${domain} has no CNAME record yet; create a CNAME record pointing to ${target}` }
        : { ok: false, reason: `${domain} points through a CNAME chain to ${name}, not to ${target}` };
    }
    const next = answers[0] === undefined ? undefined : bare(answers[0]);
    if (next === undefined) return { ok: false, reason: `${domain} has no CNAME record yet; create a CNAME record pointing to ${target}` };
    if (next === target) return { ok: true };
    if (seen.has(next)) return { ok: false, reason: `the CNAME chain of ${domain} loops at ${next}` };
    seen.add(next);
    name = next;
  }
  return { ok: false, reason: `the CNAME chain of ${domain} is longer than ${MAX_CNAME_HOPS} records` };
}

/**
 * Whether a verified domain still points at the edge, for the re-check: as verifyDns, and a subdomain whose address
 * (as a resolver following its records sees it) is the edge's also still does, however the user wrote the record:
 * its visitors still reach appgen, so it has not moved. A failed A lookup changes nothing: the CNAME verdict stands.
 */
export async function stillPointsAtEdge(lookup: DnsLookup, domain: string, isApex: boolean, cnameTarget: string, edgeIpv4: string): Promise<DnsVerdict> {
  const verdict = await verifyDns(lookup, domain, isApex, cnameTarget, edgeIpv4);
  if (verdict.ok || verdict.transient || isApex) return verdict;
  const addresses = await lookup.resolve4(domain).catch(() => [] as string[]);
  return addresses.includes(edgeIpv4) ? { ok: true } : verdict;
}
