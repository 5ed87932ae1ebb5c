import { Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AppDetailResponse, AppsSubjects, DeleteAppResponse, DeployResponse, ListAppsQuery, ListAppsResponse, type Caller } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { RequirePermission } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { Operation, ValidQuery } from '../common/contract-input';
import { paginated } from '../common/pagination';
import { TakesNoBody } from '../common/refuse-body';
import { AppDetailReader } from './app-detail';
import { IdempotencyKey } from '../idempotency/idempotency-key';
import { DeployOperation, requestDeploy } from './managed-app-lifecycle.controller';

/** The short reference's aliases: the same operations as /managed_apps. */
@ApiTags('Apps')
@Controller('apps')
export class AppsAliasController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly appDetail: AppDetailReader,
  ) {}

  @Get()
  @RequirePermission('apps:read')
  @Operation({ id: 'listApps', summary: 'List apps (alias of GET /managed_apps)', returns: ListAppsResponse })
  list(@CurrentCaller() caller: Caller, @ValidQuery(ListAppsQuery) { status, name, ...page }: ListAppsQuery): Promise<ListAppsResponse> {
    return this.rpc.request(AppsSubjects.list, { caller, status, name, ...paginated(page) });
  }

  // Served without Nest's router (http/direct-routes.ts), which refuses to start should a decorator it cannot apply be added.
  @Get(':id')
  @RequirePermission('apps:read')
  @Operation({ id: 'getApp', summary: 'Read an app (alias of GET /managed_apps/{id})', returns: AppDetailResponse })
  get(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<AppDetailResponse> {
    return this.appDetail.read(caller, id);
  }

  @Delete(':id')
  @TakesNoBody()
  @RequirePermission('apps:delete')
  @Operation({ id: 'deleteApp', summary: 'Delete an app (alias of DELETE /managed_apps/{id})', returns: DeleteAppResponse })
  delete(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<DeleteAppResponse> {
    return this.rpc.request(AppsSubjects.delete, { caller, id });
  }

  @Post(':id/deploy')
  @TakesNoBody()
  @RequirePermission('apps:write')
  @DeployOperation('deployApp')
  deploy(@CurrentCaller() caller: Caller, @Param('id') id: string, @IdempotencyKey() idempotencyKey: string | undefined): Promise<DeployResponse> {
    return requestDeploy(this.rpc, caller, id, idempotencyKey);
  }
}
