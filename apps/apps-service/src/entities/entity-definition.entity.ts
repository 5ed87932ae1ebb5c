import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { EntityField } from '@appgen/contracts';

/** A data entity of a generated app (a "table" its frontend stores rows in). */
@Entity({ schema: 'apps', name: 'app_entities' })
export class EntityDefinitionEntity {
  @PrimaryColumn({ name: 'app_id', type: 'text' })
  appId!: string;

  @PrimaryColumn({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  label!: string;

  @Column({ name: 'label_singular', type: 'text' })
  labelSingular!: string;

  @Column({ type: 'jsonb' })
  fields!: EntityField[];

  /** Rows belong to the signed-in app user who created them. */
  @Column({ name: 'user_scoped', type: 'boolean' })
  userScoped!: boolean;

  /** Visitors who are not signed in may write rows too (a guest book); otherwise only signed-in app users. */
  @Column({ name: 'open_writes', type: 'boolean' })
  openWrites!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
