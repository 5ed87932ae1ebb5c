import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { GENERATION_CONFIG, type GenerationConfig } from '../config/generation.config';
import { JobsService } from './jobs.service';
import { QueueRequests } from './queue-requests';

/** How often the sweeper looks, at most: a tenth of the age at which a request counts as abandoned. */
const MAX_SWEEP_INTERVAL_MS = 60_000;

/**
 * Gives back what a queue request held when its job never came to exist: the process died between holding the
 * credits and queuing the job, and no retry with its Idempotency-Key resumed it within
 * GENERATION_ABANDONED_REQUEST_MS. Its credits are released and its app leaves `generating`.
 */
@Injectable()
export class QueueRequestSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('QueueRequestSweeper');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly requests: QueueRequests,
    private readonly jobs: JobsService,
    @Inject(GENERATION_CONFIG) private readonly config: GenerationConfig,
  ) {}

  onApplicationBootstrap(): void {
    const interval = Math.min(MAX_SWEEP_INTERVAL_MS, Math.ceil(this.config.GENERATION_ABANDONED_REQUEST_MS / 10));
    this.timer = setInterval(() => {
      this.running ??= this.sweep().finally(() => (this.running = undefined));
    }, interval);
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async sweep(): Promise<void> {
    try {
      const swept = await this.requests.sweep(this.config.GENERATION_ABANDONED_REQUEST_MS, (request) => this.jobs.abandon(request));
      if (swept > 0) this.log.warn(`gave back the credits of ${swept} queue request(s) whose job was never queued`);
    } catch (error) {
      this.log.warn(`queue requests not swept, will retry: ${String(error)}`);
    }
  }
}
