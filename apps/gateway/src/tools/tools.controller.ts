import { Controller, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Caller } from '@appgen/contracts';
import { Authenticated } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { Operation, ValidBody } from '../common/contract-input';
import type { ToolResponse } from './tool';
import { describeTools, ToolExecutor, type ToolDescription } from './tool-executor';
import { ExecuteToolBody, ExecuteToolResponse, ToolList } from './tool-schemas';

@ApiTags('Tools')
@Controller('mcp')
export class ToolsController {
  constructor(private readonly executor: ToolExecutor) {}

  @Get('tools')
  @Authenticated()
  @Operation({
    id: 'listTools',
    summary: 'List the tools',
    description: 'Each tool with the JSON Schema of its `params` for POST /mcp/execute_tool.',
    returns: ToolList,
  })
  list(): { tools: ToolDescription[] } {
    return describeTools();
  }

  @Post('execute_tool')
  @Authenticated()
  @Operation({
    id: 'executeTool',
    summary: 'Run a tool',
    description:
      'Runs one tool on an app. Each tool needs its own permission (svc-generate-app generation:queue; view, list and query ' +
      'apps:read; every change apps:write), else 403. Writing or deleting a file rebuilds the preview; the data tools ' +
      'read and write the rows the app itself serves, as the owner or, with `params.user_email`, as that app user. ' +
      'An unknown tool, a missing app_id or params its schema refuses are 422; no such app, file or row is 404.',
    returns: ExecuteToolResponse,
  })
  execute(@CurrentCaller() caller: Caller, @ValidBody(ExecuteToolBody) body: ExecuteToolBody): Promise<ToolResponse> {
    return this.executor.execute(caller, body);
  }
}
