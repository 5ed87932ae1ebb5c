import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceName } from '@appgen/contracts';
import { DEFAULT_MAX_REPLY_BYTES, DrainingNatsServer } from '@appgen/service-kit';

/**
 * Boots a service's module as it runs in production (its message handlers in the queue group named
 * after it), without the HTTP listener, so a test can drive it over NATS with an RpcClient.
 */
export async function startServiceApp(name: ServiceName, module: DynamicModule, natsUrl: string): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(module, {
    strategy: new DrainingNatsServer({ servers: natsUrl, queue: name, name }, { drainTimeoutMs: 2000, maxReplyBytes: DEFAULT_MAX_REPLY_BYTES }),
    logger: ['error', 'warn'],
  });
  await app.listen();
  return app;
}
