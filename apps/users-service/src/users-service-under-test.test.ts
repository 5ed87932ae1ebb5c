// Support for users-service's integration specs (a `.test.ts` file: neither a spec jest runs nor part of the build).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  close(): Promise<void>;
}

/** users-service on a private NATS and a scratch database named after `databasePrefix`. */
export async function startUsersServiceUnderTest(databasePrefix: string): Promise<UsersServiceUnderTest> {
  const [nats, database, mailDir] = await Promise.all([
    startNatsServer(),
    createScratchDatabase(databasePrefix),
    mkdtemp(join(tmpdir(), 'appgen-users-mail-')),
  ]);
  const config = loadUsersConfig({ DATABASE_URL: database.url, NATS_URL: nats.url, MAIL_DIR: mailDir, LOG_LEVEL: 'warn' });
  const app = await startServiceApp('users-service', AppModule.forConfig(config), nats.url);
  const connection = await connect({ servers: nats.url });
  const sql = new Client({ connectionString: database.url, options: '-c search_path=users' });
  await sql.connect();
  return {
    rpc: new RpcClient(connection, 5000),
    connection,
    sql,
    mailDir,
    close: async () => {
      await sql.end();
      await connection.drain();
      await app.close();
      await Promise.all([nats.stop(), database.drop(), rm(mailDir, { recursive: true, force: true })]);
    },
  };
}
