import { AppPlan, EntityPlan, Identifier, SourceFile, SourcePath } from './app-plan';
import { EntityRow, EntityRowsResponse, EntityTotalsResponse, RowValue } from './app-runtime';
import { Caller, CallerFields, ClientRequestKey } from './caller';
import { APP_ID_MAX_LENGTH, CONTENT_LIMITS, EMAIL_MAX_LENGTH, ENTITY_LIMITS, ENV_VAR_LIMITS, formatBytes, TEXT_LIMITS } from './limits';
import { PageFields, PageMeta, PageQueryFields } from './pagination';
import { rpc, type MessageTypes, type RpcTypes } from './rpc';
import { Closed, IntegerId, Named, Nullable, StoredText, StringEnum, Timestamp, Type, type Static } from './schema';
import { TEXT_PATTERNS } from './stored-text';

/** Subjects answered by apps-service (queue group `apps-service`). */
export const AppsSubjects = {
  create: 'apps.managed_apps.create',
  list: 'apps.managed_apps.list',
  get: 'apps.managed_apps.get',
  update: 'apps.managed_apps.update',
  delete: 'apps.managed_apps.delete',
  /** generation-service and deployment-service move an app through its lifecycle */
  setLifecycle: 'apps.managed_apps.set_lifecycle',
  /** claim-service moves an anonymous build's app (no account's yet) into the claiming caller's account */
  claim: 'apps.managed_apps.claim',
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
  /** makes an earlier version's files (and plan) the app's newest version, for rollback */
  restoreVersion: 'apps.versions.restore',
  defineEntity: 'apps.entities.define',
  /** defines several entities of one app in one transaction; their references may point at each other (cycles) */
  defineEntities: 'apps.entities.define_many',
  listEntities: 'apps.entities.list',
  queryRows: 'apps.rows.query',
  /** counts and sums of the rows a query selects, computed by Postgres over all of them */
  totalRows: 'apps.rows.totals',
  insertRow: 'apps.rows.insert',
  getRow: 'apps.rows.get',
  updateRow: 'apps.rows.update',
  deleteRow: 'apps.rows.delete',
  /** the edge asks what it serves at an address (public traffic, no caller) */
  resolveRuntime: 'apps.runtime.resolve',
  queryAnalytics: 'apps.analytics.query',
  /** an app's traffic per UTC day of the period, zero-filled, for the console's chart (not in the public API) */
  queryAnalyticsSeries: 'apps.analytics.series',
  /** an app's environment variables, values masked (GET /managed_apps/:id/env_vars) */
  listEnvVars: 'apps.env_vars.list',
  /** sets variables, all or none (PUT /managed_apps/:id/env_vars) */
  putEnvVars: 'apps.env_vars.put',
  deleteEnvVar: 'apps.env_vars.delete',
  /** the PUBLIC_ values in the clear, for deployment-service's builder (internal, no caller) */
  publicEnvValues: 'apps.env_vars.public_values',
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

/**
 * An app's id as a path or a message names it: any text, since an id that names no app (a longer or malformed
 * one included) is answered 404 by the service, not refused as invalid.
 */
export const AppId = Type.String();
/** An app's id in a request body (`app_id`): ids are 12 characters, and a longer one is refused as invalid. */
export const AppIdField = Type.String({ minLength: 1, maxLength: APP_ID_MAX_LENGTH });

export const AppUrls = Named(
  'AppUrls',
  Closed({
    editor: Type.String({ format: 'uri' }),
    preview: Nullable(Type.String({ format: 'uri' })),
    production: Nullable(Type.String({ format: 'uri' })),
  }),
);
export type AppUrls = Static<typeof AppUrls>;

/** The app the examples of the API's document describe. */
const EXAMPLE_APP_ID = 'k3x9q2m7w1ab';

const appSummaryFields = {
  id: Type.String({ example: EXAMPLE_APP_ID }),
  name: Type.String({ example: 'Recipe Box' }),
  description: Type.String({ example: 'Save recipes with their ingredients and cooking time, and rate them' }),
  status: AppStatus,
  visibility: AppVisibility,
  ai_model: Type.String({ example: 'blueprint' }),
  preview_url: Nullable(Type.String({ format: 'uri', example: `https://preview-${EXAMPLE_APP_ID}.preview.appgen.example` })),
  production_url: Nullable(Type.String({ format: 'uri', example: `https://${EXAMPLE_APP_ID}.apps.appgen.example` })),
  published_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
};

/** The App resource as lists show it. */
export const AppSummary = Named('AppSummary', Closed(appSummaryFields));
export type AppSummary = Static<typeof AppSummary>;

const appDetailFields = {
  ...appSummaryFields,
  creator: Closed({ id: Type.Integer(), email: Type.String() }),
  versions_count: Type.Integer(),
  files_count: Type.Integer(),
};

/** The App resource as `GET /managed_apps/:id` shows it. */
export const AppDetail = Named('AppDetail', Closed({ ...appDetailFields, users_count: Type.Integer(), urls: AppUrls }));
export type AppDetail = Static<typeof AppDetail>;

/**
 * The detail as apps-service answers `get`: all but `users_count`, which counts users-service's app users; the
 * gateway asks both and shows the AppDetail.
 */
export const StoredAppDetail = Closed({ ...appDetailFields, urls: AppUrls });
export type StoredAppDetail = Static<typeof StoredAppDetail>;

/** `prompt` as the API takes it: what to build, or with `app_id` what to change. */
export const Prompt = StoredText(TEXT_LIMITS.prompt, { 'x-trim': true, description: 'what to build, or with app_id what to change' });
/** `name` of an app: one line, trimmed. */
export const AppName = StoredText(TEXT_LIMITS.appName, { 'x-trim': true, description: 'one line', example: 'Recipe Box' });
export const AppDescription = StoredText(TEXT_LIMITS.appDescription, { description: 'what the app is for; may span lines' });
export const AiModel = StoredText(TEXT_LIMITS.aiModel, {
  'x-trim': true,
  example: 'blueprint',
  description: 'a model the generator engines offer (`blueprint` always; others as configured, 422 lists them)',
});

/** The fields of an app a PATCH may change, checked as on creation. */
const updatableAppFields = {
  name: Type.Optional({ ...AppName, description: 'one line; default on creation: "Untitled App"' }),
  description: Type.Optional(AppDescription),
  visibility: Type.Optional(AppVisibility),
  ai_model: Type.Optional({ ...AiModel, description: `${AiModel.description}; default: blueprint` }),
};

/** Body of POST /managed_apps. */
export const CreateAppBody = Named(
  'CreateAppRequest',
  Closed({
    ...updatableAppFields,
    prompt: Type.Optional({
      ...Prompt,
      description: 'what to build; with auto_generate (default) the app is generated at once',
      example: 'A recipe box where I save recipes with ingredients and cooking time and rate them',
    }),
    auto_generate: Type.Optional(Type.Boolean({ description: 'default: true when a prompt is given' })),
  }),
);
export type CreateAppBody = Static<typeof CreateAppBody>;
export const CreateAppRequest = Closed({
  ...CallerFields,
  ...CreateAppBody.properties,
  /** a retry with the first attempt's key answers the app it created instead of creating another */
  idempotency_key: Type.Optional(ClientRequestKey),
});
export type CreateAppRequest = Static<typeof CreateAppRequest>;
export const CreateAppResponse = Named('CreateAppResponse', Closed({ app: AppSummary, message: Type.String() }));
export type CreateAppResponse = Static<typeof CreateAppResponse>;

/** Query of GET /managed_apps. */
export const ListAppsQuery = Closed({
  status: Type.Optional(AppStatus),
  name: Type.Optional(Type.String({ maxLength: TEXT_LIMITS.appName.max, 'x-trim': true, description: 'apps whose name contains this (case-insensitive)' })),
  ...PageQueryFields,
});
export type ListAppsQuery = Static<typeof ListAppsQuery>;
export const ListAppsRequest = Closed({ ...CallerFields, ...ListAppsQuery.properties, ...PageFields });
export type ListAppsRequest = Static<typeof ListAppsRequest>;
export const ListAppsResponse = Named('AppList', Closed({ apps: Type.Array(AppSummary), meta: PageMeta }));
export type ListAppsResponse = Static<typeof ListAppsResponse>;

export const AppByIdRequest = Closed({ ...CallerFields, id: AppId });
export type AppByIdRequest = Static<typeof AppByIdRequest>;
export const AppDetailResponse = Named('AppDetailResponse', Closed({ app: AppDetail }));
export type AppDetailResponse = Static<typeof AppDetailResponse>;
export const StoredAppDetailResponse = Closed({ app: StoredAppDetail });
export type StoredAppDetailResponse = Static<typeof StoredAppDetailResponse>;

/** Body of PATCH /managed_apps/:id: only the fields sent change. */
export const UpdateAppBody = Named('UpdateAppRequest', Closed(updatableAppFields));
export type UpdateAppBody = Static<typeof UpdateAppBody>;
export const UpdateAppRequest = Closed({ ...AppByIdRequest.properties, changes: UpdateAppBody });
export type UpdateAppRequest = Static<typeof UpdateAppRequest>;
export const UpdateAppResponse = Named('UpdateAppResponse', Closed({ app: AppSummary }));
export type UpdateAppResponse = Static<typeof UpdateAppResponse>;

export const DeleteAppResponse = Named('DeleteAppResponse', Closed({ success: Type.Literal(true), message: Type.String() }));
export type DeleteAppResponse = Static<typeof DeleteAppResponse>;

const Url = Type.String({ format: 'uri' });

export const LifecycleChange = Closed({
  status: Type.Optional(AppStatus),
  preview_url: Type.Optional(Nullable(Url)),
  production_url: Type.Optional(Nullable(Url)),
  published_at: Type.Optional(Nullable(Timestamp)),
});
export type LifecycleChange = Static<typeof LifecycleChange>;
export const SetLifecycleRequest = Closed({ ...AppByIdRequest.properties, changes: LifecycleChange });
export type SetLifecycleRequest = Static<typeof SetLifecycleRequest>;

/** The Source file resource (contract section 2). */
export const SourceFileView = Named(
  'SourceFile',
  Closed({ path: Type.String({ example: 'src/main.ts' }), content: Type.String(), size: Type.Integer({ description: 'bytes of UTF-8' }), updated_at: Timestamp }),
);
export type SourceFileView = Static<typeof SourceFileView>;

export const VERSION_SOURCES = ['generation', 'edit', 'rollback'] as const;
export type VersionSource = (typeof VERSION_SOURCES)[number];
export const VersionView = Named(
  'Version',
  Closed({
    id: Type.Integer(),
    app_id: Type.String(),
    number: Type.Integer(),
    source: StringEnum(VERSION_SOURCES),
    /** one line: `Recipe Box generated`, `Edited src/main.ts`, `Restored version 2` */
    summary: Type.String({ example: 'Restored version 2' }),
    files_count: Type.Integer(),
    created_at: Timestamp,
  }),
);
export type VersionView = Static<typeof VersionView>;

/** A glob over an app's source paths (svc-list-files), e.g. `src/**\/*.ts`. */
export const FileGlob = Type.String({ minLength: 1, maxLength: 500, description: 'glob over paths; default: every file' });

/** Query of GET /managed_apps/:id/files. */
export const ListFilesQuery = Closed({
  path: Type.Optional(Type.String({ maxLength: CONTENT_LIMITS.filePathLength, description: 'files whose path contains this' })),
});
export const ListFilesRequest = Closed({
  ...AppByIdRequest.properties,
  ...ListFilesQuery.properties,
  pattern: Type.Optional(FileGlob),
});
export type ListFilesRequest = Static<typeof ListFilesRequest>;
export const ListFilesResponse = Named('FileList', Closed({ app_id: Type.String(), files: Type.Array(SourceFileView), count: Type.Integer() }));
export type ListFilesResponse = Static<typeof ListFilesResponse>;

export const FileRequest = Closed({ ...AppByIdRequest.properties, path: SourcePath });
export type FileRequest = Static<typeof FileRequest>;
/** A file's whole new content; characters bound bytes from below, and apps-service checks the UTF-8 size itself. */
export const FileContent = Type.String({
  maxLength: CONTENT_LIMITS.fileBytes,
  description: `the whole new content, at most ${formatBytes(CONTENT_LIMITS.fileBytes)} of UTF-8 (an app holds ${formatBytes(CONTENT_LIMITS.sourceBytesPerApp)} in all)`,
});
export const WriteFileRequest = Closed({ ...FileRequest.properties, content: FileContent });
export type WriteFileRequest = Static<typeof WriteFileRequest>;
export const FileChangeResponse = Closed({
  file: Nullable(SourceFileView),
  /** the new version the change made; deployment-service builds it for the preview */
  version: VersionView,
});
export type FileChangeResponse = Static<typeof FileChangeResponse>;

export const SaveVersionRequest = Closed({
  ...AppByIdRequest.properties,
  /** at most CONTENT_LIMITS.filesPerApp, which apps-service checks with the count it found */
  files: Type.Array(SourceFile),
  plan: Nullable(AppPlan),
  source: StringEnum(VERSION_SOURCES),
  /** makes a retried save (same job) return the version saved the first time */
  idempotency_key: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export type SaveVersionRequest = Static<typeof SaveVersionRequest>;
export const VersionFilesRequest = Closed({
  ...AppByIdRequest.properties,
  version_id: Type.Integer({ minimum: 1 }),
  /** continue after this path (from the previous page's `next`) */
  after: Type.Optional(Type.String({ maxLength: CONTENT_LIMITS.filePathLength })),
});
export type VersionFilesRequest = Static<typeof VersionFilesRequest>;
export const VersionFilesResponse = Closed({ files: Type.Array(SourceFile), next: Nullable(Type.String()) });
export type VersionFilesResponse = Static<typeof VersionFilesResponse>;

export const DefineEntityRequest = Closed({ ...AppByIdRequest.properties, entity: EntityPlan });
export type DefineEntityRequest = Static<typeof DefineEntityRequest>;

/** The most entities one `apps.entities.define_many` defines (a plan's entities). */
export const MAX_ENTITIES_PER_DEFINITION = 100;

/**
 * Several entities of one app, created or replaced by name in one transaction: a reference column may name an
 * entity of the batch or one the app already has, so a plan's entities can point at each other in cycles.
 */
export const DefineEntitiesRequest = Closed({
  ...AppByIdRequest.properties,
  entities: Type.Array(EntityPlan, { minItems: 1, maxItems: MAX_ENTITIES_PER_DEFINITION }),
});
export type DefineEntitiesRequest = Static<typeof DefineEntitiesRequest>;

export const ListEntitiesRequest = Closed({
  app_id: AppId,
  /** present when the account owner asks through the API or tools: another account's app is then 404 */
  caller: Type.Optional(Caller),
});
export type ListEntitiesRequest = Static<typeof ListEntitiesRequest>;

/** A signed-in user of a generated app, by e-mail address (as users-service signed them in). */
export const AppUserEmail = Type.String({ minLength: 3, maxLength: EMAIL_MAX_LENGTH, pattern: TEXT_PATTERNS.single });

/** Who reads or writes rows: a signed-in user of the generated app, a visitor, or the account owner (tools). */
export const RowActor = Type.Union([
  Closed({ kind: Type.Literal('app_user'), email: AppUserEmail }),
  Closed({ kind: Type.Literal('visitor') }),
  Closed({ kind: Type.Literal('owner') }),
]);
export type RowActor = Static<typeof RowActor>;

/** An entity (table) name as a request names it; one the app does not have is 404. */
export const EntityName = Type.String({ description: 'entity (table) name, e.g. recipes' });
/** A row's id as a request names it; one that names no row is 404. */
export const RowId = Type.Integer({ minimum: 1, description: "the row's id" });
/** A row's field values by column name; each is checked against the entity's definition by apps-service. */
export const RowData = Type.Record(Type.String(), RowValue, { description: 'field values by column name' });

/** The most rows one query answers (a page also ends early at CONTENT_LIMITS.rowsPageBytes). */
export const MAX_ROWS_LIMIT = 100;

/**
 * Reference and references fields whose ids a read replaces by the rows they point at (`{id, ...fields, created_at,
 * updated_at}`); a row the reader may not see stays its id. Each must be a reference or references field of the entity.
 */
export const RowExpand = Type.Array(
  { ...Identifier, description: 'a reference or references field of the entity' },
  { maxItems: ENTITY_LIMITS.fields, description: 'reference fields to replace by the rows they point at, e.g. ["paid_by", "shared_among"]' },
);

/**
 * The bounds of one field in a rows query: greater or equal, greater, less or equal, less. Each bound is read as the
 * field's type, as an equality filter's value is.
 */
export const RowRange = Closed({ gte: Type.Optional(RowValue), gt: Type.Optional(RowValue), lte: Type.Optional(RowValue), lt: Type.Optional(RowValue) });
export type RowRange = Static<typeof RowRange>;
export type RangeOperator = keyof RowRange;
export const RANGE_OPERATORS = ['gte', 'gt', 'lte', 'lt'] as const satisfies readonly RangeOperator[];

/** How a rows query filters, orders and pages; each filter and the order are checked against the entity by apps-service. */
export const RowQueryFields = {
  filters: Type.Optional(
    Type.Record(Type.String(), RowValue, {
      description:
        'equality filters by column name (null matches an empty field); on a reference field a row id matches the rows pointing at that row, ' +
        'on a references field the rows whose list holds that id',
    }),
  ),
  ranges: Type.Optional(
    Type.Record(Type.String(), RowRange, {
      description:
        'bounds on number, date and date-time fields by column name, e.g. {"due": {"gte": "2025-03-01", "lt": "2025-04-01"}}; ' +
        'a row without a value in the field is outside every range',
    }),
  ),
  expand: Type.Optional(RowExpand),
  order_by: Type.Optional(Type.String({ maxLength: 70, description: 'the column to order the rows by, with - for descending' })),
  limit: Type.Integer({ minimum: 1, maximum: MAX_ROWS_LIMIT, description: `rows per page, at most ${MAX_ROWS_LIMIT}` }),
  offset: Type.Integer({ minimum: 0, description: 'rows to skip, e.g. the next_offset of the page before' }),
};

/** Rows a generated app's `GET /_api/entities/:entity` answers when it names no `limit`. */
export const RUNTIME_ROWS_DEFAULT_LIMIT = 50;

/** `?expand=paid_by,shared_among` of a generated app's row reads: RowExpand as one comma-separated parameter. */
export const RuntimeExpand = Type.Optional(
  Type.String({ maxLength: 2000, description: 'comma-separated reference fields to replace by the rows they point at, e.g. paid_by,shared_among' }),
);

/** `?filters[paid_by]=7` of a generated app's `GET /_api/entities/:entity`: one equality filter per parameter, by field name. */
export const RUNTIME_FILTER_PARAM = /^filters\[([a-z][a-z0-9_]*)\]$/;
/** `?filters[due][gte]=2025-03-01` of the same request: one bound of a range (RowRange) per parameter. */
export const RUNTIME_RANGE_PARAM = new RegExp(`^filters\\[([a-z][a-z0-9_]*)\\]\\[(${RANGE_OPERATORS.join('|')})\\]$`);

/**
 * The query string of a generated app's `GET /_api/entities/:entity` (app-runtime.ts), which the edge passes on
 * as a rows query; parameters it does not name are the app's own and ignored. Besides these, each
 * `filters[<field>]=<value>` (RUNTIME_FILTER_PARAM) is an equality filter whose text apps-service reads as the
 * field's type (`filters[paid_by]=7`, `filters[done]=true`; empty: the field is empty), and each
 * `filters[<field>][gte|gt|lte|lt]=<value>` (RUNTIME_RANGE_PARAM) one bound of a range on a number, date or date-time field.
 */
export const RuntimeRowsQuery = Type.Object({
  limit: Type.Optional({ ...RowQueryFields.limit, default: RUNTIME_ROWS_DEFAULT_LIMIT }),
  offset: Type.Optional({ ...RowQueryFields.offset, default: 0 }),
  order_by: RowQueryFields.order_by,
  expand: RuntimeExpand,
});
export type RuntimeRowsQuery = Static<typeof RuntimeRowsQuery>;
/** Field types whose values a totals query adds up. */
export const SUM_FIELD_TYPES = ['integer', 'number'] as const;
/** Field types rows can be grouped by in a totals query: one value per row, so each row is in one group. */
export const GROUP_FIELD_TYPES = ['select', 'boolean', 'reference'] as const;
/** The most groups a totals query answers, the largest first; `groups_total` says how many there are. */
export const MAX_TOTALS_GROUPS = 100;

/** What a totals query adds up and groups by, besides the filters and ranges of a rows query; checked against the entity by apps-service. */
export const RowTotalsFields = {
  filters: RowQueryFields.filters,
  ranges: RowQueryFields.ranges,
  sum: Type.Optional(
    Type.Array(
      { ...Identifier, description: `an ${SUM_FIELD_TYPES.join(' or ')} field of the entity` },
      { maxItems: ENTITY_LIMITS.fields, description: 'number fields to add up over the matching rows, e.g. ["amount"]' },
    ),
  ),
  group_by: Type.Optional({
    ...Identifier,
    description: `a ${GROUP_FIELD_TYPES.join(', ')} field: count and sum per value of it (rows without one form the group null)`,
  }),
};

/**
 * The query string of a generated app's `GET /_api/entities/:entity/totals`: `sum=amount,hours` (comma-separated,
 * like expand) and `group_by=stage`; the same `filters[…]` parameters as its rows query select the rows.
 */
export const RuntimeTotalsQuery = Type.Object({
  sum: Type.Optional(Type.String({ maxLength: 2000, description: 'comma-separated number fields to add up, e.g. amount,hours' })),
  group_by: Type.Optional(Type.String({ maxLength: 70, description: 'a select, boolean or reference field to count and sum per value of' })),
});
export type RuntimeTotalsQuery = Static<typeof RuntimeTotalsQuery>;

/** The query string of a generated app's `GET /_api/entities/:entity/:id`. */
export const RuntimeRowQuery = Type.Object({ expand: RuntimeExpand });
export type RuntimeRowQuery = Static<typeof RuntimeRowQuery>;

const rowsRequestFields = {
  app_id: AppId,
  entity: EntityName,
  actor: RowActor,
  /** present when the account owner acts through the API or tools */
  caller: Type.Optional(Caller),
};
export const RowsRequest = Closed(rowsRequestFields);
export type RowsRequest = Static<typeof RowsRequest>;
export const QueryRowsRequest = Closed({ ...rowsRequestFields, ...RowQueryFields });
export type QueryRowsRequest = Static<typeof QueryRowsRequest>;
export const TotalRowsRequest = Closed({ ...rowsRequestFields, ...RowTotalsFields });
export type TotalRowsRequest = Static<typeof TotalRowsRequest>;
export const RowByIdRequest = Closed({ ...rowsRequestFields, id: RowId });
export type RowByIdRequest = Static<typeof RowByIdRequest>;
export const GetRowRequest = Closed({ ...rowsRequestFields, id: RowId, expand: RowQueryFields.expand });
export type GetRowRequest = Static<typeof GetRowRequest>;
export const WriteRowRequest = Closed({ ...rowsRequestFields, data: RowData });
export type WriteRowRequest = Static<typeof WriteRowRequest>;
export const UpdateRowRequest = Closed({ ...rowsRequestFields, id: RowId, data: RowData });
export type UpdateRowRequest = Static<typeof UpdateRowRequest>;
const RowResponse = Closed({ row: EntityRow });

export const RuntimeApp = Closed({
  id: Type.String(),
  account_id: Type.Integer(),
  name: Type.String(),
  status: AppStatus,
  visibility: AppVisibility,
});
export type RuntimeApp = Static<typeof RuntimeApp>;

// Environment variables (decisions.md, "Environment variables"): values are sealed at rest and never answered whole.

/** What a key may be: an upper-case identifier, as shells and bundlers name variables. */
export const ENV_VAR_KEY_PATTERN = '^[A-Z_][A-Z0-9_]*$';
/**
 * Keys with this prefix are public: compiled into the app's browser bundle as `import.meta.env.<KEY>`, readable
 * by every visitor. Every other key is secret and never reaches a browser.
 */
export const PUBLIC_ENV_PREFIX = 'PUBLIC_';
/** Keys with this prefix are kept for variables appgen itself may give every app; apps-service refuses them. */
export const RESERVED_ENV_PREFIX = 'APPGEN_';

export function isPublicEnvKey(key: string): boolean {
  return key.startsWith(PUBLIC_ENV_PREFIX);
}

/** An environment variable as the API shows it: never its value, only the end of a long one. */
export const EnvVarView = Named(
  'EnvVar',
  Closed({
    key: Type.String({ example: 'STRIPE_SECRET_KEY' }),
    masked_value: Type.String({
      example: '••••••••a1B2',
      description: '8 bullets, then the last 4 characters when the value has at least 16; the value itself is never answered',
    }),
    updated_at: Timestamp,
  }),
);
export type EnvVarView = Static<typeof EnvVarView>;
/** GET /managed_apps/:id/env_vars, sorted by key. */
export const EnvVarList = Named('EnvVarList', Closed({ env_vars: Type.Array(EnvVarView) }));
export type EnvVarList = Static<typeof EnvVarList>;

/**
 * Body of PUT /managed_apps/:id/env_vars: the variables to create or replace, by key; those not named keep their
 * values. The shape is checked here; apps-service checks each key and value's bytes and names `env_vars.<KEY>`.
 */
export const PutEnvVarsBody = Named(
  'PutEnvVarsRequest',
  Closed({
    env_vars: Type.Record(Type.String(), Type.String({ maxLength: ENV_VAR_LIMITS.valueBytes }), {
      minProperties: 1,
      maxProperties: ENV_VAR_LIMITS.perApp,
      'x-message': 'must set at least one variable',
      description:
        `keys match ${ENV_VAR_KEY_PATTERN} (1–${ENV_VAR_LIMITS.keyLength} characters, not starting with ${RESERVED_ENV_PREFIX}); ` +
        `values are text of at most ${formatBytes(ENV_VAR_LIMITS.valueBytes)} of UTF-8; an app has at most ${ENV_VAR_LIMITS.perApp} variables. ` +
        `Keys starting with ${PUBLIC_ENV_PREFIX} are compiled into the browser bundle as import.meta.env.<KEY> and rebuild the preview; ` +
        'the others never reach a browser.',
      example: { PUBLIC_API_BASE: 'https://api.example.com', STRIPE_SECRET_KEY: 'sk_live_…' },
    }),
  }),
);
export type PutEnvVarsBody = Static<typeof PutEnvVarsBody>;
export const PutEnvVarsRequest = Closed({ ...AppByIdRequest.properties, ...PutEnvVarsBody.properties });
export type PutEnvVarsRequest = Static<typeof PutEnvVarsRequest>;

/** What a change tells the gateway besides the list: whether the preview must be built again, and from which version. */
const envVarChangeFields = {
  /** a PUBLIC_ variable was added, changed or removed, so the browser bundle differs */
  public_changed: Type.Boolean(),
  /** the app's newest version, which the preview is rebuilt from; null before the app has one */
  newest_version_id: Nullable(Type.Integer()),
};
export const PutEnvVarsResult = Closed({ ...EnvVarList.properties, ...envVarChangeFields });
export type PutEnvVarsResult = Static<typeof PutEnvVarsResult>;

/** A key as a path names it: any text, since one the app does not have is answered 404, not refused as invalid. */
export const EnvVarRequest = Closed({ ...AppByIdRequest.properties, key: Type.String({ maxLength: 200 }) });
export type EnvVarRequest = Static<typeof EnvVarRequest>;
export const DeleteEnvVarResult = Closed({ success: Type.Literal(true), message: Type.String(), ...envVarChangeFields });
export type DeleteEnvVarResult = Static<typeof DeleteEnvVarResult>;

/** The app's PUBLIC_ variables in the clear, by key: what its browser bundle is built with. */
export const PublicEnvValues = Closed({ values: Type.Record(Type.String(), Type.String()) });
export type PublicEnvValues = Static<typeof PublicEnvValues>;

export const ANALYTICS_PERIODS = ['7d', '30d', '90d'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
/** Query of GET /managed_apps/:id/analytics. */
export const AnalyticsQuery = Closed({ period: Type.Optional(StringEnum(ANALYTICS_PERIODS, { default: '7d' })) });
export const AnalyticsResponse = Named(
  'Analytics',
  Closed({
    app_id: Type.String(),
    period: StringEnum(ANALYTICS_PERIODS),
    metrics: Closed({ page_views: Type.Integer(), unique_visitors: Type.Integer(), sessions: Type.Integer() }),
  }),
);
export type AnalyticsResponse = Static<typeof AnalyticsResponse>;

/** What both analytics subjects are asked: the caller's app and the period. */
const AnalyticsRequest = Closed({ ...AppByIdRequest.properties, period: StringEnum(ANALYTICS_PERIODS) });

/** The day-by-day counts behind a period, oldest first: one entry per UTC day, today's included, zero where nothing came. */
export const AnalyticsSeriesResponse = Closed({
  app_id: Type.String(),
  period: StringEnum(ANALYTICS_PERIODS),
  days: Type.Array(
    Closed({
      /** YYYY-MM-DD, UTC */
      date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
      page_views: Type.Integer(),
      unique_visitors: Type.Integer(),
      sessions: Type.Integer(),
    }),
  ),
});
export type AnalyticsSeriesResponse = Static<typeof AnalyticsSeriesResponse>;

/** A page view's path is stored cut to this many characters. */
export const PAGE_VIEW_PATH_STORED_LENGTH = 2048;

export const PageView = Closed({
  app_id: Type.String(),
  /** SHA-256 of the visitor cookie; raw identifiers are never stored */
  visitor: Type.String({ minLength: 1, maxLength: 128 }),
  session: Type.String({ minLength: 1, maxLength: 128 }),
  /** stored cut to its first PAGE_VIEW_PATH_STORED_LENGTH characters */
  path: Type.String(),
  environment: StringEnum(['preview', 'production'] as const),
  at: Timestamp,
});
export type PageView = Static<typeof PageView>;

// Versions: a page of them, and restoring one (rollback).
export const ListVersionsRequest = Closed({ ...AppByIdRequest.properties, ...PageFields });
export type ListVersionsRequest = Static<typeof ListVersionsRequest>;
export const ListVersionsResponse = Closed({ versions: Type.Array(VersionView), meta: PageMeta });
export type ListVersionsResponse = Static<typeof ListVersionsResponse>;
export const RestoreVersionRequest = Closed({
  ...AppByIdRequest.properties,
  /** the version to restore; default: the one before the newest */
  version_id: Type.Optional(IntegerId),
});
export type RestoreVersionRequest = Static<typeof RestoreVersionRequest>;
/** `version` is the new one (source rollback) holding the files of `restored`. */
export const RestoreVersionResponse = Closed({ version: VersionView, restored: VersionView });
export type RestoreVersionResponse = Static<typeof RestoreVersionResponse>;

export const APPS_RPC = {
  [AppsSubjects.create]: rpc(CreateAppRequest, CreateAppResponse),
  [AppsSubjects.list]: rpc(ListAppsRequest, ListAppsResponse),
  [AppsSubjects.get]: rpc(AppByIdRequest, StoredAppDetailResponse),
  [AppsSubjects.update]: rpc(UpdateAppRequest, UpdateAppResponse),
  [AppsSubjects.delete]: rpc(AppByIdRequest, DeleteAppResponse),
  [AppsSubjects.setLifecycle]: rpc(SetLifecycleRequest, Closed({ app: AppSummary })),
  [AppsSubjects.claim]: rpc(AppByIdRequest, Closed({ app: AppSummary })),
  [AppsSubjects.listFiles]: rpc(ListFilesRequest, ListFilesResponse),
  [AppsSubjects.readFile]: rpc(FileRequest, Closed({ file: SourceFileView })),
  [AppsSubjects.writeFile]: rpc(WriteFileRequest, FileChangeResponse),
  [AppsSubjects.deleteFile]: rpc(FileRequest, FileChangeResponse),
  [AppsSubjects.saveVersion]: rpc(SaveVersionRequest, Closed({ version: VersionView })),
  [AppsSubjects.listVersions]: rpc(ListVersionsRequest, ListVersionsResponse),
  [AppsSubjects.versionFiles]: rpc(VersionFilesRequest, VersionFilesResponse),
  [AppsSubjects.latestPlan]: rpc(AppByIdRequest, Closed({ plan: Nullable(AppPlan) })),
  [AppsSubjects.restoreVersion]: rpc(RestoreVersionRequest, RestoreVersionResponse),
  [AppsSubjects.defineEntity]: rpc(DefineEntityRequest, Closed({ entity: EntityPlan })),
  [AppsSubjects.defineEntities]: rpc(DefineEntitiesRequest, Closed({ entities: Type.Array(EntityPlan) })),
  [AppsSubjects.listEntities]: rpc(ListEntitiesRequest, Closed({ entities: Type.Array(EntityPlan) })),
  [AppsSubjects.queryRows]: rpc(QueryRowsRequest, EntityRowsResponse),
  [AppsSubjects.totalRows]: rpc(TotalRowsRequest, EntityTotalsResponse),
  [AppsSubjects.insertRow]: rpc(WriteRowRequest, RowResponse),
  [AppsSubjects.getRow]: rpc(GetRowRequest, RowResponse),
  [AppsSubjects.updateRow]: rpc(UpdateRowRequest, RowResponse),
  [AppsSubjects.deleteRow]: rpc(RowByIdRequest, Closed({ success: Type.Literal(true) })),
  [AppsSubjects.resolveRuntime]: rpc(Closed({ app_id: AppId }), Closed({ app: RuntimeApp })),
  [AppsSubjects.queryAnalytics]: rpc(AnalyticsRequest, AnalyticsResponse),
  [AppsSubjects.queryAnalyticsSeries]: rpc(AnalyticsRequest, AnalyticsSeriesResponse),
  [AppsSubjects.listEnvVars]: rpc(AppByIdRequest, EnvVarList),
  [AppsSubjects.putEnvVars]: rpc(PutEnvVarsRequest, PutEnvVarsResult),
  [AppsSubjects.deleteEnvVar]: rpc(EnvVarRequest, DeleteEnvVarResult),
  [AppsSubjects.publicEnvValues]: rpc(Closed({ app_id: AppId }), PublicEnvValues),
};
export type AppsRpc = RpcTypes<typeof APPS_RPC>;

export const APPS_MESSAGES = {
  /** Each view is checked on its own (PageView): a malformed one is skipped, not the batch with it. */
  [AppsEvents.recordPageViews]: Closed({ views: Type.Array(Type.Unsafe<PageView>({ type: 'object' }), { description: 'PageView entries' }) }),
};
export type AppsMessages = MessageTypes<typeof APPS_MESSAGES>;
