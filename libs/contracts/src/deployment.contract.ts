import { AppId, AppStatus, AppUrls, VersionView } from './apps.contract';
import { SourceFile } from './app-plan';
import { CallerFields, ClientRequestKey } from './caller';
import type { ErrorCode } from './errors';
import { GENERATION_JOB_STATUSES } from './generation.contract';
import { CONTENT_LIMITS } from './limits';
import { MAX_PER_PAGE, PageMeta, PageQueryFields } from './pagination';
import { rpc, type RpcTypes } from './rpc';
import { Closed, IntegerId, Named, Nullable, StringEnum, Timestamp, Type, type Static } from './schema';

/** Subjects answered by deployment-service (queue group `deployment-service`). */
export const DeploymentSubjects = {
  /** builds a version into a bundle (synchronously; idempotent per version) and makes it the preview */
  build: 'deployment.builds.build',
  /** build errors of the app's newest build (GET /managed_apps/:id/errors) */
  errors: 'deployment.builds.errors',
  /** builds a set of files as a version would be built and answers only its errors: nothing stored, no preview changed */
  check: 'deployment.builds.check',
  /** how each of some versions of an app built, and which of them the preview and production serve */
  ofVersions: 'deployment.builds.of_versions',
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

export const BUILD_STATUSES = ['succeeded', 'failed'] as const;
export type BuildStatus = (typeof BUILD_STATUSES)[number];
/** A version's build as the versions list shows it: how its build ended, or that it was never built. */
export const VERSION_BUILD_STATUSES = [...BUILD_STATUSES, 'not_built'] as const;
export type VersionBuildStatus = (typeof VERSION_BUILD_STATUSES)[number];

/** The only `error_type` builds produce; the contract shows `build_error`. */
export const BUILD_ERROR_TYPE = 'build_error';

/**
 * One reason an app version did not build (contract: "Build error entry"). The repair loop reads these,
 * fixes `file` as `suggested_action` says (through the files interface or PATCH), then deploys again.
 */
export const BuildErrorEntry = Named(
  'BuildError',
  Closed({
    /** where and what, e.g. `src/views/list.ts:3:18: Unexpected ";" in: const total = ;` */
    message: Type.String({ example: 'src/views/list.ts:3:18: Unexpected ";"' }),
    error_type: Type.Literal(BUILD_ERROR_TYPE),
    /** app-relative path of the file to fix, e.g. `src/views/list.ts`; empty when no single file is at fault */
    file: Type.String(),
    suggested_action: Type.String(),
    /** the app's editor opened at `file` (and `line` when known) */
    fix_url: Type.String({ format: 'uri' }),
    /** false only when the failure is appgen's own, so no change to the app's files can fix it */
    recoverable: Type.Boolean(),
    occurred_at: Timestamp,
  }),
);
export type BuildErrorEntry = Static<typeof BuildErrorEntry>;

/** Body of `GET /managed_apps/:id/errors`; `errors` is empty for a clean app. */
export const BuildErrorsResponse = Named('BuildErrors', Closed({ recoverable: Type.Boolean(), errors: Type.Array(BuildErrorEntry) }));
export type BuildErrorsResponse = Static<typeof BuildErrorsResponse>;

export const BuildView = Closed({
  id: Type.Integer(),
  app_id: Type.String(),
  version_id: Type.Integer(),
  status: StringEnum(BUILD_STATUSES),
  errors: Type.Array(BuildErrorEntry),
  created_at: Timestamp,
});
export type BuildView = Static<typeof BuildView>;

/** A version id as requests name it. */
const VersionId = IntegerId;

export const BuildRequest = Closed({ ...CallerFields, app_id: AppId, version_id: VersionId });
export type BuildRequest = Static<typeof BuildRequest>;

/**
 * A check build (`deployment.builds.check`): the files of an app as they would be saved, built exactly as a version
 * is built (generation-service's repair loop asks it after a model's changes). The request travels in one NATS
 * message, so its size is bounded by the bus (the requester's RpcClient refuses a larger one with 413), below the
 * app size limits of CONTENT_LIMITS, which bound the count here.
 */
export const CheckBuildRequest = Closed({
  /** the app whose files these are: names error links (`fix_url`) */
  app_id: AppId,
  files: Type.Array(SourceFile, { maxItems: CONTENT_LIMITS.filesPerApp }),
});
export type CheckBuildRequest = Static<typeof CheckBuildRequest>;
/** What a check build found: the same entries as a stored build's, empty when the files build. */
export const CheckBuildResponse = Closed({ errors: Type.Array(BuildErrorEntry) });
export type CheckBuildResponse = Static<typeof CheckBuildResponse>;

/** The Deployment resource (contract section 2). */
export const DeploymentView = Closed({
  id: Type.Integer(),
  environment: Type.Literal('production'),
  status: StringEnum(DEPLOYMENT_STATUSES),
  deployed_at: Nullable(Timestamp),
  version_id: Type.Integer(),
});
export type DeploymentView = Static<typeof DeploymentView>;

/** 202 body of POST /managed_apps/:id/deploy; decisions.md adds `production_url`. */
export const DeployResponse = Named(
  'DeployResponse',
  Closed({
    deployment_id: Type.Integer(),
    status: Type.Literal('queued'),
    message: Type.String(),
    production_url: Type.String({ format: 'uri' }),
  }),
);
export type DeployResponse = Static<typeof DeployResponse>;

/**
 * The contract's deploy refusal (section 7), the one error body whose `error` is a sentence:
 * 422 `{error: 'App is not deployable', reason, recoverable: true, suggested_action, fix_url}`.
 */
export const NOT_DEPLOYABLE_ERROR = 'App is not deployable' satisfies ErrorCode;
export const NotDeployableBody = Named(
  'NotDeployable',
  Closed({
    error: Type.Literal(NOT_DEPLOYABLE_ERROR),
    message: Type.String(),
    reason: Type.String({ example: 'The app has no successful build yet' }),
    recoverable: Type.Boolean(),
    suggested_action: Type.String(),
    fix_url: Type.String({ format: 'uri' }),
  }),
);

/**
 * How long the gateway waits for a rollback's answer: it restores, builds the preview and, for a published
 * app, waits for the production deployment (deployment-service gives that ROLLBACK_DEPLOY_WAIT_MS).
 */
export const ROLLBACK_REPLY_TIMEOUT_MS = 30_000;
export const ROLLBACK_DEPLOY_WAIT_MS = 20_000;

/** Body of POST /managed_apps/:id/rollback. */
export const RollbackBody = Named(
  'RollbackRequest',
  Closed({
    version_id: Type.Optional({
      ...VersionId,
      description: 'the `id` of the version to restore (GET /managed_apps/:id/versions); default: the version before the newest',
    }),
  }),
);
export const RollbackRequest = Closed({ ...CallerFields, app_id: AppId, ...RollbackBody.properties });
export type RollbackRequest = Static<typeof RollbackRequest>;
export const RollbackResponse = Named(
  'RollbackResponse',
  Closed({
    message: Type.String({ example: 'Restored version 1 as version 3: the preview and production serve it' }),
    version_id: Type.Integer({ description: 'the id of the NEW version the rollback made (source `rollback`), not of the one restored' }),
  }),
);
export type RollbackResponse = Static<typeof RollbackResponse>;

/** Which of some versions of an app built, and which the preview and production serve (`deployment.builds.of_versions`). */
export const VersionBuildsRequest = Closed({
  ...CallerFields,
  app_id: AppId,
  version_ids: Type.Array(VersionId, { maxItems: MAX_PER_PAGE }),
});
export type VersionBuildsRequest = Static<typeof VersionBuildsRequest>;
const VersionLive = Closed({
  preview: Type.Boolean({ description: "this version is what the preview serves (the app's newest successful build)" }),
  production: Type.Boolean({ description: 'this version is what the current production deployment serves' }),
});
export const VersionBuild = Closed({ version_id: Type.Integer(), build_status: StringEnum(VERSION_BUILD_STATUSES), live: VersionLive });
export type VersionBuild = Static<typeof VersionBuild>;
export const VersionBuildsResponse = Closed({ versions: Type.Array(VersionBuild) });
export type VersionBuildsResponse = Static<typeof VersionBuildsResponse>;

/** Query of GET /managed_apps/:id/versions. */
export const ListVersionsQuery = Closed({ ...PageQueryFields });
/** One version as GET /managed_apps/:id/versions shows it: apps-service's version with deployment-service's build. */
export const AppVersion = Named(
  'AppVersion',
  Closed({
    id: Type.Integer({ description: 'what `version_id` of POST /managed_apps/:id/rollback names' }),
    number: Type.Integer({ description: '1, 2, 3… in the order the versions were made' }),
    source: VersionView.properties.source,
    summary: VersionView.properties.summary,
    created_at: Timestamp,
    build_status: StringEnum(VERSION_BUILD_STATUSES),
    live: VersionLive,
  }),
);
export type AppVersion = Static<typeof AppVersion>;
export const VersionListResponse = Named('VersionList', Closed({ versions: Type.Array(AppVersion), meta: PageMeta }));
export type VersionListResponse = Static<typeof VersionListResponse>;

/** GET /managed_apps/:id/status: the app, its newest deployment and generation, and its addresses (the gateway asks all three). */
export const AppStatusResponse = Named(
  'AppStatus',
  Closed({
    app_id: Type.String(),
    name: Type.String(),
    status: AppStatus,
    deployment: Nullable(Closed({ id: Type.Integer(), environment: Type.Literal('production'), status: StringEnum(DEPLOYMENT_STATUSES), deployed_at: Nullable(Timestamp) })),
    generation: Nullable(Closed({ status: StringEnum(GENERATION_JOB_STATUSES), started_at: Nullable(Timestamp), completed_at: Nullable(Timestamp) })),
    urls: AppUrls,
  }),
);
export type AppStatusResponse = Static<typeof AppStatusResponse>;

export const BUNDLE_ENVIRONMENTS = ['preview', 'production'] as const;
export type BundleEnvironment = (typeof BUNDLE_ENVIRONMENTS)[number];
export const ResolveBundleResponse = Closed({
  build_id: Type.Integer(),
  /** changes whenever the served bundle changes, for HTTP caching */
  etag: Type.String(),
  paths: Type.Array(Type.String()),
});
export type ResolveBundleResponse = Static<typeof ResolveBundleResponse>;
export const BundleFileResponse = Closed({ path: Type.String(), content: Type.String(), content_type: Type.String() });
export type BundleFileResponse = Static<typeof BundleFileResponse>;

const AppOfCaller = Closed({ ...CallerFields, app_id: AppId });
/** POST /managed_apps/:id/deploy; a retry with the first attempt's `idempotency_key` answers the deployment it queued. */
export const DeployRequest = Closed({ ...AppOfCaller.properties, idempotency_key: Type.Optional(ClientRequestKey) });
export type DeployRequest = Static<typeof DeployRequest>;

export const DEPLOYMENT_RPC = {
  [DeploymentSubjects.build]: rpc(BuildRequest, Closed({ build: BuildView })),
  [DeploymentSubjects.errors]: rpc(AppOfCaller, BuildErrorsResponse),
  [DeploymentSubjects.check]: rpc(CheckBuildRequest, CheckBuildResponse),
  [DeploymentSubjects.ofVersions]: rpc(VersionBuildsRequest, VersionBuildsResponse),
  [DeploymentSubjects.deploy]: rpc(DeployRequest, DeployResponse),
  [DeploymentSubjects.rollback]: rpc(RollbackRequest, RollbackResponse),
  [DeploymentSubjects.latest]: rpc(AppOfCaller, Closed({ deployment: Nullable(DeploymentView) })),
  [DeploymentSubjects.resolveBundle]: rpc(Closed({ app_id: AppId, environment: StringEnum(BUNDLE_ENVIRONMENTS) }), ResolveBundleResponse),
  [DeploymentSubjects.bundleFile]: rpc(
    Closed({ build_id: Type.Integer({ minimum: 1 }), path: Type.String({ minLength: 1 }) }),
    BundleFileResponse,
  ),
};
export type DeploymentRpc = RpcTypes<typeof DEPLOYMENT_RPC>;
