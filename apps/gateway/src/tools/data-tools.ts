import {
  AppsSubjects,
  AppUserEmail,
  Closed,
  ENTITY_LIMITS,
  Identifier,
  RowData,
  RowId,
  RowQueryFields,
  RPC_SCHEMAS,
  StringEnum,
  Type,
  type RowActor,
  type RowsRequest,
  type Static,
} from '@appgen/contracts';
import { entityFromColumns, EntityColumn, USER_SCOPINGS } from './entity-columns';
import { appOf, defineTool, succeeded, type ToolContext } from './tool';

const DEFAULT_QUERY_LIMIT = 25;

const entity = { ...Identifier, description: 'entity (table) name, e.g. recipes' };
const userEmail = Type.Optional({
  ...AppUserEmail,
  description:
    "act as this signed-in user of the app: rows of a user_scoped entity are then that user's own, as the app itself shows them; " +
    'default: the account owner, who sees every row',
});

type RowParams = { entity: string; user_email?: string };

/** A row's field among a data tool's params. */
const rowField = (field: string): string => `data.${field}`;

/** Who the data tools act as: the account owner, or with `user_email` a signed-in user of the app. */
function rowsRequest(context: ToolContext, params: RowParams): RowsRequest {
  const actor: RowActor = params.user_email === undefined ? { kind: 'owner' } : { kind: 'app_user', email: params.user_email };
  return { app_id: appOf(context), entity: params.entity, actor, caller: context.caller };
}

const CreateEntityParams = Closed({
  name: { ...entity, description: 'snake_case plural table name, e.g. recipes' },
  columns: Type.Array(EntityColumn, { minItems: 1, maxItems: ENTITY_LIMITS.fields }),
  user_scoping: Type.Optional(StringEnum(USER_SCOPINGS, { default: 'shared' })),
  open_writes: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        'true: visitors who are not signed in may add, change and delete rows too (a guest book, a public sign-up sheet); ' +
        'false: writing needs a signed-in app user. Shared entities only.',
    }),
  ),
});

export const createEntityTool = defineTool<Static<typeof CreateEntityParams>>({
  name: 'svc-create-entity',
  description:
    "Define a data entity (a table) of the app, or change an existing one's columns. With user_scoping user_scoped each " +
    'row belongs to the app user who created it. Visitors who are not signed in read shared entities of a public app, ' +
    'and write them only when open_writes is true (a guest book). A reference column holds the id of a row of the entity ' +
    'it names (entity), a references column a list of ids; on_delete says what deleting that row does: restrict (default) ' +
    'refuses while rows point at it, cascade deletes them too, set_null clears the reference. Needs app_id and apps:write.',
  input_schema: CreateEntityParams,
  permission: 'apps:write',
  needs_app: true,
  // apps-service names an entity's columns `fields[i]` (its plan's word); the tool takes them as `columns`.
  param_of: (field) => field.replace(/^fields(?:\[(\d+)\])?/, (_all, index?: string) => (index === undefined ? 'columns' : `columns.${index}`)),
  result_schema: RPC_SCHEMAS[AppsSubjects.defineEntity].response,
  async run(context, { name, columns, user_scoping, open_writes }) {
    const plan = entityFromColumns(name, columns, user_scoping ?? 'shared', open_writes ?? false);
    return succeeded(await context.rpc.request(AppsSubjects.defineEntity, { caller: context.caller, id: appOf(context), entity: plan }));
  },
});

const QueryDataParams = Closed({
  entity,
  filters: RowQueryFields.filters,
  expand: RowQueryFields.expand,
  order_by: RowQueryFields.order_by,
  limit: Type.Optional({ ...RowQueryFields.limit, default: DEFAULT_QUERY_LIMIT }),
  offset: Type.Optional({ ...RowQueryFields.offset, default: 0 }),
  user_email: userEmail,
});

export const queryDataTool = defineTool<Static<typeof QueryDataParams>>({
  name: 'svc-query-data',
  description:
    "Read rows of one of the app's entities, the same rows the app shows. expand replaces the ids of reference fields by the " +
    'rows they point at; a filter on a reference field lists the rows pointing at a row. Needs app_id and apps:read.',
  input_schema: QueryDataParams,
  permission: 'apps:read',
  needs_app: true,
  result_schema: RPC_SCHEMAS[AppsSubjects.queryRows].response,
  async run(context, params) {
    const { filters, expand, order_by, limit, offset } = params;
    return succeeded(
      await context.rpc.request(AppsSubjects.queryRows, {
        ...rowsRequest(context, params),
        ...(filters === undefined ? {} : { filters }),
        ...(expand === undefined ? {} : { expand }),
        ...(order_by === undefined ? {} : { order_by }),
        limit: limit ?? DEFAULT_QUERY_LIMIT,
        offset: offset ?? 0,
      }),
    );
  },
});

const InsertDataParams = Closed({ entity, data: RowData, user_email: userEmail });

export const insertDataTool = defineTool<Static<typeof InsertDataParams>>({
  name: 'svc-insert-data',
  description: "Add a row to one of the app's entities. Needs app_id and apps:write.",
  input_schema: InsertDataParams,
  permission: 'apps:write',
  needs_app: true,
  // apps-service names a row's fields as they are; the tool takes them inside `data`.
  param_of: rowField,
  result_schema: RPC_SCHEMAS[AppsSubjects.insertRow].response,
  async run(context, params) {
    return succeeded(await context.rpc.request(AppsSubjects.insertRow, { ...rowsRequest(context, params), data: params.data }));
  },
});

const UpdateDataParams = Closed({ entity, id: RowId, data: RowData, user_email: userEmail });

export const updateDataTool = defineTool<Static<typeof UpdateDataParams>>({
  name: 'svc-update-data',
  description: 'Change fields of one row; fields not sent stay as they are. Needs app_id and apps:write.',
  input_schema: UpdateDataParams,
  permission: 'apps:write',
  needs_app: true,
  // apps-service names a row's fields as they are; the tool takes them inside `data`.
  param_of: rowField,
  result_schema: RPC_SCHEMAS[AppsSubjects.updateRow].response,
  async run(context, params) {
    return succeeded(await context.rpc.request(AppsSubjects.updateRow, { ...rowsRequest(context, params), id: params.id, data: params.data }));
  },
});

const DeleteDataParams = Closed({ entity, id: RowId, user_email: userEmail });

export const deleteDataTool = defineTool<Static<typeof DeleteDataParams>>({
  name: 'svc-delete-data',
  description: 'Delete one row. Needs app_id and apps:write.',
  input_schema: DeleteDataParams,
  permission: 'apps:write',
  needs_app: true,
  result_schema: RPC_SCHEMAS[AppsSubjects.deleteRow].response,
  async run(context, params) {
    return succeeded(await context.rpc.request(AppsSubjects.deleteRow, { ...rowsRequest(context, params), id: params.id }));
  },
});
