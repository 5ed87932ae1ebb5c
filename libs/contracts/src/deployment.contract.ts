import type { ErrorCode } from './errors';
import type { CallerRequest } from './caller';
import type { Rpc } from './rpc';

/** Subjects answered by deployment-service (queue group `deployment-service`). */
export const DeploymentSubjects = {
  /** builds a version into a bundle (synchronously; idempotent per version) and makes it the preview */
  build: 'deployment.builds.build',
  /** build errors of the app's newest build (GET /managed_apps/:id/errors) */
  errors: 'deployment.builds.errors',
  deploy: 'deployment.deployments.create',
  rollback: 'deployment.deployments.rollback',
  /** the newest production deployment, for GET /managed_apps/:id/status */
  latest: 'deployment.deployments.latest',
  /** the edge asks which bundle it serves for an app and environment (public traffic, no caller) */
  resolveBundle: 'deployment.bundles.resolve',
  bundleFile: 'deployment.bundles.file',
} as const;

export const DEPLOYMENT_STATUSES = ['pending', 'building', 'deploying', 'deployed', 'failed'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

export type BuildStatus = 'succeeded' | 'failed';

/** The only `error_type` builds produce; the contract shows `build_error`. */
export const BUILD_ERROR_TYPE = 'build_error';

/**
 * One reason an app version did not build (contract: "Build error entry"). The repair loop reads these,
 * fixes `file` as `suggested_action` says (through the files interface or PATCH), then deploys again.
 */
export interface BuildErrorEntry {
  /** where and what, e.g. `src/views/list.ts:3:18: Unexpected ";" in: const total = ;` */
  message: string;
  error_type: typeof BUILD_ERROR_TYPE;
  /** app-relative path of the file to fix, e.g. `src/views/list.ts`; empty when no single file is at fault */
  file: string;
  suggested_action: string;
  /** the app's editor opened at `file` (and `line` when known) */
  fix_url: string;
  /** false only when the failure is appgen's own, so no change to the app's files can fix it */
  recoverable: boolean;
  /** ISO 8601 */
  occurred_at: string;
}

/** Body of `GET /managed_apps/:id/errors`; `errors` is empty for a clean app. */
export interface BuildErrorsResponse {
  recoverable: boolean;
  errors: BuildErrorEntry[];
}

export interface BuildView {
  id: number;
  app_id: string;
  version_id: number;
  status: BuildStatus;
  errors: BuildErrorEntry[];
  created_at: string;
}

export interface BuildRequest extends CallerRequest {
  app_id: string;
  version_id: number;
}

/** The Deployment resource (contract section 2). */
export interface DeploymentView {
  id: number;
  environment: 'production';
  status: DeploymentStatus;
  deployed_at: string | null;
  version_id: number;
}

/** 202 body of POST /managed_apps/:id/deploy; decisions.md adds `production_url`. */
export interface DeployResponse {
  deployment_id: number;
  status: 'queued';
  message: string;
  production_url: string;
}

/**
 * The contract's deploy refusal (section 7), the one error body whose `error` is a sentence:
 * 422 `{error: 'App is not deployable', reason, recoverable: true, suggested_action, fix_url}`.
 */
export const NOT_DEPLOYABLE_ERROR = 'App is not deployable' satisfies ErrorCode;

export interface RollbackRequest extends CallerRequest {
  app_id: string;
  /** defaults to the version deployed before the current one */
  version_id?: number;
}

export type BundleEnvironment = 'preview' | 'production';
export interface ResolveBundleResponse {
  build_id: number;
  /** changes whenever the served bundle changes, for HTTP caching */
  etag: string;
  paths: string[];
}
export interface BundleFileResponse {
  path: string;
  content: string;
  content_type: string;
}

export interface DeploymentRpc {
  [DeploymentSubjects.build]: Rpc<BuildRequest, { build: BuildView }>;
  [DeploymentSubjects.errors]: Rpc<CallerRequest & { app_id: string }, BuildErrorsResponse>;
  [DeploymentSubjects.deploy]: Rpc<CallerRequest & { app_id: string }, DeployResponse>;
  [DeploymentSubjects.rollback]: Rpc<RollbackRequest, { message: string; version_id: number }>;
  [DeploymentSubjects.latest]: Rpc<CallerRequest & { app_id: string }, { deployment: DeploymentView | null }>;
  [DeploymentSubjects.resolveBundle]: Rpc<{ app_id: string; environment: BundleEnvironment }, ResolveBundleResponse>;
  [DeploymentSubjects.bundleFile]: Rpc<{ build_id: number; path: string }, BundleFileResponse>;
}
