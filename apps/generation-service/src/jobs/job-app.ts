import { AppsSubjects, type AppStatus, type Caller, type GenerationJobView } from '@appgen/contracts';
import { isNotFound, type RpcClient } from '@appgen/service-kit';
import type { GenerationJobEntity } from './generation-job.entity';

export type JobApp = GenerationJobView['app'];

/** What an app looks like to a job whose app was deleted since. */
function statusAfter(job: GenerationJobEntity): AppStatus {
  if (job.status === 'completed') return 'generated';
  if (job.status === 'failed') return 'failed';
  if (job.status === 'cancelled') return 'draft';
  return 'generating';
}

/** The job's app as apps-service has it now, or as the job last knew it when the app was deleted since. */
export async function appOfJob(rpc: RpcClient, job: GenerationJobEntity, caller: Caller = job.caller): Promise<JobApp> {
  try {
    const { app } = await rpc.request(AppsSubjects.get, { caller, id: job.appId });
    return {
      id: app.id,
      name: app.name,
      status: app.status,
      preview_url: app.preview_url,
      production_url: app.production_url,
      created_at: app.created_at,
    };
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return {
      id: job.appId,
      name: job.name,
      status: statusAfter(job),
      preview_url: job.previewUrl,
      production_url: null,
      created_at: job.appCreatedAt.toISOString(),
    };
  }
}
