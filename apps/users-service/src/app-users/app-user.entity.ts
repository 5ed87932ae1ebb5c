import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { AppUserView } from '@appgen/contracts';

/** One person's access record for one app of an account (the contract's App user). */
@Entity({ schema: 'users', name: 'app_users' })
// Unique on (app_id, lower(email)), an expression TypeORM cannot describe; the migration creates it.
@Index('app_users_app_email_key', { synchronize: false })
@Index('app_users_account_idx', ['accountId', 'appId'])
// (account_id, created_at DESC, id DESC): an account's users newest first; the migration creates it.
@Index('app_users_account_created_idx', { synchronize: false })
export class AppUserEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ name: 'app_id', type: 'text' })
  appId!: string;

  /** Stored trimmed and lowercased. */
  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'access_tier', type: 'text', default: 'free' })
  accessTier!: AppUserView['access_tier'];

  @Column({ name: 'tier_granted_at', type: 'timestamptz' })
  tierGrantedAt!: Date;

  @Column({ name: 'tier_expires_at', type: 'timestamptz', nullable: true })
  tierExpiresAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  /** Null for someone granted access who has not signed in yet. */
  @Column({ name: 'first_accessed_at', type: 'timestamptz', nullable: true })
  firstAccessedAt!: Date | null;

  @Column({ name: 'last_accessed_at', type: 'timestamptz', nullable: true })
  lastAccessedAt!: Date | null;

  @Column({ name: 'access_count', type: 'integer', default: 0 })
  accessCount!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
