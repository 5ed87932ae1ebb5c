import { Module, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { ServiceKitModule } from '@appgen/service-kit';
import { AccessGuard } from './access/access.guard';
import { AccessRulesVerifier } from './access/access-rules';
import { CredentialResolver } from './access/credential-resolver.service';
import { KeyUsageRecorder } from './access/key-usage.recorder';
import { RequestGate } from './access/request-gate';
import { RevocationListener } from './access/revocation.listener';
import { AppDetailReader } from './managed-apps/app-detail';
import { AccountsController } from './accounts/accounts.controller';
import { AnonymousBuildsController } from './anonymous-builds/anonymous-builds.controller';
import { ClientLimits } from './anonymous-builds/client-limits';
import { ClaimPageController } from './claim-page/claim-page.controller';
import { ConsoleAnalyticsController } from './console/console-analytics.controller';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { AppUsersController } from './app-users/app-users.controller';
import { AccountCredits } from './billing/account-credits';
import { CheckoutPageController } from './billing/checkout-page.controller';
import { CreditsController } from './billing/credits.controller';
import { StripeWebhookController } from './billing/stripe-webhook.controller';
import { GATEWAY_CONFIG, type GatewayConfig } from './config/gateway.config';
import { CustomDomainsController } from './custom-domains/custom-domains.controller';
import { DiscoveryController } from './discovery/discovery.controller';
import { SiteContent } from './discovery/site-content';
import { EnvVarsController } from './env-vars/env-vars.controller';
import { GenerationQueueController } from './generation/generation-queue.controller';
import { OfferedModels } from './generation/offered-models';
import { BackendHealthService } from './health/backend-health.service';
import { HelpController } from './help/help.controller';
import { PublicHealthController } from './health/public-health.controller';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor';
import { interceptPostRoutes } from './idempotency/post-routes';
import { IdempotencyService } from './idempotency/idempotency.service';
import { AppsAliasController } from './managed-apps/apps-alias.controller';
import { ManagedAppLifecycleController } from './managed-apps/managed-app-lifecycle.controller';
import { ManagedAppsController } from './managed-apps/managed-apps.controller';
import { OAuthServer } from './oauth/oauth-server.service';
import { McpController } from './mcp/mcp.controller';
import { McpOriginCheck } from './mcp/mcp-origin.middleware';
import { McpServerFactory } from './mcp/mcp-server.factory';
import { PublishedApi } from './openapi/published-api';
import { RateLimitService } from './rate-limit/rate-limit.service';
import { ToolExecutor } from './tools/tool-executor';
import { ToolsController } from './tools/tools.controller';
import { WebhooksController } from './webhooks/webhooks.controller';
import { ZapierController } from './zapier/zapier.controller';

/** Every route of the public API. */
const CONTROLLERS = [
  PublicHealthController,
  AccountsController,
  AnonymousBuildsController,
  ApiKeysController,
  ManagedAppsController,
  ManagedAppLifecycleController,
  EnvVarsController,
  CustomDomainsController,
  AppsAliasController,
  AppUsersController,
  GenerationQueueController,
  ToolsController,
  WebhooksController,
  ZapierController,
  CreditsController,
  DiscoveryController,
  HelpController,
];
interceptPostRoutes(CONTROLLERS, IdempotencyInterceptor);
/** JSON-RPC requests carry their own ids and the transport answers on the raw response: no Idempotency-Key there. */
const MCP_CONTROLLERS = [McpController];
/** Answered to a browser's form and to Stripe, which send no Idempotency-Key: billing makes each payment count once. */
const CHECKOUT_CONTROLLERS = [CheckoutPageController, StripeWebhookController];
/** The claim page's forms and the console's own reads are a browser's, protected by their own CSRF tokens: no Idempotency-Key there either. */
const PAGE_CONTROLLERS = [ClaimPageController, ConsoleAnalyticsController];

@Module({})
export class AppModule implements NestModule {
  static forConfig(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceKitModule.forRoot({ name: 'gateway', config, healthRoute: false, noNulPipe: false, metricsPort: config.METRICS_PORT }), DiscoveryModule],
      controllers: [...CONTROLLERS, ...MCP_CONTROLLERS, ...CHECKOUT_CONTROLLERS, ...PAGE_CONTROLLERS],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: APP_GUARD, useClass: AccessGuard },
        IdempotencyInterceptor,
        AccountCredits,
        IdempotencyService,
        AccessRulesVerifier,
        BackendHealthService,
        CredentialResolver,
        RevocationListener,
        AppDetailReader,
        KeyUsageRecorder,
        RateLimitService,
        ClientLimits,
        RequestGate,
        ToolExecutor,
        McpServerFactory,
        OfferedModels,
        OAuthServer,
        PublishedApi,
        SiteContent,
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(McpOriginCheck).forRoutes(...MCP_CONTROLLERS);
  }
}
