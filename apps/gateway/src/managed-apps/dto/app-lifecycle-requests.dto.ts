import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@appgen/contracts';

export class ListFilesQueryDto {
  @ApiPropertyOptional({ maxLength: 500, description: 'only files whose path contains this, e.g. `AGENTS.md` or `src/`' })
  @IsOptional()
  @MaxLength(500)
  @IsString()
  path?: string;
}

export class RollbackDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'version to restore; default: the one deployed before the current one' })
  @IsOptional()
  @Max(2_147_483_647)
  @Min(1)
  @IsInt()
  version_id?: number;
}

export class AnalyticsQueryDto {
  @ApiPropertyOptional({ enum: ANALYTICS_PERIODS, default: '7d' })
  @IsOptional()
  @IsIn(ANALYTICS_PERIODS)
  period?: AnalyticsPeriod;
}
