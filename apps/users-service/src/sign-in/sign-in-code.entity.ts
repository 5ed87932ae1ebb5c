import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The one live sign-in code of an account; a newer code overwrites the row. */
@Entity({ schema: 'users', name: 'sign_in_codes' })
export class SignInCodeEntity {
  @PrimaryColumn({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ name: 'code_hash', type: 'text' })
  codeHash!: string;

  @Column({ name: 'failed_attempts', type: 'integer', default: 0 })
  failedAttempts!: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
