import { applyDecorators, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AnalyticsQuery,
  AnalyticsResponse,
  AppsSubjects,
  AppStatusResponse,
  BuildErrorsResponse,
  DeploymentSubjects,
  DeployResponse,
  ListFilesQuery,
  ListFilesResponse,
  ListVersionsQuery,
  ErrorBody,
  NotDeployableBody,
  ROLLBACK_REPLY_TIMEOUT_MS,
  RollbackBody,
  RollbackResponse,
  Type,
  VersionListResponse,
  type Caller,
  type Static,
} from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { RequirePermission } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { Fails, Operation, ValidBody, ValidQuery } from '../common/contract-input';
import { paginated } from '../common/pagination';
import { TakesNoBody } from '../common/refuse-body';
import { IdempotencyKey, keyed } from '../idempotency/idempotency-key';
import { readAppStatus } from './app-status';

/** Asks deployment-service to deploy, passing the client's Idempotency-Key on (see `keyed`). */
export function requestDeploy(rpc: RpcClient, caller: Caller, appId: string, idempotencyKey: string | undefined): Promise<DeployResponse> {
  return rpc.request(DeploymentSubjects.deploy, { caller, app_id: appId, ...keyed(idempotencyKey) });
}

/** What POST /managed_apps/:id/deploy and its alias /apps/:id/deploy document. */
export const DeployOperation = (id: string): MethodDecorator =>
  applyDecorators(
    Operation({
      id,
      summary: 'Deploy an app to production',
      description:
        'Queues a deployment of the newest successful build. A draft, or an app without a built bundle, is refused with ' +
        '422 `{error: "App is not deployable", reason, recoverable, suggested_action, fix_url}` and nothing is queued.',
      status: 202,
      returns: DeployResponse,
    }),
    Fails(422, 'The app is not deployable (nothing queued), or a body was sent to it', Type.Union([ErrorBody, NotDeployableBody])),
  );

@ApiTags('Apps')
@Controller('managed_apps')
export class ManagedAppLifecycleController {
  constructor(private readonly rpc: RpcClient) {}

  @Get(':id/status')
  @RequirePermission('apps:read')
  @Operation({
    id: 'getManagedAppStatus',
    summary: 'Status of an app',
    description: 'The app, its newest deployment and generation, and its addresses.',
    returns: AppStatusResponse,
  })
  status(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<AppStatusResponse> {
    return readAppStatus(this.rpc, caller, id);
  }

  @Get(':id/files')
  @RequirePermission('apps:read')
  @Operation({
    id: 'listManagedAppFiles',
    summary: "An app's source files",
    description: '`path` keeps the files whose path contains it (`path=AGENTS.md` reads the manifest).',
    returns: ListFilesResponse,
  })
  files(@CurrentCaller() caller: Caller, @Param('id') id: string, @ValidQuery(ListFilesQuery) { path }: Static<typeof ListFilesQuery>): Promise<ListFilesResponse> {
    return this.rpc.request(AppsSubjects.listFiles, { caller, id, path });
  }

  @Get(':id/errors')
  @RequirePermission('apps:read')
  @Operation({
    id: 'listBuildErrors',
    summary: "Build errors of an app's newest build",
    description: 'Repair loop: read the errors, fix each `file` as `suggested_action` says, then deploy again. Empty for a clean app.',
    returns: BuildErrorsResponse,
  })
  errors(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<BuildErrorsResponse> {
    return this.rpc.request(DeploymentSubjects.errors, { caller, app_id: id });
  }

  @Post(':id/deploy')
  @TakesNoBody()
  @RequirePermission('apps:write')
  @DeployOperation('deployManagedApp')
  deploy(@CurrentCaller() caller: Caller, @Param('id') id: string, @IdempotencyKey() idempotencyKey: string | undefined): Promise<DeployResponse> {
    return requestDeploy(this.rpc, caller, id, idempotencyKey);
  }

  @Get(':id/versions')
  @RequirePermission('apps:read')
  @Operation({
    id: 'listManagedAppVersions',
    summary: "An app's versions",
    description:
      'Newest first. Each generation, file edit and rollback makes a version; `build_status` says whether it built, ' +
      '`live` whether the preview (the newest successful build) or production serves it. A version `id` is what ' +
      '`POST /managed_apps/:id/rollback` takes as `version_id`.',
    returns: VersionListResponse,
  })
  async versions(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @ValidQuery(ListVersionsQuery) query: Static<typeof ListVersionsQuery>,
  ): Promise<VersionListResponse> {
    const { versions, meta } = await this.rpc.request(AppsSubjects.listVersions, { caller, id, ...paginated(query) });
    const { versions: builds } = await this.rpc.request(DeploymentSubjects.ofVersions, {
      caller,
      app_id: id,
      version_ids: versions.map((version) => version.id),
    });
    const buildOf = new Map(builds.map((build) => [build.version_id, build]));
    return {
      versions: versions.map(({ id: versionId, number, source, summary, created_at }) => {
        const build = buildOf.get(versionId);
        return {
          id: versionId,
          number,
          source,
          summary,
          created_at,
          build_status: build?.build_status ?? 'not_built',
          live: build?.live ?? { preview: false, production: false },
        };
      }),
      meta,
    };
  }

  @Post(':id/rollback')
  @RequirePermission('apps:write')
  @Operation({
    id: 'rollbackManagedApp',
    summary: 'Put an app back the way it was at an earlier version',
    description:
      'Restores the files (and plan) of `version_id`, by default the version before the newest, as a NEW version ' +
      '(source `rollback`), so later prompts and file edits start from them. The preview is rebuilt from it and, when ' +
      'the app is in production, it is deployed there too; the answer comes once they serve it. `version_id` in the ' +
      'answer is the id of the new version, not of the one restored. 404 for a version of another app; 422 when there ' +
      'is no earlier version, or the chosen one did not build (nothing changes then).',
    returns: RollbackResponse,
  })
  rollback(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @ValidBody(RollbackBody) { version_id }: Static<typeof RollbackBody>,
  ): Promise<RollbackResponse> {
    return this.rpc.request(DeploymentSubjects.rollback, { caller, app_id: id, version_id }, ROLLBACK_REPLY_TIMEOUT_MS);
  }

  @Get(':id/analytics')
  @RequirePermission('analytics:read')
  @Operation({
    id: 'getManagedAppAnalytics',
    summary: 'Traffic of an app',
    description: 'Page views, unique visitors and sessions of the last 7, 30 or 90 days.',
    returns: AnalyticsResponse,
  })
  analytics(@CurrentCaller() caller: Caller, @Param('id') id: string, @ValidQuery(AnalyticsQuery) { period }: Static<typeof AnalyticsQuery>): Promise<AnalyticsResponse> {
    return this.rpc.request(AppsSubjects.queryAnalytics, { caller, id, period: period ?? '7d' });
  }
}
