import { Injectable } from '@nestjs/common';
import { JSON_SCHEMA_DIALECT, plainJsonSchema, validate, type Caller } from '@appgen/contracts';
import { RpcClient, AppgenError } from '@appgen/service-kit';
import { requireGrant } from '../access/require-grant';
import { OfferedModels } from '../generation/offered-models';
import type { ExecuteToolBody } from './tool-schemas';
import type { CatalogueTool, ToolResponse } from './tool';
import { findTool, TOOL_CATALOGUE } from './tool-catalogue';

export interface ToolDescription {
  name: string;
  description: string;
  input_schema: Record<string, unknown> & { $schema: string };
}

/** GET /mcp/tools: every tool with the JSON Schema of its params (made once: the catalogue does not change). */
const TOOL_DESCRIPTIONS: { tools: ToolDescription[] } = {
  tools: TOOL_CATALOGUE.map(({ name, description, input_schema }) => ({
    name,
    description,
    input_schema: { $schema: JSON_SCHEMA_DIALECT, ...plainJsonSchema(input_schema) },
  })),
};

export function describeTools(): { tools: ToolDescription[] } {
  return TOOL_DESCRIPTIONS;
}

export interface AdmittedToolCall {
  tool: CatalogueTool;
  appId: string | null;
  params: Record<string, unknown>;
}

/**
 * Decides whether a tool call may run, in the order a route would: the tool's own permission (403, as
 * the route guard words it), then its app (422 without app_id), then its params against its schema (422).
 */
export function admitToolCall(caller: Caller, { tool: name, app_id, params }: ExecuteToolBody): AdmittedToolCall {
  const tool = findTool(name);
  // The body's validation admits only catalogue names; this keeps a gap between the two from running nothing.
  if (!tool) throw AppgenError.validation([{ field: 'tool', message: 'must be one of the tools GET /mcp/tools lists' }]);
  requireGrant(caller, tool.permission);
  if (tool.needs_app && app_id === undefined) throw AppgenError.validation([{ field: 'app_id', message: `is required by ${tool.name}` }]);
  const given = params ?? {};
  const checked = validate(tool.input_schema, given, { root: 'params' });
  if (!checked.ok) throw AppgenError.validation(checked.errors);
  return { tool, appId: app_id ?? null, params: checked.value };
}

/** POST /mcp/execute_tool and the MCP server's tools/call: the route admits any valid credential; each tool's own rules are applied here. */
@Injectable()
export class ToolExecutor {
  constructor(
    private readonly rpc: RpcClient,
    private readonly models: OfferedModels,
  ) {}

  execute(caller: Caller, body: ExecuteToolBody): Promise<ToolResponse> {
    return this.runNaming(caller, admitToolCall(caller, body), 'params.');
  }

  /** Runs a call already admitted by the MCP server from its own arguments, which name fields without a root. */
  run(caller: Caller, call: AdmittedToolCall): Promise<ToolResponse> {
    return this.runNaming(caller, call, '');
  }

  private async runNaming(caller: Caller, { tool, appId, params }: AdmittedToolCall, root: 'params.' | ''): Promise<ToolResponse> {
    try {
      return await tool.run({ rpc: this.rpc, models: this.models, caller, appId }, params);
    } catch (error) {
      throw namedAsSent(error, tool, root);
    }
  }
}

/**
 * A validation failure of the service a tool called, each field named as the caller sent it (`params.data.title`,
 * not the service's `title`): the 422 `errors` name request fields. Fields the tool itself already named under
 * `params.` are left as they are; any other failure passes unchanged.
 */
export function namedAsSent(error: unknown, tool: CatalogueTool, root: 'params.' | ''): unknown {
  if (!(error instanceof AppgenError) || error.body.error !== 'validation_failed' || !error.body.errors) return error;
  if (root === '' && !tool.param_of) return error;
  const paramOf = tool.param_of ?? ((field: string) => field);
  const rooted = (field: string) => (field.startsWith('params.') || field === 'app_id' ? field : `${root}${paramOf(field)}`);
  return AppgenError.validation(error.body.errors.map(({ field, message }) => ({ field: rooted(field), message })));
}
