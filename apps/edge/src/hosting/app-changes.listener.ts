import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { AppChangedMessage, DomainsEvents, EdgeEvents, HostChangedMessage, validate } from '@appgen/contracts';
import { NATS_CONNECTION } from '@appgen/service-kit';
import { AppLookupService } from './app-lookup.service';
import { CustomDomainLookup } from './custom-domain-lookup.service';

const codec = JSONCodec<unknown>();

/** The data of a broadcast in Nest's wire format `{pattern, data}`, or undefined when it is not JSON. */
function dataOf(raw: Uint8Array): unknown {
  let decoded: unknown;
  try {
    decoded = codec.decode(raw);
  } catch {
    return undefined;
  }
  return typeof decoded === 'object' && decoded !== null && 'data' in decoded ? decoded.data : decoded;
}

/** The app id of an `edge.apps.changed` message, or null when it breaks its contract. */
function changedAppId(raw: Uint8Array): string | null {
  const checked = validate(AppChangedMessage, dataOf(raw));
  return checked.ok ? checked.value.app_id : null;
}

/** The domain of an `edge.domains.changed` message, or null when it breaks its contract. */
function changedDomain(raw: Uint8Array): string | null {
  const checked = validate(HostChangedMessage, dataOf(raw));
  return checked.ok ? checked.value.domain : null;
}

/**
 * Hears every `edge.apps.changed` broadcast (a plain subscription, so every edge replica hears it) and forgets
 * what the edge remembers of that app. A callback subscription runs as the message is read off the connection,
 * before a later PONG resolves, which is what ServerBarrier relies on. Subscribed before the hosted server opens.
 */
@Injectable()
export class AppChangesListener implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('AppChanges');
  private subscription?: Subscription;
  private domainSubscription?: Subscription;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    private readonly lookup: AppLookupService,
    private readonly domains: CustomDomainLookup,
  ) {}

  onModuleInit(): void {
    this.subscription = this.nats.subscribe(EdgeEvents.appChanged, {
      callback: (error, message) => {
        if (error) {
          this.log.warn(`app change subscription failed: ${error.message}`);
          return;
        }
        const appId = changedAppId(message.data);
        if (appId === null) this.log.warn('ignored an app change message that breaks its contract');
        else this.lookup.forgetApp(appId);
      },
    });
    // A custom domain verified, removed, or with a new certificate (same ordering argument as above).
    this.domainSubscription = this.nats.subscribe(DomainsEvents.hostChanged, {
      callback: (error, message) => {
        if (error) {
          this.log.warn(`domain change subscription failed: ${error.message}`);
          return;
        }
        const domain = changedDomain(message.data);
        if (domain === null) this.log.warn('ignored a domain change message that breaks its contract');
        else this.domains.forget(domain);
      },
    });
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
    this.domainSubscription?.unsubscribe();
  }
}
