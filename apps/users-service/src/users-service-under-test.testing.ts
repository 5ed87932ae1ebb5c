// Support for users-service's integration specs (a `.testing.ts` file: neither a spec jest runs nor part of the build).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServiceUnderTest, type ServiceUnderTest } from '@appgen/testing';
import { AppModule } from './app.module';
import { loadUsersConfig } from './config/users.config';

export interface UsersServiceUnderTest extends ServiceUnderTest {
  /** where the service writes its mail as .eml files */
  mailDir: string;
}

/** users-service on a private NATS and a scratch database named after `databasePrefix`; `env` adds variables. */
export async function startUsersServiceUnderTest(databasePrefix: string, env: NodeJS.ProcessEnv = {}): Promise<UsersServiceUnderTest> {
  const mailDir = await mkdtemp(join(tmpdir(), 'appgen-users-mail-'));
  const service = await startServiceUnderTest({
    name: 'users-service',
    schema: 'users',
    databasePrefix,
    env: {
      MAIL_DIR: mailDir,
      // as every deployment has one: sign-in code hashes are keyed with it
      SECRETS_KEY: randomBytes(32).toString('base64'),
      ...env,
    },
    module: (config) => AppModule.forConfig(loadUsersConfig(config)),
  });
  return {
    ...service,
    mailDir,
    close: async () => {
      await service.close();
      await rm(mailDir, { recursive: true, force: true });
    },
  };
}
