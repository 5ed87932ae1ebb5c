import { AppIdField, Closed, plainJsonSchema, Type, validate, type Caller, type TObject } from '@appgen/contracts';
import { AppgenError, findUnstorable } from '@appgen/service-kit';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { requireGrant } from '../access/require-grant';
import { toErrorResponse } from '../errors/error-response';
import type { CatalogueTool, ToolResponse } from '../tools/tool';
import { TOOL_CATALOGUE } from '../tools/tool-catalogue';
import type { AdmittedToolCall } from '../tools/tool-executor';
import { mcpSdk } from './mcp-sdk';

/** The argument that names the app an MCP tool call acts on; POST /mcp/execute_tool takes it as `app_id` beside `params`. */
export const APP_ID_ARGUMENT = 'app_id';

const AppIdArgument = { ...AppIdField, description: 'the app to act on: its id, as svc-generate-app answers it' };

/**
 * An MCP client calls a tool with one flat `arguments` object, which models fill in from the tool's input schema,
 * where POST /mcp/execute_tool takes `{tool, app_id, params}`. So an MCP tool's input schema is the catalogue's
 * params schema with `app_id` added beside the params (required where the tool needs an app), derived here rather
 * than written out again, and the derived schema is the one calls are checked against: published and enforced
 * cannot drift. No tool may have a param called `app_id` (refused when this module loads).
 */
export function mcpArgumentsSchema(tool: CatalogueTool): TObject {
  if (APP_ID_ARGUMENT in tool.input_schema.properties) throw new Error(`${tool.name} has a param named ${APP_ID_ARGUMENT}, which MCP calls use for the app`);
  return Closed({ [APP_ID_ARGUMENT]: tool.needs_app ? AppIdArgument : Type.Optional(AppIdArgument), ...tool.input_schema.properties });
}

interface McpTool {
  tool: CatalogueTool;
  arguments: TObject;
  /** what tools/list publishes (made once: the catalogue does not change) */
  listing: Tool;
}

const MCP_TOOLS = new Map<string, McpTool>(
  TOOL_CATALOGUE.map((tool) => {
    const argumentsSchema = mcpArgumentsSchema(tool);
    // No `$schema`: MCP reads a schema as JSON Schema 2020-12 unless it says otherwise (and clients compile output
    // schemas with a validator that may not know that dialect's URI).
    const listing: Tool = {
      name: tool.name,
      description: tool.description,
      inputSchema: plainJsonSchema(argumentsSchema) as Tool['inputSchema'],
      ...(tool.result_schema ? { outputSchema: plainJsonSchema(tool.result_schema) as Tool['outputSchema'] } : {}),
    };
    return [tool.name, { tool, arguments: argumentsSchema, listing }];
  }),
);

/** tools/list: the catalogue, in its order. */
export function listMcpTools(): Tool[] {
  return [...MCP_TOOLS.values()].map(({ listing }) => listing);
}

/**
 * Decides whether an MCP tool call may run, in the order POST /mcp/execute_tool does: an unknown tool is a
 * protocol error (MCP's "invalid params"; there is no such tool to fail), then the tool's permission (403, worded
 * as a route's guard words it), then the arguments against the derived schema (422 naming the argument).
 */
export function admitMcpToolCall(caller: Caller, name: string, args: Record<string, unknown>): AdmittedToolCall {
  const known = MCP_TOOLS.get(name);
  if (!known) throw new (mcpSdk().types.McpError)(mcpSdk().types.ErrorCode.InvalidParams, `Unknown tool ${name}: tools/list names the tools`);
  requireGrant(caller, known.tool.permission);
  // What the REST routes refuse before any schema (ApiValidationPipe): text Postgres cannot store, nesting past the limit.
  const unstorable = findUnstorable(args);
  if (unstorable) throw AppgenError.validation([unstorable]);
  const checked = validate(known.arguments, args);
  if (!checked.ok) throw AppgenError.validation(checked.errors);
  const { [APP_ID_ARGUMENT]: appId, ...params } = checked.value;
  return { tool: known.tool, appId: typeof appId === 'string' ? appId : null, params };
}

/**
 * A tool's answer as MCP structured content: what POST /mcp/execute_tool answers in `result`, or the generate
 * tool's whole body (contract 4.7 gives it no `result`), with a text rendering for clients that read only text.
 */
export function toolResult(response: ToolResponse): CallToolResult {
  const structured: Record<string, unknown> = 'result' in response ? response.result : { ...response };
  return { structuredContent: structured, content: [{ type: 'text', text: JSON.stringify(structured) }] };
}

/**
 * A tool's failure as an MCP tool error (`isError`), never a dropped connection: the body the REST route would
 * answer (`{error, message}`, 422 adding `errors`) with its HTTP status, as text. No structured content, which a
 * client would check against the tool's output schema. Anything unexpected is `internal_error` and reveals nothing.
 */
export function toolError(exception: unknown, toolName: string): { result: CallToolResult; unexpected: boolean } {
  const { status, body, unexpected } = toErrorResponse(exception, `tools/call ${toolName}`);
  return { result: { isError: true, content: [{ type: 'text', text: JSON.stringify({ status, ...body }) }] }, unexpected };
}
