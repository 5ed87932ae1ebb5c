import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A mail waiting to be sent, written in the same transaction as what it announces. Its subject and body
 * carry a sign-in code, so they are kept only while the mail is pending: the transaction that marks it
 * sent or failed clears them (a CHECK constraint holds every finished row to that), and the finished row
 * (recipient and times, for support) is purged after MAIL_RETENTION_HOURS.
 */
@Entity({ schema: 'users', name: 'mail_outbox' })
@Index('mail_outbox_pending_idx', ['nextAttemptAt'], { where: 'sent_at IS NULL AND failed_at IS NULL' })
// On coalesce(sent_at, failed_at), for the retention sweep; created by the migration.
@Index('mail_outbox_finished_idx', { synchronize: false })
export class MailMessageEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'text' })
  recipient!: string;

  /** Null once the mail is sent or failed. */
  @Column({ type: 'text', nullable: true })
  subject!: string | null;

  /** Null once the mail is sent or failed. */
  @Column({ name: 'text_body', type: 'text', nullable: true })
  textBody!: string | null;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt!: Date;

  /** When what the mail carries expires: a mail still unsent by then is failed without sending. */
  @Column({ name: 'discard_after', type: 'timestamptz', nullable: true })
  discardAfter!: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @Column({ name: 'failed_at', type: 'timestamptz', nullable: true })
  failedAt!: Date | null;
}
