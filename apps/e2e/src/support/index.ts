export { e2eEnv, type E2eEnv } from './e2e-env';
export { api } from './api';
export { latestMailTo, parseEml, type ReceivedMail } from './mail';
export { platformControl, type PlatformControl } from './platform-control';
export { startDomainLab, type DnsChange, type DomainLab } from './domain-lab';
export { adminAccount, bus, closeBus, createKey, uniqueEmail, type TestAccount } from './accounts';
export { verifyWebhook } from '@appgen/testing';
export {
  startWebhookReceiver,
  waitFor,
  type ReceivedRequest,
  type Reply,
  type Responder,
  type WebhookReceiver,
} from './webhook-receiver';
export { appUserSession, deployedApp, generatedApp, throughEdge, until } from './app-journeys';
export { launchChromium, onBrowserPage } from './browser';
export { consoleSession, enterConsoleCode, onConsolePage, signedInToConsole } from './console';
export {
  authorizeInBrowser,
  authorizeQuery,
  exchangeCode,
  oauthTokenThroughBrowser,
  pkcePair,
  redirectReceived,
  registerOAuthClient,
  startLoopbackRedirect,
  type OAuthClient,
  type OAuthTokens,
} from './oauth';
export { call, connectMcp, credentialHeaders, failure, succeeded, type McpCredential } from './mcp-client';
export {
  contractErrorProblems,
  publishedDocument,
  publishedOperations,
  resolveSchema,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
} from './openapi';
