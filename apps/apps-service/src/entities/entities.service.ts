import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { DefineEntityRequest, EntityPlan, ListEntitiesRequest } from '@appgen/contracts';
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
    const app = await findOwnedApp(this.dataSource.manager, request.caller, request.id);
    return storeEntity(this.dataSource.manager, app.id, request.entity);
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
 * Checks a definition as a whole and stores it, creating the entity or replacing its definition by name; rows
 * keep their data. Shared by apps.entities.define and a restore, which puts back the entities of the plan restored.
 */
export async function storeEntity(manager: EntityManager, appId: string, definition: EntityPlan): Promise<EntityPlan> {
  const defined = defineEntity(definition);
  if (!defined.entity) throw AppgenError.validation(defined.errors);
  const entity = defined.entity;
  await manager.query(
    `INSERT INTO app_entities (app_id, name, label, label_singular, fields, user_scoped, open_writes) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)
     ON CONFLICT (app_id, name) DO UPDATE SET label = excluded.label, label_singular = excluded.label_singular,
       fields = excluded.fields, user_scoped = excluded.user_scoped, open_writes = excluded.open_writes, updated_at = now()`,
    [appId, entity.name, entity.label, entity.label_singular, JSON.stringify(entity.fields), entity.user_scoped, entity.open_writes === true],
  );
  return entity;
}
