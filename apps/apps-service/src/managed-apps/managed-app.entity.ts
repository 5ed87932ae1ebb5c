import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { AppStatus, AppVisibility } from '@appgen/contracts';

@Entity({ schema: 'apps', name: 'managed_apps' })
@Index('managed_apps_account_created_idx', ['accountId', 'createdAt'])
export class ManagedAppEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ name: 'creator_email', type: 'text' })
  creatorEmail!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  /** The prompt the app was created from, kept for the generator. */
  @Column({ type: 'text', nullable: true })
  prompt!: string | null;

  @Column({ type: 'text' })
  status!: AppStatus;

  @Column({ type: 'text' })
  visibility!: AppVisibility;

  @Column({ name: 'ai_model', type: 'text' })
  aiModel!: string;

  @Column({ name: 'preview_url', type: 'text', nullable: true })
  previewUrl!: string | null;

  @Column({ name: 'production_url', type: 'text', nullable: true })
  productionUrl!: string | null;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;

  /** The Idempotency-Key of the request that created the app, unique per account; never read back with the app. */
  @Column({ name: 'request_key', type: 'text', nullable: true, select: false })
  requestKey!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
