import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One record of the OAuth server (oidc-provider's models: clients, interactions, sessions, grants, codes and
 * tokens), found by the SHA-256 of its id: a token's id is the token itself, so it is never stored as is.
 */
@Entity({ schema: 'users', name: 'oauth_records' })
@Index('oauth_records_grant_idx', ['grantId'])
@Index('oauth_records_uid_idx', ['model', 'uid'])
@Index('oauth_records_user_code_idx', ['model', 'userCodeHash'])
@Index('oauth_records_expires_idx', ['expiresAt'])
export class OAuthRecordEntity {
  @PrimaryColumn({ type: 'text' })
  model!: string;

  @PrimaryColumn({ name: 'id_hash', type: 'text' })
  idHash!: string;

  /** oidc-provider's payload, without the raw id of a token */
  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  /** the grant a code or token belongs to, so a revoked grant takes all of them */
  @Column({ name: 'grant_id', type: 'text', nullable: true })
  grantId!: string | null;

  /** a session's uid, by which an interaction finds its session */
  @Column({ type: 'text', nullable: true })
  uid!: string | null;

  @Column({ name: 'user_code_hash', type: 'text', nullable: true })
  userCodeHash!: string | null;

  /** the account a token acts for (access tokens are resolved by the gateway through it) */
  @Column({ name: 'account_id', type: 'integer', nullable: true })
  accountId!: number | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
