import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

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

/** A tool result's `{status, error, message, errors?}`: the error body the REST route answers, with its status. */
export function failure(result: CallToolResult): Record<string, unknown> {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  const [content] = result.content;
  if (content?.type !== 'text') throw new Error(`an error result's content is text, got ${JSON.stringify(result.content)}`);
  return JSON.parse(content.text);
}

export function succeeded(result: CallToolResult): Record<string, unknown> {
  expect(result.isError).toBeFalsy();
  const [content] = result.content;
  // The text rendering is the structured content, for clients that read only text.
  expect(content?.type === 'text' ? JSON.parse(content.text) : content).toEqual(result.structuredContent);
  return result.structuredContent ?? {};
}

export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}
