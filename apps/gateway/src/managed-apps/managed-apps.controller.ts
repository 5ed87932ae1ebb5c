import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  AppsSubjects,
  GenerationSubjects,
  type AppDetailResponse,
  type Caller,
  type CreateAppResponse,
  type DeleteAppResponse,
  type ListAppsResponse,
  type UpdateAppResponse,
} from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { RequirePermission } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { requireGrant } from '../access/require-grant';
import { paginated } from '../common/pagination';
import { OfferedModels } from '../generation/offered-models';
import { ErrorBodyDto } from '../openapi/error-body.dto';
import { CreateAppDto, ListAppsQueryDto, UpdateAppDto } from './dto/app-requests.dto';
import { AppDetailResponseDto, AppListResponseDto, CreateAppResponseDto, DeleteAppResponseDto, UpdateAppResponseDto } from './dto/app-responses.dto';

const invalid = ApiResponse({ status: 422, description: 'Invalid input', type: ErrorBodyDto });
const notFound = ApiNotFoundResponse({ description: 'No such app in this account', type: ErrorBodyDto });

@ApiTags('Apps')
@Controller('managed_apps')
export class ManagedAppsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly models: OfferedModels,
  ) {}

  @Get()
  @RequirePermission('apps:read')
  @ApiOperation({ summary: 'List apps', description: 'Newest first; filter by status and by part of the name.' })
  @ApiOkResponse({ type: AppListResponseDto })
  @invalid
  list(@CurrentCaller() caller: Caller, @Query() { status, name, ...page }: ListAppsQueryDto): Promise<ListAppsResponse> {
    return this.rpc.request(AppsSubjects.list, { caller, status, name, ...paginated(page) });
  }

  @Get(':id')
  @RequirePermission('apps:read')
  @ApiOperation({ summary: 'Read an app', description: 'Always the detail view; `detailed=true` is accepted for compatibility.' })
  @ApiQuery({ name: 'detailed', required: false, type: Boolean })
  @ApiOkResponse({ type: AppDetailResponseDto })
  @notFound
  get(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<AppDetailResponse> {
    return this.rpc.request(AppsSubjects.get, { caller, id });
  }

  @Post()
  @RequirePermission('apps:write')
  @ApiOperation({
    summary: 'Create an app',
    description:
      'With a `prompt` (and `auto_generate` not false) the app is generated at once: it is created with status `generating` ' +
      'and a generation job is queued, which also needs the generation:queue permission. Otherwise it is created as a draft ' +
      'and the prompt, if any, is stored with it.',
  })
  @ApiCreatedResponse({ type: CreateAppResponseDto })
  @ApiResponse({ status: 403, description: 'A prompt to generate needs generation:queue as well as apps:write', type: ErrorBodyDto })
  @invalid
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateAppDto): Promise<CreateAppResponse> {
    const { prompt, auto_generate, ...fields } = body;
    await this.models.require(body.ai_model);
    if (prompt === undefined || auto_generate === false) return this.rpc.request(AppsSubjects.create, { caller, ...body });
    requireGrant(caller, 'generation:queue');
    const { app, job_id, status_url } = await this.rpc.request(GenerationSubjects.queue, { caller, prompt, ...fields });
    return { app, message: `App created; generation job ${job_id} is queued. Poll ${status_url} for its progress.` };
  }

  @Patch(':id')
  @RequirePermission('apps:write')
  @ApiOperation({ summary: 'Update an app', description: 'Only the fields sent change; visibility takes effect at once.' })
  @ApiOkResponse({ type: UpdateAppResponseDto })
  @notFound
  @invalid
  async update(@CurrentCaller() caller: Caller, @Param('id') id: string, @Body() changes: UpdateAppDto): Promise<UpdateAppResponse> {
    await this.models.require(changes.ai_model);
    return this.rpc.request(AppsSubjects.update, { caller, id, changes });
  }

  @Delete(':id')
  @RequirePermission('apps:delete')
  @ApiOperation({ summary: 'Delete an app', description: 'Deletes the app and all its resources.' })
  @ApiOkResponse({ type: DeleteAppResponseDto })
  @notFound
  delete(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<DeleteAppResponse> {
    return this.rpc.request(AppsSubjects.delete, { caller, id });
  }
}
