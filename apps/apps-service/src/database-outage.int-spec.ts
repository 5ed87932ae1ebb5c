import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { AppsSubjects } from '@appgen/contracts';
import { connectNats, RpcClient } from '@appgen/service-kit';
import { createScratchDatabase, freePort, rpcFailure, startNatsServer, startServiceApp, testCaller, type NatsServerHandle, type ScratchDatabase } from '@appgen/testing';
import { AppModule } from './app.module';
import { loadAppsConfig } from './config/apps.config';

/**
 * The way to Postgres as a TCP relay the spec can cut and restore, as a database restart or a network partition
 * does: closing it refuses new connections and drops the open ones.
 */
class DatabaseLink {
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async open(): Promise<void> {
    if (this.server) return;
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    const server = this.server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => server?.close(resolve));
  }
}

describe('apps-service while its database is out of reach', () => {
  let nats: NatsServerHandle;
  let database: ScratchDatabase;
  let link: DatabaseLink;
  let service: INestMicroservice;
  let connection: NatsConnection;
  let rpc: RpcClient;
  const alice = testCaller(1);

  beforeAll(async () => {
    nats = await startNatsServer();
    database = await createScratchDatabase('appgen_apps_outage_it');
    const direct = new URL(database.serviceUrl('apps'));
    link = new DatabaseLink(await freePort(), { host: direct.hostname, port: Number(direct.port || 5432) });
    await link.open();
    const linked = new URL(direct);
    linked.hostname = '127.0.0.1';
    linked.port = String(link.port);
    const config = loadAppsConfig({ DATABASE_URL: linked.toString(), NATS_URL: nats.url, SITE_URL: 'https://appgen.test', SECRETS_KEY: randomBytes(32).toString('base64') });
    service = await startServiceApp('apps-service', AppModule.forConfig(config), nats.url);
    connection = await connectNats(nats.url, 'apps-service-outage-test');
    rpc = new RpcClient(connection, 10_000);
  });

  afterAll(async () => {
    await link?.open().catch(() => undefined);
    await service?.close();
    await connection?.drain();
    await link?.cut();
    await database?.drop();
    await nats?.stop();
  });

  it('answers 503 service_unavailable, not a 500, and serves again once the database is back', async () => {
    const { app } = await rpc.request(AppsSubjects.create, { caller: alice, name: 'Kept' });

    await link.cut();
    for (const attempt of [
      rpc.request(AppsSubjects.get, { caller: alice, id: app.id }),
      rpc.request(AppsSubjects.create, { caller: alice, name: 'Not now' }),
      rpc.request(AppsSubjects.list, { caller: alice, page: 1, per_page: 10 }),
    ]) {
      const refused = await rpcFailure(attempt);
      expect(refused).toMatchObject({ status: 503, body: { error: 'service_unavailable' } });
      expect(refused.body.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|terminated/);
    }

    await link.open();
    expect((await rpc.request(AppsSubjects.get, { caller: alice, id: app.id })).app.name).toBe('Kept');
    const { apps } = await rpc.request(AppsSubjects.list, { caller: alice, page: 1, per_page: 10 });
    expect(apps.map((each) => each.name)).toEqual(['Kept']);
  });
});
