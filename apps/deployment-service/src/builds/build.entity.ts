import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { BuildErrorEntry, BuildStatus } from '@appgen/contracts';

/** One build of one app version; built once, never changed (a retry of the same version returns it). */
@Entity({ schema: 'deployment', name: 'builds' })
@Index('builds_app_version_key', ['appId', 'versionId'], { unique: true })
export class BuildEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'app_id', type: 'text' })
  appId!: string;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ name: 'version_id', type: 'integer' })
  versionId!: number;

  @Column({ type: 'text' })
  status!: BuildStatus;

  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  errors!: BuildErrorEntry[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
