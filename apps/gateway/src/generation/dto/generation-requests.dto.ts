import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, IsUrl, Length, MaxLength } from 'class-validator';
import { RequiredWithCode } from '../../common/required-with-code';
import { Trimmed } from '../../common/input-transforms';

export const MAX_PROMPT_LENGTH = 10_000;

export class QueueGenerationDto {
  @ApiProperty({
    minLength: 1,
    maxLength: MAX_PROMPT_LENGTH,
    description: 'what to build, or with app_id what to change; missing or empty: 400 missing_prompt',
    example: 'A recipe manager where I save recipes with ingredients and cooking time and rate them',
  })
  @MaxLength(MAX_PROMPT_LENGTH)
  @IsString()
  @RequiredWithCode('missing_prompt', 'prompt is required: describe the app to build')
  prompt!: string;

  @ApiPropertyOptional({ maxLength: 64, description: 'update this existing app instead of creating one' })
  @IsOptional()
  @MaxLength(64)
  @IsString()
  app_id?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 100, description: 'name of a new app; default: chosen from the prompt' })
  @Trimmed()
  @IsOptional()
  @Length(1, 100)
  @IsString()
  name?: string;

  @ApiPropertyOptional({ format: 'uri', maxLength: 2048, description: 'http(s) URL called (signed) when the job completes or fails' })
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'callback_url must be an http or https URL' })
  @MaxLength(2048)
  @IsString()
  callback_url?: string;

  @ApiPropertyOptional({ maxLength: 100, example: 'blueprint' })
  @IsOptional()
  @MaxLength(100)
  @IsString()
  ai_model?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'custom keys passed through to callbacks' })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}
