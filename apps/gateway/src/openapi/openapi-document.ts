import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, getSchemaPath, SwaggerModule, type OpenAPIObject, type ResponsesObject } from '@nestjs/swagger';
import { API_KEY_SCHEME, BEARER_SCHEME } from '../access/access.decorators';
import { ErrorBodyDto } from './error-body.dto';

/** The public API description, built from the controllers and DTOs so it cannot drift from them. */
export function buildOpenApiDocument(app: INestApplication, siteUrl: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('appgen API')
    .setDescription(
      'Turn a plain-language prompt into a deployed full-stack web app. ' +
        'Authenticate with `X-API-Key: svc_...` or `Authorization: Bearer <token>`. ' +
        'Every response carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset; ' +
        `failures are \`{error, message}\`. Browsable reference: ${siteUrl}/docs`,
    )
    .setVersion('1.0.0')
    .addServer('/api/v1')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An appgen API key (svc_...)' }, API_KEY_SCHEME)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'opaque', description: 'An access token (at_...) or an API key' }, BEARER_SCHEME)
    .build();
  const document = SwaggerModule.createDocument(app, config, { ignoreGlobalPrefix: true, extraModels: [ErrorBodyDto] });
  declareIdempotencyKey(document);
  return document;
}

/**
 * Every POST honours Idempotency-Key (the gateway's interceptor, not each controller), so the
 * header is declared here for every POST operation, present and future, rather than per route.
 */
function declareIdempotencyKey(document: OpenAPIObject): void {
  for (const path of Object.values(document.paths)) {
    const operation = path.post;
    if (!operation) continue;
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', minLength: 1, maxLength: 255 },
        description:
          'Makes retries safe: a repeat with the same key and body within 24 hours returns the first response with ' +
          '`Idempotent-Replayed: true` instead of running again. Keys are scoped to the account (to the client IP ' +
          'without a credential); 1 to 255 printable ASCII characters.',
      },
    ];
    mention(operation.responses, '409', 'A request with this Idempotency-Key is still in progress');
    mention(operation.responses, '422', '`idempotency_key_reused`: this Idempotency-Key came with a different request');
  }
}

/** Adds `text` to the response of `status`, or declares that response as an error body. */
function mention(responses: ResponsesObject, status: string, text: string): void {
  const existing = responses[status];
  if (existing && 'description' in existing) existing.description = `${existing.description}; ${text}`;
  else responses[status] = { description: text, content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorBodyDto) } } } };
}
