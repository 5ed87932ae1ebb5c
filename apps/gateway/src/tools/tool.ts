import type { Caller, Permission } from '@appgen/contracts';
import type { RpcClient } from '@appgen/service-kit';
import type { OfferedModels } from '../generation/offered-models';
import type { Static, TObject, TSchema } from '@appgen/contracts';
import type { GenerateToolBody } from './generate-tool';

/**
 * What a tool's handler runs with: the bus, who calls, the app it acts on (null only for the generate tool),
 * and the models the generator engines offer.
 */
export interface ToolContext {
  rpc: RpcClient;
  models: OfferedModels;
  caller: Caller;
  appId: string | null;
}

/** The generate tool answers with its own body (contract 4.7); every other tool with `{success: true, result}`. */
export type GenerateToolResponse = Static<typeof GenerateToolBody>;
export interface ToolResult {
  success: true;
  /** an object, so that MCP can answer it as structured content */
  result: Record<string, unknown>;
}
export type ToolResponse = ToolResult | GenerateToolResponse;

export function succeeded(result: Record<string, unknown>): ToolResult {
  return { success: true, result };
}

/** One tool of POST /mcp/execute_tool: its public description, who may run it, and what it does. */
export interface ToolDefinition<P> {
  name: string;
  description: string;
  /** JSON Schema of `params` (from the contracts' building blocks), published by GET /mcp/tools and enforced before `run` */
  input_schema: TObject;
  permission: Permission;
  /** false only for the generate tool, which may make a new app */
  needs_app: boolean;
  /**
   * JSON Schema of `result` (of the whole body, for the generate tool), given only where the result is exactly one
   * schema of the contracts (a subject's reply, checked against it in every test run): MCP publishes it as the tool's
   * outputSchema, which clients check answers against.
   */
  result_schema?: TSchema;
  /**
   * Where a field a 422 of the service it calls names sits among this tool's params, when the service words it
   * otherwise (a row's `title` is `data.title`); without it the service's names are taken as they are. The REST
   * route puts the result under `params.`, as it names the params' own failures.
   */
  param_of?: (serviceField: string) => string;
  run(context: ToolContext, params: P): Promise<ToolResponse>;
}

/** A tool in the catalogue, its parameter type erased once `validate` has checked them against its schema. */
export type CatalogueTool = ToolDefinition<Record<string, unknown>>;

/**
 * Declares a tool with typed parameters. `P` must describe what `input_schema` accepts; the executor
 * validates params against that schema before `run`, which is what makes the narrowing below sound.
 */
export function defineTool<P extends Record<string, unknown>>(definition: ToolDefinition<P>): CatalogueTool {
  return { ...definition, run: (context, params) => definition.run(context, params as P) };
}

/** The app of a tool that needs one; the executor refuses such a call without `app_id` before it runs. */
export function appOf(context: ToolContext): string {
  if (context.appId === null) throw new Error('a tool that needs an app ran without app_id');
  return context.appId;
}
