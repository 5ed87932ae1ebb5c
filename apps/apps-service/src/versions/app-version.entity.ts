import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { AppPlan, VersionSource } from '@appgen/contracts';

@Entity({ schema: 'apps', name: 'app_versions' })
@Index('app_versions_app_id_number_key', ['appId', 'number'], { unique: true })
@Index('app_versions_app_idempotency_key', ['appId', 'idempotencyKey'], { unique: true })
export class AppVersionEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'app_id', type: 'text' })
  appId!: string;

  /** 1, 2, 3… per app, in the order versions were made. */
  @Column({ type: 'integer' })
  number!: number;

  @Column({ type: 'text' })
  source!: VersionSource;

  /** One line saying what made this version (`Recipe Box generated`, `Edited src/main.ts`, `Restored version 2`). */
  @Column({ type: 'text' })
  summary!: string;

  /** The generator's plan, for update prompts; null for edits of single files. */
  @Column({ type: 'jsonb', nullable: true })
  plan!: AppPlan | null;

  /** A retried save with the same key (e.g. the generation job id) returns this version instead of a new one. */
  @Column({ name: 'idempotency_key', type: 'text', nullable: true })
  idempotencyKey!: string | null;

  @Column({ name: 'files_count', type: 'integer' })
  filesCount!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
