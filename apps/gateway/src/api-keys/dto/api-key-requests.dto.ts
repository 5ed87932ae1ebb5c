import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { API_KEY_MAX_EXPIRES_IN_DAYS, API_KEY_SCOPES, type ApiKeyScope } from '@appgen/contracts';
import { Trimmed } from '../../common/input-transforms';

export class CreateApiKeyDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 100, example: 'CI deploys' })
  @Trimmed()
  @IsOptional()
  @Length(1, 100)
  @IsString()
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
