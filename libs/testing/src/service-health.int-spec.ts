import 'reflect-metadata';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NatsConnection } from 'nats';
import { Subject } from 'rxjs';
import { HealthService, loadConfig, NATS_CONNECTION, serviceEnv, ServiceKitModule } from '@appgen/service-kit';
import { startNatsServer, type NatsServerHandle } from './nats-server';

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
