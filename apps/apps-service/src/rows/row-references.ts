import type { EntityManager } from 'typeorm';
import type { EntityField, EntityPlan, EntityRow, FieldError, RowActor, RowValue } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';
import type { EntityDefinitionEntity } from '../entities/entity-definition.entity';
import { toPlan } from '../entities/entities.service';
import { isReferenceType } from '../entities/entity-definition';
import type { RowData } from './row-data';

/**
 * Relations between rows: reference and references fields hold ids of rows of another entity of the same app
 * (decisions.md, "Tool execution"). Here: that a written id names a row the writer may see, what a read's `expand`
 * puts in place of the ids, and what deleting a row does to the rows pointing at it (each column's `on_delete`).
 */

export interface StoredRow {
  id: string;
  data: RowData;
  created_at: Date;
  updated_at: Date;
}

export const ROW_COLUMNS_SQL = 'id, data, created_at, updated_at';

/** `{id, ...fields, created_at, updated_at}`, fields in definition order; a field added later reads as null. */
export function rowView(entity: EntityPlan, row: StoredRow): EntityRow {
  const fields: Record<string, RowValue> = {};
  for (const field of entity.fields) fields[field.name] = row.data[field.name] ?? null;
  return {
    id: Number(row.id),
    ...fields,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/**
 * The rows of an entity an actor may see: `'all'`, those one app user created (their e-mail), or `null` for none.
 * The owner sees every row; in a user_scoped entity an app user sees their own and a visitor none.
 */
export type RowScope = 'all' | { ownerEmail: string } | null;

export function scopeOf(actor: RowActor, entity: Pick<EntityPlan, 'user_scoped'>): RowScope {
  if (!entity.user_scoped || actor.kind === 'owner') return 'all';
  return actor.kind === 'app_user' ? { ownerEmail: actor.email.toLowerCase() } : null;
}

/** The row ids a reference (one) or references (a list) value holds. */
function idsIn(value: RowValue | undefined): number[] {
  if (typeof value === 'number') return [value];
  return Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : [];
}

async function entitiesNamed(manager: EntityManager, appId: string, names: string[]): Promise<Map<string, EntityPlan>> {
  if (names.length === 0) return new Map();
  const rows = await manager.query<EntityDefinitionEntity[]>(
    `SELECT name, label, label_singular AS "labelSingular", fields, user_scoped AS "userScoped", open_writes AS "openWrites"
       FROM app_entities WHERE app_id = $1 AND name = ANY($2::text[])`,
    [appId, names],
  );
  return new Map(rows.map((row) => [row.name, toPlan(row)]));
}

/** The reference and references fields of an entity, with the entity each points at. */
function referenceFields(entity: EntityPlan): Array<EntityField & { entity: string }> {
  return entity.fields.filter((field): field is EntityField & { entity: string } => isReferenceType(field.type) && field.entity !== undefined);
}

/** `AND owner_email = $n` when the scope is one app user's, its parameter pushed onto `params`. */
function scopeSql(scope: 'all' | { ownerEmail: string }, params: unknown[]): string {
  if (scope === 'all') return '';
  params.push(scope.ownerEmail);
  return ` AND owner_email = $${params.length}`;
}

/**
 * Every id the written `data` puts in a reference field names a row of its target entity that the writer may see
 * (a user_scoped target: their own rows); otherwise 422 naming the field and the id. The rows named are locked
 * (FOR SHARE) until the write commits, so a concurrent delete of one waits for it, and then finds the new row
 * pointing at it, or this write waits for the delete and finds the row gone.
 */
export async function ensureReferencedRowsExist(manager: EntityManager, appId: string, actor: RowActor, entity: EntityPlan, data: RowData): Promise<void> {
  const written = referenceFields(entity).filter((field) => idsIn(data[field.name]).length > 0);
  if (written.length === 0) return;
  const targets = await entitiesNamed(manager, appId, [...new Set(written.map((field) => field.entity))]);
  const visible = new Map<string, Set<number>>();
  for (const [name, target] of targets) {
    const ids = [...new Set(written.filter((field) => field.entity === name).flatMap((field) => idsIn(data[field.name])))];
    const scope = scopeOf(actor, target);
    if (scope === null) continue;
    const params: unknown[] = [appId, name, ids];
    const found = await manager.query<{ id: string }[]>(
      `SELECT id FROM app_rows WHERE app_id = $1 AND entity = $2 AND id = ANY($3::bigint[])${scopeSql(scope, params)} ORDER BY id FOR SHARE`,
      params,
    );
    visible.set(name, new Set(found.map((row) => Number(row.id))));
  }
  const errors: FieldError[] = [];
  for (const field of written) {
    const seen = visible.get(field.entity) ?? new Set<number>();
    const missing = idsIn(data[field.name]).filter((id) => !seen.has(id));
    if (missing.length === 0) continue;
    errors.push(
      field.type === 'reference'
        ? { field: field.name, message: `must be the id of a row of ${field.entity}: there is no ${field.entity} row ${missing[0]}` }
        : { field: field.name, message: `must list ids of rows of ${field.entity}: ${[...new Set(missing)].join(', ')} ${missing.length === 1 ? 'is' : 'are'} not one` },
    );
  }
  if (errors.length > 0) throw AppgenError.validation(errors);
}

/**
 * Puts in place of the ids of each `expand` field the rows they point at, one query per field for the whole page.
 * A row the reader may not see (another app user's, in a user_scoped entity) stays its id, so a list keeps its
 * length and order and the reader learns nothing it did not already hold.
 */
export async function expandReferences(manager: EntityManager, appId: string, actor: RowActor, rows: EntityRow[], expand: EntityField[]): Promise<void> {
  if (rows.length === 0 || expand.length === 0) return;
  const targets = await entitiesNamed(manager, appId, [...new Set(expand.flatMap((field) => (field.entity === undefined ? [] : [field.entity])))]);
  for (const field of expand) {
    const target = field.entity === undefined ? undefined : targets.get(field.entity);
    if (!target) continue;
    const ids = [...new Set(rows.flatMap((row) => idsIn(row[field.name])))];
    const scope = scopeOf(actor, target);
    if (ids.length === 0 || scope === null) continue;
    const params: unknown[] = [appId, target.name, ids];
    const found = await manager.query<StoredRow[]>(
      `SELECT ${ROW_COLUMNS_SQL} FROM app_rows WHERE app_id = $1 AND entity = $2 AND id = ANY($3::bigint[])${scopeSql(scope, params)}`,
      params,
    );
    const byId = new Map(found.map((row) => [Number(row.id), rowView(target, row)]));
    for (const row of rows) {
      const value = row[field.name];
      if (typeof value === 'number') row[field.name] = byId.get(value) ?? value;
      else if (Array.isArray(value)) row[field.name] = value.map((item) => (typeof item === 'number' ? (byId.get(item) ?? item) : item));
    }
  }
}

/** A column pointing at rows of some entity, and what deleting one of them does to the rows holding it. */
interface Pointer {
  entity: EntityPlan;
  field: EntityField & { entity: string };
  rule: 'restrict' | 'cascade' | 'set_null';
}

/** `data @> ANY(...)` patterns matching a row whose `field` holds one of `ids` (served by the GIN index on data). */
function holding(field: EntityField, ids: Iterable<number>): string[] {
  return [...ids].map((id) => JSON.stringify({ [field.name]: field.type === 'reference' ? id : [id] }));
}

/**
 * Deletes a row of `entity` (locked by the caller) and applies each rule of the columns pointing at it, in the
 * caller's transaction: `restrict` refuses with 409 while a row that is not itself being deleted points at it,
 * `cascade` deletes the rows pointing at it too (and what points at those, each row once, so cycles end),
 * `set_null` clears the reference or takes the id out of the list. Every row found pointing at a deleted one is
 * locked (FOR UPDATE) before its own pointers are looked for, so a concurrent write pointing at one of them either
 * committed first and is found, or waits and then finds its target gone.
 */
export async function deleteWithReferences(manager: EntityManager, appId: string, entity: EntityPlan, id: number): Promise<void> {
  const all = await manager.query<EntityDefinitionEntity[]>(
    `SELECT name, label, label_singular AS "labelSingular", fields, user_scoped AS "userScoped", open_writes AS "openWrites" FROM app_entities WHERE app_id = $1`,
    [appId],
  );
  const pointersAt = new Map<string, Pointer[]>();
  for (const definition of all.map((row) => toPlan(row))) {
    for (const field of referenceFields(definition)) {
      const list = pointersAt.get(field.entity) ?? [];
      list.push({ entity: definition, field, rule: field.on_delete ?? 'restrict' });
      pointersAt.set(field.entity, list);
    }
  }
  const doomed = new Map<string, Set<number>>([[entity.name, new Set([id])]]);
  const restricted: Array<{ pointer: Pointer; ids: number[] }> = [];
  const cleared: Pointer[] = [];
  const queue: Array<{ entity: string; ids: number[] }> = [{ entity: entity.name, ids: [id] }];
  for (let step = queue.shift(); step !== undefined; step = queue.shift()) {
    for (const pointer of pointersAt.get(step.entity) ?? []) {
      const found = await manager.query<{ id: string }[]>(
        'SELECT id FROM app_rows WHERE app_id = $1 AND entity = $2 AND data @> ANY($3::jsonb[]) ORDER BY id FOR UPDATE',
        [appId, pointer.entity.name, holding(pointer.field, step.ids)],
      );
      const ids = found.map((row) => Number(row.id));
      if (ids.length === 0) continue;
      if (pointer.rule === 'restrict') restricted.push({ pointer, ids });
      else if (pointer.rule === 'set_null') {
        if (!cleared.includes(pointer)) cleared.push(pointer);
      } else {
        const deleting = doomed.get(pointer.entity.name) ?? new Set<number>();
        const fresh = ids.filter((candidate) => !deleting.has(candidate));
        fresh.forEach((candidate) => deleting.add(candidate));
        doomed.set(pointer.entity.name, deleting);
        if (fresh.length > 0) queue.push({ entity: pointer.entity.name, ids: fresh });
      }
    }
  }

  // Rows deleted in the same cascade do not hold the delete back.
  const blocking = new Map<string, { ids: Set<number>; fields: Set<string> }>();
  for (const { pointer, ids } of restricted) {
    const remaining = ids.filter((candidate) => !doomed.get(pointer.entity.name)?.has(candidate));
    if (remaining.length === 0) continue;
    const entry = blocking.get(pointer.entity.name) ?? { ids: new Set<number>(), fields: new Set<string>() };
    remaining.forEach((candidate) => entry.ids.add(candidate));
    entry.fields.add(pointer.field.name);
    blocking.set(pointer.entity.name, entry);
  }
  if (blocking.size > 0) {
    const parts = [...blocking].map(
      ([name, { ids, fields }]) => `${ids.size} ${ids.size === 1 ? 'row' : 'rows'} of ${name} (${[...fields].join(', ')})`,
    );
    throw AppgenError.of(
      'conflict',
      `${entity.label_singular} ${id} cannot be deleted: ${parts.join(' and ')} still ${parts.length === 1 && parts[0]?.startsWith('1 ') ? 'points' : 'point'} at it. ` +
        'Delete those rows or change them to point elsewhere first.',
    );
  }

  for (const pointer of cleared) {
    const targets = doomed.get(pointer.field.entity) ?? new Set<number>();
    const keep = [...(doomed.get(pointer.entity.name) ?? [])];
    const params: unknown[] = [appId, pointer.entity.name, pointer.field.name, holding(pointer.field, targets), keep];
    const newValue =
      pointer.field.type === 'reference'
        ? `'null'::jsonb`
        : `coalesce((SELECT jsonb_agg(item ORDER BY n) FROM jsonb_array_elements(data -> $3) WITH ORDINALITY AS t(item, n)
             WHERE NOT (item = ANY($6::jsonb[]))), '[]'::jsonb)`;
    if (pointer.field.type !== 'reference') params.push([...targets].map((target) => JSON.stringify(target)));
    await manager.query(
      `UPDATE app_rows SET data = jsonb_set(data, ARRAY[$3::text], ${newValue}), updated_at = now()
        WHERE app_id = $1 AND entity = $2 AND data @> ANY($4::jsonb[]) AND NOT (id = ANY($5::bigint[]))`,
      params,
    );
  }
  for (const [name, ids] of doomed) {
    await manager.query('DELETE FROM app_rows WHERE app_id = $1 AND entity = $2 AND id = ANY($3::bigint[])', [appId, name, [...ids]]);
  }
}
