import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { RowValue } from '@appgen/contracts';

@Entity({ schema: 'apps', name: 'app_rows' })
@Index('app_rows_app_entity_id_idx', ['appId', 'entity', 'id'])
/** GIN (jsonb_path_ops) on data: rows pointing at a row, `data @> {"paid_by": 7}` (migration 1763700007700). */
@Index('app_rows_data_idx', { synchronize: false })
export class AppRowEntity {
  /** bigint: the pg driver returns it as a string; the API shows it as a number. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'app_id', type: 'text' })
  appId!: string;

  @Column({ type: 'text' })
  entity!: string;

  /** The app user who created the row (lowercase), or null when a visitor or the owner did. */
  @Column({ name: 'owner_email', type: 'text', nullable: true })
  ownerEmail!: string | null;

  @Column({ type: 'jsonb' })
  data!: Record<string, RowValue>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
