import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { UsersEvents, type ApiKeyUsage } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';

export const USAGE_FLUSH_INTERVAL_MS = 1_000;

/**
 * Counts requests per API key in memory and reports them to users-service once a second (and at
 * shutdown), so `request_count` and `last_used_at` stay current without a write per request.
 */
@Injectable()
export class KeyUsageRecorder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private pending = new Map<number, { count: number; lastUsedAt: number }>();
  private timer?: NodeJS.Timeout;
  private readonly logger = new Logger('KeyUsage');

  constructor(private readonly rpc: RpcClient) {}

  record(keyId: number, at = Date.now()): void {
    const usage = this.pending.get(keyId);
    if (usage) {
      usage.count += 1;
      usage.lastUsedAt = at;
    } else {
      this.pending.set(keyId, { count: 1, lastUsedAt: at });
    }
  }

  flush(): void {
    if (this.pending.size === 0) return;
    const usages: ApiKeyUsage[] = [];
    for (const [keyId, usage] of this.pending) {
      usages.push({ key_id: keyId, count: usage.count, last_used_at: new Date(usage.lastUsedAt).toISOString() });
    }
    this.pending = new Map();
    try {
      this.rpc.emit(UsersEvents.recordApiKeyUsage, { usages });
    } catch (error) {
      // Only a closed connection refuses a publish; usage counters are not worth failing for.
      this.logger.warn(`dropped usage of ${usages.length} key(s): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.flush(), USAGE_FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Before the NATS connection drains, so the last second of usage is not lost. */
  beforeApplicationShutdown(): void {
    clearInterval(this.timer);
    this.flush();
  }
}
