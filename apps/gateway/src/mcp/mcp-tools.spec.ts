import { Closed, SCOPE_GRANTS, Type, type ApiKeyScope, type Caller } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import { appgenErrorOf } from '@appgen/testing';
import { defineTool } from '../tools/tool';
import { describeTools } from '../tools/tool-executor';
import { admitMcpToolCall, listMcpTools, mcpArgumentsSchema, toolError, toolResult } from './mcp-tools';

function callerWith(scope: ApiKeyScope): Caller {
  return { accountId: 1, email: 'ada@example.com', plan: 'free', keyId: 7, scope, grants: [...SCOPE_GRANTS[scope]] };
}

function textOf(result: { content: Array<{ type: string; text?: string }> }): unknown {
  return JSON.parse(result.content[0]?.text ?? 'null');
}

describe('MCP tools derived from the catalogue', () => {
  it('publishes every tool of GET /mcp/tools, its input schema the params schema with app_id added', () => {
    const rest = describeTools().tools;
    const tools = listMcpTools();
    expect(tools.map((tool) => tool.name)).toEqual(rest.map((tool) => tool.name));
    for (const [index, tool] of tools.entries()) {
      const { $schema: _dialect, properties, required, ...restOfParams } = rest[index].input_schema;
      expect(tool.description).toBe(rest[index].description);
      expect(Object.keys(tool).filter((key) => key !== 'outputSchema')).toEqual(['name', 'description', 'inputSchema']);
      expect(tool.inputSchema).toEqual({
        ...restOfParams,
        properties: { app_id: expect.objectContaining({ type: 'string', minLength: 1 }), ...(properties as object) },
        required: [...(tool.name === 'svc-generate-app' ? [] : ['app_id']), ...((required as string[] | undefined) ?? [])],
      });
      expect(JSON.parse(JSON.stringify(tool))).toEqual(tool);
    }
  });

  it('declares an output schema where the result is one contract schema, in a form MCP clients compile', () => {
    const tools = listMcpTools();
    // The file changes answer the change and its build together, which no one contract schema describes.
    expect(tools.filter((tool) => !tool.outputSchema).map((tool) => tool.name)).toEqual(['svc-write-file', 'svc-delete-file']);
    const clientValidator = new AjvJsonSchemaValidator();
    for (const { outputSchema } of tools.filter((tool) => tool.outputSchema)) {
      expect(outputSchema).toMatchObject({ type: 'object' });
      expect(() => clientValidator.getValidator(outputSchema ?? {})).not.toThrow();
    }
    const generate = tools.find((tool) => tool.name === 'svc-generate-app');
    const queued = toolResult({ success: true, app_id: 'k3x9q2m7w1ab', status_url: 'http://localhost:3000/api/v1/generation_queue/1', preview_url: null });
    expect(clientValidator.getValidator(generate?.outputSchema ?? {})(queued.structuredContent)).toMatchObject({ valid: true });
    expect(clientValidator.getValidator(generate?.outputSchema ?? {})({ app_id: 'k3x9q2m7w1ab' })).toMatchObject({ valid: false });
  });

  it('refuses a tool whose params would shadow app_id', () => {
    const shadowing = defineTool({
      name: 'svc-shadow',
      description: 'a tool with a param that MCP calls use for the app',
      input_schema: Closed({ app_id: Type.String() }),
      permission: 'apps:read',
      needs_app: true,
      run: async () => ({ success: true, result: {} }),
    });
    expect(() => mcpArgumentsSchema(shadowing)).toThrow(/app_id/);
  });

  it('admits a call by the derived schema: app_id apart, the params as the catalogue tool takes them', () => {
    expect(admitMcpToolCall(callerWith('read_only'), 'svc-view-file', { app_id: 'k3x9q2m7w1ab', path: 'AGENTS.md' })).toMatchObject({
      tool: { name: 'svc-view-file' },
      appId: 'k3x9q2m7w1ab',
      params: { path: 'AGENTS.md' },
    });
    // Trimmed as the REST tool route trims it, and without app_id for the one tool that may make a new app.
    expect(admitMcpToolCall(callerWith('full_access'), 'svc-generate-app', { prompt: '  A recipe box  ' })).toMatchObject({
      appId: null,
      params: { prompt: 'A recipe box' },
    });
  });

  it('refuses in the REST order, naming the arguments as the MCP client sent them', () => {
    const readOnly = callerWith('read_only');
    // The permission first, whatever the arguments.
    expect(appgenErrorOf(() => admitMcpToolCall(readOnly, 'svc-write-file', { path: 42 }))).toMatchObject({
      status: 403,
      body: { error: 'forbidden', message: 'This credential lacks the apps:write permission' },
    });
    expect(appgenErrorOf(() => admitMcpToolCall(readOnly, 'svc-view-file', { path: 'AGENTS.md' })).body.errors).toEqual([
      { field: 'app_id', message: expect.any(String) },
    ]);
    const invalid = appgenErrorOf(() => admitMcpToolCall(readOnly, 'svc-view-file', { app_id: 7, path: 'AGENTS.md', params: {} }));
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors?.map((error) => error.field).sort()).toEqual(['app_id', 'params']);
    expect(appgenErrorOf(() => admitMcpToolCall(readOnly, 'svc-view-file', { app_id: 'a', path: 'bad\u0000path' })).body.errors).toEqual([
      { field: 'path', message: expect.stringContaining('NUL') },
    ]);
  });

  it('makes an unknown tool a protocol error, not a tool result', () => {
    expect(() => admitMcpToolCall(callerWith('full_access'), 'svc-no-such-tool', {})).toThrow(McpError);
  });
});

describe('MCP tool results and errors', () => {
  it('answers the REST result as structured content and as its text', () => {
    const result = toolResult({ success: true, result: { file: { path: 'AGENTS.md' } } });
    expect(result).toEqual({ structuredContent: { file: { path: 'AGENTS.md' } }, content: [{ type: 'text', text: '{"file":{"path":"AGENTS.md"}}' }] });
    const queued = toolResult({ success: true, app_id: 'k3x9q2m7w1ab', status_url: 'http://localhost:3000/api/v1/generation_queue/1', preview_url: null });
    expect(queued.structuredContent).toEqual({ success: true, app_id: 'k3x9q2m7w1ab', status_url: 'http://localhost:3000/api/v1/generation_queue/1', preview_url: null });
  });

  it.each([
    ['a refused field', AppgenError.validation([{ field: 'path', message: 'is required' }]), { status: 422, error: 'validation_failed', errors: [{ field: 'path', message: 'is required' }] }],
    ['a missing app', AppgenError.notFound('App', 'nosuchapp000'), { status: 404, error: 'not_found', message: 'App nosuchapp000 was not found' }],
    ['a missing permission', AppgenError.of('forbidden', 'This credential lacks the apps:write permission'), { status: 403, error: 'forbidden' }],
    ['too few credits', AppgenError.of('insufficient_credits', 'Not enough credits'), { status: 402, error: 'insufficient_credits' }],
    ['a service that is down', AppgenError.of('service_unavailable', 'apps-service is unavailable'), { status: 503, error: 'service_unavailable' }],
    ['a service that is slow', AppgenError.of('upstream_timeout', 'apps-service did not answer in time'), { status: 504, error: 'upstream_timeout' }],
  ])('answers %s as an error result with its status, code and message', (_what, exception, expected) => {
    const { result, unexpected } = toolError(exception, 'svc-view-file');
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toMatchObject({ message: expect.any(String), ...expected });
    expect(unexpected).toBe(false);
  });

  it('answers anything unexpected as internal_error without its details, and says it was unexpected', () => {
    const { result, unexpected } = toolError(new TypeError('cannot read secret of undefined'), 'svc-view-file');
    expect(textOf(result)).toEqual({ status: 500, error: 'internal_error', message: 'An unexpected error occurred' });
    expect(unexpected).toBe(true);
  });
});
