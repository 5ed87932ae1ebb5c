import { ApiProperty } from '@nestjs/swagger';
import {
  APP_STATUSES,
  CALLBACK_STATUSES,
  EVENT_KINDS,
  GENERATION_JOB_STATUSES,
  type AppStatus,
  type CallbackStatus,
  type CancelGenerationResponse,
  type EventKind,
  type GenerationCallbackView,
  type GenerationJobStatus,
  type GenerationJobView,
  type QueueGenerationResponse,
} from '@appgen/contracts';
import { AppSummaryDto } from '../../managed-apps/dto/app-responses.dto';

export class QueueGenerationResponseDto implements QueueGenerationResponse {
  @ApiProperty({ example: 'job_k3x9q2m7w1abcd4e5f6g' })
  job_id!: string;

  @ApiProperty({ example: 'k3x9q2m7w1ab' })
  app_id!: string;

  @ApiProperty({ type: 'integer', example: 42 })
  message_id!: number;

  @ApiProperty({ enum: ['queued'] })
  status!: 'queued';

  @ApiProperty({ type: 'integer', example: 30 })
  estimated_time_seconds!: number;

  @ApiProperty({ enum: EVENT_KINDS, isArray: true })
  webhook_events!: EventKind[];

  @ApiProperty({ example: 'http://localhost:3000/api/v1/generation_queue/job_k3x9q2m7w1abcd4e5f6g' })
  status_url!: string;

  @ApiProperty({ example: 'http://localhost:3000/account/apps/k3x9q2m7w1ab/editor' })
  app_url!: string;

  @ApiProperty({ type: AppSummaryDto, description: 'the app being generated (status generating)' })
  app!: AppSummaryDto;
}

export class GenerationJobAppDto {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: APP_STATUSES })
  status!: AppStatus;

  @ApiProperty({ type: 'string', nullable: true })
  preview_url!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  production_url!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

export class GenerationCallbackDto implements GenerationCallbackView {
  @ApiProperty({ example: 'https://example.com/hooks/appgen' })
  url!: string;

  @ApiProperty({
    enum: CALLBACK_STATUSES,
    description: 'waiting until the job finishes; pending while sent or retried; succeeded once answered 2xx; failed when every retry failed or the address was refused',
  })
  status!: CallbackStatus;

  @ApiProperty({ description: 'true once the receiver answered 2xx' })
  delivered!: boolean;

  @ApiProperty({ type: 'integer' })
  attempts!: number;

  @ApiProperty({ type: 'integer', nullable: true, description: "the receiver's HTTP status on the last attempt" })
  response_status!: number | null;

  @ApiProperty({ type: 'string', nullable: true, description: 'why the last attempt failed' })
  error!: string | null;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'when the next retry is due' })
  next_attempt_at!: string | null;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  delivered_at!: string | null;
}

export class GenerationJobViewDto implements GenerationJobView {
  @ApiProperty()
  job_id!: string;

  @ApiProperty()
  app_id!: string;

  @ApiProperty({ type: 'integer' })
  message_id!: number;

  @ApiProperty({ enum: GENERATION_JOB_STATUSES })
  status!: GenerationJobStatus;

  @ApiProperty({ type: 'integer', enum: [5, 10, 25, 50, 75, 100], description: 'coarse checkpoints' })
  progress!: number;

  @ApiProperty({ description: 'what the job is doing now, for people', example: 'Planning the app: entities and pages' })
  message!: string;

  @ApiProperty({ type: GenerationJobAppDto })
  app!: GenerationJobAppDto;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  started_at!: string | null;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  completed_at!: string | null;

  @ApiProperty({ type: 'integer' })
  estimated_time_seconds!: number;

  @ApiProperty()
  status_url!: string;

  @ApiProperty()
  app_url!: string;

  @ApiProperty({ type: 'string', nullable: true, description: 'why a failed job failed' })
  error!: string | null;

  @ApiProperty({
    type: GenerationCallbackDto,
    nullable: true,
    description: 'how the signed POST to callback_url went; null when the job was queued without one',
  })
  callback!: GenerationCallbackDto | null;
}

export class CancelGenerationResponseDto implements CancelGenerationResponse {
  @ApiProperty({ description: 'false when the job had already finished' })
  cancelled!: boolean;

  @ApiProperty()
  job_id!: string;
}
