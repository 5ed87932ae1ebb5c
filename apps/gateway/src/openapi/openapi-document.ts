import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
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
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'An access token (at_...) or an API key' }, BEARER_SCHEME)
    .build();
  return SwaggerModule.createDocument(app, config, { ignoreGlobalPrefix: true, extraModels: [ErrorBodyDto] });
}
