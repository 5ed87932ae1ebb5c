// Support for billing-service's integration specs (a `.testing.ts` file: neither a spec jest runs nor part of the build).
import type { INestMicroservice } from '@nestjs/common';
import { connect, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { RpcClient } from '@appgen/service-kit';
import { createScratchDatabase, startNatsServer, startServiceApp } from '@appgen/testing';
import { AppModule } from './app.module';
import { loadBillingConfig } from './config/billing.config';

export interface BillingServiceUnderTest {
  /** asks the service over the bus, as the gateway and generation-service do */
  rpc: RpcClient;
  connection: NatsConnection;
  /** the service's schema, to read the ledger as it is stored */
  sql: Client;
  /** another process of the service on the same database and bus */
  startReplica(env?: NodeJS.ProcessEnv): Promise<INestMicroservice>;
  close(): Promise<void>;
}

/** billing-service on a private NATS and a scratch database named after `databasePrefix`; `env` adds variables. */
export async function startBillingServiceUnderTest(databasePrefix: string, env: NodeJS.ProcessEnv = {}): Promise<BillingServiceUnderTest> {
  const [nats, database] = await Promise.all([startNatsServer(), createScratchDatabase(databasePrefix)]);
  const baseEnv: NodeJS.ProcessEnv = { DATABASE_URL: database.url, NATS_URL: nats.url, LOG_LEVEL: 'warn', ...env };
  const boot = (extra: NodeJS.ProcessEnv = {}): Promise<INestMicroservice> =>
    startServiceApp('billing-service', AppModule.forConfig(loadBillingConfig({ ...baseEnv, ...extra })), nats.url);
  const app = await boot();
  const replicas: INestMicroservice[] = [];
  const connection = await connect({ servers: nats.url });
  const sql = new Client({ connectionString: database.url, options: '-c search_path=billing' });
  await sql.connect();
  return {
    rpc: new RpcClient(connection, 10_000),
    connection,
    sql,
    startReplica: async (extra) => {
      const replica = await boot(extra);
      replicas.push(replica);
      return replica;
    },
    close: async () => {
      await sql.end();
      await connection.drain();
      await Promise.all([app, ...replicas].map((each) => each.close()));
      await Promise.all([nats.stop(), database.drop()]);
    },
  };
}
