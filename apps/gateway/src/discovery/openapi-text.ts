import { PERMISSION_EXTENSION } from '../access/access.decorators';
import { IDEMPOTENCY_ANSWERS, IDEMPOTENCY_KEY_HEADER, SHARED_ERRORS } from '../openapi/openapi-document';
import type { ApiDocument, SiteFacts } from '../site/site-facts';
import { SITE_PATHS } from '../site/site-paths';

/*
 * The OpenAPI document written out as markdown for llms-full.txt: every operation with its method, path,
 * permission, parameters, body and answers, then every named schema. Read from the document itself, so a
 * route added to a controller appears here without anyone writing it down.
 */

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
const COMPONENT_PREFIX = '#/components/schemas/';

function record(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export interface ApiOperation {
  method: (typeof METHODS)[number];
  /** as the document writes it, relative to the server (`/managed_apps/{id}`) */
  path: string;
  operation: Json;
}

/** Every operation of the document, in the document's order of paths. */
export function operationsOf(document: ApiDocument): ApiOperation[] {
  return Object.entries(record(document.paths)).flatMap(([path, item]) =>
    METHODS.filter((method) => method in record(item)).map((method) => ({ method, path, operation: record(record(item)[method]) })),
  );
}

/** Who may call an operation: its permission, any credential, or anyone. */
export function accessOf(operation: Json): string {
  const permission = text(operation[PERMISSION_EXTENSION]);
  if (permission) return `\`${permission}\``;
  const security = operation['security'];
  return Array.isArray(security) && security.length > 0 ? 'any valid API key or access token' : 'none (public, rate limited per IP)';
}

/** Operations grouped under their first tag, in order of first appearance. */
function byTag(operations: readonly ApiOperation[]): Map<string, ApiOperation[]> {
  const groups = new Map<string, ApiOperation[]>();
  for (const entry of operations) {
    const tags = entry.operation['tags'];
    const tag = Array.isArray(tags) && typeof tags[0] === 'string' ? tags[0] : 'Other';
    groups.set(tag, [...(groups.get(tag) ?? []), entry]);
  }
  return groups;
}

/** The heading line of an operation: what llms-full.txt is searched for (`GET /api/v1/managed_apps`). */
export function operationHeading(method: string, path: string): string {
  return `${method.toUpperCase()} ${SITE_PATHS.api}${path}`;
}

export function renderOperations(facts: SiteFacts): string {
  const sections: string[] = [];
  for (const [tag, operations] of byTag(operationsOf(facts.api))) {
    sections.push(`### ${tag}\n\n${operations.map((entry) => renderOperation(entry, facts.api)).join('\n\n')}`);
  }
  return sections.join('\n\n');
}

function renderOperation({ method, path, operation }: ApiOperation, document: ApiDocument): string {
  const summary = text(operation['summary']);
  const lines = [`#### ${operationHeading(method, path)}${summary ? ` (${summary})` : ''}`, ''];
  const description = text(operation['description']);
  if (description) lines.push(description, '');
  const id = text(operation['operationId']);
  if (id) lines.push(`- Operation id: \`${id}\``);
  lines.push(`- Permission: ${accessOf(operation)}`);
  // Idempotency-Key is on every POST and explained once, under Conventions.
  const parameters = (Array.isArray(operation['parameters']) ? operation['parameters'].map(record) : []).filter(
    (parameter) => parameter['name'] !== IDEMPOTENCY_KEY_HEADER,
  );
  for (const place of ['path', 'query', 'header']) {
    const here = parameters.filter((parameter) => parameter['in'] === place);
    if (here.length === 0) continue;
    lines.push(`- ${place === 'path' ? 'Path parameters' : place === 'query' ? 'Query' : 'Headers'}:`);
    for (const parameter of here) {
      lines.push(`  - ${fieldLine(String(parameter['name']), record(parameter['schema']), parameter['required'] === true, text(parameter['description']), document)}`);
    }
  }
  const body = bodySchema(operation);
  if (body) {
    lines.push(`- Body (JSON): ${typeText(body, document)}`);
    for (const line of fieldLines(body, document)) lines.push(`  - ${line}`);
  }
  const responses = Object.entries(record(operation['responses']));
  lines.push('- Answers:');
  for (const [status, response] of responses.filter(([status]) => Number(status) < 400)) {
    lines.push(`  - ${status}: ${answerText(record(response), summary, document)}`);
  }
  const errors = responses.filter(([status]) => Number(status) >= 400).map(([status, response]) => errorText(status, record(response)));
  if (errors.length > 0) lines.push(`- Errors (body \`Error\`): ${errors.join('; ')}`);
  return lines.join('\n');
}

/** The explanations every operation shares are given once, under Errors and Conventions; only the rest is repeated here. */
const SHARED_EXPLANATIONS = new Set([...Object.values(SHARED_ERRORS), ...Object.values(IDEMPOTENCY_ANSWERS)]);

function errorText(status: string, response: Json): string {
  let particular = text(response['description']) ?? '';
  for (const shared of SHARED_EXPLANATIONS) particular = particular.split(shared).join('');
  const rest = particular
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join('; ');
  return rest === '' ? status : `${status} (${rest})`;
}

function bodySchema(operation: Json): Json | undefined {
  const content = record(record(operation['requestBody'])['content']);
  const schema = record(content['application/json'])['schema'];
  return schema === undefined ? undefined : record(schema);
}

function answerText(response: Json, summary: string | undefined, document: ApiDocument): string {
  const schema = record(record(record(response['content'])['application/json'])['schema']);
  const shape = Object.keys(schema).length > 0 ? typeText(schema, document) : undefined;
  // Nest describes an answer with the operation's summary when given nothing else: that says nothing new.
  const description = text(response['description']) === summary ? undefined : text(response['description']);
  return [shape, description].filter(Boolean).join('; ') || 'no body';
}

function resolve(schema: Json, document: ApiDocument): Json {
  const ref = text(schema['$ref']);
  if (!ref?.startsWith(COMPONENT_PREFIX)) return schema;
  return record(record(record(document.components)['schemas'])[ref.slice(COMPONENT_PREFIX.length)]);
}

/** A schema in a few words: a component's name, an object's fields, an enum's values, a type. */
export function typeText(schema: Json, document: ApiDocument, depth = 0): string {
  const ref = text(schema['$ref']);
  if (ref?.startsWith(COMPONENT_PREFIX)) return ref.slice(COMPONENT_PREFIX.length);
  const variants = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(variants)) return variants.map((variant) => typeText(record(variant), document, depth)).join(' or ');
  if (Array.isArray(schema['enum'])) return schema['enum'].map((value) => JSON.stringify(value)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema['const']);
  const type = schema['type'];
  const types = Array.isArray(type) ? type.map(String) : typeof type === 'string' ? [type] : [];
  if (types.includes('array')) return `array of ${typeText(record(schema['items']), document, depth)}`;
  if (types.includes('object') || 'properties' in schema) {
    const properties = Object.keys(record(schema['properties']));
    if (properties.length === 0) return 'object';
    return depth >= 1 ? `{${properties.join(', ')}}` : `{${properties.map((name) => `${name}: ${typeText(record(record(schema['properties'])[name]), document, depth + 1)}`).join(', ')}}`;
  }
  return types.join(' or ') || 'any';
}

/** One line per field of an object schema: name, type, whether required, constraints, description. */
export function fieldLines(schema: Json, document: ApiDocument): string[] {
  const resolved = resolve(schema, document);
  const required = new Set(Array.isArray(resolved['required']) ? resolved['required'].map(String) : []);
  return Object.entries(record(resolved['properties'])).map(([name, property]) =>
    fieldLine(name, record(property), required.has(name), text(record(property)['description']), document),
  );
}

function fieldLine(name: string, schema: Json, required: boolean, description: string | undefined, document: ApiDocument): string {
  const notes = [typeText(schema, document), required ? 'required' : 'optional', ...constraints(schema)];
  return `\`${name}\` (${notes.join(', ')})${description ? `: ${description}` : ''}`;
}

function constraints(schema: Json): string[] {
  const found: string[] = [];
  const number = (keyword: string): number | undefined => (typeof schema[keyword] === 'number' ? (schema[keyword] as number) : undefined);
  const range = (min: number | undefined, max: number | undefined, unit: string): void => {
    if (min !== undefined && max !== undefined) found.push(`${min} to ${max}${unit}`);
    else if (min !== undefined) found.push(`at least ${min}${unit}`);
    else if (max !== undefined) found.push(`at most ${max}${unit}`);
  };
  range(number('minLength'), number('maxLength'), ' characters');
  range(number('minimum'), number('maximum'), '');
  range(number('minItems'), number('maxItems'), ' items');
  if (typeof schema['format'] === 'string') found.push(`format ${schema['format']}`);
  if (schema['default'] !== undefined) found.push(`default ${JSON.stringify(schema['default'])}`);
  return found;
}

/** Every named schema of the document with its fields. */
export function renderSchemas(document: ApiDocument): string {
  return Object.entries(record(record(document.components)['schemas']))
    .map(([name, schema]) => {
      const fields = fieldLines(record(schema), document);
      const body = fields.length > 0 ? fields.map((line) => `- ${line}`).join('\n') : typeText(record(schema), document);
      return `### ${name}\n\n${body}`;
    })
    .join('\n\n');
}
