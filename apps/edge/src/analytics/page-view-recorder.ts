import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AppsEvents, type PageView } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { EDGE_CONFIG, type EdgeConfig } from '../config/edge.config';

export const VISITOR_COOKIE = 'appgen_vid';
export const SESSION_COOKIE = 'appgen_sid';
export const VISITOR_MAX_AGE_SECONDS = 365 * 24 * 3600;
/** A visit ends after 30 minutes without a page view: the cookie's life restarts on each one. */
export const SESSION_IDLE_SECONDS = 30 * 60;

/** One message stays far below NATS's 1 MB limit (a view is a few hundred bytes). */
const MAX_BATCH = 1000;
/** While apps-service cannot be reached, views beyond this are dropped (oldest first) instead of growing memory. */
const MAX_BUFFERED = 50_000;

const IDENTIFIER = /^[A-Za-z0-9_-]{16,64}$/;

export function newIdentifier(): string {
  return randomBytes(18).toString('base64url');
}

/** A cookie value the edge issued, or null for a missing or tampered one (which gets a fresh identifier). */
export function validIdentifier(value: string | undefined): string | null {
  return value !== undefined && IDENTIFIER.test(value) ? value : null;
}

export function hashIdentifier(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/**
 * Page views are counted per HTML page served and sent to apps-service in batches (every
 * PAGE_VIEW_FLUSH_MS and on shutdown) as fire-and-forget messages: analytics must never slow a page.
 */
@Injectable()
export class PageViewRecorder implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('PageViewRecorder');
  private buffer: PageView[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(EDGE_CONFIG) private readonly config: EdgeConfig,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => this.flush(), this.config.PAGE_VIEW_FLUSH_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.flush();
  }

  record(view: PageView): void {
    this.buffer.push(view);
    if (this.buffer.length > MAX_BUFFERED) this.buffer.splice(0, this.buffer.length - MAX_BUFFERED);
  }

  get pending(): number {
    return this.buffer.length;
  }

  flush(): void {
    while (this.buffer.length > 0) {
      const views = this.buffer.slice(0, MAX_BATCH);
      try {
        this.rpc.emit(AppsEvents.recordPageViews, { views });
      } catch (error) {
        // The connection is closed or reconnecting: keep the views for the next tick.
        this.log.warn(`page views kept for later: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      this.buffer.splice(0, views.length);
    }
  }
}
