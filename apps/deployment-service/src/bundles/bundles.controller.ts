import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DeploymentSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { BundlesService } from './bundles.service';
import { VersionBuildsService } from './version-builds.service';

type Handler<S extends (typeof DeploymentSubjects)[keyof typeof DeploymentSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class BundlesController {
  constructor(
    private readonly bundles: BundlesService,
    private readonly versionBuilds: VersionBuildsService,
  ) {}

  @MessagePattern(DeploymentSubjects.resolveBundle)
  onResolve(@Payload() request: RpcRequest<typeof DeploymentSubjects.resolveBundle>): Handler<typeof DeploymentSubjects.resolveBundle> {
    return this.bundles.resolve(request.app_id, request.environment);
  }

  @MessagePattern(DeploymentSubjects.bundleFile)
  onFile(@Payload() request: RpcRequest<typeof DeploymentSubjects.bundleFile>): Handler<typeof DeploymentSubjects.bundleFile> {
    return this.bundles.file(request.build_id, request.path);
  }

  @MessagePattern(DeploymentSubjects.ofVersions)
  onOfVersions(@Payload() request: RpcRequest<typeof DeploymentSubjects.ofVersions>): Handler<typeof DeploymentSubjects.ofVersions> {
    return this.versionBuilds.ofVersions(request);
  }
}
