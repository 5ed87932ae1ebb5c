import { hkdfSync } from 'node:crypto';
import { ConfigError, env, loadConfig, secretsKeyOf, serviceEnv, type ConfigOf } from '@appgen/service-kit';

export const usersEnv = {
  ...serviceEnv,
  HEALTH_PORT: env.int('port of the health endpoint', { default: 3105, min: 1, max: 65535 }),
  SITE_URL: env.url('site root, named in sign-in mails', { default: 'http://localhost:3000', protocols: ['http', 'https'] }),
  MAIL_URL: env.optionalUrl('SMTP server for outgoing mail; unset writes each mail as an .eml file to MAIL_DIR', {
    protocols: ['smtp', 'smtps'],
  }),
  MAIL_DIR: env.string('directory receiving .eml files when MAIL_URL is unset (relative to the working directory)', {
    default: '.data/mail',
  }),
  MAIL_FROM: env.string('sender of outgoing mail', { default: 'appgen <no-reply@appgen.localhost>' }),
  MAIL_RETENTION_HOURS: env.int('hours a sent or failed mail stays on record (recipient and times only) before it is purged', {
    default: 24,
    min: 1,
    max: 24 * 366,
  }),
  SECRETS_KEY: env.optionalString(
    'base64 of 32 random bytes, shared by the platform; keys the hashes of sign-in codes so a database reader cannot reverse them, and seals the OAuth server keys',
  ),
  OUTBOX_RELAY_ENABLED: env.bool('publish outbox events from this process', { default: true }),
};
export type UsersConfig = ConfigOf<typeof usersEnv> & {
  /**
   * HMAC key of sign-in code hashes, derived from SECRETS_KEY (never the encryption key itself);
   * null when SECRETS_KEY is unset, and codes are then hashed without a key.
   */
  readonly codeHashKey: Buffer | null;
  /** SECRETS_KEY itself, sealing the OAuth server's keys; null when unset, and OAuth is then unavailable. */
  readonly secretsKey: Buffer | null;
};
export const USERS_CONFIG = Symbol('USERS_CONFIG');

export function loadUsersConfig(source: NodeJS.ProcessEnv = process.env): UsersConfig {
  const config = loadConfig(usersEnv, source);
  if (config.SECRETS_KEY === undefined) return { ...config, codeHashKey: null, secretsKey: null };
  const problems: string[] = [];
  const secretsKey = secretsKeyOf(config.SECRETS_KEY, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  const codeHashKey = Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'appgen users-service sign-in codes', 32));
  return { ...config, codeHashKey, secretsKey };
}
