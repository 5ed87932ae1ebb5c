import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { EventKind, WebhookSource } from '@appgen/contracts';

@Entity({ schema: 'webhooks', name: 'subscriptions' })
export class SubscriptionEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'text', array: true })
  events!: EventKind[];

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ type: 'text', default: 'api' })
  source!: WebhookSource;

  /** AES-256-GCM under SECRETS_KEY; sealed by service-kit's secret-box.ts. */
  @Column({ name: 'secret_sealed', type: 'text' })
  secretSealed!: string;

  /** Set by the first failure after a success; a streak older than the limit disables the subscription. */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
