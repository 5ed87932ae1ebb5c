import { Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  AppsSubjects,
  DeploymentSubjects,
  type AppDetailResponse,
  type Caller,
  type DeleteAppResponse,
  type DeployResponse,
  type ListAppsResponse,
} from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { RequirePermission } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { TakesNoBody } from '../common/refuse-body';
import { paginated } from '../common/pagination';
import { ErrorBodyDto } from '../openapi/error-body.dto';
import { ListAppsQueryDto } from './dto/app-requests.dto';
import { AppDetailResponseDto, AppListResponseDto, DeleteAppResponseDto } from './dto/app-responses.dto';
import { DeployDocs } from './managed-app-lifecycle.controller';

/** The short reference's aliases: the same operations as /managed_apps. */
@ApiTags('Apps')
@Controller('apps')
export class AppsAliasController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @RequirePermission('apps:read')
  @ApiOperation({ summary: 'List apps (alias of GET /managed_apps)' })
  @ApiOkResponse({ type: AppListResponseDto })
  @ApiResponse({ status: 422, description: 'Invalid query', type: ErrorBodyDto })
  list(@CurrentCaller() caller: Caller, @Query() { status, name, ...page }: ListAppsQueryDto): Promise<ListAppsResponse> {
    return this.rpc.request(AppsSubjects.list, { caller, status, name, ...paginated(page) });
  }

  @Get(':id')
  @RequirePermission('apps:read')
  @ApiOperation({ summary: 'Read an app (alias of GET /managed_apps/{id})' })
  @ApiOkResponse({ type: AppDetailResponseDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  get(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<AppDetailResponse> {
    return this.rpc.request(AppsSubjects.get, { caller, id });
  }

  @Delete(':id')
  @RequirePermission('apps:delete')
  @ApiOperation({ summary: 'Delete an app (alias of DELETE /managed_apps/{id})' })
  @ApiOkResponse({ type: DeleteAppResponseDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  delete(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<DeleteAppResponse> {
    return this.rpc.request(AppsSubjects.delete, { caller, id });
  }

  @Post(':id/deploy')
  @HttpCode(202)
  @TakesNoBody()
  @RequirePermission('apps:write')
  @DeployDocs()
  deploy(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<DeployResponse> {
    return this.rpc.request(DeploymentSubjects.deploy, { caller, app_id: id });
  }
}
