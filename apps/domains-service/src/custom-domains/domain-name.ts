import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { MAX_DOMAIN_LENGTH } from '@appgen/contracts';

export interface DomainNameRules {
  /** production apps live under it: no custom domain may be at or below it */
  appsHost: string;
  /** previews live under it: same */
  previewHost: string;
}

export type ParsedDomain = { ok: true; domain: string; isApex: boolean; recordName: string } | { ok: false; message: string };

/*
 * Public suffixes of more than one label that people commonly register under. Without them `example.co.uk` would
 * be taken for a subdomain of `co.uk`; a full Public Suffix List is not shipped, so a name under a suffix missing
 * here is treated as a subdomain and asked for a CNAME, which the user can still create at their DNS host.
 */
const MULTI_LABEL_SUFFIXES = new Set([
  'co.uk', 'org.uk', 'me.uk', 'ltd.uk', 'plc.uk', 'net.uk', 'ac.uk', 'gov.uk',
  'com.au', 'net.au', 'org.au', 'edu.au', 'gov.au', 'id.au',
  'co.nz', 'org.nz', 'net.nz', 'co.jp', 'ne.jp', 'or.jp', 'ac.jp', 'co.kr', 'or.kr',
  'com.br', 'net.br', 'org.br', 'com.cn', 'net.cn', 'org.cn', 'com.hk', 'com.sg', 'com.tw', 'com.mx', 'com.ar',
  'co.in', 'net.in', 'org.in', 'co.za', 'org.za', 'co.il', 'com.tr', 'com.pl', 'co.id', 'com.my', 'com.ph', 'com.vn',
]);

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

function under(host: string, suffix: string): boolean {
  const bare = suffix.toLowerCase().replace(/\.+$/, '');
  return host === bare || host.endsWith(`.${bare}`);
}

/**
 * A domain as the user typed it → the host name appgen stores (lowercase punycode, no trailing dot), whether it is an
 * apex (a registrable domain itself) and the name of the DNS record to create (`@` or the labels in front of the
 * registrable domain). Refuses what no one can point at the edge: IP addresses, `localhost`, single labels, names
 * under appgen's own app hosts, over-long or malformed names.
 */
export function parseDomainName(input: string, rules: DomainNameRules): ParsedDomain {
  const typed = input.trim().replace(/\.$/, '');
  if (typed === '') return { ok: false, message: 'must be a host name such as www.example.com' };
  if (isIP(typed.replace(/^\[(.*)\]$/, '$1')) !== 0) return { ok: false, message: 'must be a host name, not an IP address' };
  if (/[/:@?#\s[\]]/.test(typed)) return { ok: false, message: 'must be a bare host name, without scheme, port, path or spaces' };
  // domainToASCII lowercases, maps internationalised labels to punycode (UTS 46) and answers '' for an invalid name.
  const domain = domainToASCII(typed);
  if (domain === '') return { ok: false, message: 'must be a valid host name' };
  if (domain.length > MAX_DOMAIN_LENGTH) return { ok: false, message: `must be at most ${MAX_DOMAIN_LENGTH} characters (as punycode)` };
  const labels = domain.split('.');
  if (labels.length < 2) return { ok: false, message: 'must be a public host name with at least two labels, such as example.com' };
  if (!labels.every((label) => LABEL.test(label))) {
    return { ok: false, message: 'must consist of labels of letters, digits and hyphens, each 1 to 63 characters, not starting or ending with a hyphen' };
  }
  const tld = labels[labels.length - 1] ?? '';
  if (/^\d+$/.test(tld)) return { ok: false, message: 'must be a host name, not an IP address' };
  if (tld === 'localhost' || tld === 'local' || tld === 'internal' || tld === 'test' || tld === 'invalid' || tld === 'example') {
    return { ok: false, message: `must be a public host name; .${tld} names cannot be reached from the internet` };
  }
  if (under(domain, rules.appsHost) || under(domain, rules.previewHost)) {
    return { ok: false, message: "must be a domain you own, not an address under appgen's own app hosts" };
  }
  const suffixLabels = MULTI_LABEL_SUFFIXES.has(labels.slice(-2).join('.')) ? 2 : 1;
  if (labels.length <= suffixLabels) return { ok: false, message: 'must be a domain you can register, not a public suffix' };
  const registrableLength = suffixLabels + 1;
  const isApex = labels.length === registrableLength;
  return { ok: true, domain, isApex, recordName: isApex ? '@' : labels.slice(0, labels.length - registrableLength).join('.') };
}
