import { ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { APP_STATUSES, APP_VISIBILITIES, TEXT_LIMITS, type AppStatus, type AppVisibility } from '@appgen/contracts';
import { Trimmed } from '../../common/input-transforms';
import { PageQueryDto } from '../../common/pagination';
import { IsStoredText } from '../../common/stored-text';

export class ListAppsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: APP_STATUSES })
  @IsOptional()
  @IsIn(APP_STATUSES)
  status?: AppStatus;

  @ApiPropertyOptional({ maxLength: TEXT_LIMITS.appName.max, description: 'apps whose name contains this (case-insensitive)' })
  @Trimmed()
  @IsOptional()
  @MaxLength(TEXT_LIMITS.appName.max)
  @IsString()
  name?: string;
}

export class CreateAppDto {
  @ApiPropertyOptional({ minLength: TEXT_LIMITS.appName.min, maxLength: TEXT_LIMITS.appName.max, description: 'one line; default: "Untitled App"' })
  @Trimmed()
  @IsOptional()
  @IsStoredText(TEXT_LIMITS.appName)
  name?: string;

  @ApiPropertyOptional({ maxLength: TEXT_LIMITS.appDescription.max, description: 'may span lines' })
  @IsOptional()
  @IsStoredText(TEXT_LIMITS.appDescription)
  description?: string;

  @ApiPropertyOptional({ minLength: TEXT_LIMITS.prompt.min, maxLength: TEXT_LIMITS.prompt.max, description: 'what to build; stored with the app' })
  @IsOptional()
  @IsStoredText(TEXT_LIMITS.prompt)
  prompt?: string;

  @ApiPropertyOptional({
    maxLength: TEXT_LIMITS.aiModel.max,
    example: 'blueprint',
    description: 'a model the generator engines offer (`blueprint` always; others as configured, 422 lists them); default: blueprint',
  })
  @IsOptional()
  @IsStoredText(TEXT_LIMITS.aiModel)
  ai_model?: string;

  @ApiPropertyOptional({ enum: APP_VISIBILITIES, default: 'public', description: 'login_required shows a sign-in page first; a change takes effect at once' })
  @IsOptional()
  @IsIn(APP_VISIBILITIES)
  visibility?: AppVisibility;

  @ApiPropertyOptional({ description: 'default: true when a prompt is given' })
  @IsOptional()
  @IsBoolean()
  auto_generate?: boolean;
}

/** The fields of an app a PATCH may change, validated and documented exactly as on creation. */
export class UpdateAppDto extends PickType(CreateAppDto, ['name', 'description', 'visibility', 'ai_model'] as const) {}
