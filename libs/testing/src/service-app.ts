import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceName } from '@appgen/contracts';
import { DEFAULT_MAX_REPLY_BYTES, DrainingNatsServer, RpcClient, ServiceExceptionFilter } from '@appgen/service-kit';
import { connect, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { startNatsServer } from './nats-server';
import { createScratchDatabase } from './scratch-database';

/**
 * Boots a service's module as it runs in production (its message handlers in the queue group named
 * after it), without the HTTP listener, so a test can drive it over NATS with an RpcClient.
 */
export async function startServiceApp(name: ServiceName, module: DynamicModule, natsUrl: string): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(module, {
    strategy: new DrainingNatsServer({ servers: natsUrl, queue: name, name }, { drainTimeoutMs: 2000, maxReplyBytes: DEFAULT_MAX_REPLY_BYTES }),
    logger: ['error', 'warn'],
    // A module that fails to start throws here, failing its spec, instead of Nest ending the test runner's process.
    abortOnError: false,
  });
  app.useGlobalFilters(new ServiceExceptionFilter());
  await app.listen();
  return app;
}

/** A service booted for integration specs on a private NATS and a scratch database. */
export interface ServiceUnderTest {
  /** asks the service over the bus, as its callers do */
  rpc: RpcClient;
  /** the bus itself, to hear broadcasts and read events */
  connection: NatsConnection;
  /** the service's schema as the administrator, for reading what it stored and for states no request can produce */
  sql: Client;
  /** another process of the service on the same database and bus, as a second replica or a restart is */
  startReplica(env?: NodeJS.ProcessEnv): Promise<INestMicroservice>;
  close(): Promise<void>;
}

export interface ServiceUnderTestOptions {
  name: ServiceName;
  /** the Postgres schema the service owns (the `sql` client's search path) */
  schema: string;
  databasePrefix: string;
  /**
   * the service's module for its validated environment (`NATS_URL`, `LOG_LEVEL`, and `DATABASE_URL` as the
   * service's own role, as it runs in production, are given)
   */
  module(env: NodeJS.ProcessEnv): DynamicModule;
  env?: NodeJS.ProcessEnv;
  rpcTimeoutMs?: number;
}

/** Boots `name` with its own NATS server and scratch database, and the clients a spec drives it with. */
export async function startServiceUnderTest(options: ServiceUnderTestOptions): Promise<ServiceUnderTest> {
  const [nats, database] = await Promise.all([startNatsServer(), createScratchDatabase(options.databasePrefix)]);
  const baseEnv: NodeJS.ProcessEnv = { DATABASE_URL: database.serviceUrl(options.schema), NATS_URL: nats.url, LOG_LEVEL: 'warn', ...options.env };
  const boot = (extra: NodeJS.ProcessEnv = {}): Promise<INestMicroservice> =>
    startServiceApp(options.name, options.module({ ...baseEnv, ...extra }), nats.url);
  const app = await boot();
  const replicas: INestMicroservice[] = [];
  const connection = await connect({ servers: nats.url });
  const sql = new Client({ connectionString: database.url, options: `-c search_path=${options.schema}` });
  await sql.connect();
  return {
    rpc: new RpcClient(connection, options.rpcTimeoutMs ?? 5000),
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
