import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { UsersEvents } from '@appgen/contracts';
import { NATS_CONNECTION } from '@appgen/service-kit';
import { CredentialResolver } from './credential-resolver.service';

const codec = JSONCodec<unknown>();

/** Key ids of a `credentialsRevoked` message, in Nest's wire format `{pattern, data: {key_ids}}`. */
export function revokedKeyIds(message: unknown): number[] {
  if (typeof message !== 'object' || message === null) return [];
  const data = 'data' in message ? message.data : message;
  if (typeof data !== 'object' || data === null || !('key_ids' in data) || !Array.isArray(data.key_ids)) return [];
  return data.key_ids.filter((id): id is number => Number.isInteger(id));
}

/**
 * Hears every revocation broadcast. A plain subscription, not a queue group: each gateway replica
 * must evict the key from its own cache, or a revoked key would keep working for up to a cache TTL.
 */
@Injectable()
export class RevocationListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Revocations');
  private subscription?: Subscription;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    private readonly credentials: CredentialResolver,
  ) {}

  onApplicationBootstrap(): void {
    this.subscription = this.nats.subscribe(UsersEvents.credentialsRevoked, {
      callback: (error, message) => {
        if (error) {
          this.logger.warn(`revocation subscription failed: ${error.message}`);
          return;
        }
        let decoded: unknown;
        try {
          decoded = codec.decode(message.data);
        } catch {
          this.logger.warn('ignored a revocation message that is not JSON');
          return;
        }
        const keyIds = revokedKeyIds(decoded);
        if (keyIds.length > 0) this.credentials.evictKeys(keyIds);
      },
    });
  }

  onApplicationShutdown(): void {
    this.subscription?.unsubscribe();
  }
}
