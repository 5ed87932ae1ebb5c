import { CHECKOUT_CURRENCY, CREDIT_PACK_CHECKOUT, CREDIT_PACKS } from '@appgen/contracts';
import { credits } from '../help/articles/reference';
import type { HelpCentre } from '../help/help-centre';
import { escapeHtml } from '../site/page-layout';
import type { SiteFacts } from '../site/site-facts';
import { articlePath, SITE_PATHS, type SiteUrls } from '../site/site-paths';

/** The packs' purchase as both commerce documents describe it: what is sold, and the request that buys it. */
function checkout(facts: SiteFacts): Record<string, unknown> {
  return {
    method: CREDIT_PACK_CHECKOUT.method,
    url: `${facts.urls.to(SITE_PATHS.api)}${CREDIT_PACK_CHECKOUT.path}`,
    authentication: { required: true, schemes: ['X-API-Key', 'Authorization: Bearer'], documentation: facts.urls.to(SITE_PATHS.auth) },
    content_type: 'application/json',
    body: { pack_name: { type: 'string', required: true, enum: CREDIT_PACKS.map((pack) => pack.name) } },
    response: 'a hosted checkout URL (checkout_url) where the payment is made; the credits are added once it is paid',
    payment: CREDIT_PACK_CHECKOUT.payment,
  };
}

/** The latest ACP version this document's shape follows (the discovery RFC's example). */
const ACP_VERSION = '2026-01-30';

/**
 * /.well-known/acp.json, in the shape of the Agentic Commerce Protocol's discovery RFC (rfcs/rfc.discovery.md:
 * `protocol`, `api_base_url`, `transports`, `capabilities`). appgen does not implement ACP's checkout sessions,
 * so `capabilities.services` is empty rather than claim them; what it sells (the credit packs) and how an agent
 * buys one (appgen's own hosted checkout) follow as `products` and `checkout`.
 */
export function acpDocument(facts: SiteFacts): Record<string, unknown> {
  return {
    protocol: {
      name: 'acp',
      version: ACP_VERSION,
      supported_versions: [ACP_VERSION],
      documentation_url: facts.urls.to(articlePath(credits.slug, 'html')),
    },
    api_base_url: facts.urls.to(SITE_PATHS.api),
    transports: ['rest'],
    capabilities: { services: [], supported_currencies: [CHECKOUT_CURRENCY.toLowerCase()], supported_locales: ['en-US'] },
    products: CREDIT_PACKS,
    checkout: checkout(facts),
  };
}

/** The UCP version whose profile shape this follows. */
const UCP_VERSION = '2026-01-23';

/**
 * /.well-known/ucp, a Universal Commerce Protocol business profile (`{ucp: {version, services, capabilities}}`,
 * entries keyed by reverse-DNS names). appgen offers none of UCP's shopping services; it declares its own REST
 * service and a `dev.appgen.credits.checkout` capability, whose `config` lists the packs and the purchase.
 */
export function ucpProfile(facts: SiteFacts): Record<string, unknown> {
  const help = facts.urls.to(articlePath(credits.slug, 'html'));
  return {
    ucp: {
      version: UCP_VERSION,
      services: {
        'dev.appgen.api': [
          {
            version: UCP_VERSION,
            spec: facts.urls.to(SITE_PATHS.llmsFull),
            transport: 'rest',
            endpoint: facts.urls.to(SITE_PATHS.api),
            schema: facts.urls.to(SITE_PATHS.openapi),
          },
        ],
      },
      capabilities: {
        'dev.appgen.credits.checkout': [
          { version: UCP_VERSION, spec: help, schema: facts.urls.to(SITE_PATHS.openapi), config: { packs: CREDIT_PACKS, checkout: checkout(facts) } },
        ],
      },
    },
  };
}

/**
 * How far ahead security.txt's Expires lies: RFC 9116 section 2.5.5 recommends less than a year, so that a stale
 * copy stops being trusted; the file is written afresh on every request, so it never lapses while the service runs.
 */
const SECURITY_TXT_VALIDITY_DAYS = 180;

/** /.well-known/security.txt (RFC 9116): Contact, Expires (required), Canonical and Preferred-Languages. */
export function securityTxt(urls: SiteUrls, contact: string, now: Date): string {
  const expires = new Date(now.getTime() + SECURITY_TXT_VALIDITY_DAYS * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return [
    `Contact: ${contact}`,
    `Expires: ${expires}`,
    `Canonical: ${urls.to(SITE_PATHS.securityTxt)}`,
    'Preferred-Languages: en',
    '',
  ].join('\n');
}

/** The contact security.txt names when SECURITY_CONTACT is not set: the security mailbox of the site's domain. */
export function defaultSecurityContact(urls: SiteUrls): string {
  return `mailto:security@${urls.host}`;
}

/** /sitemap.xml (sitemaps.org 0.9): every public page and help article, and the text files written for readers. */
export function sitemap(urls: SiteUrls, help: HelpCentre): string {
  const paths = [
    SITE_PATHS.landing,
    SITE_PATHS.help,
    ...help.articles.map((page) => page.path),
    SITE_PATHS.docs,
    SITE_PATHS.skill,
    SITE_PATHS.auth,
    SITE_PATHS.llms,
    SITE_PATHS.llmsFull,
  ];
  const entries = paths.map((path) => `  <url><loc>${escapeHtml(urls.to(path))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}
