import { env, loadConfig, serviceEnv, type ConfigOf } from '@appgen/service-kit';

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
  OUTBOX_RELAY_ENABLED: env.bool('publish outbox events from this process', { default: true }),
};
export type UsersConfig = ConfigOf<typeof usersEnv>;
export const USERS_CONFIG = Symbol('USERS_CONFIG');

export function loadUsersConfig(source: NodeJS.ProcessEnv = process.env): UsersConfig {
  return loadConfig(usersEnv, source);
}
