import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The one live sign-in code of an e-mail address for an app; a newer code overwrites the row. */
@Entity({ schema: 'users', name: 'app_user_codes' })
export class AppUserCodeEntity {
  @PrimaryColumn({ name: 'app_id', type: 'text' })
  appId!: string;

  /** Stored trimmed and lowercased. */
  @PrimaryColumn({ type: 'text' })
  email!: string;

  @Column({ name: 'code_hash', type: 'text' })
  codeHash!: string;

  @Column({ name: 'failed_attempts', type: 'integer', default: 0 })
  failedAttempts!: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
