import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Caller, DeploymentStatus } from '@appgen/contracts';

/** Promotion of one build to production; the newest `deployed` one is what production serves. */
@Entity({ schema: 'deployment', name: 'deployments' })
@Index('deployments_app_idx', ['appId', 'id'])
export class DeploymentEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'app_id', type: 'text' })
  appId!: string;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ name: 'build_id', type: 'integer' })
  buildId!: number;

  @Column({ name: 'version_id', type: 'integer' })
  versionId!: number;

  @Column({ type: 'text', default: 'production' })
  environment!: 'production';

  @Column({ type: 'text' })
  status!: DeploymentStatus;

  /** Who asked for it: the worker acts as them towards apps-service, later and possibly in another replica. */
  @Column({ type: 'jsonb' })
  caller!: Caller;

  /** Why a failed deployment failed. */
  @Column({ type: 'text', nullable: true })
  error!: string | null;

  /** Refreshed by the worker at every step; a stale one means its worker died and another may resume it. */
  @Column({ name: 'heartbeat_at', type: 'timestamptz', nullable: true })
  heartbeatAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'deployed_at', type: 'timestamptz', nullable: true })
  deployedAt!: Date | null;

  /** The Idempotency-Key of the deploy request that queued it, if it came with one. */
  @Column({ name: 'request_key', type: 'text', nullable: true })
  requestKey!: string | null;
}
