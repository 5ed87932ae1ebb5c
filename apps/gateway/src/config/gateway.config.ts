import { ConfigError, env, loadConfig, secretsKeyEnv, secretsKeyOf, serviceEnv, type ConfigOf, type EnvVar } from '@appgen/service-kit';
import { clientIpHashKey, TrustedProxies } from '../rate-limit/client-ip';

/** `TRUSTED_PROXIES`: a malformed list stops the gateway at boot, naming the variable and the entry. */
function trustedProxies(description: string): EnvVar<TrustedProxies> {
  return {
    description,
    parse(raw) {
      try {
        return TrustedProxies.parse(raw ?? '');
      } catch (error) {
        throw new ConfigError([`TRUSTED_PROXIES: ${error instanceof Error ? error.message : String(error)}`]);
      }
    },
  };
}

export const gatewayEnv = {
  // DATABASE_URL comes with the kit's variables; the gateway holds no state and never connects to it.
  ...serviceEnv,
  PORT: env.int('port of the public HTTP API', { default: 3000, min: 1, max: 65535 }),
  METRICS_PORT: env.int('internal port serving GET /metrics (Prometheus), never exposed publicly; 0: none', { default: 3100, min: 0, max: 65535 }),
  SITE_URL: env.url('site root: claim page, discovery files, editor', {
    default: 'http://localhost:3000',
    protocols: ['http', 'https'],
  }),
  // Where previews live, as the services that hand out their addresses spell them: the console may frame those alone.
  PREVIEW_HOST: env.string('previews are served at preview-<app_id>.<PREVIEW_HOST> (the console frames them)', { default: 'preview.localhost' }),
  PUBLIC_URL_SCHEME: env.oneOf('scheme of the public app addresses', ['http', 'https'] as const, { default: 'http' }),
  PUBLIC_URL_PORT: env.publicPort('port in the public app addresses; empty for none', '8080'),
  SECURITY_CONTACT: env.optionalUrl('Contact of /.well-known/security.txt (mailto: or https:); unset: mailto:security@<SITE_URL host>', {
    protocols: ['mailto', 'https'],
  }),
  REDIS_URL: env.optionalUrl('Redis shared by every gateway replica for rate-limit counters and Idempotency-Key records; unset: in-process', {
    protocols: ['redis', 'rediss'],
  }),
  REDIS_KEY_PREFIX: env.string('prefix of every Redis key the gateway writes', { default: 'appgen' }),
  AUTH_CACHE_TTL_MS: env.int('how long a resolved API key or token is trusted without asking users-service again', {
    default: 30_000,
    min: 0,
  }),
  ANONYMOUS_RATE_LIMIT: env.int('requests per minute per client IP without a valid credential (public routes, discovery files, refused credentials)', {
    default: 60,
    min: 1,
  }),
  OAUTH_REGISTRATION_RATE_LIMIT: env.int('OAuth client registrations (POST /oauth/register) per hour per client IP, on top of the per-minute limit', {
    default: 20,
    min: 1,
  }),
  TRUSTED_PROXIES: trustedProxies(
    'CIDR ranges (IPv4, IPv6) of the proxies in front of the gateway; only a peer inside one may name the client in X-Forwarded-For. Empty: none',
  ),
  SECRETS_KEY: secretsKeyEnv('keys the hashes of client IPs (HMAC) in rate-limit counters and anonymous builds'),
};
export type GatewayConfig = ConfigOf<typeof gatewayEnv> & {
  /** HMAC key of client IPs, derived from SECRETS_KEY, the same on every replica so they share counters */
  readonly ipHashKey: Buffer;
};
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export function loadGatewayConfig(source: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const config = loadConfig(gatewayEnv, source);
  const problems: string[] = [];
  const secretsKey = secretsKeyOf(config.SECRETS_KEY, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...config, ipHashKey: clientIpHashKey(secretsKey) };
}
