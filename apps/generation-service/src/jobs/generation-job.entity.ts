import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Caller, GenerationJobStatus, GeneratorName } from '@appgen/contracts';

/** bigint columns arrive as strings from pg; message ids stay far below 2^53. */
const bigintAsNumber = { to: (value: number | undefined) => value, from: (value: string | null) => (value === null ? null : Number(value)) };

@Entity({ schema: 'generation', name: 'generation_jobs' })
export class GenerationJobEntity {
  @PrimaryColumn({ name: 'job_id', type: 'text' })
  jobId!: string;

  @Column({ name: 'message_id', type: 'bigint', insert: false, update: false, transformer: bigintAsNumber })
  messageId!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  /** Who queued the job: the worker acts as them towards apps-service and deployment-service. */
  @Column({ type: 'jsonb' })
  caller!: Caller;

  @Column({ name: 'app_id', type: 'text' })
  appId!: string;

  /** Kept so the job still shows its app after the app was deleted. */
  @Column({ name: 'app_created_at', type: 'timestamptz' })
  appCreatedAt!: Date;

  @Column({ type: 'text' })
  prompt!: string;

  /** The app's name as the job knows it; the plan's name once planned, unless the caller chose one. */
  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'name_given', type: 'boolean', default: false })
  nameGiven!: boolean;

  @Column({ name: 'ai_model', type: 'text', nullable: true })
  aiModel!: string | null;

  @Column({ type: 'text' })
  engine!: GeneratorName;

  @Column({ name: 'callback_url', type: 'text', nullable: true })
  callbackUrl!: string | null;

  /** due → handed_over (webhooks-service sends it) or refused; null while running or without a callback_url */
  @Column({ name: 'callback_state', type: 'text', nullable: true })
  callbackState!: 'due' | 'handed_over' | 'refused' | null;

  @Column({ name: 'callback_error', type: 'text', nullable: true })
  callbackError!: string | null;

  @Column({ type: 'jsonb', default: {} })
  metadata!: Record<string, unknown>;

  @Column({ type: 'text' })
  status!: GenerationJobStatus;

  @Column({ type: 'integer', default: 5 })
  progress!: number;

  @Column({ type: 'text' })
  message!: string;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'preview_url', type: 'text', nullable: true })
  previewUrl!: string | null;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'available_at', type: 'timestamptz', default: () => 'now()' })
  availableAt!: Date;

  @Column({ name: 'heartbeat_at', type: 'timestamptz', nullable: true })
  heartbeatAt!: Date | null;

  /** Model tokens spent, for billing. */
  @Column({ name: 'tokens_input', type: 'integer', default: 0 })
  tokensInput!: number;

  @Column({ name: 'tokens_output', type: 'integer', default: 0 })
  tokensOutput!: number;

  /** Credits held with billing-service for this job (null: queued before generations were charged). */
  @Column({ name: 'credits_reserved', type: 'integer', nullable: true })
  creditsReserved!: number | null;

  /** What the job is charged, fixed when it ends (0 when it failed or was cancelled). */
  @Column({ name: 'credits_used', type: 'integer', nullable: true })
  creditsUsed!: number | null;

  /** The request that queued the job, whose trace its run and callback continue (AddJobTrace1763900001600). */
  @Column({ name: 'request_id', type: 'text', nullable: true })
  requestId!: string | null;

  @Column({ type: 'text', nullable: true })
  traceparent!: string | null;

  /** `due` from the end of the job until billing-service settled or released its reservation. */
  @Column({ name: 'credits_state', type: 'text', nullable: true })
  creditsState!: 'due' | 'settled' | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt!: Date | null;
}
