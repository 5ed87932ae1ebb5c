import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { ArrayNotEmpty, IsArray, IsBoolean, IsDefined, IsIn, IsOptional, IsString, IsUrl, Matches, MaxLength } from 'class-validator';
import { DELIVERY_STATUSES, EVENT_KINDS, TEXT_LIMITS, type DeliveryStatus, type EventKind } from '@appgen/contracts';
import { Trimmed } from '../../common/input-transforms';
import { PageQueryDto } from '../../common/pagination';
import { IsStoredText } from '../../common/stored-text';

export class CreateWebhookDto {
  @ApiProperty({
    format: 'uri',
    maxLength: TEXT_LIMITS.url.max,
    example: 'https://example.com/hooks/appgen',
    description: 'http(s) URL receiving signed POSTs; private, loopback and link-local addresses are refused',
  })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'must be an http or https URL' })
  @IsStoredText(TEXT_LIMITS.url)
  @IsDefined({ message: 'is required' })
  url!: string;

  @ApiProperty({ enum: EVENT_KINDS, isArray: true, minItems: 1, example: ['app.created', 'app.deployment.completed'] })
  @IsIn(EVENT_KINDS, { each: true, message: `must list only these events: ${EVENT_KINDS.join(', ')}` })
  @ArrayNotEmpty({ message: 'must list at least one event' })
  @IsArray()
  @IsDefined({ message: 'is required' })
  events!: EventKind[];

  @ApiPropertyOptional({ minLength: TEXT_LIMITS.webhookName.min, maxLength: TEXT_LIMITS.webhookName.max, example: 'Deploy notifications', description: 'one line' })
  @Trimmed()
  @IsOptional()
  @IsStoredText(TEXT_LIMITS.webhookName)
  name?: string;

  @ApiPropertyOptional({
    minLength: TEXT_LIMITS.webhookSecret.min,
    maxLength: TEXT_LIMITS.webhookSecret.max,
    description: 'signing secret, printable ASCII; omitted: one is generated (whsec_...)',
  })
  @IsOptional()
  @Matches(/^[\x20-\x7e]*$/, { message: 'must be printable ASCII characters' })
  @IsStoredText(TEXT_LIMITS.webhookSecret)
  secret?: string;

  @ApiPropertyOptional({ maxLength: TEXT_LIMITS.webhookDescription.max, description: 'may span lines' })
  @IsOptional()
  @IsStoredText(TEXT_LIMITS.webhookDescription)
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
