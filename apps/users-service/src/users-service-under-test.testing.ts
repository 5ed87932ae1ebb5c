// Support for users-service's integration specs (a `.testing.ts` file: neither a spec jest runs nor part of the build).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestMicroservice } from '@nestjs/common';
import { connect, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { RpcClient } from '@appgen/service-kit';
import { createScratchDatabase, startNatsServer, startServiceApp } from '@appgen/testing';
import { AppModule } from './app.module';
import { loadUsersConfig } from './config/users.config';

export interface UsersServiceUnderTest {
  /** asks the service over the bus, as the gateway and the edge do */
  rpc: RpcClient;
  /** the bus itself, to hear broadcasts and read events */
  connection: NatsConnection;
  /** the service's schema, for states no request can produce (expired codes and keys) */
  sql: Client;
  /** where the service writes its mail as .eml files */
  mailDir: string;
  /** another process of the service on the same database and bus, as a second replica or a restart is */
  startReplica(env?: NodeJS.ProcessEnv): Promise<INestMicroservice>;
  close(): Promise<void>;
}

/** users-service on a private NATS and a scratch database named after `databasePrefix`; `env` adds variables. */
export async function startUsersServiceUnderTest(databasePrefix: string, env: NodeJS.ProcessEnv = {}): Promise<UsersServiceUnderTest> {
  const [nats, database, mailDir] = await Promise.all([
    startNatsServer(),
    createScratchDatabase(databasePrefix),
    mkdtemp(join(tmpdir(), 'appgen-users-mail-')),
  ]);
  const baseEnv: NodeJS.ProcessEnv = {
    DATABASE_URL: database.url,
    NATS_URL: nats.url,
    MAIL_DIR: mailDir,
    LOG_LEVEL: 'warn',
    // as every deployment has one: sign-in code hashes are keyed with it
    SECRETS_KEY: randomBytes(32).toString('base64'),
    ...env,
  };
  const boot = (extra: NodeJS.ProcessEnv = {}): Promise<INestMicroservice> => {
    const config = loadUsersConfig({ ...baseEnv, ...extra });
    return startServiceApp('users-service', AppModule.forConfig(config), nats.url);
  };
  const app = await boot();
  const replicas: INestMicroservice[] = [];
  const connection = await connect({ servers: nats.url });
  const sql = new Client({ connectionString: database.url, options: '-c search_path=users' });
  await sql.connect();
  return {
    rpc: new RpcClient(connection, 5000),
    connection,
    sql,
    mailDir,
    startReplica: async (extra) => {
      const replica = await boot(extra);
      replicas.push(replica);
      return replica;
    },
    close: async () => {
      await sql.end();
      await connection.drain();
      await Promise.all([app, ...replicas].map((each) => each.close()));
      await Promise.all([nats.stop(), database.drop(), rm(mailDir, { recursive: true, force: true })]);
    },
  };
}
