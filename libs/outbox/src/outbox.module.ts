import { Module, type DynamicModule } from '@nestjs/common';
import { OUTBOX_RELAY_OPTIONS, OutboxRelay, type OutboxRelayOptions } from './outbox-relay';
import { OutboxService } from './outbox.service';

@Module({})
export class OutboxModule {
  static forService(options: Partial<OutboxRelayOptions> = {}): DynamicModule {
    const relayOptions: OutboxRelayOptions = { enabled: true, pollIntervalMs: 1000, batchSize: 200, ...options };
    return {
      module: OutboxModule,
      providers: [{ provide: OUTBOX_RELAY_OPTIONS, useValue: relayOptions }, OutboxService, OutboxRelay],
      exports: [OutboxService],
    };
  }
}
