import { Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  AppDetailResponse,
  AppsSubjects,
  CreateAppBody,
  CreateAppResponse,
  DeleteAppResponse,
  GenerationSubjects,
  ListAppsQuery,
  ListAppsResponse,
  UpdateAppBody,
  UpdateAppResponse,
  type Caller,
} from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { RequirePermission } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { requireGrant } from '../access/require-grant';
import { Operation, ValidBody, ValidQuery } from '../common/contract-input';
import { paginated } from '../common/pagination';
import { TakesNoBody } from '../common/refuse-body';
import { OfferedModels } from '../generation/offered-models';
import { IdempotencyKey, keyed } from '../idempotency/idempotency-key';
import { AppDetailReader } from './app-detail';

@ApiTags('Apps')
@Controller('managed_apps')
export class ManagedAppsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly appDetail: AppDetailReader,
    private readonly models: OfferedModels,
  ) {}

  @Get()
  @RequirePermission('apps:read')
  @Operation({ id: 'listManagedApps', summary: 'List apps', description: 'Newest first; filter by status and by part of the name.', returns: ListAppsResponse })
  list(@CurrentCaller() caller: Caller, @ValidQuery(ListAppsQuery) { status, name, ...page }: ListAppsQuery): Promise<ListAppsResponse> {
    return this.rpc.request(AppsSubjects.list, { caller, status, name, ...paginated(page) });
  }

  // Served without Nest's router (http/direct-routes.ts), which refuses to start should a decorator it cannot apply be added.
  @Get(':id')
  @RequirePermission('apps:read')
  @Operation({ id: 'getManagedApp', summary: 'Read an app', description: 'Always the detail view; `detailed=true` is accepted for compatibility.', returns: AppDetailResponse })
  @ApiQuery({ name: 'detailed', required: false, schema: { type: 'boolean' } })
  get(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<AppDetailResponse> {
    return this.appDetail.read(caller, id);
  }

  @Post()
  @RequirePermission('apps:write')
  @Operation({
    id: 'createManagedApp',
    summary: 'Create an app',
    description:
      'With a `prompt` (and `auto_generate` not false) the app is generated at once: it is created with status `generating` ' +
      'and a generation job is queued, which also needs the generation:queue permission (403 otherwise). Otherwise it is ' +
      'created as a draft and the prompt, if any, is stored with it.',
    status: 201,
    returns: CreateAppResponse,
  })
  async create(
    @CurrentCaller() caller: Caller,
    @ValidBody(CreateAppBody) body: CreateAppBody,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<CreateAppResponse> {
    const { prompt, auto_generate, ...fields } = body;
    await this.models.require(body.ai_model);
    if (prompt === undefined || auto_generate === false) return this.rpc.request(AppsSubjects.create, { caller, ...body, ...keyed(idempotencyKey) });
    requireGrant(caller, 'generation:queue');
    const { app, job_id, status_url } = await this.rpc.request(GenerationSubjects.queue, { caller, prompt, ...fields, ...keyed(idempotencyKey) });
    return { app, message: `App created; generation job ${job_id} is queued. Poll ${status_url} for its progress.` };
  }

  @Patch(':id')
  @RequirePermission('apps:write')
  @Operation({ id: 'updateManagedApp', summary: 'Update an app', description: 'Only the fields sent change; visibility takes effect at once.', returns: UpdateAppResponse })
  async update(@CurrentCaller() caller: Caller, @Param('id') id: string, @ValidBody(UpdateAppBody) changes: UpdateAppBody): Promise<UpdateAppResponse> {
    await this.models.require(changes.ai_model);
    return this.rpc.request(AppsSubjects.update, { caller, id, changes });
  }

  @Delete(':id')
  @TakesNoBody()
  @RequirePermission('apps:delete')
  @Operation({ id: 'deleteManagedApp', summary: 'Delete an app', description: 'Deletes the app and all its resources.', returns: DeleteAppResponse })
  delete(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<DeleteAppResponse> {
    return this.rpc.request(AppsSubjects.delete, { caller, id });
  }
}
