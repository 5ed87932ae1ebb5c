import { execFileSync } from 'node:child_process';
import { ERROR_CODES } from '@appgen/contracts';
import { e2eEnv } from './e2e-env';

export type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** As the document writes it, under the server's `/api/v1`: `/managed_apps/{id}`. */
  path: string;
  parameters: OpenApiParameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
  /** Whether it needs a credential (no `security` means a public route). */
  authenticated: boolean;
  responses: Record<string, unknown>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: OpenApiParameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> }; security?: unknown[]; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, JsonSchema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
let cached: OpenApiDocument | undefined;

/**
 * The document the first gateway serves at /openapi.json, read synchronously: jest defines a file's tests before
 * any of them runs, and a spec that names one test per route needs the routes then.
 */
export function publishedDocument(): OpenApiDocument {
  if (cached) return cached;
  const url = `${e2eEnv().gateways[0]}/openapi.json`;
  const script = `fetch(${JSON.stringify(url)}).then(async (r) => { if (!r.ok) throw new Error('GET /openapi.json answered ' + r.status); process.stdout.write(await r.text()); })`;
  cached = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as OpenApiDocument;
  return cached;
}

/** The schema a `$ref` points at (followed to the end), or the schema itself. */
export function resolveSchema(schema: JsonSchema, document = publishedDocument()): JsonSchema {
  const ref = schema['$ref'];
  if (typeof ref !== 'string') return schema;
  const target = document.components.schemas[ref.replace('#/components/schemas/', '')];
  if (!target) throw new Error(`the document refers to ${ref}, which it does not define`);
  return resolveSchema(target, document);
}

/** Every operation of the document, in its order. */
export function publishedOperations(document = publishedDocument()): OpenApiOperation[] {
  const operations: OpenApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operations.push({
        method,
        path,
        parameters: (operation.parameters ?? []).filter((p) => p.in !== 'header'),
        body: operation.requestBody?.content['application/json']?.schema,
        authenticated: (operation.security ?? []).length > 0,
        responses: operation.responses,
      });
    }
  }
  return operations;
}

/** The fields some errors carry besides `{error, message}`, as decisions.md and the contract give them. */
const EXTRA_FIELDS: Partial<Record<string, readonly string[]>> = {
  validation_failed: ['errors'],
  unknown_pack: ['errors', 'allowed'],
  'App is not deployable': ['reason', 'recoverable', 'suggested_action', 'fix_url'],
};

/** Text of a Node stack frame or a source location: never for a client's eyes. */
const STACK_TRACE = /\n\s+at |\bat [\w.<>]+ \(|\.(?:ts|js|mjs):\d+|node_modules\//;

/**
 * What is wrong with an error response against the contract, or nothing: a JSON body of exactly `{error, message}`
 * (plus the fields its kind adds), `error` one of the codes with this status, no stack trace anywhere.
 */
export function contractErrorProblems(status: number, contentType: string | undefined, text: string): string[] {
  const problems: string[] = [];
  if (!/^application\/json\b/.test(contentType ?? '')) problems.push(`content-type is ${contentType ?? 'missing'}, not application/json`);
  if (STACK_TRACE.test(text)) problems.push('the body shows a stack trace or a source location');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [...problems, `the body is not JSON: ${text.slice(0, 200)}`];
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [...problems, `the body is not an object: ${text.slice(0, 200)}`];
  const { error, message, ...rest } = body as Record<string, unknown>;
  if (typeof error !== 'string' || !(error in ERROR_CODES)) problems.push(`error ${JSON.stringify(error)} is not one of the contract's codes`);
  else if (ERROR_CODES[error as keyof typeof ERROR_CODES] !== status) problems.push(`error ${error} comes with status ${status}, not ${ERROR_CODES[error as keyof typeof ERROR_CODES]}`);
  if (typeof message !== 'string' || message.trim() === '') problems.push(`message ${JSON.stringify(message)} is not a text`);
  const allowed = EXTRA_FIELDS[String(error)] ?? [];
  const extra = Object.keys(rest).filter((key) => !allowed.includes(key));
  if (extra.length > 0) problems.push(`fields the contract's error body has not: ${extra.join(', ')}`);
  if ('errors' in rest) {
    const errors = rest['errors'];
    const wellFormed =
      Array.isArray(errors) &&
      errors.every((e) => typeof e === 'object' && e !== null && Object.keys(e).sort().join() === 'field,message' && typeof e.field === 'string' && typeof e.message === 'string');
    if (!wellFormed) problems.push(`errors is not [{field, message}]: ${JSON.stringify(errors).slice(0, 200)}`);
  }
  return problems;
}
