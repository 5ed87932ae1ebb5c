import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { DeliveryStatus } from '@appgen/contracts';

@Entity({ schema: 'webhooks', name: 'deliveries' })
export class DeliveryEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  /** Null for a generation callback, which goes to `url`. */
  @Column({ name: 'subscription_id', type: 'integer', nullable: true })
  subscriptionId!: number | null;

  @Column({ type: 'text', nullable: true })
  url!: string | null;

  @Column({ name: 'job_id', type: 'text', nullable: true })
  jobId!: string | null;

  @Column({ name: 'event_id', type: 'text' })
  eventId!: string;

  @Column({ type: 'text' })
  event!: string;

  /** The exact bytes sent, so every retry is signed over and carries the same body. */
  @Column({ type: 'text' })
  body!: string;

  @Column({ type: 'text', default: 'pending' })
  status!: DeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  /** Failures since the delivery was last (re)queued: the position in the retry schedule. */
  @Column({ name: 'failed_steps', type: 'integer', default: 0 })
  failedSteps!: number;

  @Column({ name: 'response_status', type: 'integer', nullable: true })
  responseStatus!: number | null;

  @Column({ name: 'response_ms', type: 'integer', nullable: true })
  responseMs!: number | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  /** The W3C traceparent of the request that caused it, sent on every attempt under a span of its own. */
  @Column({ type: 'text', nullable: true })
  traceparent!: string | null;
}
