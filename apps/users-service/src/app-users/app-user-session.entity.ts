import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ schema: 'users', name: 'app_user_sessions' })
@Index('app_user_sessions_token_hash_key', ['tokenHash'], { unique: true })
@Index('app_user_sessions_expires_idx', ['expiresAt'])
export class AppUserSessionEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'app_user_id', type: 'integer' })
  appUserId!: number;

  /** SHA-256 hex of the session cookie. */
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
