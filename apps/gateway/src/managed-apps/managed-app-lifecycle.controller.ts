import { applyDecorators, Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  AppsSubjects,
  DeploymentSubjects,
  type AnalyticsResponse,
  type BuildErrorsResponse,
  type Caller,
  type DeployResponse,
  type ListFilesResponse,
} from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { RequirePermission } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { TakesNoBody } from '../common/refuse-body';
import { ErrorBodyDto } from '../openapi/error-body.dto';
import { readAppStatus } from './app-status';
import { AnalyticsQueryDto, ListFilesQueryDto, RollbackDto } from './dto/app-lifecycle-requests.dto';
import {
  AnalyticsResponseDto,
  AppStatusResponseDto,
  BuildErrorsResponseDto,
  DeployResponseDto,
  ListFilesResponseDto,
  NotDeployableBodyDto,
  RollbackResponseDto,
  type AppStatusResponse,
} from './dto/app-lifecycle-responses.dto';

const notFound = ApiNotFoundResponse({ description: 'No such app in this account', type: ErrorBodyDto });
const invalid = ApiResponse({ status: 422, description: 'Invalid input', type: ErrorBodyDto });

/** What POST /managed_apps/:id/deploy and its alias /apps/:id/deploy document. */
export const DeployDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: 'Deploy an app to production',
      description:
        'Queues a deployment of the newest successful build. A draft, or an app without a built bundle, is refused with ' +
        '422 `{error: "App is not deployable", reason, recoverable, suggested_action, fix_url}` and nothing is queued.',
    }),
    ApiAcceptedResponse({ type: DeployResponseDto }),
    ApiResponse({ status: 422, description: 'The app is not deployable (nothing queued)', type: NotDeployableBodyDto }),
    notFound,
  );

@ApiTags('Apps')
@Controller('managed_apps')
export class ManagedAppLifecycleController {
  constructor(private readonly rpc: RpcClient) {}

  @Get(':id/status')
  @RequirePermission('apps:read')
  @ApiOperation({ summary: 'Status of an app', description: 'The app, its newest deployment and generation, and its addresses.' })
  @ApiOkResponse({ type: AppStatusResponseDto })
  @notFound
  status(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<AppStatusResponse> {
    return readAppStatus(this.rpc, caller, id);
  }

  @Get(':id/files')
  @RequirePermission('apps:read')
  @ApiOperation({ summary: "An app's source files", description: '`path` keeps the files whose path contains it (`path=AGENTS.md` reads the manifest).' })
  @ApiOkResponse({ type: ListFilesResponseDto })
  @notFound
  @invalid
  files(@CurrentCaller() caller: Caller, @Param('id') id: string, @Query() { path }: ListFilesQueryDto): Promise<ListFilesResponse> {
    return this.rpc.request(AppsSubjects.listFiles, { caller, id, path });
  }

  @Get(':id/errors')
  @RequirePermission('apps:read')
  @ApiOperation({
    summary: "Build errors of an app's newest build",
    description: 'Repair loop: read the errors, fix each `file` as `suggested_action` says, then deploy again. Empty for a clean app.',
  })
  @ApiOkResponse({ type: BuildErrorsResponseDto })
  @notFound
  errors(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<BuildErrorsResponse> {
    return this.rpc.request(DeploymentSubjects.errors, { caller, app_id: id });
  }

  @Post(':id/deploy')
  @HttpCode(202)
  @TakesNoBody()
  @RequirePermission('apps:write')
  @DeployDocs()
  deploy(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<DeployResponse> {
    return this.rpc.request(DeploymentSubjects.deploy, { caller, app_id: id });
  }

  @Post(':id/rollback')
  @HttpCode(200)
  @RequirePermission('apps:write')
  @ApiOperation({ summary: 'Roll production back', description: 'Restores the given version, or the one deployed before the current one.' })
  @ApiOkResponse({ type: RollbackResponseDto })
  @notFound
  @invalid
  rollback(@CurrentCaller() caller: Caller, @Param('id') id: string, @Body() { version_id }: RollbackDto): Promise<{ message: string; version_id: number }> {
    return this.rpc.request(DeploymentSubjects.rollback, { caller, app_id: id, version_id });
  }

  @Get(':id/analytics')
  @RequirePermission('analytics:read')
  @ApiOperation({ summary: 'Traffic of an app', description: 'Page views, unique visitors and sessions of the last 7, 30 or 90 days.' })
  @ApiOkResponse({ type: AnalyticsResponseDto })
  @notFound
  @invalid
  analytics(@CurrentCaller() caller: Caller, @Param('id') id: string, @Query() { period }: AnalyticsQueryDto): Promise<AnalyticsResponse> {
    return this.rpc.request(AppsSubjects.queryAnalytics, { caller, id, period: period ?? '7d' });
  }
}
