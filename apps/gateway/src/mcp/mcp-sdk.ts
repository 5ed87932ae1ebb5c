import type * as McpServerModule from '@modelcontextprotocol/sdk/server/index.js';
import type * as McpTransportModule from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type * as McpTypesModule from '@modelcontextprotocol/sdk/types.js';

/** What the gateway uses of the MCP SDK at run time (its types are imported as types only, which costs nothing). */
export interface McpSdk {
  Server: typeof McpServerModule.Server;
  StreamableHTTPServerTransport: typeof McpTransportModule.StreamableHTTPServerTransport;
  types: typeof McpTypesModule;
}

let loaded: McpSdk | undefined;

/**
 * The MCP SDK, loaded at its first use (an MCP request, or the server card built with the site) rather than at
 * boot: with the zod schemas it brings it holds about 25 MB, which a gateway that serves no MCP request (most of
 * the time, most replicas) would otherwise carry idle. The first use waits for the load, once.
 */
export function mcpSdk(): McpSdk {
  loaded ??= {
    Server: (require('@modelcontextprotocol/sdk/server/index.js') as typeof McpServerModule).Server,
    StreamableHTTPServerTransport: (require('@modelcontextprotocol/sdk/server/streamableHttp.js') as typeof McpTransportModule).StreamableHTTPServerTransport,
    types: require('@modelcontextprotocol/sdk/types.js') as typeof McpTypesModule,
  };
  return loaded;
}
