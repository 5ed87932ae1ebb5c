import { Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AppsSubjects,
  DeleteEnvVarResponse,
  EnvVarList,
  PutEnvVarsBody,
  PutEnvVarsResponse,
  type Caller,
  type PreviewBuild,
  type PutEnvVarsResult,
} from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { RequirePermission } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { Operation, ValidBody } from '../common/contract-input';
import { buildPreview } from '../common/preview-build';
import { TakesNoBody } from '../common/refuse-body';

/**
 * An app's environment variables (decisions.md, "Environment variables"). apps-service keeps them sealed and
 * answers them masked; a change of a PUBLIC_ value (compiled into the browser bundle) rebuilds the preview from the
 * app's newest version before the answer, so the preview serves the new value once this returns.
 */
@ApiTags('Apps')
@Controller('managed_apps')
export class EnvVarsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get(':id/env_vars')
  @RequirePermission('apps:read')
  @Operation({
    id: 'listEnvVars',
    summary: "An app's environment variables",
    description: 'Sorted by key. Values are never answered: `masked_value` is `••••••••`, followed by the last 4 characters of a value of 16 or more.',
    returns: EnvVarList,
  })
  list(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<EnvVarList> {
    return this.rpc.request(AppsSubjects.listEnvVars, { caller, id });
  }

  @Put(':id/env_vars')
  @RequirePermission('apps:write')
  @Operation({
    id: 'putEnvVars',
    summary: 'Set environment variables',
    description:
      'Creates or replaces the variables named, all or none; the others keep their values. Keys starting with `PUBLIC_` are ' +
      'compiled into the browser bundle as `import.meta.env.<KEY>` (every visitor can read them): when one changes, the ' +
      'preview is rebuilt before this answers (`build`). Every other variable never reaches a browser. Production keeps the ' +
      'values it was built with until the next deploy. The app manifest (AGENTS.md) lists the names at once, never the values.',
    returns: PutEnvVarsResponse,
  })
  async put(@CurrentCaller() caller: Caller, @Param('id') id: string, @ValidBody(PutEnvVarsBody) body: PutEnvVarsBody): Promise<PutEnvVarsResponse> {
    const result = await this.rpc.request(AppsSubjects.putEnvVars, { caller, id, env_vars: body.env_vars });
    return { env_vars: result.env_vars, build: await this.rebuildIfPublicChanged(caller, id, result) };
  }

  @Delete(':id/env_vars/:key')
  @TakesNoBody()
  @RequirePermission('apps:write')
  @Operation({
    id: 'deleteEnvVar',
    summary: 'Delete an environment variable',
    description: 'Deleting a `PUBLIC_` variable rebuilds the preview without it before this answers. 404 when the app has no such variable.',
    returns: DeleteEnvVarResponse,
  })
  async delete(@CurrentCaller() caller: Caller, @Param('id') id: string, @Param('key') key: string): Promise<DeleteEnvVarResponse> {
    const result = await this.rpc.request(AppsSubjects.deleteEnvVar, { caller, id, key });
    return { success: true, message: result.message, build: await this.rebuildIfPublicChanged(caller, id, result) };
  }

  private async rebuildIfPublicChanged(caller: Caller, appId: string, change: Pick<PutEnvVarsResult, 'public_changed' | 'newest_version_id'>): Promise<PreviewBuild | null> {
    if (!change.public_changed || change.newest_version_id === null) return null;
    return buildPreview(this.rpc, caller, appId, change.newest_version_id);
  }
}
