import { DeploymentSubjects, type Caller, type PreviewBuild } from '@appgen/contracts';
import type { RpcClient } from '@appgen/service-kit';

/**
 * Builds an app's version for its preview and answers with the outcome once it is built: what a file change (the
 * file tools) and a change of PUBLIC_ environment variables promise. Its errors are what the caller fixes next
 * (also at GET /managed_apps/:id/errors); a successful build is what the preview serves from then on.
 */
export async function buildPreview(rpc: RpcClient, caller: Caller, appId: string, versionId: number): Promise<PreviewBuild> {
  const { build } = await rpc.request(DeploymentSubjects.build, { caller, app_id: appId, version_id: versionId });
  return { status: build.status, errors: build.errors };
}
