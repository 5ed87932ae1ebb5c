import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ANALYTICS_PERIODS,
  APP_STATUSES,
  BUILD_ERROR_TYPE,
  DEPLOYMENT_STATUSES,
  GENERATION_JOB_STATUSES,
  NOT_DEPLOYABLE_ERROR,
  type AnalyticsPeriod,
  type AnalyticsResponse,
  type AppStatus,
  type BuildErrorEntry,
  type BuildErrorsResponse,
  type DeployResponse,
  type DeploymentStatus,
  type GenerationJobStatus,
  type ListFilesResponse,
  type SourceFileView,
} from '@appgen/contracts';
import { AppUrlsDto } from './app-responses.dto';

export class StatusDeploymentDto {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty({ enum: ['production'] })
  environment!: 'production';

  @ApiProperty({ enum: DEPLOYMENT_STATUSES })
  status!: DeploymentStatus;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  deployed_at!: string | null;
}

export class StatusGenerationDto {
  @ApiProperty({ enum: GENERATION_JOB_STATUSES })
  status!: GenerationJobStatus;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  started_at!: string | null;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  completed_at!: string | null;
}

/** Body of GET /managed_apps/:id/status: the app, its newest deployment and generation, its addresses. */
export interface AppStatusResponse {
  app_id: string;
  name: string;
  status: AppStatus;
  deployment: StatusDeploymentDto | null;
  generation: StatusGenerationDto | null;
  urls: AppUrlsDto;
}

export class AppStatusResponseDto implements AppStatusResponse {
  @ApiProperty()
  app_id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: APP_STATUSES })
  status!: AppStatus;

  @ApiProperty({ type: StatusDeploymentDto, nullable: true, description: 'the newest production deployment; null before the first deploy' })
  deployment!: StatusDeploymentDto | null;

  @ApiProperty({ type: StatusGenerationDto, nullable: true, description: 'the newest generation job; null if none ran' })
  generation!: StatusGenerationDto | null;

  @ApiProperty({ type: AppUrlsDto })
  urls!: AppUrlsDto;
}

export class SourceFileDto implements SourceFileView {
  @ApiProperty({ example: 'src/main.ts' })
  path!: string;

  @ApiProperty()
  content!: string;

  @ApiProperty({ type: 'integer', description: 'bytes' })
  size!: number;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

export class ListFilesResponseDto implements ListFilesResponse {
  @ApiProperty()
  app_id!: string;

  @ApiProperty({ type: [SourceFileDto] })
  files!: SourceFileDto[];

  @ApiProperty({ type: 'integer' })
  count!: number;
}

export class BuildErrorEntryDto implements BuildErrorEntry {
  @ApiProperty({ example: 'src/views/list.ts:3:18: Unexpected ";"' })
  message!: string;

  @ApiProperty({ enum: [BUILD_ERROR_TYPE] })
  error_type!: typeof BUILD_ERROR_TYPE;

  @ApiProperty({ example: 'src/views/list.ts', description: 'empty when no single file is at fault' })
  file!: string;

  @ApiProperty()
  suggested_action!: string;

  @ApiProperty()
  fix_url!: string;

  @ApiProperty()
  recoverable!: boolean;

  @ApiProperty({ format: 'date-time' })
  occurred_at!: string;
}

export class BuildErrorsResponseDto implements BuildErrorsResponse {
  @ApiProperty()
  recoverable!: boolean;

  @ApiProperty({ type: [BuildErrorEntryDto], description: 'empty for a clean app' })
  errors!: BuildErrorEntryDto[];
}

export class DeployResponseDto implements DeployResponse {
  @ApiProperty({ type: 'integer' })
  deployment_id!: number;

  @ApiProperty({ enum: ['queued'] })
  status!: 'queued';

  @ApiProperty()
  message!: string;

  @ApiProperty({ example: 'http://k3x9q2m7w1ab.apps.localhost:8080', description: 'the address the deployment will serve' })
  production_url!: string;
}

/** The contract's deploy refusal: its `error` is the literal sentence, not a code. */
export class NotDeployableBodyDto {
  @ApiProperty({ enum: [NOT_DEPLOYABLE_ERROR] })
  error!: string;

  @ApiPropertyOptional()
  message?: string;

  @ApiProperty({ example: 'The app has no successful build yet' })
  reason!: string;

  @ApiProperty({ enum: [true] })
  recoverable!: true;

  @ApiProperty()
  suggested_action!: string;

  @ApiProperty()
  fix_url!: string;
}

export class RollbackResponseDto {
  @ApiProperty()
  message!: string;

  @ApiProperty({ type: 'integer', description: 'the version now in production' })
  version_id!: number;
}

export class AnalyticsMetricsDto {
  @ApiProperty({ type: 'integer' })
  page_views!: number;

  @ApiProperty({ type: 'integer' })
  unique_visitors!: number;

  @ApiProperty({ type: 'integer' })
  sessions!: number;
}

export class AnalyticsResponseDto implements AnalyticsResponse {
  @ApiProperty()
  app_id!: string;

  @ApiProperty({ enum: ANALYTICS_PERIODS })
  period!: AnalyticsPeriod;

  @ApiProperty({ type: AnalyticsMetricsDto })
  metrics!: AnalyticsMetricsDto;
}
