import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppsSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { VersionsService } from './versions.service';

type Handler<S extends (typeof AppsSubjects)[keyof typeof AppsSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class VersionsController {
  constructor(private readonly versions: VersionsService) {}

  @MessagePattern(AppsSubjects.saveVersion)
  async onSave(@Payload() request: RpcRequest<typeof AppsSubjects.saveVersion>): Handler<typeof AppsSubjects.saveVersion> {
    return { version: await this.versions.save(request) };
  }

  @MessagePattern(AppsSubjects.listVersions)
  onList(@Payload() request: RpcRequest<typeof AppsSubjects.listVersions>): Handler<typeof AppsSubjects.listVersions> {
    return this.versions.list(request);
  }

  @MessagePattern(AppsSubjects.versionFiles)
  onFiles(@Payload() request: RpcRequest<typeof AppsSubjects.versionFiles>): Handler<typeof AppsSubjects.versionFiles> {
    return this.versions.files(request);
  }

  @MessagePattern(AppsSubjects.latestPlan)
  async onLatestPlan(@Payload() request: RpcRequest<typeof AppsSubjects.latestPlan>): Handler<typeof AppsSubjects.latestPlan> {
    return { plan: await this.versions.latestPlan(request) };
  }

  @MessagePattern(AppsSubjects.restoreVersion)
  onRestore(@Payload() request: RpcRequest<typeof AppsSubjects.restoreVersion>): Handler<typeof AppsSubjects.restoreVersion> {
    return this.versions.restore(request);
  }
}
