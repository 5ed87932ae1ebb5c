import { AppsSubjects, DeploymentSubjects, GenerationSubjects, type AppStatusResponse, type Caller } from '@appgen/contracts';
import type { RpcClient } from '@appgen/service-kit';

/**
 * GET /managed_apps/:id/status: the app's newest deployment (deployment-service) and generation
 * (generation-service), asked in parallel, then the app (apps-service). The app is read last because the
 * services write it before they mark a step done: a deployment shown `deployed` has already set the app's
 * production address, so the answer never shows a finished step with the address it made missing. The app's
 * own answer decides first, so an unknown or foreign app is its 404 whatever the others answered.
 */
export async function readAppStatus(rpc: RpcClient, caller: Caller, id: string): Promise<AppStatusResponse> {
  const [deployment, generation] = await Promise.allSettled([
    rpc.request(DeploymentSubjects.latest, { caller, app_id: id }),
    rpc.request(GenerationSubjects.latestForApp, { caller, app_id: id }),
  ]);
  const [app] = await Promise.allSettled([rpc.request(AppsSubjects.get, { caller, id })]);
  if (app.status === 'rejected') throw app.reason;
  if (deployment.status === 'rejected') throw deployment.reason;
  if (generation.status === 'rejected') throw generation.reason;
  const { id: appId, name, status, urls } = app.value.app;
  const latest = deployment.value.deployment;
  return {
    app_id: appId,
    name,
    status,
    deployment: latest && { id: latest.id, environment: latest.environment, status: latest.status, deployed_at: latest.deployed_at },
    generation: generation.value.generation,
    urls,
  };
}
