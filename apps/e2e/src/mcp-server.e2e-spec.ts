import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { adminAccount, api, call, closeBus, connectMcp, createKey, e2eEnv, failure, succeeded, until, type TestAccount } from './support';

type JsonSchema = { properties: Record<string, unknown>; required?: string[] } & Record<string, unknown>;

/** Sends each request to the next gateway replica in turn, as a load balancer without affinity would. */
async function startRoundRobinProxy(targets: string[]): Promise<{ url: string; served: number[]; close(): Promise<void> }> {
  const served: number[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const replica = served.length % targets.length;
    served.push(replica);
    const target = new URL(incoming.url ?? '/', targets[replica]);
    const forwarded = httpRequest(target, { method: incoming.method, headers: { ...incoming.headers, host: target.host } }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

describe('MCP server at {site_url}/mcp', () => {
  let owner: TestAccount;
  let client: Client;
  let appId: string;
  let agentsMd: string;

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'mcp');
    client = await connectMcp(e2eEnv().site, { apiKey: owner.key });
  });

  afterAll(async () => {
    await client?.close();
    await closeBus();
  });

  it('introduces appgen and how to start', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'appgen', version: '1.0.0' });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {} });
    expect(client.getInstructions()).toEqual(expect.stringContaining('svc-generate-app'));
    expect(client.getInstructions()).toEqual(expect.stringContaining('status_url'));
    expect(client.getInstructions()).toEqual(expect.stringContaining('/deploy'));
  });

  it('lists the tools of GET /api/v1/mcp/tools: the same names, each input schema its params schema with app_id beside', async () => {
    const rest: Array<{ name: string; description: string; input_schema: JsonSchema }> = (
      await api().get('/api/v1/mcp/tools').set('X-API-Key', owner.key).expect(200)
    ).body.tools;
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(rest.map((tool) => tool.name));
    for (const [index, tool] of tools.entries()) {
      const { $schema: _dialect, ...params } = rest[index].input_schema;
      const { app_id: appIdSchema, ...paramProperties } = tool.inputSchema.properties ?? {};
      const required = tool.inputSchema.required ?? [];
      expect(tool.description).toBe(rest[index].description);
      expect({ ...tool.inputSchema, properties: paramProperties, required: required.filter((name) => name !== 'app_id') }).toEqual({
        ...params,
        required: params.required ?? [],
      });
      expect(appIdSchema).toMatchObject({ type: 'string', minLength: 1, description: expect.any(String) });
      expect(required.includes('app_id')).toBe(tool.name !== 'svc-generate-app');
    }
  });

  it('generates an app with svc-generate-app, then lists and reads its files and its AGENTS.md resource', async () => {
    const queued = succeeded(await call(client, 'svc-generate-app', { prompt: 'A recipe box where I save recipes and rate them', name: 'MCP Recipes' }));
    expect(queued).toEqual({ success: true, app_id: expect.any(String), status_url: expect.stringMatching(/^http/), preview_url: null });
    appId = String(queued.app_id);
    const job = await until<{ status: string }>(
      `generation of ${appId}`,
      async () => (await fetch(String(queued.status_url), { headers: { 'X-API-Key': owner.key } })).json() as Promise<{ status: string }>,
      (body) => !['queued', 'processing'].includes(body.status),
    );
    expect(job.status).toBe('completed');

    const listed = succeeded(await call(client, 'svc-list-files', { app_id: appId }));
    expect(listed).toMatchObject({ app_id: appId, count: expect.any(Number) });
    const paths = (listed.files as Array<{ path: string }>).map((file) => file.path);
    expect(paths).toEqual(expect.arrayContaining(['AGENTS.md']));
    const matching = succeeded(await call(client, 'svc-list-files', { app_id: appId, pattern: '*.md' }));
    expect((matching.files as Array<{ path: string }>).map((file) => file.path)).toEqual(expect.arrayContaining(['AGENTS.md']));
    expect((matching.files as Array<{ path: string }>).every((file) => file.path.endsWith('.md'))).toBe(true);

    const viewed = succeeded(await call(client, 'svc-view-file', { app_id: appId, path: 'AGENTS.md' }));
    const file = viewed.file as { path: string; content: string };
    expect(file.path).toBe('AGENTS.md');
    expect(file.content).toContain('MCP Recipes');
    agentsMd = file.content;

    const uri = `appgen://apps/${appId}/AGENTS.md`;
    const { resources } = await client.listResources();
    expect(resources).toContainEqual(expect.objectContaining({ uri, mimeType: 'text/markdown', name: 'MCP Recipes AGENTS.md' }));
    expect(await client.readResource({ uri })).toEqual({ contents: [{ uri, mimeType: 'text/markdown', text: agentsMd }] });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([expect.objectContaining({ uriTemplate: 'appgen://apps/{app_id}/AGENTS.md' })]);
  });

  it("changes the app's data with the data tools, each answer checked by the client against the tool's output schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.filter((tool) => tool.name.endsWith('-data') || tool.name === 'svc-create-entity').every((tool) => tool.outputSchema)).toBe(true);
    const defined = succeeded(await call(client, 'svc-create-entity', { app_id: appId, name: 'notes', columns: [{ name: 'title', type: 'text', required: true }] }));
    expect(defined).toMatchObject({ entity: { name: 'notes' } });
    const inserted = succeeded(await call(client, 'svc-insert-data', { app_id: appId, entity: 'notes', data: { title: 'First' } }));
    const row = inserted.row as { id: number; title: string };
    expect(row.title).toBe('First');
    expect(succeeded(await call(client, 'svc-update-data', { app_id: appId, entity: 'notes', id: row.id, data: { title: 'Changed' } }))).toMatchObject({
      row: { id: row.id, title: 'Changed' },
    });
    expect(succeeded(await call(client, 'svc-query-data', { app_id: appId, entity: 'notes' }))).toMatchObject({ rows: [{ id: row.id, title: 'Changed' }], total: 1 });
    expect(succeeded(await call(client, 'svc-delete-data', { app_id: appId, entity: 'notes', id: row.id }))).toEqual({ success: true });
    expect(succeeded(await call(client, 'svc-query-data', { app_id: appId, entity: 'notes' }))).toMatchObject({ rows: [], total: 0 });
    expect(failure(await call(client, 'svc-insert-data', { app_id: appId, entity: 'notes', data: {} }))).toMatchObject({ status: 422 });
  });

  it('pages the AGENTS.md resources with the MCP cursor, 25 apps a page', async () => {
    const many = await adminAccount('enterprise', 'mcp-pages');
    const manyClient = await connectMcp(e2eEnv().site, { apiKey: many.key });
    try {
      // Drafts carry no manifest, so they are not listed, but they fill the pages the cursor walks.
      for (let index = 0; index < 26; index += 1) {
        await api().post('/api/v1/managed_apps').set('X-API-Key', many.key).send({ name: `Draft ${index}` }).expect(201);
      }
      const first = await manyClient.listResources();
      expect(first).toEqual({ resources: [], nextCursor: '2' });
      expect(await manyClient.listResources({ cursor: first.nextCursor })).toEqual({ resources: [] });
      await expect(manyClient.listResources({ cursor: 'page-two' })).rejects.toMatchObject({ code: -32602 });
    } finally {
      await manyClient.close();
    }
  });

  it('answers every tool failure as an error result naming its code, and the connection stays usable', async () => {
    expect(failure(await call(client, 'svc-list-files', { app_id: 'nosuchapp000' }))).toMatchObject({ status: 404, error: 'not_found' });
    expect(failure(await call(client, 'svc-view-file', { app_id: appId, path: 'src/none.ts' }))).toMatchObject({ status: 404, error: 'not_found' });

    const badParams = failure(await call(client, 'svc-view-file', { app_id: appId, path: 42, extra: true }));
    expect(badParams).toMatchObject({ status: 422, error: 'validation_failed' });
    expect((badParams.errors as Array<{ field: string }>).map((error) => error.field).sort()).toEqual(['extra', 'path']);
    expect(failure(await call(client, 'svc-view-file', { path: 'AGENTS.md' }))).toMatchObject({
      status: 422,
      errors: [{ field: 'app_id', message: expect.any(String) }],
    });
    expect(failure(await call(client, 'svc-generate-app', { prompt: 'x', model: 'no-such-model' }))).toMatchObject({
      status: 422,
      message: expect.stringContaining('blueprint'),
    });

    const readOnly = await connectMcp(e2eEnv().site, { apiKey: (await createKey(owner.key, 'read_only')).raw });
    try {
      const refused = failure(await call(readOnly, 'svc-write-file', { app_id: appId, path: 'src/extra.ts', content: 'export {};' }));
      expect(refused).toMatchObject({ status: 403, error: 'forbidden', message: expect.stringContaining('apps:write') });
      // The same key may read: the refusal was of that tool, not of the connection.
      expect(succeeded(await call(readOnly, 'svc-view-file', { app_id: appId, path: 'AGENTS.md' }))).toMatchObject({ file: { content: agentsMd } });
    } finally {
      await readOnly.close();
    }
    await expect(client.callTool({ name: 'svc-no-such-tool', arguments: {} })).rejects.toBeInstanceOf(McpError);
    expect((await client.listTools()).tools).toHaveLength(10);
  });

  it("keeps other accounts' apps out of reach: a tool call and a resource read are not found", async () => {
    const stranger = await adminAccount('enterprise', 'mcp-stranger');
    const strangerClient = await connectMcp(e2eEnv().site, { apiKey: stranger.key });
    try {
      expect(failure(await call(strangerClient, 'svc-view-file', { app_id: appId, path: 'AGENTS.md' }))).toMatchObject({ status: 404, error: 'not_found' });
      await expect(strangerClient.readResource({ uri: `appgen://apps/${appId}/AGENTS.md` })).rejects.toMatchObject({ code: -32002 });
      expect((await strangerClient.listResources()).resources).toEqual([]);
      await expect(strangerClient.readResource({ uri: 'appgen://apps/x/CLAUDE.md' })).rejects.toMatchObject({ code: -32002 });
    } finally {
      await strangerClient.close();
    }
  });

  it('serves one client over both gateway replicas, each request answered by another one', async () => {
    const proxy = await startRoundRobinProxy(e2eEnv().gateways);
    const balanced = await connectMcp(proxy.url, { apiKey: owner.key });
    try {
      expect((await balanced.listTools()).tools).toHaveLength(10);
      expect(succeeded(await call(balanced, 'svc-view-file', { app_id: appId, path: 'AGENTS.md' }))).toMatchObject({ file: { content: agentsMd } });
      expect(await balanced.readResource({ uri: `appgen://apps/${appId}/AGENTS.md` })).toMatchObject({ contents: [{ text: agentsMd }] });
      expect(failure(await call(balanced, 'svc-list-files', { app_id: 'nosuchapp000' }))).toMatchObject({ error: 'not_found' });
      expect((await balanced.listResources()).resources.map((resource) => resource.uri)).toContain(`appgen://apps/${appId}/AGENTS.md`);
    } finally {
      await balanced.close();
      await proxy.close();
    }
    // initialize, initialized (and the client's probe for a stream), then the five calls: both replicas answered several.
    expect(proxy.served.length).toBeGreaterThanOrEqual(7);
    expect(proxy.served.filter((replica) => replica === 0).length).toBeGreaterThanOrEqual(3);
    expect(proxy.served.filter((replica) => replica === 1).length).toBeGreaterThanOrEqual(3);
  });

  it('answers 401 with the challenge that leads to OAuth, without a credential or with a refused one', async () => {
    const resourceMetadata = `${e2eEnv().site}/.well-known/oauth-protected-resource/mcp`;
    const missing = await fetch(`${e2eEnv().site}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify(INITIALIZE) });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${resourceMetadata}"`);
    // RFC 9728 section 3.3: metadata found through the challenge names the URL that was called.
    const metadata = await fetch(resourceMetadata);
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toMatchObject({ resource: `${e2eEnv().site}/mcp`, authorization_servers: [e2eEnv().site] });
    expect(await missing.json()).toEqual({ error: 'unauthorized', message: expect.any(String) });

    const refusedCredentials: Array<Record<string, string>> = [{ 'X-API-Key': 'svc_' + 'x'.repeat(40) }, { Authorization: 'Bearer at_unknown' }, { Authorization: 'Basic abc' }];
    for (const refused of refusedCredentials) {
      const answer = await fetch(`${e2eEnv().site}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, ...refused }, body: JSON.stringify(INITIALIZE) });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${resourceMetadata}", error="invalid_token"`);
    }
    await expect(connectMcp(e2eEnv().site, { bearer: 'at_unknown' })).rejects.toMatchObject({ code: 401 });
  });

  it('answers with the gateway headers, refuses GET and DELETE with 405, and gives malformed messages the JSON-RPC error', async () => {
    const site = e2eEnv().site;
    const headers = { ...MCP_HEADERS, 'X-API-Key': owner.key, 'X-Request-Id': 'mcp-e2e-1' };
    const initialized = await fetch(`${site}/mcp`, { method: 'POST', headers, body: JSON.stringify(INITIALIZE) });
    expect(initialized.status).toBe(200);
    expect(initialized.headers.get('mcp-session-id')).toBeNull();
    expect(initialized.headers.get('x-request-id')).toBe('mcp-e2e-1');
    expect(initialized.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(await initialized.json()).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'appgen' } } });

    for (const method of ['GET', 'DELETE']) {
      const refused = await fetch(`${site}/mcp`, { method, headers: { Accept: 'text/event-stream', 'X-API-Key': owner.key } });
      expect(refused.status).toBe(405);
      expect(refused.headers.get('allow')).toBe('POST');
      expect(await refused.json()).toEqual({ error: 'method_not_allowed', message: expect.stringContaining('POST') });
    }

    const notJsonRpc = await fetch(`${site}/mcp`, { method: 'POST', headers, body: JSON.stringify({ hello: 'world' }) });
    expect(notJsonRpc.status).toBe(400);
    expect(await notJsonRpc.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 }, id: null });
    const unknownMethod = await fetch(`${site}/mcp`, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'no/such' }) });
    expect(await unknownMethod.json()).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32601 } });
    const ping = { jsonrpc: '2.0', method: 'ping' };
    const batch = await fetch(`${site}/mcp`, { method: 'POST', headers, body: JSON.stringify([{ ...ping, id: 1 }, { ...ping, id: 2 }]) });
    expect(batch.status).toBe(400);
    expect(await batch.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600, message: expect.stringContaining('batch') }, id: null });
    expect(batch.headers.get('x-ratelimit-limit')).toBe('1000');
    const empty = await fetch(`${site}/mcp`, { method: 'POST', headers });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });

    const tooLarge = await fetch(`${site}/mcp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...INITIALIZE, params: { ...INITIALIZE.params, padding: 'x'.repeat(1_100_000) } }),
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it("refuses a browser request from another site's page with 403, credential or not, and serves the site's own pages", async () => {
    const site = e2eEnv().site;
    const body = JSON.stringify(INITIALIZE);
    const credentials: Array<Record<string, string>> = [{ 'X-API-Key': owner.key }, {}];
    for (const origin of ['https://evil.example', 'null']) {
      for (const credential of credentials) {
        for (const method of ['POST', 'GET']) {
          const refused = await fetch(`${site}/mcp`, { method, headers: { ...MCP_HEADERS, ...credential, Origin: origin }, body: method === 'POST' ? body : undefined });
          expect({ origin, method, status: refused.status, body: await refused.json() }).toEqual({
            origin,
            method,
            status: 403,
            body: { error: 'forbidden', message: expect.stringContaining(new URL(site).origin) },
          });
        }
      }
    }
    const ownPage = await fetch(`${site}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, 'X-API-Key': owner.key, Origin: new URL(site).origin }, body });
    expect(ownPage.status).toBe(200);
    expect(await ownPage.json()).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'appgen' } } });
  });
});
