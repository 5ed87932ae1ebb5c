import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { GenerationJobEntity } from '../jobs/generation-job.entity';
import { JobStore } from '../jobs/job-store';

/** What a job cancelled because its app was deleted says, from then on, at its status_url. */
export const APP_DELETED_MESSAGE = 'Cancelled: the app was deleted';

/**
 * A deleted app's open job is cancelled the way DELETE /generation_queue/:id cancels it (its worker stops at
 * its next step and writes nothing more; subscribers get app.generation.failed with status cancelled; its
 * callback is sent). Job records stay: they are the account's history of what it asked for and used, and a
 * client still polling a status_url gets a final answer instead of a 404.
 */
@Injectable()
export class AppDeletionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: JobStore,
  ) {}

  /** Cancels the app's queued or processing jobs; answers how many. Repeating it cancels nothing more. */
  async cancelOpenJobs(appId: string): Promise<number> {
    const open = await this.dataSource.getRepository(GenerationJobEntity).findBy({ appId, status: In(['queued', 'processing']) });
    let cancelled = 0;
    for (const job of open) if (await this.store.cancel(job, APP_DELETED_MESSAGE)) cancelled += 1;
    return cancelled;
  }
}
