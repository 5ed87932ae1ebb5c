import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { CredentialsRevokedMessage, UsersEvents, validate } from '@appgen/contracts';
import { NATS_CONNECTION } from '@appgen/service-kit';
import { CredentialResolver } from './credential-resolver.service';

const codec = JSONCodec<unknown>();

/**
 * A `credentialsRevoked` message, in Nest's wire format `{pattern, data: {key_ids, token_hashes?}}`, checked
 * against its contract (CredentialsRevokedMessage); a message that breaks it revokes nothing.
 */
function revoked(message: unknown): CredentialsRevokedMessage | null {
  const data = typeof message === 'object' && message !== null && 'data' in message ? message.data : message;
  const checked = validate(CredentialsRevokedMessage, data);
  return checked.ok ? checked.value : null;
}

/**
 * Hears every revocation broadcast (API keys by id, OAuth access tokens by hash). A plain subscription, not a
 * queue group: each gateway replica must evict them from its own cache, or a revoked credential would keep
 * working for up to a cache TTL.
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
        const revocation = revoked(decoded);
        if (revocation === null) {
          this.logger.warn('ignored a revocation message that breaks its contract');
          return;
        }
        if (revocation.key_ids.length > 0) this.credentials.evictKeys(revocation.key_ids);
        if (revocation.token_hashes?.length) this.credentials.evictTokens(revocation.token_hashes);
      },
    });
  }

  onApplicationShutdown(): void {
    this.subscription?.unsubscribe();
  }
}
