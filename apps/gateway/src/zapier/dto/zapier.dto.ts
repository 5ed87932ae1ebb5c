import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn, IsUrl } from 'class-validator';
import { API_KEY_SCOPES, EVENT_KINDS, PLANS, TEXT_LIMITS, type ApiKeyScope, type EventKind, type Plan } from '@appgen/contracts';
import { IsStoredText } from '../../common/stored-text';

/** What Zapier sends when a Zap with an appgen trigger is turned on (REST hook subscribe). */
export class ZapierHookDto {
  @ApiProperty({
    format: 'uri',
    maxLength: TEXT_LIMITS.url.max,
    example: 'https://hooks.zapier.com/hooks/standard/123456/abcdef/',
    description: 'where Zapier wants the events; private, loopback and link-local addresses are refused',
  })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'must be an http or https URL' })
  @IsStoredText(TEXT_LIMITS.url)
  @IsDefined({ message: 'is required' })
  target_url!: string;

  @ApiProperty({ enum: EVENT_KINDS, example: 'app.generation.completed' })
  @IsIn(EVENT_KINDS, { message: `must be one of: ${EVENT_KINDS.join(', ')}` })
  @IsDefined({ message: 'is required' })
  event!: EventKind;
}

export class ZapierHookCreatedDto {
  @ApiProperty({ type: 'integer', example: 12, description: 'the webhook subscription (source zapier); Zapier unsubscribes with it' })
  id!: number;
}

export class ZapierMeDto {
  @ApiProperty({ type: 'integer', example: 7 })
  id!: number;

  @ApiProperty({ example: 'owner@example.com', description: 'Zapier labels the connection with it' })
  email!: string;

  @ApiProperty({ enum: PLANS })
  plan!: Plan;

  @ApiProperty({ enum: API_KEY_SCOPES, description: "the connected key's scope" })
  scope!: ApiKeyScope;
}
