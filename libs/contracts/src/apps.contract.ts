import type { CallerRequest } from './caller';
import type { PageMeta, PageRequest } from './pagination';
import type { Rpc } from './rpc';

/** Subjects answered by apps-service (queue group `apps-service`). */
export const AppsSubjects = {
  create: 'apps.managed_apps.create',
  list: 'apps.managed_apps.list',
  get: 'apps.managed_apps.get',
  update: 'apps.managed_apps.update',
  delete: 'apps.managed_apps.delete',
} as const;

export const APP_STATUSES = ['draft', 'generating', 'generated', 'published', 'failed'] as const;
export type AppStatus = (typeof APP_STATUSES)[number];

export const APP_VISIBILITIES = ['public', 'login_required'] as const;
export type AppVisibility = (typeof APP_VISIBILITIES)[number];

/** The name an app gets when created without one. */
export const DEFAULT_APP_NAME = 'Untitled App';

export interface AppUrls {
  editor: string;
  preview: string | null;
  production: string | null;
}

/** The App resource as lists show it. */
export interface AppSummary {
  id: string;
  name: string;
  description: string;
  status: AppStatus;
  visibility: AppVisibility;
  ai_model: string;
  preview_url: string | null;
  production_url: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The App resource as `GET /managed_apps/:id` shows it. */
export interface AppDetail extends AppSummary {
  creator: { id: number; email: string };
  versions_count: number;
  files_count: number;
  users_count: number;
  urls: AppUrls;
}

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

export interface AppsRpc {
  [AppsSubjects.create]: Rpc<CreateAppRequest, CreateAppResponse>;
  [AppsSubjects.list]: Rpc<ListAppsRequest, ListAppsResponse>;
  [AppsSubjects.get]: Rpc<AppByIdRequest, AppDetailResponse>;
  [AppsSubjects.update]: Rpc<UpdateAppRequest, UpdateAppResponse>;
  [AppsSubjects.delete]: Rpc<AppByIdRequest, DeleteAppResponse>;
}
