// The SDK without what needs Node (the webhook verifier uses node:crypto): for code that runs in a browser, such as
// the appgen web console, which imports `@appgen/sdk` resolved to this file.
export type { components, operations, paths } from './api-types.generated';
export { API_PATH, apiBaseUrl, createAppgenClient, type AppgenClient, type AppgenClientOptions } from './client';
export { EVENT_KINDS, type EventKind } from './event-kinds';
export { AppgenApiError, AppgenTimeoutError, dataOf, errorBody, type ApiErrorBody, type ApiResult } from './errors';
export { waitForDeployment, waitForJob, type AppStatus, type Deployment, type GenerationJob } from './wait';
