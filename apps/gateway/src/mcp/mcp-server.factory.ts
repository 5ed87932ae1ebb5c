import { Injectable, Logger } from '@nestjs/common';
import type { Caller } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { McpError } from '@modelcontextprotocol/sdk/types.js';
import { API_VERSION } from '../openapi/openapi-document';
import { failureDetail, toErrorResponse } from '../errors/error-response';
import { SITE_PATHS } from '../site/site-paths';
import { ToolExecutor } from '../tools/tool-executor';
import { AGENTS_URI_TEMPLATE, listAppManifests, readAppManifest, RESOURCE_NOT_FOUND } from './app-manifest-resources';
import { mcpSdk } from './mcp-sdk';
import { admitMcpToolCall, listMcpTools, toolError, toolResult } from './mcp-tools';

const INSTRUCTIONS = [
  'appgen turns a plain-language prompt into a running full-stack web app (typed frontend, data entities, sign-in), ' +
    'served at a preview address and, once deployed, a production address.',
  'Start with svc-generate-app {prompt}: it answers at once with app_id and a status_url. The generation then runs ' +
    'for a while: poll status_url (GET, with the same credential) until generation.status is completed, or list the ' +
    "app's files with svc-list-files. Read the app's AGENTS.md first (svc-view-file, or the resource " +
    `${AGENTS_URI_TEMPLATE.uriTemplate}): it says how the app is built.`,
  'Change it with svc-write-file / svc-delete-file (each change rebuilds the preview and answers the build errors to fix), ' +
    'its data model with svc-create-entity and its rows with svc-query-data, svc-insert-data, svc-update-data and ' +
    'svc-delete-data; svc-generate-app with app_id changes the app as a prompt says. Every tool but svc-generate-app needs app_id.',
  `Deploying to production is done through the REST API: POST ${SITE_PATHS.api}/managed_apps/{app_id}/deploy (see ${SITE_PATHS.openapi}).`,
].join('\n\n');

/** A resource failure as MCP's error for it: a missing (or another account's) app is "resource not found". */
function resourceError(exception: unknown, uri: string, log: Logger): McpError {
  const { ErrorCode, McpError } = mcpSdk().types;
  if (exception instanceof McpError) return exception;
  const { status, body, unexpected } = toErrorResponse(exception, `resources/read ${uri}`);
  if (unexpected) log.error(`resources on ${uri} failed: ${failureDetail(exception)}`);
  const code = status === 404 ? RESOURCE_NOT_FOUND : status === 422 ? ErrorCode.InvalidParams : status < 500 ? ErrorCode.InvalidRequest : ErrorCode.InternalError;
  return new McpError(code, body.message, { status, ...body });
}

/**
 * Makes the MCP server one request is answered by, bound to its caller. A fresh server per request (stateless
 * Streamable HTTP) keeps nothing between requests, so any gateway replica can answer any request of a client.
 */
@Injectable()
export class McpServerFactory {
  private readonly log = new Logger('Mcp');

  constructor(
    private readonly rpc: RpcClient,
    private readonly executor: ToolExecutor,
  ) {}

  forCaller(caller: Caller): Server {
    const { Server, types } = mcpSdk();
    const { CallToolRequestSchema, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ListToolsRequestSchema, McpError, ReadResourceRequestSchema } = types;
    const server = new Server(
      { name: 'appgen', title: 'appgen', version: API_VERSION },
      { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listMcpTools() }));
    server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
      try {
        const admitted = admitMcpToolCall(caller, params.name, params.arguments ?? {});
        return toolResult(await this.executor.run(caller, admitted));
      } catch (exception) {
        if (exception instanceof McpError) throw exception;
        const { result, unexpected } = toolError(exception, params.name);
        if (unexpected) this.log.error(`${params.name} failed: ${failureDetail(exception)}`);
        return result;
      }
    });
    server.setRequestHandler(ListResourcesRequestSchema, ({ params }) =>
      listAppManifests(this.rpc, caller, params?.cursor).catch((exception: unknown) => {
        throw resourceError(exception, 'resources/list', this.log);
      }),
    );
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [AGENTS_URI_TEMPLATE] }));
    server.setRequestHandler(ReadResourceRequestSchema, ({ params }) =>
      readAppManifest(this.rpc, caller, params.uri).catch((exception: unknown) => {
        throw resourceError(exception, params.uri, this.log);
      }),
    );
    return server;
  }
}
