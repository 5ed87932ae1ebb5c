import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  CONTENT_LIMITS,
  type EntityPlan,
  type EntityRow,
  type EntityRowsResponse,
  type EntityTotalsResponse,
  MAX_TOTALS_GROUPS,
  type TotalRowsRequest,
  type TotalsGroupValue,
  type FieldError,
  type GetRowRequest,
  type QueryRowsRequest,
  type RowActor,
  type RowByIdRequest,
  type RowsRequest,
  type UpdateRowRequest,
  type WriteRowRequest,
} from '@appgen/contracts';
import { AppgenError, transactionWithRetry } from '@appgen/service-kit';
import type { EntityDefinitionEntity } from '../entities/entity-definition.entity';
import { toPlan } from '../entities/entities.service';
import {
  checkExpand,
  checkFilters,
  checkOrder,
  checkRanges,
  checkRowData,
  checkTotals,
  jsonBytes,
  rowSizeProblem,
  type RangeFieldType,
  type RowBound,
  type RowData,
  type RowFilter,
} from './row-data';
import { deleteWithReferences, ensureReferencedRowsExist, expandReferences, ROW_COLUMNS_SQL, rowView, type StoredRow } from './row-references';

/** The entity a request addresses, who acts, and which rows the actor may see: all, or those of one app user. */
interface Access {
  appId: string;
  entity: EntityPlan;
  actor: RowActor;
  ownerEmail: string | null;
}

/**
 * The condition of one equality filter, its parameters pushed onto `params`. A reference or references filter is a
 * containment (`data @> {"paid_by": 7}`, `{"shared_among": [7]}`) that the GIN index on data answers; an empty
 * references list counts as empty.
 */
function filterSql(filter: RowFilter, params: unknown[]): string {
  const { field, value } = filter;
  if (value !== null && (field.type === 'reference' || field.type === 'references')) {
    params.push(JSON.stringify({ [field.name]: field.type === 'reference' ? value : [value] }));
    return `data @> $${params.length}::jsonb`;
  }
  params.push(field.name);
  const at = `$${params.length}`;
  if (value === null && field.type === 'references') return `coalesce(data -> ${at}, 'null'::jsonb) IN ('null'::jsonb, '[]'::jsonb)`;
  params.push(JSON.stringify(value));
  return `coalesce(data -> ${at}, 'null'::jsonb) = $${params.length}::jsonb`;
}

/**
 * A number field's value as an exact decimal (numeric), or NULL when the row holds none. A value that is not a JSON
 * number (kept from before the field became a number field) is NULL too, rather than failing the whole query.
 */
function numberSql(valueSql: string): string {
  return `CASE WHEN jsonb_typeof(${valueSql}) = 'number' THEN (${valueSql})::numeric END`;
}

/**
 * How a field's stored value compares in order: as a number, a calendar date, or an instant (whatever its offset);
 * a value that is none of these (kept from before the field changed type) is NULL, never an error (migration
 * 1764300000100 defines row_date and row_instant).
 */
const RANGE_CASTS: Record<RangeFieldType, { type: string; stored: (field: string) => string }> = {
  integer: { type: 'numeric', stored: (field) => numberSql(`data -> ${field}`) },
  number: { type: 'numeric', stored: (field) => numberSql(`data -> ${field}`) },
  date: { type: 'date', stored: (field) => `row_date(data ->> ${field})` },
  datetime: { type: 'timestamptz', stored: (field) => `row_instant(data ->> ${field})` },
};
const COMPARISONS: Record<RowBound['operator'], string> = { gte: '>=', gt: '>', lte: '<=', lt: '<' };

/** The condition of one range bound; a row without a value in the field is NULL here, so outside every range. */
function boundSql(bound: RowBound, params: unknown[]): string {
  const cast = RANGE_CASTS[bound.field.type];
  params.push(bound.field.name, bound.value);
  return `${cast.stored(`$${params.length - 1}`)} ${COMPARISONS[bound.operator]} $${params.length}::${cast.type}`;
}

/**
 * The condition selecting the rows of a query: the entity's rows of the app, only the actor's own in a user_scoped
 * entity, then each filter and range bound; its parameters are pushed onto `params`.
 */
function selectedRows(access: Access, filters: RowFilter[], ranges: RowBound[], params: unknown[]): string {
  params.push(access.appId, access.entity.name);
  const where = [`app_id = $${params.length - 1}`, `entity = $${params.length}`];
  if (access.ownerEmail !== null) {
    params.push(access.ownerEmail);
    where.push(`owner_email = $${params.length}`);
  }
  for (const filter of filters) where.push(filterSql(filter, params));
  for (const bound of ranges) where.push(boundSql(bound, params));
  return where.join(' AND ');
}

/** The first rows that fit in `maxBytes` as JSON, and always the first one (a row alone is within its own limit). */
function pageWithin(rows: EntityRow[], maxBytes: number): EntityRow[] {
  let bytes = 0;
  const page: EntityRow[] = [];
  for (const row of rows) {
    bytes += jsonBytes(row);
    if (page.length > 0 && bytes > maxBytes) break;
    page.push(row);
  }
  return page;
}

@Injectable()
export class RowsService {
  constructor(private readonly dataSource: DataSource) {}

  async query(request: QueryRowsRequest): Promise<EntityRowsResponse> {
    const access = await this.access(request, 'see');
    const filters = checkFilters(access.entity, request.filters);
    const ranges = checkRanges(access.entity, request.ranges);
    const order = checkOrder(access.entity, request.order_by);
    const expand = checkExpand(access.entity, request.expand);
    // limit and offset were checked against the subject's schema (QueryRowsRequest); filters, order and expand need the entity.
    if (!filters.value || !ranges.value || !order.value || !expand.value) {
      throw AppgenError.validation([...filters.errors, ...ranges.errors, ...order.errors, ...expand.errors]);
    }
    const { offset } = request;

    const params: unknown[] = [];
    const conditions = selectedRows(access, filters.value, ranges.value, params);
    const countParams = [...params];
    let orderSql = `${order.value.column} ${order.value.direction}`;
    if (order.value.isField) {
      params.push(order.value.column);
      // Rows without a value come last in either direction, as people expect of a sorted list. Instants are
      // ordered as instants: their text may carry different offsets.
      const datetime = access.entity.fields.some((field) => field.name === order.value?.column && field.type === 'datetime');
      const sortKey = datetime ? RANGE_CASTS.datetime.stored(`$${params.length}`) : `data -> $${params.length}`;
      orderSql = `coalesce(data -> $${params.length}, 'null'::jsonb) = 'null'::jsonb, ${sortKey} ${order.value.direction}`;
    }
    params.push(request.limit, offset);
    const [rows, counted] = await Promise.all([
      this.dataSource.query<StoredRow[]>(
        `SELECT ${ROW_COLUMNS_SQL} FROM app_rows WHERE ${conditions}
          ORDER BY ${orderSql}, id ${order.value.direction} LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      ),
      this.dataSource.query<{ total: number }[]>(
        `SELECT count(*)::int AS total FROM app_rows WHERE ${conditions}`,
        countParams,
      ),
    ]);
    const total = counted[0]?.total ?? 0;
    const viewed = rows.map((row) => rowView(access.entity, row));
    await expandReferences(this.dataSource.manager, access.appId, access.actor, viewed, expand.value);
    // Measured with the rows expanded, as they travel.
    const page = pageWithin(viewed, CONTENT_LIMITS.rowsPageBytes);
    const next = offset + page.length;
    return { rows: page, total, next_offset: next < total ? next : null };
  }

  /**
   * The count of the rows a query selects and the sums of number fields over them, per group when asked, all computed
   * by Postgres over every matching row the actor may see (no row is read into memory, however many there are).
   * Sums are numeric, so decimals add up exactly; a value that is not a number (numberSql) adds nothing.
   */
  async totals(request: TotalRowsRequest): Promise<EntityTotalsResponse> {
    const access = await this.access(request, 'see');
    const filters = checkFilters(access.entity, request.filters);
    const ranges = checkRanges(access.entity, request.ranges);
    const totals = checkTotals(access.entity, request.sum, request.group_by);
    if (!filters.value || !ranges.value || !totals.value) {
      throw AppgenError.validation([...filters.errors, ...ranges.errors, ...totals.errors]);
    }
    const params: unknown[] = [];
    const conditions = selectedRows(access, filters.value, ranges.value, params);
    const sums = totals.value.sums.map((field, index) => {
      params.push(field.name);
      return { name: field.name, column: `sum_${index}`, sql: `coalesce(sum(${numberSql(`data -> $${params.length}`)}), 0)` };
    });
    const sumsOf = (row: Record<string, string>, prefix = ''): Record<string, number> =>
      Object.fromEntries(sums.map((sum) => [sum.name, Number(row[prefix + sum.column])]));

    const group = totals.value.groupBy;
    if (group === null) {
      const [row] = await this.dataSource.query<Array<Record<string, string>>>(
        `SELECT count(*)::text AS count${sums.map((sum) => `, ${sum.sql}::text AS ${sum.column}`).join('')} FROM app_rows WHERE ${conditions}`,
        params,
      );
      return { count: Number(row?.['count'] ?? 0), sum: row ? sumsOf(row) : {} };
    }
    params.push(group.name, MAX_TOTALS_GROUPS);
    const groupParam = `$${params.length - 1}`;
    // Largest first: by the first sum, else by how many rows; the value keeps the order of equal groups stable.
    const largest = sums[0] === undefined ? 'g.count DESC' : `g.${sums[0].column} DESC, g.count DESC`;
    // One statement, so the overall count and sums (window sums over every group, before the limit) and the groups
    // come from the same snapshot of the rows.
    const rows = await this.dataSource.query<Array<Record<string, string> & { value: TotalsGroupValue }>>(
      `WITH grouped AS (
         SELECT coalesce(data -> ${groupParam}, 'null'::jsonb) AS value, count(*) AS count${sums.map((sum) => `, ${sum.sql} AS ${sum.column}`).join('')}
           FROM app_rows WHERE ${conditions} GROUP BY 1)
       SELECT g.value, g.count::text AS count, (count(*) OVER ())::text AS groups_total, (sum(g.count) OVER ())::text AS all_count${sums
         .map((sum) => `, g.${sum.column}::text AS ${sum.column}, (sum(g.${sum.column}) OVER ())::text AS all_${sum.column}`)
         .join('')}
         FROM grouped g ORDER BY ${largest}, g.value LIMIT $${params.length}`,
      params,
    );
    const first = rows[0];
    return {
      count: Number(first?.['all_count'] ?? 0),
      sum: first ? sumsOf(first, 'all_') : Object.fromEntries(sums.map((sum) => [sum.name, 0])),
      groups: rows.map((row) => ({ value: row.value, count: Number(row['count']), sum: sumsOf(row) })),
      groups_total: Number(first?.['groups_total'] ?? 0),
    };
  }

  async get(request: GetRowRequest): Promise<EntityRow> {
    const access = await this.access(request, 'see');
    const expand = checkExpand(access.entity, request.expand);
    if (!expand.value) throw AppgenError.validation(expand.errors);
    const rows = await this.dataSource.query<StoredRow[]>(
      `SELECT ${ROW_COLUMNS_SQL} FROM app_rows WHERE ${this.rowWhere(access)}`,
      this.rowParams(access, request.id),
    );
    const row = rowView(access.entity, this.found(access, request.id, rows));
    await expandReferences(this.dataSource.manager, access.appId, access.actor, [row], expand.value);
    return row;
  }

  async insert(request: WriteRowRequest): Promise<EntityRow> {
    const access = await this.access(request, 'add');
    const checked = checkRowData(access.entity, request.data, 'insert');
    if (!checked.value) throw AppgenError.validation(checked.errors);
    const data = checked.value;
    const tooLarge = rowSizeProblem(data, data);
    if (tooLarge) throw AppgenError.validation([tooLarge]);
    return transactionWithRetry(this.dataSource, async (manager) => {
      await ensureReferencedRowsExist(manager, access.appId, access.actor, access.entity, data);
      await this.ensureUnique(manager, access, data, null);
      const ownerEmail = request.actor.kind === 'app_user' ? request.actor.email.toLowerCase() : null;
      const rows = await manager.query<StoredRow[]>(
        `INSERT INTO app_rows (app_id, entity, owner_email, data) VALUES ($1, $2, $3, $4::jsonb) RETURNING ${ROW_COLUMNS_SQL}`,
        [access.appId, access.entity.name, ownerEmail, JSON.stringify(data)],
      );
      return rowView(access.entity, this.found(access, 0, rows));
    });
  }

  async update(request: UpdateRowRequest): Promise<EntityRow> {
    const access = await this.access(request, 'change');
    const checked = checkRowData(access.entity, request.data, 'update');
    if (!checked.value) throw AppgenError.validation(checked.errors);
    const data = checked.value;
    return transactionWithRetry(this.dataSource, async (manager) => {
      await this.ensureFits(manager, access, request.id, data);
      await ensureReferencedRowsExist(manager, access.appId, access.actor, access.entity, data);
      await this.ensureUnique(manager, access, data, request.id);
      const params = this.rowParams(access, request.id);
      params.push(JSON.stringify(data));
      // For UPDATE and DELETE the postgres driver answers [returned rows, affected count].
      const [rows] = await manager.query<[StoredRow[], number]>(
        `UPDATE app_rows SET data = data || $${params.length}::jsonb, updated_at = now()
          WHERE ${this.rowWhere(access)} RETURNING ${ROW_COLUMNS_SQL}`,
        params,
      );
      return rowView(access.entity, this.found(access, request.id, rows));
    });
  }

  /** Deletes the row and applies the on_delete rule of every column pointing at it (./row-references.ts), all or nothing. */
  async delete(request: RowByIdRequest): Promise<{ success: true }> {
    const access = await this.access(request, 'change');
    return transactionWithRetry(this.dataSource, async (manager) => {
      const rows = await manager.query<StoredRow[]>(
        `SELECT ${ROW_COLUMNS_SQL} FROM app_rows WHERE ${this.rowWhere(access)} FOR UPDATE`,
        this.rowParams(access, request.id),
      );
      this.found(access, request.id, rows);
      await deleteWithReferences(manager, access.appId, access.entity, request.id);
      return { success: true } as const;
    });
  }

  /**
   * Resolves app, entity and actor in one query. The owner (a caller whose account owns the app) sees
   * every row; in a user_scoped entity an app user sees only their own rows and a visitor none. A visitor
   * (not signed in) reads a shared entity but writes it only when it is declared open for writes
   * (decisions.md, "App users"): anyone could otherwise empty a public app's data.
   */
  private async access(request: RowsRequest, intent: 'see' | 'add' | 'change'): Promise<Access> {
    const found = await this.dataSource.query<(EntityDefinitionEntity & { accountId: number })[]>(
      `SELECT e.name, e.label, e.label_singular AS "labelSingular", e.fields, e.user_scoped AS "userScoped", e.open_writes AS "openWrites", a.account_id AS "accountId"
         FROM managed_apps a LEFT JOIN app_entities e ON e.app_id = a.id AND e.name = $2
        WHERE a.id = $1`,
      [request.app_id, request.entity],
    );
    const row = found[0];
    const { actor, caller } = request;
    if (!row || (caller && caller.accountId !== row.accountId) || (actor.kind === 'owner' && !caller)) {
      throw AppgenError.notFound('App', request.app_id);
    }
    if (row.name === null) throw AppgenError.notFound('Entity', request.entity);
    const entity = toPlan(row);
    if (actor.kind === 'visitor' && (entity.user_scoped || (intent !== 'see' && !entity.open_writes))) {
      throw AppgenError.of('unauthorized', `Sign in to ${intent} ${entity.label.toLowerCase()}`);
    }
    if (!entity.user_scoped || actor.kind !== 'app_user') return { appId: request.app_id, entity, actor, ownerEmail: null };
    return { appId: request.app_id, entity, actor, ownerEmail: actor.email.toLowerCase() };
  }

  private rowWhere(access: Access): string {
    return `app_id = $1 AND entity = $2 AND id = $3${access.ownerEmail === null ? '' : ' AND owner_email = $4'}`;
  }

  private rowParams(access: Access, id: number): unknown[] {
    if (!Number.isSafeInteger(id) || id < 1) throw AppgenError.notFound(access.entity.label_singular, String(id));
    const params: unknown[] = [access.appId, access.entity.name, id];
    if (access.ownerEmail !== null) params.push(access.ownerEmail);
    return params;
  }

  private found(access: Access, id: number, rows: StoredRow[]): StoredRow {
    const row = rows[0];
    if (!row) throw AppgenError.notFound(access.entity.label_singular, id);
    return row;
  }

  /** The row as this update leaves it stays within CONTENT_LIMITS.rowBytes; locks it until the update commits. */
  private async ensureFits(manager: EntityManager, access: Access, id: number, changes: RowData): Promise<void> {
    const rows = await manager.query<StoredRow[]>(
      `SELECT ${ROW_COLUMNS_SQL} FROM app_rows WHERE ${this.rowWhere(access)} FOR UPDATE`,
      this.rowParams(access, id),
    );
    const row = this.found(access, id, rows);
    const tooLarge = rowSizeProblem({ ...row.data, ...changes }, changes);
    if (tooLarge) throw AppgenError.validation([tooLarge]);
  }

  /**
   * Fields marked unique hold each value once per entity. The advisory lock makes the check and the
   * write one step for concurrent writers of the same entity; entities without unique fields skip it.
   */
  private async ensureUnique(manager: EntityManager, access: Access, data: RowData, exceptId: number | null): Promise<void> {
    const unique = access.entity.fields.filter((field) => field.unique && data[field.name] !== undefined && data[field.name] !== null);
    if (unique.length === 0) return;
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`app_rows:${access.appId}:${access.entity.name}`]);
    const errors: FieldError[] = [];
    for (const field of unique) {
      const taken = await manager.query<unknown[]>(
        'SELECT 1 FROM app_rows WHERE app_id = $1 AND entity = $2 AND data -> $3 = $4::jsonb AND id <> $5 LIMIT 1',
        [access.appId, access.entity.name, field.name, JSON.stringify(data[field.name]), exceptId ?? 0],
      );
      if (taken.length > 0) errors.push({ field: field.name, message: 'is already taken by another row' });
    }
    if (errors.length > 0) throw AppgenError.validation(errors);
  }
}
