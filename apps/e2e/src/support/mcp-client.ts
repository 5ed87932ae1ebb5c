import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** What an MCP client presents: an API key, or an OAuth access token (or key) as a bearer credential. */
export type McpCredential = { apiKey: string } | { bearer: string };

export function credentialHeaders(credential: McpCredential): Record<string, string> {
  return 'apiKey' in credential ? { 'X-API-Key': credential.apiKey } : { Authorization: `Bearer ${credential.bearer}` };
}

/**
 * An MCP client of the official SDK connected (initialized) to the MCP server at `siteUrl`/mcp over Streamable
 * HTTP, sending the credential on every request, as a user's agent would be configured.
 */
export async function connectMcp(siteUrl: string, credential: McpCredential): Promise<Client> {
  const client = new Client({ name: 'appgen-e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', siteUrl), { requestInit: { headers: credentialHeaders(credential) } });
  await client.connect(transport);
  return client;
}
