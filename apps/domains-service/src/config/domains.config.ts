import { isIP } from 'node:net';
import { appUrls, type AppPublicUrls } from '@appgen/contracts';
import { ConfigError, env, loadConfig, secretsKeyEnv, secretsKeyOf, serviceEnv, type ConfigOf, type EnvVar } from '@appgen/service-kit';
import { parseCheckSchedule } from '../verification/check-schedule';

/** The edge's own default port, which public addresses carry locally (as deployment-service spells them). */
const EDGE_DEFAULT_PORT = '8080';

/** Unset means the local edge's port; set empty means none (production behind https on 443). */
function publicPort(description: string): EnvVar<string> {
  const port = env.int(description, { min: 1, max: 65535 });
  return { description, parse: (raw) => (raw === undefined ? EDGE_DEFAULT_PORT : raw === '' ? '' : String(port.parse(raw))) };
}

export const domainsEnv = {
  ...serviceEnv,
  HEALTH_PORT: env.int('port of the health endpoint', { default: 3107, min: 1, max: 65535 }),
  SECRETS_KEY: secretsKeyEnv('encrypts certificate keys and the ACME account key at rest'),
  PREVIEW_HOST: env.string('previews are served at preview-<app_id>.<PREVIEW_HOST>; no custom domain may be under it', { default: 'preview.localhost' }),
  APPS_HOST: env.string('production apps are served at <app_id>.<APPS_HOST>; no custom domain may be under it', { default: 'apps.localhost' }),
  PUBLIC_URL_SCHEME: env.oneOf('scheme of the public app addresses', ['http', 'https'] as const, { default: 'http' }),
  PUBLIC_URL_PORT: publicPort('port in the public app addresses; empty for none'),
  CNAME_TARGET: env.optionalString('the value of a subdomain CNAME record; default cname.<APPS_HOST>'),
  EDGE_IPV4: env.string("the value of an apex domain's A record: the edge's public IPv4 address", { default: '127.0.0.1' }),
  DNS_RESOLVERS: env.optionalString('host:port list of DNS servers to verify domains with; default the system resolver'),
  DNS_CHECK_SCHEDULE: env.string('seconds between DNS checks of a pending domain, comma-separated; the last repeats', {
    default: '5,10,20,30,60,120,300,600,900',
  }),
  DNS_RECHECK_SECONDS: env.int("seconds between re-checks of a verified domain's DNS record (a domain pointed elsewhere becomes moved)", {
    default: 4 * 3600,
    min: 1,
  }),
  DNS_VERIFY_WINDOW_SECONDS: env.int('a domain whose DNS is still not right after this long is failed', { default: 48 * 3600, min: 1 }),
  TLS_ISSUER: env.oneOf('internal = a local CA in DATA_DIR signs at once; acme = ACME v2 at ACME_DIRECTORY_URL', ['internal', 'acme'] as const, {
    default: 'internal',
  }),
  DATA_DIR: env.string('folder of the internal certificate authority', { default: '.data' }),
  ACME_DIRECTORY_URL: env.url('ACME v2 directory', { default: 'https://acme-v02.api.letsencrypt.org/directory', protocols: ['https', 'http'] }),
  ACME_EMAIL: env.optionalString('contact e-mail of the ACME account'),
  CERT_RENEW_BEFORE_DAYS: env.int('a certificate is renewed this many days before it expires', { default: 30, min: 1, max: 60 }),
  CERT_RETRY_SECONDS: env.int('wait before trying a failed certificate order again', { default: 300, min: 1 }),
};

export interface DnsServer {
  host: string;
  port: number;
}

export type DomainsConfig = ConfigOf<typeof domainsEnv> & {
  readonly secretsKey: Buffer;
  readonly cnameTarget: string;
  readonly dnsServers: readonly DnsServer[];
  readonly checkSchedule: readonly number[];
};
export const DOMAINS_CONFIG = Symbol('DOMAINS_CONFIG');

/** `1.1.1.1:53,[::1]:5053,ns.example` → servers; null when an entry is not host[:port]. */
export function parseDnsServers(raw: string | undefined): DnsServer[] | null {
  if (raw === undefined || raw.trim() === '') return [];
  const servers: DnsServer[] = [];
  for (const entry of raw.split(',').map((e) => e.trim()).filter(Boolean)) {
    const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/.exec(entry);
    const host = match?.[1] ?? match?.[2];
    const port = match?.[3] === undefined ? 53 : Number(match[3]);
    if (!host || port < 1 || port > 65535) return null;
    servers.push({ host, port });
  }
  return servers;
}

export function loadDomainsConfig(source: NodeJS.ProcessEnv = process.env): DomainsConfig {
  const config = loadConfig(domainsEnv, source);
  const problems: string[] = [];
  const secretsKey = secretsKeyOf(config.SECRETS_KEY, problems);
  const dnsServers = parseDnsServers(config.DNS_RESOLVERS);
  if (!dnsServers) problems.push('DNS_RESOLVERS must be a comma-separated list of host:port (IPv6 as [addr]:port)');
  const checkSchedule = parseCheckSchedule(config.DNS_CHECK_SCHEDULE);
  if (!checkSchedule) problems.push('DNS_CHECK_SCHEDULE must be comma-separated whole seconds, each at least 1');
  if (isIP(config.EDGE_IPV4) !== 4) problems.push(`EDGE_IPV4 must be an IPv4 address, got "${config.EDGE_IPV4}"`);
  const cnameTarget = (config.CNAME_TARGET ?? `cname.${config.APPS_HOST}`).toLowerCase().replace(/\.$/, '');
  if (problems.length > 0 || !dnsServers || !checkSchedule) throw new ConfigError(problems);
  return { ...config, secretsKey, cnameTarget, dnsServers, checkSchedule };
}

/** The default addresses of an app, as deployment-service hands them out when it has no operational primary domain. */
export function defaultUrls(config: DomainsConfig, appId: string): AppPublicUrls {
  return appUrls(appId, { previewHost: config.PREVIEW_HOST, appsHost: config.APPS_HOST, scheme: config.PUBLIC_URL_SCHEME, port: config.PUBLIC_URL_PORT });
}
