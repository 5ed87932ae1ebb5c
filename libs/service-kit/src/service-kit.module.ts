import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import type { NatsConnection } from 'nats';
import type { ServiceName } from '@appgen/contracts';
import { HealthController, HealthService } from './health';
import { METRICS_PORT, MetricsController, MetricsServer } from './metrics';
import { NoNulPipe } from './no-nul.pipe';
import { connectNats, NATS_CONNECTION } from './nats-connection';
import { RpcClient } from './rpc-client';
import { SERVICE_CONFIG, SERVICE_NAME, type ServiceConfig } from './service-config';
import { stopTracing } from './tracing';

class NatsConnectionCloser implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly connection: NatsConnection) {}

  async onApplicationShutdown(): Promise<void> {
    if (!this.connection.isClosed()) await this.connection.drain();
  }
}

/** The spans of the last requests go out before the process exits. */
class TracingCloser implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    await stopTracing();
  }
}

export interface ServiceKitOptions {
  name: ServiceName;
  config: ServiceConfig;
  /**
   * Services with their own HTTP surface (gateway, edge) serve health themselves. Where the kit serves
   * `/health` it serves `/metrics` beside it (the internal port).
   */
  healthRoute?: boolean;
  /** A port of its own for `/metrics`, for a process whose HTTP port is public (the gateway's METRICS_PORT; 0: none). */
  metricsPort?: number;
  /**
   * false when the process refuses unstorable input (findUnstorable) in its own pipe before any other (the
   * gateway's ApiValidationPipe), so that bodies are not walked twice; otherwise NoNulPipe does it.
   */
  noNulPipe?: boolean;
}

/** What every appgen process gets: its config, a NATS connection, the RPC client and health. */
@Module({})
export class ServiceKitModule {
  static forRoot(options: ServiceKitOptions): DynamicModule {
    return {
      module: ServiceKitModule,
      global: true,
      controllers: options.healthRoute === false ? [] : [HealthController, MetricsController],
      providers: [
        { provide: SERVICE_CONFIG, useValue: options.config },
        { provide: SERVICE_NAME, useValue: options.name },
        { provide: NATS_CONNECTION, useFactory: () => connectNats(options.config.NATS_URL, options.name) },
        {
          provide: RpcClient,
          inject: [NATS_CONNECTION],
          useFactory: (connection: NatsConnection) => new RpcClient(connection, options.config.RPC_TIMEOUT_MS, options.config.RPC_MAX_REPLY_BYTES),
        },
        HealthService,
        NatsConnectionCloser,
        TracingCloser,
        ...(options.metricsPort === undefined ? [] : [{ provide: METRICS_PORT, useValue: options.metricsPort }, MetricsServer]),
        ...(options.noNulPipe === false ? [] : [{ provide: APP_PIPE, useClass: NoNulPipe }]),
      ],
      exports: [SERVICE_CONFIG, SERVICE_NAME, NATS_CONNECTION, RpcClient, HealthService],
    };
  }
}
