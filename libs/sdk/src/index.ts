export type { components, operations, paths } from './api-types.generated';
export { API_PATH, apiBaseUrl, createAppgenClient, DEFAULT_API_URL, type AppgenClient, type AppgenClientOptions, type UncheckedResult } from './client';
export { EVENT_KINDS, type EventKind } from './event-kinds';
export { AppgenApiError, AppgenTimeoutError, dataOf, errorBody, type ApiErrorBody, type ApiResult } from './errors';
export { paginate, type PageMeta, type PageQuery, type PaginateOptions } from './paginate';
export { SDK_VERSION } from './version';
export {
  FINAL_DEPLOYMENT_STATUSES,
  FINAL_JOB_STATUSES,
  waitForDeployment,
  waitForJob,
  type AppStatus,
  type Deployment,
  type GenerationJob,
  type WaitOptions,
} from './wait';
export { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER, type VerifyWebhookInput } from './webhooks';
