import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  DELIVERY_STATUSES,
  EVENT_KINDS,
  WEBHOOK_TEST_EVENT,
  type DeliveryStatus,
  type DeliveryView,
  type EventKind,
  type WebhookSource,
  type WebhookView,
} from '@appgen/contracts';
import { PageMetaDto } from '../../common/pagination';

const WEBHOOK_SOURCES: readonly WebhookSource[] = ['api', 'zapier'];

export class WebhookDto implements WebhookView {
  @ApiProperty({ type: 'integer', example: 12 })
  id!: number;

  @ApiProperty({ example: 'https://example.com/hooks/appgen' })
  url!: string;

  @ApiProperty({ example: 'Deploy notifications' })
  name!: string;

  @ApiProperty({ type: 'string', nullable: true })
  description!: string | null;

  @ApiProperty({ enum: EVENT_KINDS, isArray: true })
  events!: EventKind[];

  @ApiProperty()
  enabled!: boolean;

  @ApiProperty({ enum: WEBHOOK_SOURCES })
  source!: WebhookSource;

  @ApiPropertyOptional({ example: 'whsec_…', description: 'signing secret; in the create and single-read responses only, never in lists' })
  secret?: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

export class WebhookResponseDto {
  @ApiProperty({ type: WebhookDto })
  webhook!: WebhookDto;
}

export class WebhookListResponseDto {
  @ApiProperty({ type: [WebhookDto] })
  webhooks!: WebhookDto[];

  @ApiProperty({ type: PageMetaDto })
  meta!: PageMetaDto;
}

export class DeleteWebhookResponseDto {
  @ApiProperty({ enum: [true] })
  success!: true;

  @ApiProperty({ example: 'Webhook 12 deleted' })
  message!: string;
}

export class DeliveryDto implements DeliveryView {
  @ApiProperty({ type: 'integer', example: 301 })
  id!: number;

  @ApiProperty({ description: "the event's id, the body's `id`; the same on every retry" })
  event_id!: string;

  @ApiProperty({ enum: [...EVENT_KINDS, WEBHOOK_TEST_EVENT] })
  event!: EventKind | typeof WEBHOOK_TEST_EVENT;

  @ApiProperty({ enum: DELIVERY_STATUSES })
  status!: DeliveryStatus;

  @ApiProperty({ type: 'integer' })
  attempts!: number;

  @ApiProperty({ type: 'integer', nullable: true, description: "the receiver's HTTP status at the last attempt" })
  response_status!: number | null;

  @ApiProperty({ type: 'integer', nullable: true })
  response_ms!: number | null;

  @ApiProperty({ type: 'string', nullable: true, description: 'why the last attempt failed' })
  error!: string | null;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'null unless a retry is scheduled' })
  next_attempt_at!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  delivered_at!: string | null;
}

export class DeliveryListResponseDto {
  @ApiProperty({ type: [DeliveryDto] })
  deliveries!: DeliveryDto[];

  @ApiProperty({ type: PageMetaDto })
  meta!: PageMetaDto;
}

export class DeliveryResponseDto {
  @ApiProperty({ type: DeliveryDto })
  delivery!: DeliveryDto;
}

export class TestWebhookResponseDto {
  @ApiProperty({ description: 'whether the receiver answered 2xx' })
  success!: boolean;

  @ApiProperty({ type: DeliveryDto })
  delivery!: DeliveryDto;
}

export class CallbackSecretResponseDto {
  @ApiProperty({ example: 'whsec_…', description: "signs this account's generation callbacks" })
  secret!: string;
}
