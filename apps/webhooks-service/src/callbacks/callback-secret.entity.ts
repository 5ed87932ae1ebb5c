import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The secret generation callbacks of one account are signed with; created on first use. */
@Entity({ schema: 'webhooks', name: 'callback_secrets' })
export class CallbackSecretEntity {
  @PrimaryColumn({ name: 'account_id', type: 'integer' })
  accountId!: number;

  /** AES-256-GCM under SECRETS_KEY; sealed by service-kit's secret-box.ts. */
  @Column({ name: 'secret_sealed', type: 'text' })
  secretSealed!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'rotated_at', type: 'timestamptz', nullable: true })
  rotatedAt!: Date | null;
}
