import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ErrorBody, plainJsonSchema } from '@appgen/contracts';
import { API_KEY_SCHEME, BEARER_SCHEME } from '../access/access.decorators';
import { RATE_LIMIT_HEADERS } from '../rate-limit/rate-limit-headers';

/*
 * The public API description, built from the controllers and the contracts' schemas so it cannot drift from
 * them, then finished here in one place: OpenAPI 3.1, every named schema once under components, and what every
 * operation shares (the rate-limit headers, the error answers, Idempotency-Key on POSTs).
 */

type Json = Record<string, unknown>;
type Operation = Json & { operationId?: string; responses: Record<string, Json>; parameters?: Json[]; requestBody?: Json };

const COMPONENT_PREFIX = '#/components/schemas/';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** The error answers every operation may give, described once: a client generator types them all. */
export const SHARED_ERRORS: Readonly<Record<string, string>> = {
  '401': '`unauthorized`: no credential, or one that is unknown, revoked or expired',
  '403': '`forbidden`: the credential lacks the permission this operation needs',
  '404': "`not_found`: no such resource in this account (another account's resource is also 404)",
  '422': '`validation_failed`: a field is invalid; `errors` names each one',
  '429': '`rate_limited`: too many requests; retry after `Retry-After` seconds',
};

/** The version of appgen's API, as the OpenAPI document and the MCP server announce it. */
export const API_VERSION = '1.0.0';

export function buildOpenApiDocument(app: INestApplication, siteUrl: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('appgen API')
    .setDescription(
      'Turn a plain-language prompt into a deployed full-stack web app. ' +
        'Authenticate with `X-API-Key: svc_...` or `Authorization: Bearer <token>`. ' +
        'Every response carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset; ' +
        `failures are \`{error, message}\`. Browsable reference: ${siteUrl}/docs`,
    )
    .setVersion(API_VERSION)
    .addServer('/api/v1')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An appgen API key (svc_...)' }, API_KEY_SCHEME)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'opaque', description: 'An access token (at_...) or an API key' }, BEARER_SCHEME)
    .build();
  // Plain JSON from here on: TypeBox's symbols are not part of a document.
  const document: OpenAPIObject & PublishedDocument = JSON.parse(JSON.stringify(SwaggerModule.createDocument(app, config, { ignoreGlobalPrefix: true })));
  finishDocument(document);
  return document;
}

type PublishedDocument = Json & { components: Json & { schemas?: Record<string, Json> }; paths: Record<string, Record<string, Operation>> };

/** Turns Nest's document into the published one. */
function finishDocument(finished: PublishedDocument): void {
  finished['openapi'] = '3.1.0';
  finished['jsonSchemaDialect'] = 'https://spec.openapis.org/oas/3.1/dialect/base';
  const components: Record<string, Json> = { ...(finished.components.schemas ?? {}) };
  finished.components.headers = rateLimitHeaders();
  for (const item of Object.values(finished.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) finishOperation(operation, method);
    }
  }
  components['Error'] = plainJsonSchema(ErrorBody);
  finished.paths = liftNamedSchemas(finished.paths, components) as typeof finished.paths;
  // Lifting a component's own named parts can add components: go on until every one is lifted.
  const schemas: Record<string, Json> = {};
  for (let pending = Object.keys(components); pending.length > 0; pending = Object.keys(components).filter((name) => !(name in schemas))) {
    for (const name of pending) schemas[name] = liftNamedSchemas(components[name], components, name) as Json;
  }
  finished.components.schemas = schemas;
}

function rateLimitHeaders(): Json {
  return {
    [RATE_LIMIT_HEADERS.limit]: { description: 'Requests allowed per minute for this credential', schema: { type: 'integer' } },
    [RATE_LIMIT_HEADERS.remaining]: { description: 'Requests left in the current minute', schema: { type: 'integer' } },
    [RATE_LIMIT_HEADERS.reset]: { description: 'Unix time (seconds) when the window resets', schema: { type: 'integer' } },
    'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
  };
}

function headerRefs(status: string): Json {
  const names = [RATE_LIMIT_HEADERS.limit, RATE_LIMIT_HEADERS.remaining, RATE_LIMIT_HEADERS.reset, ...(status === '429' || status === '503' ? ['Retry-After'] : [])];
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

const ERROR_CONTENT = { 'application/json': { schema: { $ref: `${COMPONENT_PREFIX}Error` } } };

function finishOperation(operation: Operation, method: string): void {
  for (const [status, description] of Object.entries(SHARED_ERRORS)) {
    operation.responses[status] ??= { description };
  }
  if (method === 'post') declareIdempotencyKey(operation);
  for (const [status, response] of Object.entries(operation.responses)) {
    const isError = Number(status) >= 400;
    // An error declared without a body schema has the one error body.
    if (isError && !response['content']) response['content'] = ERROR_CONTENT;
    response['headers'] = { ...headerRefs(status), ...((response['headers'] as Json | undefined) ?? {}) };
  }
}

/** The answers Idempotency-Key adds to every POST, described once. */
export const IDEMPOTENCY_ANSWERS = {
  inProgress: 'A request with this Idempotency-Key is still in progress',
  reused: '`idempotency_key_reused`: this Idempotency-Key came with a different request',
} as const;
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * Every POST honours Idempotency-Key (the gateway's interceptor, not each controller), so the header is
 * declared here for every POST operation, present and future, rather than per route.
 */
function declareIdempotencyKey(operation: Operation): void {
  operation.parameters = [
    ...(operation.parameters ?? []),
    {
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
      description:
        'Makes retries safe: a repeat with the same key and body within 24 hours returns the first response with ' +
        '`Idempotent-Replayed: true` instead of running again. Keys are scoped to the account (to the client IP ' +
        'without a credential); 1 to 255 printable ASCII characters.',
    },
  ];
  mention(operation, '409', IDEMPOTENCY_ANSWERS.inProgress);
  mention(operation, '422', IDEMPOTENCY_ANSWERS.reused);
}

function mention(operation: Operation, status: string, text: string): void {
  const existing = operation.responses[status];
  operation.responses[status] = existing ? { ...existing, description: `${String(existing['description'])}; ${text}` } : { description: text };
}

/**
 * Replaces every schema that has a name (`title`, given by the contracts' `Named`) with a reference to its
 * component, adding the component the first time. Two different schemas under one name are a mistake in the
 * contracts, and fail the document's build (and so its tests).
 */
function liftNamedSchemas(node: unknown, components: Record<string, Json>, self?: string): unknown {
  if (Array.isArray(node)) return node.map((item) => liftNamedSchemas(item, components));
  if (typeof node !== 'object' || node === null) return node;
  const record = node as Json;
  const title = record['title'];
  if (typeof title === 'string' && title !== self && isSchema(record)) {
    const existing = components[title];
    const lifted = liftNamedSchemas(record, components, title) as Json;
    if (existing === undefined) components[title] = lifted;
    else if (JSON.stringify(liftNamedSchemas(existing, components, title)) !== JSON.stringify(lifted)) {
      throw new Error(`two different schemas are named ${title}`);
    }
    return { $ref: `${COMPONENT_PREFIX}${title}` };
  }
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, liftNamedSchemas(value, components)]));
}

function isSchema(record: Json): boolean {
  return 'type' in record || 'anyOf' in record || 'enum' in record || 'properties' in record;
}
