import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceName } from '@appgen/contracts';
import { DrainingNatsServer } from '@appgen/service-kit';

/**
 * Boots a service's module as it runs in production (its message handlers in the queue group named
 * after it), without the HTTP listener, so a test can drive it over NATS with an RpcClient.
 */
export async function startServiceApp(name: ServiceName, module: DynamicModule, natsUrl: string): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(module, {
    strategy: new DrainingNatsServer({ servers: natsUrl, queue: name, name }, 2000),
    logger: ['error', 'warn'],
  });
  await app.listen();
  return app;
}
