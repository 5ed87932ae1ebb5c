import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { AppChangedMessage, EdgeEvents, validate } from '@appgen/contracts';
import { NATS_CONNECTION } from '@appgen/service-kit';
import { AppLookupService } from './app-lookup.service';

const codec = JSONCodec<unknown>();

/** The app id of an `edge.apps.changed` message in Nest's wire format `{pattern, data}`, or null when it breaks its contract. */
function changedAppId(raw: Uint8Array): string | null {
  let decoded: unknown;
  try {
    decoded = codec.decode(raw);
  } catch {
    return null;
  }
  const data = typeof decoded === 'object' && decoded !== null && 'data' in decoded ? decoded.data : decoded;
  const checked = validate(AppChangedMessage, data);
  return checked.ok ? checked.value.app_id : null;
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

  constructor(
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    private readonly lookup: AppLookupService,
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
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }
}
