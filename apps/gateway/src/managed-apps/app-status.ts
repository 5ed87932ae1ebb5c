import { AppsSubjects, DeploymentSubjects, GenerationSubjects, type AppStatusResponse, type Caller } from '@appgen/contracts';
import type { RpcClient } from '@appgen/service-kit';

/**
 * GET /managed_apps/:id/status: the app (apps-service), its newest deployment (deployment-service) and
 * generation (generation-service), asked in parallel. The app's own answer decides first, so an
 * unknown or foreign app is its 404 whichever reply arrives first.
 */
export async function readAppStatus(rpc: RpcClient, caller: Caller, id: string): Promise<AppStatusResponse> {
  const [app, deployment, generation] = await Promise.allSettled([
    rpc.request(AppsSubjects.get, { caller, id }),
    rpc.request(DeploymentSubjects.latest, { caller, app_id: id }),
    rpc.request(GenerationSubjects.latestForApp, { caller, app_id: id }),
  ]);
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
