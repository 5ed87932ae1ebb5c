import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { DefineEntitiesRequest, DefineEntityRequest, EntityPlan, FieldError, ListEntitiesRequest } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';
import { ManagedAppEntity } from '../managed-apps/managed-app.entity';
import { findOwnedApp } from '../managed-apps/owned-app';
import { EntityDefinitionEntity } from './entity-definition.entity';
import { defineEntity } from './entity-definition';

@Injectable()
export class EntitiesService {
  constructor(private readonly dataSource: DataSource) {}

  /** Creates the entity or replaces its definition (by name); existing rows keep their data. */
  async define(request: DefineEntityRequest): Promise<EntityPlan> {
    return this.dataSource.transaction(async (manager) => {
      const app = await findOwnedApp(manager, request.caller, request.id);
      const [entity] = await storeEntities(manager, app.id, [request.entity], 'one');
      if (!entity) throw new Error('storing one entity answered none');
      return entity;
    });
  }

  /** A plan's entities at once: all or none, their references resolved against the app's entities and each other. */
  async defineMany(request: DefineEntitiesRequest): Promise<EntityPlan[]> {
    return this.dataSource.transaction(async (manager) => {
      const app = await findOwnedApp(manager, request.caller, request.id);
      return storeEntities(manager, app.id, request.entities, 'batch');
    });
  }

  async list(request: ListEntitiesRequest): Promise<EntityPlan[]> {
    if (request.caller) await findOwnedApp(this.dataSource.manager, request.caller, request.app_id);
    else if (!(await this.dataSource.getRepository(ManagedAppEntity).existsBy({ id: request.app_id }))) {
      throw AppgenError.notFound('App', request.app_id);
    }
    const entities = await this.dataSource.getRepository(EntityDefinitionEntity).find({
      where: { appId: request.app_id },
      order: { createdAt: 'ASC', name: 'ASC' },
    });
    return entities.map((entity) => toPlan(entity));
  }
}

export function toPlan(entity: Pick<EntityDefinitionEntity, 'name' | 'label' | 'labelSingular' | 'fields' | 'userScoped' | 'openWrites'>): EntityPlan {
  return {
    name: entity.name,
    label: entity.label,
    label_singular: entity.labelSingular,
    fields: entity.fields,
    user_scoped: entity.userScoped,
    open_writes: entity.openWrites,
  };
}

/**
 * Checks definitions as a whole and stores them in the caller's transaction, creating each entity or replacing its
 * definition by name; rows keep their data. A reference column may point at an entity the app has or one defined
 * with it, so entities that point at each other are defined together. Errors name the field as the request does:
 * `fields[2].entity` for one entity (`'one'`), `entities[1].fields[2].entity` in a batch. Shared by
 * apps.entities.define, apps.entities.define_many and a restore, which puts back the entities of the plan restored.
 */
export async function storeEntities(manager: EntityManager, appId: string, definitions: EntityPlan[], shape: 'one' | 'batch'): Promise<EntityPlan[]> {
  // Definitions of one app change one batch at a time, so a reference is judged against the entities as they are.
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`app_entities:${appId}`]);
  const existing = await manager.query<{ name: string }[]>('SELECT name FROM app_entities WHERE app_id = $1', [appId]);
  const names = new Set([...existing.map((row) => row.name), ...definitions.map((definition) => definition.name)]);
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const entities: EntityPlan[] = [];
  definitions.forEach((definition, index) => {
    const prefix = shape === 'one' ? '' : `entities[${index}].`;
    if (seen.has(definition.name)) errors.push({ field: `${prefix}name`, message: `repeats ${definition.name}` });
    seen.add(definition.name);
    const defined = defineEntity(definition, names);
    if (defined.entity) entities.push(defined.entity);
    else errors.push(...defined.errors.map((error) => ({ ...error, field: `${prefix}${error.field}` })));
  });
  if (errors.length > 0) throw AppgenError.validation(errors);
  for (const entity of entities) {
    await manager.query(
      `INSERT INTO app_entities (app_id, name, label, label_singular, fields, user_scoped, open_writes) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)
       ON CONFLICT (app_id, name) DO UPDATE SET label = excluded.label, label_singular = excluded.label_singular,
         fields = excluded.fields, user_scoped = excluded.user_scoped, open_writes = excluded.open_writes, updated_at = now()`,
      [appId, entity.name, entity.label, entity.label_singular, JSON.stringify(entity.fields), entity.user_scoped, entity.open_writes === true],
    );
  }
  return entities;
}
