import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Caller } from '@appgen/contracts';
import { Authenticated } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { ErrorBodyDto } from '../openapi/error-body.dto';
import { ExecuteToolDto } from './dto/tool-requests.dto';
import { ExecuteToolResponseDto, ToolListResponseDto } from './dto/tool-responses.dto';
import type { ToolResponse } from './tool';
import { describeTools, ToolExecutor, type ToolDescription } from './tool-executor';

@ApiTags('Tools')
@ApiExtraModels(ExecuteToolResponseDto)
@Controller('mcp')
export class ToolsController {
  constructor(private readonly executor: ToolExecutor) {}

  @Get('tools')
  @Authenticated()
  @ApiOperation({ summary: 'List the tools', description: 'Each tool with the JSON Schema of its `params` for POST /mcp/execute_tool.' })
  @ApiOkResponse({ type: ToolListResponseDto })
  list(): { tools: ToolDescription[] } {
    return describeTools();
  }

  @Post('execute_tool')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'Run a tool',
    description:
      'Runs one tool on an app. Each tool needs its own permission (svc-generate-app generation:queue; view, list and query ' +
      'apps:read; every change apps:write), else 403. Writing or deleting a file rebuilds the preview; the data tools ' +
      'read and write the rows the app itself serves, as the owner or, with `params.user_email`, as that app user.',
  })
  @ApiOkResponse({ type: ExecuteToolResponseDto })
  @ApiResponse({ status: 403, description: 'The credential lacks the permission this tool needs', type: ErrorBodyDto })
  @ApiResponse({ status: 404, description: 'No such app, file or row in this account', type: ErrorBodyDto })
  @ApiResponse({ status: 422, description: 'Unknown tool, missing app_id, or params its schema refuses', type: ErrorBodyDto })
  execute(@CurrentCaller() caller: Caller, @Body() body: ExecuteToolDto): Promise<ToolResponse> {
    return this.executor.execute(caller, body);
  }
}
