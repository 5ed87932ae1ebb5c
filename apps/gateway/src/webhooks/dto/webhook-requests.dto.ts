import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { ArrayNotEmpty, IsArray, IsBoolean, IsDefined, IsIn, IsOptional, IsString, IsUrl, Length, Matches, MaxLength } from 'class-validator';
import { DELIVERY_STATUSES, EVENT_KINDS, type DeliveryStatus, type EventKind } from '@appgen/contracts';
import { Trimmed } from '../../common/input-transforms';
import { PageQueryDto } from '../../common/pagination';

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const WEBHOOK_SECRET_LENGTH = { min: 16, max: 200 } as const;

export class CreateWebhookDto {
  @ApiProperty({
    format: 'uri',
    maxLength: MAX_WEBHOOK_URL_LENGTH,
    example: 'https://example.com/hooks/appgen',
    description: 'http(s) URL receiving signed POSTs; private, loopback and link-local addresses are refused',
  })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'must be an http or https URL' })
  @MaxLength(MAX_WEBHOOK_URL_LENGTH)
  @IsString()
  @IsDefined({ message: 'is required' })
  url!: string;

  @ApiProperty({ enum: EVENT_KINDS, isArray: true, minItems: 1, example: ['app.created', 'app.deployment.completed'] })
  @IsIn(EVENT_KINDS, { each: true, message: `must list only these events: ${EVENT_KINDS.join(', ')}` })
  @ArrayNotEmpty({ message: 'must list at least one event' })
  @IsArray()
  @IsDefined({ message: 'is required' })
  events!: EventKind[];

  @ApiPropertyOptional({ maxLength: 100, example: 'Deploy notifications' })
  @Trimmed()
  @IsOptional()
  @MaxLength(100)
  @IsString()
  name?: string;

  @ApiPropertyOptional({
    minLength: WEBHOOK_SECRET_LENGTH.min,
    maxLength: WEBHOOK_SECRET_LENGTH.max,
    description: 'signing secret, printable ASCII; omitted: one is generated (whsec_...)',
  })
  @IsOptional()
  @Matches(/^[\x20-\x7e]*$/, { message: 'must be printable ASCII characters' })
  @Length(WEBHOOK_SECRET_LENGTH.min, WEBHOOK_SECRET_LENGTH.max)
  @IsString()
  secret?: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @MaxLength(500)
  @IsString()
  description?: string;
}

export class UpdateWebhookDto extends PartialType(CreateWebhookDto) {
  @ApiPropertyOptional({ description: 'false: the subscription receives nothing until enabled again' })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

export class ListDeliveriesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES })
  @IsOptional()
  @IsIn(DELIVERY_STATUSES)
  status?: DeliveryStatus;

  @ApiPropertyOptional({ maxLength: 100, example: 'app.created', description: 'only deliveries of this event' })
  @IsOptional()
  @MaxLength(100)
  @IsString()
  event?: string;
}
