import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { BuildErrorEntry, BuildStatus } from '@appgen/contracts';

/**
 * One build of one app version with the app's PUBLIC_ env vars as they were; built once, never changed (a retry
 * with the same values returns it). Changing a public value builds the version again as a new build.
 */
@Entity({ schema: 'deployment', name: 'builds' })
@Index('builds_app_version_env_key', ['appId', 'versionId', 'publicEnvDigest', 'rebuild'], { unique: true })
export class BuildEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'app_id', type: 'text' })
  appId!: string;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ name: 'version_id', type: 'integer' })
  versionId!: number;

  /** SHA-256 of the public values compiled in, '' without any (public-env.ts) */
  @Column({ name: 'public_env_digest', type: 'text', default: '' })
  publicEnvDigest!: string;

  /** 0, or how many times this version was built again with these values after others had been built since */
  @Column({ type: 'integer', default: 0 })
  rebuild!: number;

  @Column({ type: 'text' })
  status!: BuildStatus;

  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  errors!: BuildErrorEntry[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
