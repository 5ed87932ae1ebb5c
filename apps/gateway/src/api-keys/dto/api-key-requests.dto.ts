import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { API_KEY_MAX_EXPIRES_IN_DAYS, API_KEY_SCOPES, TEXT_LIMITS, type ApiKeyScope } from '@appgen/contracts';
import { Trimmed } from '../../common/input-transforms';
import { IsStoredText } from '../../common/stored-text';

export class CreateApiKeyDto {
  @ApiPropertyOptional({ minLength: TEXT_LIMITS.apiKeyName.min, maxLength: TEXT_LIMITS.apiKeyName.max, example: 'CI deploys', description: 'one line' })
  @Trimmed()
  @IsOptional()
  @IsStoredText(TEXT_LIMITS.apiKeyName)
  name?: string;

  @ApiPropertyOptional({ enum: API_KEY_SCOPES, description: 'never wider than the scope of the calling key (403)' })
  @IsOptional()
  @IsIn(API_KEY_SCOPES)
  scope?: ApiKeyScope;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: API_KEY_MAX_EXPIRES_IN_DAYS, description: 'omitted: the key never expires' })
  @IsOptional()
  @Min(1)
  @Max(API_KEY_MAX_EXPIRES_IN_DAYS)
  @IsInt()
  expires_in_days?: number;
}
