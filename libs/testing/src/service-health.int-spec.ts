import 'reflect-metadata';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NatsConnection } from 'nats';
import { Subject } from 'rxjs';
import { DataSource } from 'typeorm';
import { HealthService, loadConfig, NATS_CONNECTION, serviceEnv, ServiceKitModule } from '@appgen/service-kit';
import { DatabaseModule } from '@appgen/service-kit/database';
import { startNatsServer, type NatsServerHandle } from './nats-server';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';

// service-kit's health report as probes read it; here because service-kit may not depend on its test helpers.
describe('a service health report', () => {
  let nats: NatsServerHandle;
  let app: INestApplicationContext;

  beforeAll(async () => {
    nats = await startNatsServer();
    const config = loadConfig(serviceEnv, { NATS_URL: nats.url });
    @Module({ imports: [ServiceKitModule.forRoot({ name: 'claim-service', config, healthRoute: false })] })
    class ProbedModule {}
    app = await NestFactory.createApplicationContext(ProbedModule, { logger: false });
    await app.init();
  });

  afterAll(async () => {
    // The server is gone: close rather than drain, or the client would wait to reconnect.
    await app.get<NatsConnection>(NATS_CONNECTION).close();
    await app.close();
  });

  it("says NATS is failing until the process's NATS server has reconnected too, whose subscriptions answer requests", async () => {
    const health = app.get(HealthService);
    // What Nest's NATS server reports as `status` (DrainingNatsServer's, followed by runService).
    const serving = new Subject<string>();
    health.watchServingConnection(serving);
    expect((await health.report()).checks).toEqual({ nats: 'ok' });
    serving.next('disconnected');
    expect(await health.report()).toMatchObject({ status: 'degraded', checks: { nats: 'failing' } });
    serving.next('reconnecting');
    expect((await health.report()).checks).toEqual({ nats: 'failing' });
    serving.next('connected');
    expect(await health.report()).toMatchObject({ status: 'ok', checks: { nats: 'ok' } });
  });

  it('has no database check in a process without a database', async () => {
    expect(Object.keys((await app.get(HealthService).report()).checks)).toEqual(['nats']);
  });

  it('says NATS is failing while the server is away, though the client keeps trying to reconnect', async () => {
    const health = app.get(HealthService);
    expect(await health.report()).toMatchObject({ status: 'ok', checks: { nats: 'ok' } });
    await nats.stop();
    const deadline = Date.now() + 10_000;
    let report = await health.report();
    while (report.checks['nats'] === 'ok' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      report = await health.report();
    }
    expect(report).toMatchObject({ status: 'degraded', checks: { nats: 'failing' } });
  });
});

describe('a service health report with a database', () => {
  let nats: NatsServerHandle;
  let database: ScratchDatabase;
  let app: INestApplicationContext;

  beforeAll(async () => {
    [nats, database] = await Promise.all([startNatsServer(), createScratchDatabase('health')]);
    const config = loadConfig(serviceEnv, { NATS_URL: nats.url, DATABASE_URL: database.serviceUrl('claim') });
    @Module({
      imports: [
        ServiceKitModule.forRoot({ name: 'claim-service', config, healthRoute: false }),
        DatabaseModule.forService({ schema: 'claim', entities: [], migrations: [] }),
      ],
    })
    class ProbedModule {}
    app = await NestFactory.createApplicationContext(ProbedModule, { logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    await nats.stop();
    await database.drop();
  });

  it('says the database is ok while it answers and failing once it cannot be reached', async () => {
    const health = app.get(HealthService);
    expect(await health.report()).toMatchObject({ status: 'ok', checks: { nats: 'ok', database: 'ok' } });
    await app.get(DataSource).destroy();
    expect(await health.report()).toMatchObject({ status: 'degraded', checks: { nats: 'ok', database: 'failing' } });
  });
});
