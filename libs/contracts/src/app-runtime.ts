import { AccessTier } from './access-tiers';
import { Closed, Named, Nullable, Timestamp, Type, type Static } from './schema';

/**
 * The HTTP interface a generated app's frontend calls on its own host (preview or production address),
 * served by the edge: its data entities' rows (owned by apps-service) and its users' sign-in by e-mailed
 * code (users-service). Generated code and the edge both build on these paths and shapes.
 *
 *   GET    /_api/entities/:entity?limit=&offset=&order_by=&expand=&filters[<field>]=&filters[<field>][gte|gt|lte|lt]=
 *                                                             -> EntityRowsResponse (paged by count and size)
 *   GET    /_api/entities/:entity/totals?sum=&group_by=&filters[<field>]=&filters[<field>][gte|gt|lte|lt]=
 *                                                             -> EntityTotalsResponse (counted and summed by Postgres)
 *   POST   /_api/entities/:entity            body: row fields -> 201 EntityRowResponse
 *   GET    /_api/entities/:entity/:id?expand=                 -> EntityRowResponse
 *   PATCH  /_api/entities/:entity/:id        body: fields     -> EntityRowResponse
 *   DELETE /_api/entities/:entity/:id                         -> { success: true }
 *   POST   /_api/auth/request_code           body: { email }  -> { message }
 *   POST   /_api/auth/verify                 body: { email, code } -> AppSessionResponse, sets the session cookie
 *   GET    /_api/auth/me                                      -> AppSessionResponse ({user: {email, tier}}), or 401 when signed out
 *   POST   /_api/auth/sign_out                                -> { success: true }, clears the cookie
 *
 * Relations (reference and references fields hold row ids of another entity of the app): `expand=paid_by,shared_among`
 * replaces those ids by the rows they point at (`{id, ...fields, created_at, updated_at}`; a row the reader may not
 * see stays its id), and `filters[paid_by]=7` lists the rows pointing at row 7 (on a references field: whose list
 * holds 7), which is how a detail page shows its related rows (RuntimeRowsQuery in apps.contract.ts).
 * `filters[due][gte]=2025-03-01` bounds a number, date or date-time field (RowRange), as a calendar reads its month.
 * `totals?sum=amount&group_by=stage` counts the rows the same filters select and adds up number fields over all of them,
 * however many there are, optionally per value of a select, boolean or reference field (RuntimeTotalsQuery), so an
 * app's totals and summaries never depend on how many rows it has read.
 *
 * Failures use the API's error body `{error, message}` (422 adds `errors: [{field, message}]`).
 * Rows of a `user_scoped` entity are visible only to the signed-in app user who created them, and
 * writing one requires a session (401 otherwise). Visitors without a session read the shared entities of a
 * public app; adding, changing or deleting rows needs a session (401) unless the entity is `open_writes`.
 * Writes (POST, PATCH, DELETE) are accepted only from the app's own origin (403 otherwise) and their bodies
 * only as `Content-Type: application/json` (415 otherwise).
 */
export const APP_RUNTIME_PREFIX = '/_api';
export const APP_SESSION_COOKIE = 'appgen_session';

/** A field value of a row: checked against its column's type by apps-service, so any JSON value here. */
export const RowValue = Type.Unsafe<string | number | boolean | null | Array<string | number | Record<string, unknown>> | Record<string, unknown>>({
  description:
    'a field value: text, a number, true or false, null, the choices of a multiselect, a row id (reference) or a list of them ' +
    '(references; read with expand: the rows themselves), or JSON',
});
export type RowValue = Static<typeof RowValue>;

/** A row: its id and times, and its fields by column name. */
export const EntityRow = Named(
  'Row',
  Type.Intersect([Type.Object({ id: Type.Integer(), created_at: Timestamp, updated_at: Timestamp }), Type.Record(Type.String(), RowValue)]),
);
export type EntityRow = Static<typeof EntityRow>;

export const EntityRowsResponse = Named(
  'RowPage',
  Closed({
    rows: Type.Array(EntityRow),
    /** rows matching the query, over all pages */
    total: Type.Integer(),
    /**
     * the offset of the next page, or null after the last. A page holds up to `limit` rows but ends early
     * rather than grow past CONTENT_LIMITS.rowsPageBytes, so continue from here, not from offset + limit.
     */
    next_offset: Nullable(Type.Integer()),
  }),
);
export type EntityRowsResponse = Static<typeof EntityRowsResponse>;

/** What a row group of a totals answer is the group of: a select's option, true or false, a row id, or null for rows without one. */
export const TotalsGroupValue = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()], {
  description: "the group's value of the group_by field: an option of a select, true or false, a row id of a reference; null for rows without one",
});
export type TotalsGroupValue = Static<typeof TotalsGroupValue>;

/**
 * Sums of number fields by name. Each is the exact decimal sum of the field's values (Postgres numeric, so cents never
 * drift), as a JSON number; rows without a value add nothing, and a sum over no rows is 0.
 */
export const TotalsSums = Type.Record(Type.String(), Type.Number(), { description: 'the sum of each field named in sum, by field name' });
export type TotalsSums = Static<typeof TotalsSums>;

export const TotalsGroup = Named('RowTotalsGroup', Closed({ value: TotalsGroupValue, count: Type.Integer(), sum: TotalsSums }));
export type TotalsGroup = Static<typeof TotalsGroup>;

export const EntityTotalsResponse = Named(
  'RowTotals',
  Closed({
    /** rows matching the filters */
    count: Type.Integer(),
    sum: TotalsSums,
    /**
     * with group_by only: one entry per value of the field among the matching rows, the largest first (by the first
     * sum, else by count), at most MAX_TOTALS_GROUPS of them
     */
    groups: Type.Optional(Type.Array(TotalsGroup)),
    /** with group_by only: how many groups there are, so a client knows when `groups` is not all of them */
    groups_total: Type.Optional(Type.Integer()),
  }),
);
export type EntityTotalsResponse = Static<typeof EntityTotalsResponse>;

export const EntityRowResponse = Closed({ row: EntityRow });
export type EntityRowResponse = Static<typeof EntityRowResponse>;

/**
 * Who is signed in to the app: the e-mail, and the tier the app's owner granted them as it applies now
 * (`free` once the grant expired), so the app can gate features by tier.
 */
export const AppSessionResponse = Closed({ user: Closed({ email: Type.String(), tier: AccessTier }) });
export type AppSessionResponse = Static<typeof AppSessionResponse>;
