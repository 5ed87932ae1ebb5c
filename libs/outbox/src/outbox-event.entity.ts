import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { DomainEvent } from '@appgen/contracts';

/**
 * A domain event waiting to be published. The table lives in the schema of whichever service
 * writes it (the entity names no schema, so each service's data source places it in its own).
 */
@Entity({ name: 'outbox' })
@Index('outbox_unpublished_idx', ['seq'], { where: 'published_at IS NULL' })
export class OutboxEventEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  seq!: string;

  @Column({ type: 'uuid', unique: true })
  id!: string;

  @Column({ type: 'text' })
  kind!: string;

  @Column({ type: 'jsonb' })
  envelope!: DomainEvent;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;

  /** The request the event was recorded in, carried to its consumers (AddOutboxTrace1763900001600). */
  @Column({ name: 'request_id', type: 'text', nullable: true })
  requestId!: string | null;

  @Column({ type: 'text', nullable: true })
  traceparent!: string | null;
}
