import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ApiKeyScope } from '@appgen/contracts';

const bigintAsNumber = { to: (value: number): number => value, from: (value: string): number => Number(value) };

@Entity({ schema: 'users', name: 'api_keys' })
@Index('api_keys_key_hash_key', ['keyHash'], { unique: true })
@Index('api_keys_account_created_idx', ['accountId', 'createdAt', 'id'])
export class ApiKeyEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ type: 'text' })
  name!: string;

  /** SHA-256 hex of the raw key; the raw key itself is never stored. */
  @Column({ name: 'key_hash', type: 'text' })
  keyHash!: string;

  @Column({ name: 'key_prefix', type: 'text' })
  keyPrefix!: string;

  /** Kept so the masked form can end with the key's real last characters. */
  @Column({ name: 'key_last4', type: 'text' })
  keyLast4!: string;

  @Column({ type: 'text' })
  scope!: ApiKeyScope;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'request_count', type: 'bigint', default: 0, transformer: bigintAsNumber })
  requestCount!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
