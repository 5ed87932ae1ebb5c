import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { installHttpRequestLog, AppgenError } from '@appgen/service-kit';
import { RequestGate } from '../access/request-gate';
import { CHECKOUT_PAGE_ROUTE, keepStripeWebhookBody } from '../billing/checkout-bodies';
import { ApiValidationPipe } from '../common/api-validation.pipe';
import type { GatewayConfig } from '../config/gateway.config';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { installConsole } from '../console/console-routes';
import { ApiExceptionFilter } from '../errors/api-exception.filter';
import { isOAuthPath, OAuthServer } from '../oauth/oauth-server.service';
import { installReferencePageHeaders } from '../discovery/reference-pages';
import { SiteContent } from '../discovery/site-content';
import { buildOpenApiDocument } from '../openapi/openapi-document';
import { PublishedApi } from '../openapi/published-api';
import { AppsAliasController } from '../managed-apps/apps-alias.controller';
import { ManagedAppsController } from '../managed-apps/managed-apps.controller';
import { serveDirectly } from './direct-routes';
import { hookFor, payloadHookFor } from './selective-hooks';
import { SITE_PATHS } from '../site/site-paths';
import { SITE_ROOT_ROUTES } from '../site/site-routes';

/** Nest's global prefix: the API's path without its leading slash. */
export const API_PREFIX = SITE_PATHS.api.slice(1);

export interface GatewayHttpOptions {
  /**
   * Serve the Swagger UI page at /docs (default). Its static files need @fastify/static, whose
   * ESM-only dependencies Jest cannot load on Node 20; in-process tests turn the page off and
   * check it against the built gateway instead. /openapi.json is served either way.
   */
  docsUi?: boolean;
}

/**
 * Everything the gateway adds to a bare Nest + Fastify app, shared by main.ts and the integration
 * tests so both serve the same thing. Initializes the app; the caller then listens.
 */
export async function configureGateway(app: NestFastifyApplication, config: GatewayConfig, options: GatewayHttpOptions = {}): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  const gate = app.get(RequestGate);
  const oauth = app.get(OAuthServer);
  installHttpRequestLog(fastify);
  installConsole(app, config);
  // A Fastify hook rather than Nest middleware: it also runs for unknown routes and before body parsing.
  // OAuth clients read its refusals in OAuth's format. The gate answers most requests without a promise.
  const refuse = async (request: FastifyRequest, reply: FastifyReply, error: unknown): Promise<void> => {
    if (!(error instanceof AppgenError) || !isOAuthPath(request.url)) throw error;
    await oauth.refuse(reply, error);
  };
  fastify.addHook('onRequest', (request, reply, done) => {
    let admitted: void | Promise<void>;
    try {
      admitted = gate.onRequest(request, reply);
    } catch (error) {
      return refuse(request, reply, error);
    }
    if (admitted) return admitted.catch((error: unknown) => refuse(request, reply, error));
    done();
  });
  // The OAuth server (a Koa app) answers /oauth/* and its metadata once the gate has counted the request, before
  // Fastify parses a body: its forms are URL-encoded, which the API refuses.
  fastify.addHook('onRequest', hookFor((request) => isOAuthPath(request.url), (request, reply) => oauth.serve(request, reply)));
  // onSend sees every response as it goes out (handler results and error-filter bodies alike) with its
  // final status, which is what an Idempotency-Key replay must repeat.
  installReferencePageHeaders(fastify, app.get(SiteContent));
  const idempotency = app.get(IdempotencyService);
  fastify.addHook(
    'onSend',
    payloadHookFor(
      (request) => idempotency.claimed(request),
      async (request, reply, payload: unknown) => {
        await idempotency.finish(request, reply, payload);
        return payload;
      },
    ),
  );

  app.setGlobalPrefix(API_PREFIX, { exclude: ['health', ...SITE_ROOT_ROUTES] });
  const failures = new ApiExceptionFilter();
  app.useGlobalFilters(failures);
  app.useGlobalPipes(new ApiValidationPipe());
  // The busiest reads, served without Nest's router (see direct-routes.ts for what that keeps).
  const direct = serveDirectly(app, API_PREFIX, failures, [
    { controller: ManagedAppsController, method: 'get' },
    { controller: AppsAliasController, method: 'get' },
  ]);

  const document = buildOpenApiDocument(app, config.SITE_URL);
  app.get(PublishedApi).publish(document);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    raw: ['json'],
    ui: options.docsUi ?? true,
    customSiteTitle: 'appgen API reference',
  });

  await app.init();
  direct.verify();

  // JSON is the only body the API takes: Nest registered JSON and URL-encoded form parsers and Fastify
  // plain text during init; all go, so any other content type is 415, and unparsable JSON is invalid_json.
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: fastify.initialConfig.bodyLimit }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // Many clients label every request JSON, bodiless DELETEs included: an empty body is no body.
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (error, value) => {
      if (!error) done(null, value);
      // Fastify refuses keys that could reach an object's prototype with the same error as broken JSON:
      // text that parses plainly was refused for those keys, and is told so.
      else if (parsesAsJson(text)) {
        done(AppgenError.validation([{ field: 'body', message: 'must not use the keys __proto__ or constructor.prototype' }]), undefined);
      } else done(AppgenError.of('invalid_json', 'The request body is not valid JSON'), undefined);
    });
  });
  acceptSiteForms(fastify);
  keepStripeWebhookBody(fastify);
}

/** The site's forms (a claim page's step, a card form): a few short fields. */
const FORM_MAX_BYTES = 8 * 1024;

/**
 * URL-encoded form posts, for the site's HTML forms (the claim page's steps, the sandbox checkout's card form) only;
 * the API goes on refusing them as it refuses every body that is not JSON.
 */
function acceptSiteForms(fastify: ReturnType<ReturnType<NestFastifyApplication['getHttpAdapter']>['getInstance']>): void {
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_MAX_BYTES }, (request, body, done) => {
    if (!request.url.startsWith(`${SITE_PATHS.claim}/`) && request.routeOptions.url !== CHECKOUT_PAGE_ROUTE) {
      done(AppgenError.of('unsupported_media_type', 'Request bodies must be JSON (Content-Type: application/json)'), undefined);
      return;
    }
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [name, value] of new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))) fields[name] ??= value;
    done(null, fields);
  });
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
