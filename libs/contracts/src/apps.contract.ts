import type { AppPlan, EntityPlan, SourceFile } from './app-plan';
import type { EntityRow, EntityRowsResponse, RowValue } from './app-runtime';
import type { CallerRequest } from './caller';
import type { PageMeta, PageRequest } from './pagination';
import type { Rpc } from './rpc';
import { APP_ID_MAX_LENGTH } from './limits';
import { Closed, Named, Nullable, StringEnum, Timestamp, Type, type Static } from './schema';

/** Subjects answered by apps-service (queue group `apps-service`). */
export const AppsSubjects = {
  create: 'apps.managed_apps.create',
  list: 'apps.managed_apps.list',
  get: 'apps.managed_apps.get',
  update: 'apps.managed_apps.update',
  delete: 'apps.managed_apps.delete',
  /** generation-service and deployment-service move an app through its lifecycle */
  setLifecycle: 'apps.managed_apps.set_lifecycle',
  listFiles: 'apps.files.list',
  readFile: 'apps.files.read',
  writeFile: 'apps.files.write',
  deleteFile: 'apps.files.delete',
  /** replaces the whole source tree with a new version (generation, rollback) */
  saveVersion: 'apps.versions.save',
  listVersions: 'apps.versions.list',
  /** one page of a version's files, for the builder (NATS messages are limited to 1 MB) */
  versionFiles: 'apps.versions.files',
  /** the plan of the app's latest version that has one, for update prompts */
  latestPlan: 'apps.versions.latest_plan',
  defineEntity: 'apps.entities.define',
  listEntities: 'apps.entities.list',
  queryRows: 'apps.rows.query',
  insertRow: 'apps.rows.insert',
  getRow: 'apps.rows.get',
  updateRow: 'apps.rows.update',
  deleteRow: 'apps.rows.delete',
  /** the edge asks what it serves at an address (public traffic, no caller) */
  resolveRuntime: 'apps.runtime.resolve',
  queryAnalytics: 'apps.analytics.query',
} as const;

/** Fire-and-forget messages apps-service consumes (queue group `apps-service`). */
export const AppsEvents = {
  /** the edge reports page views in batches */
  recordPageViews: 'apps.analytics.page_views',
} as const;

export const APP_STATUSES = ['draft', 'generating', 'generated', 'published', 'failed'] as const;
export type AppStatus = (typeof APP_STATUSES)[number];
export const AppStatus = StringEnum(APP_STATUSES);

export const APP_VISIBILITIES = ['public', 'login_required'] as const;
export type AppVisibility = (typeof APP_VISIBILITIES)[number];
export const AppVisibility = StringEnum(APP_VISIBILITIES, {
  description: 'login_required shows a sign-in page first; a change takes effect at once',
});

/** The name an app gets when created without one. */
export const DEFAULT_APP_NAME = 'Untitled App';

/** An app's id as a request names it (ids are 12 characters; longer ones name no app and are not looked up). */
export const AppId = Type.String({ minLength: 1, maxLength: APP_ID_MAX_LENGTH });

export const AppUrls = Named(
  'AppUrls',
  Closed({
    editor: Type.String({ format: 'uri' }),
    preview: Nullable(Type.String({ format: 'uri' })),
    production: Nullable(Type.String({ format: 'uri' })),
  }),
);
export type AppUrls = Static<typeof AppUrls>;

const appSummaryFields = {
  id: Type.String({ example: 'k3j9x2m4p7qa' }),
  name: Type.String({ example: 'Recipe Box' }),
  description: Type.String(),
  status: AppStatus,
  visibility: AppVisibility,
  ai_model: Type.String({ example: 'blueprint' }),
  preview_url: Nullable(Type.String({ format: 'uri' })),
  production_url: Nullable(Type.String({ format: 'uri' })),
  published_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
};

/** The App resource as lists show it. */
export const AppSummary = Named('AppSummary', Closed(appSummaryFields));
export type AppSummary = Static<typeof AppSummary>;

/** The App resource as `GET /managed_apps/:id` shows it. */
export const AppDetail = Named(
  'AppDetail',
  Closed({
    ...appSummaryFields,
    creator: Closed({ id: Type.Integer(), email: Type.String() }),
    versions_count: Type.Integer(),
    files_count: Type.Integer(),
    users_count: Type.Integer(),
    urls: AppUrls,
  }),
);
export type AppDetail = Static<typeof AppDetail>;

export interface CreateAppRequest extends CallerRequest {
  name?: string;
  description?: string;
  prompt?: string;
  ai_model?: string;
  visibility?: AppVisibility;
  auto_generate?: boolean;
}
export interface CreateAppResponse {
  app: AppSummary;
  message: string;
}

export interface ListAppsRequest extends CallerRequest, PageRequest {
  status?: AppStatus;
  name?: string;
}
export interface ListAppsResponse {
  apps: AppSummary[];
  meta: PageMeta;
}

export interface AppByIdRequest extends CallerRequest {
  id: string;
}
export interface AppDetailResponse {
  app: AppDetail;
}

export interface UpdateAppRequest extends AppByIdRequest {
  changes: {
    name?: string;
    description?: string;
    visibility?: AppVisibility;
    ai_model?: string;
  };
}
export interface UpdateAppResponse {
  app: AppSummary;
}

export interface DeleteAppResponse {
  success: true;
  message: string;
}

export interface LifecycleChange {
  status?: AppStatus;
  preview_url?: string | null;
  production_url?: string | null;
  published_at?: string | null;
}
export interface SetLifecycleRequest extends AppByIdRequest {
  changes: LifecycleChange;
}

/** The Source file resource (contract section 2). */
export interface SourceFileView {
  path: string;
  content: string;
  size: number;
  updated_at: string;
}

export type VersionSource = 'generation' | 'edit' | 'rollback';
export interface VersionView {
  id: number;
  app_id: string;
  number: number;
  source: VersionSource;
  files_count: number;
  created_at: string;
}

export interface ListFilesRequest extends AppByIdRequest {
  /** files whose path contains this (GET /managed_apps/:id/files?path=) */
  path?: string;
  /** glob over paths (svc-list-files), e.g. `src/**\/*.ts` */
  pattern?: string;
}
export interface ListFilesResponse {
  app_id: string;
  files: SourceFileView[];
  count: number;
}
export interface FileRequest extends AppByIdRequest {
  path: string;
}
export interface WriteFileRequest extends FileRequest {
  content: string;
}
export interface FileChangeResponse {
  file: SourceFileView | null;
  /** the new version the change made; deployment-service builds it for the preview */
  version: VersionView;
}

export interface SaveVersionRequest extends AppByIdRequest {
  files: SourceFile[];
  plan: AppPlan | null;
  source: VersionSource;
  /** makes a retried save (same job) return the version saved the first time */
  idempotency_key?: string;
}
export interface VersionFilesRequest extends AppByIdRequest {
  version_id: number;
  /** continue after this path (from the previous page's `next`) */
  after?: string;
}
export interface VersionFilesResponse {
  files: SourceFile[];
  next: string | null;
}

export interface DefineEntityRequest extends AppByIdRequest {
  entity: EntityPlan;
}

export interface ListEntitiesRequest {
  app_id: string;
  /** present when the account owner asks through the API or tools: another account's app is then 404 */
  caller?: CallerRequest['caller'];
}

/** Who reads or writes rows: a signed-in user of the generated app, a visitor, or the account owner (tools). */
export type RowActor = { kind: 'app_user'; email: string } | { kind: 'visitor' } | { kind: 'owner' };
export interface RowsRequest {
  app_id: string;
  entity: string;
  actor: RowActor;
  /** present when the account owner acts through the API or tools */
  caller?: CallerRequest['caller'];
}
export interface QueryRowsRequest extends RowsRequest {
  filters?: Record<string, RowValue>;
  order_by?: string;
  limit: number;
  offset: number;
}
export interface RowByIdRequest extends RowsRequest {
  id: number;
}
export interface WriteRowRequest extends RowsRequest {
  data: Record<string, RowValue>;
}
export interface UpdateRowRequest extends RowByIdRequest {
  data: Record<string, RowValue>;
}

export interface RuntimeApp {
  id: string;
  account_id: number;
  name: string;
  status: AppStatus;
  visibility: AppVisibility;
}

export const ANALYTICS_PERIODS = ['7d', '30d', '90d'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export interface AnalyticsResponse {
  app_id: string;
  period: AnalyticsPeriod;
  metrics: { page_views: number; unique_visitors: number; sessions: number };
}
export interface PageView {
  app_id: string;
  /** SHA-256 of the visitor cookie; raw identifiers are never stored */
  visitor: string;
  session: string;
  path: string;
  environment: 'preview' | 'production';
  at: string;
}

export interface AppsRpc {
  [AppsSubjects.create]: Rpc<CreateAppRequest, CreateAppResponse>;
  [AppsSubjects.list]: Rpc<ListAppsRequest, ListAppsResponse>;
  [AppsSubjects.get]: Rpc<AppByIdRequest, AppDetailResponse>;
  [AppsSubjects.update]: Rpc<UpdateAppRequest, UpdateAppResponse>;
  [AppsSubjects.delete]: Rpc<AppByIdRequest, DeleteAppResponse>;
  [AppsSubjects.setLifecycle]: Rpc<SetLifecycleRequest, { app: AppSummary }>;
  [AppsSubjects.listFiles]: Rpc<ListFilesRequest, ListFilesResponse>;
  [AppsSubjects.readFile]: Rpc<FileRequest, { file: SourceFileView }>;
  [AppsSubjects.writeFile]: Rpc<WriteFileRequest, FileChangeResponse>;
  [AppsSubjects.deleteFile]: Rpc<FileRequest, FileChangeResponse>;
  [AppsSubjects.saveVersion]: Rpc<SaveVersionRequest, { version: VersionView }>;
  [AppsSubjects.listVersions]: Rpc<AppByIdRequest, { versions: VersionView[] }>;
  [AppsSubjects.versionFiles]: Rpc<VersionFilesRequest, VersionFilesResponse>;
  [AppsSubjects.latestPlan]: Rpc<AppByIdRequest, { plan: AppPlan | null }>;
  [AppsSubjects.defineEntity]: Rpc<DefineEntityRequest, { entity: EntityPlan }>;
  [AppsSubjects.listEntities]: Rpc<ListEntitiesRequest, { entities: EntityPlan[] }>;
  [AppsSubjects.queryRows]: Rpc<QueryRowsRequest, EntityRowsResponse>;
  [AppsSubjects.insertRow]: Rpc<WriteRowRequest, { row: EntityRow }>;
  [AppsSubjects.getRow]: Rpc<RowByIdRequest, { row: EntityRow }>;
  [AppsSubjects.updateRow]: Rpc<UpdateRowRequest, { row: EntityRow }>;
  [AppsSubjects.deleteRow]: Rpc<RowByIdRequest, { success: true }>;
  [AppsSubjects.resolveRuntime]: Rpc<{ app_id: string }, { app: RuntimeApp }>;
  [AppsSubjects.queryAnalytics]: Rpc<AppByIdRequest & { period: AnalyticsPeriod }, AnalyticsResponse>;
}

export interface AppsMessages {
  [AppsEvents.recordPageViews]: { views: PageView[] };
}
