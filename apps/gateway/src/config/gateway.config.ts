import { env, loadConfig, serviceEnv, type ConfigOf } from '@appgen/service-kit';

export const gatewayEnv = {
  // DATABASE_URL comes with the kit's variables; the gateway holds no state and never connects to it.
  ...serviceEnv,
  PORT: env.int('port of the public HTTP API', { default: 3000, min: 1, max: 65535 }),
  SITE_URL: env.url('site root: claim page, discovery files, editor', {
    default: 'http://localhost:3000',
    protocols: ['http', 'https'],
  }),
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
  TRUST_PROXY: env.bool('take the client IP from X-Forwarded-For (only behind a proxy that sets it)', { default: false }),
};
export type GatewayConfig = ConfigOf<typeof gatewayEnv>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export function loadGatewayConfig(source: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(gatewayEnv, source);
}
