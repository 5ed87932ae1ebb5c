import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startBuiltService, startNatsServer, type BuiltService, type NatsServerHandle } from '@appgen/testing';

const run = promisify(execFile);
const ROOT = join(__dirname, '../../../..');
const bin = (name: string): string => join(ROOT, 'node_modules/.bin', name);

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  tags?: string[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: Json }>; headers?: Json }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
}

/** A small program a developer would write against the generated client; it must type-check as it is. */
const CLIENT_PROGRAM = `
import createClient from 'openapi-fetch';
import type { components, operations, paths } from './appgen.js';

type QueuedJob = operations['queueGeneration']['responses'][202]['content']['application/json'];
type ApiError = components['schemas']['Error'];

const client = createClient<paths>({ baseUrl: 'http://localhost:3000/api/v1', headers: { 'X-API-Key': 'svc_example' } });

export async function buildRecipeBox(): Promise<string | null> {
  const queued = await client.POST('/generation_queue', { body: { prompt: 'A recipe box where I rate recipes', name: 'Recipe Box' } });
  if (queued.error) {
    const failure: ApiError = queued.error;
    return failure.errors?.map((error) => error.field + ' ' + error.message).join('; ') ?? failure.message;
  }
  const job: QueuedJob = queued.data;
  const status: 'queued' = job.status;
  const polled = await client.GET('/generation_queue/{id}', { params: { path: { id: job.job_id } } });
  const progress: number | undefined = polled.data?.progress;
  const preview: string | null | undefined = polled.data?.app.preview_url;
  const apps = await client.GET('/managed_apps', { params: { query: { status: 'generated', page: 1, per_page: 10 } } });
  const names: string[] = apps.data?.apps.map((app) => app.name) ?? [];
  const detail = await client.GET('/managed_apps/{id}', { params: { path: { id: job.app_id } } });
  const editor: string | undefined = detail.data?.app.urls.editor;
  return [status, progress, preview, names.join(','), editor].join(' ');
}

export async function misuses(): Promise<void> {
  // @ts-expect-error the API refuses fields it does not know, and so do the types
  const body: components['schemas']['QueueGenerationBody'] = { prompt: 'A recipe box', colour: 'blue' };
  await client.POST('/generation_queue', { body });
  // @ts-expect-error a generation needs a prompt
  await client.POST('/generation_queue', { body: { name: 'Recipe Box' } });
  // @ts-expect-error visibility is one of two values
  await client.PATCH('/managed_apps/{id}', { params: { path: { id: 'k3x9q2m7w1ab' } }, body: { visibility: 'secret' } });
}
`;

describe('the OpenAPI document', () => {
  let nats: NatsServerHandle;
  let gateway: BuiltService;
  let document: Document;
  let workDir: string;
  let operations: Array<{ route: string; operation: Operation }>;

  beforeAll(async () => {
    nats = await startNatsServer();
    gateway = await startBuiltService('gateway', { NATS_URL: nats.url });
    document = (await (await fetch(`http://127.0.0.1:${gateway.port}/openapi.json`)).json()) as Document;
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
    );
    // Inside the repository (its ignored tmp/), so that the program resolves openapi-fetch from its node_modules.
    await mkdir(join(ROOT, 'tmp'), { recursive: true });
    workDir = await mkdtemp(join(ROOT, 'tmp', 'openapi-client-'));
    await writeFile(join(workDir, 'openapi.json'), JSON.stringify(document));
  }, 60_000);

  afterAll(async () => {
    await gateway?.stop();
    await nats?.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('validates as OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const { stdout } = await run(bin('validate-api'), [join(workDir, 'openapi.json')]);
    expect(JSON.parse(stdout)).toEqual({ valid: true });
  });

  it('names every operation with a verb phrase of its own, and tags it with its resource', () => {
    const ids = operations.map(({ route, operation }) => ({ route, id: operation.operationId ?? '' }));
    expect(ids.filter(({ id }) => !/^[a-z]+[A-Z][A-Za-z]*$/.test(id) || /Controller/.test(id))).toEqual([]);
    expect(new Set(ids.map(({ id }) => id)).size).toBe(ids.length);
    expect(operations.filter(({ operation }) => operation.tags?.length !== 1).map(({ route }) => route)).toEqual([]);
  });

  it('closes every request body: unknown fields are refused, so the schema says so', () => {
    const open = operations.filter(({ operation }) => {
      const schema = operation.requestBody?.content['application/json']?.schema;
      if (!schema) return false;
      const resolved = typeof schema['$ref'] === 'string' ? document.components.schemas[schema['$ref'].split('/').pop() ?? ''] : schema;
      return resolved?.['additionalProperties'] !== false;
    });
    expect(open.map(({ route }) => route)).toEqual([]);
  });

  it('describes the error answers and the rate-limit headers on every operation', () => {
    for (const { route, operation } of operations) {
      for (const status of ['401', '403', '404', '422', '429']) {
        const schema = operation.responses[status]?.content?.['application/json']?.schema;
        // The error body, or (the deploy refusal) a choice that includes it.
        const bodies = (schema?.['anyOf'] as Json[] | undefined) ?? [schema];
        expect({ route, status, bodies }).toEqual({ route, status, bodies: expect.arrayContaining([{ $ref: '#/components/schemas/Error' }]) });
      }
      const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
      expect({ route, headers: Object.keys(success?.[1].headers ?? {}) }).toEqual({
        route,
        headers: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'],
      });
    }
    expect(document.paths['/generation_queue']?.['post']?.responses['429']?.headers).toHaveProperty('Retry-After');
  });

  it('declares the payment behind buying a credit pack, and on no other operation (contract 4.9)', () => {
    const paying = operations.filter(({ operation }) => 'x-payment-info' in operation).map(({ route }) => route);
    expect(paying).toEqual(['POST /credit_packs/checkout']);
    const checkout = document.paths['/credit_packs/checkout']?.['post'] as Operation & { 'x-payment-info'?: Json };
    expect(checkout['x-payment-info']).toEqual({
      intent: 'charge',
      method: 'card',
      currency: 'USD',
      amount: '40.00',
      description: 'The price of the pack named by pack_name: starter 40.00 USD, builder 100.00 USD, studio 250.00 USD',
    });
  });

  it('keeps nothing of OpenAPI 3.0 (nullable) and no schema of the old response classes', () => {
    const text = JSON.stringify(document);
    expect(text).not.toContain('"nullable"');
    expect(Object.keys(document.components.schemas).filter((name) => name.endsWith('Dto'))).toEqual([]);
  });

  it('generates a typed client with openapi-typescript, which a program type-checks against', async () => {
    await run(bin('openapi-typescript'), [join(workDir, 'openapi.json'), '--output', join(workDir, 'appgen.d.ts')]);
    await writeFile(join(workDir, 'client.mts'), CLIENT_PROGRAM);
    await writeFile(
      join(workDir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', skipLibCheck: true, types: [] },
        files: ['client.mts'],
      }),
    );
    const checked = await run(bin('tsc'), ['-p', join(workDir, 'tsconfig.json')]).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(checked).toBe('');
  }, 120_000);
});
