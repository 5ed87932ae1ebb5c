import { ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { APP_STATUSES, APP_VISIBILITIES, type AppStatus, type AppVisibility } from '@appgen/contracts';
import { Trimmed } from '../../common/input-transforms';
import { PageQueryDto } from '../../common/pagination';

export class ListAppsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: APP_STATUSES })
  @IsOptional()
  @IsIn(APP_STATUSES)
  status?: AppStatus;

  @ApiPropertyOptional({ maxLength: 100, description: 'apps whose name contains this (case-insensitive)' })
  @Trimmed()
  @IsOptional()
  @MaxLength(100)
  @IsString()
  name?: string;
}

export class CreateAppDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 100, description: 'default: "Untitled App"' })
  @Trimmed()
  @IsOptional()
  @Length(1, 100)
  @IsString()
  name?: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @MaxLength(2000)
  @IsString()
  description?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 10000, description: 'what to build; stored with the app' })
  @IsOptional()
  @Length(1, 10000)
  @IsString()
  prompt?: string;

  @ApiPropertyOptional({ maxLength: 100, example: 'blueprint' })
  @IsOptional()
  @MaxLength(100)
  @IsString()
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
