import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { APP_ID_MAX_LENGTH, METADATA_LIMITS, TEXT_LIMITS } from '@appgen/contracts';
import { RequiredWithCode } from '../../common/required-with-code';
import { Trimmed } from '../../common/input-transforms';
import { IsMetadata, IsStoredText } from '../../common/stored-text';

export class QueueGenerationDto {
  @ApiProperty({
    minLength: TEXT_LIMITS.prompt.min,
    maxLength: TEXT_LIMITS.prompt.max,
    description: 'what to build, or with app_id what to change; missing or empty: 400 missing_prompt',
    example: 'A recipe manager where I save recipes with ingredients and cooking time and rate them',
  })
  @IsStoredText(TEXT_LIMITS.prompt)
  @RequiredWithCode('missing_prompt', 'prompt is required: describe the app to build')
  prompt!: string;

  @ApiPropertyOptional({ maxLength: APP_ID_MAX_LENGTH, description: 'update this existing app instead of creating one' })
  @IsOptional()
  @MaxLength(APP_ID_MAX_LENGTH)
  @IsString()
  app_id?: string;

  @ApiPropertyOptional({
    minLength: TEXT_LIMITS.appName.min,
    maxLength: TEXT_LIMITS.appName.max,
    description: 'name of a new app, one line; default: chosen from the prompt',
  })
  @Trimmed()
  @IsOptional()
  @IsStoredText(TEXT_LIMITS.appName)
  name?: string;

  @ApiPropertyOptional({ format: 'uri', maxLength: TEXT_LIMITS.url.max, description: 'http(s) URL called (signed) when the job completes or fails' })
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'callback_url must be an http or https URL' })
  @IsStoredText(TEXT_LIMITS.url)
  callback_url?: string;

  @ApiPropertyOptional({
    maxLength: TEXT_LIMITS.aiModel.max,
    example: 'blueprint',
    description: 'a model the generator engines offer (`blueprint` always; others as configured, 422 lists them); default: the configured engine',
  })
  @IsOptional()
  @IsStoredText(TEXT_LIMITS.aiModel)
  ai_model?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    maxProperties: METADATA_LIMITS.maxKeys,
    description: `custom keys passed through to callbacks; at most ${METADATA_LIMITS.maxKeys} keys and ${METADATA_LIMITS.maxBytes / 1024} KiB as JSON`,
  })
  @IsOptional()
  @IsMetadata()
  metadata?: Record<string, unknown>;
}
