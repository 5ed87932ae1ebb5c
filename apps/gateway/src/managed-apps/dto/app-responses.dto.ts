import { ApiProperty } from '@nestjs/swagger';
import {
  APP_STATUSES,
  APP_VISIBILITIES,
  type AppDetail,
  type AppDetailResponse,
  type AppStatus,
  type AppSummary,
  type AppUrls,
  type AppVisibility,
  type CreateAppResponse,
  type DeleteAppResponse,
  type ListAppsResponse,
  type UpdateAppResponse,
} from '@appgen/contracts';
import { PageMetaDto } from '../../common/pagination';

export class AppSummaryDto implements AppSummary {
  @ApiProperty({ example: 'k3x9q2m7w1ab' })
  id!: string;

  @ApiProperty({ example: 'Untitled App' })
  name!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty({ enum: APP_STATUSES })
  status!: AppStatus;

  @ApiProperty({ enum: APP_VISIBILITIES })
  visibility!: AppVisibility;

  @ApiProperty({ example: 'blueprint' })
  ai_model!: string;

  @ApiProperty({ type: 'string', nullable: true, description: 'null until a preview exists' })
  preview_url!: string | null;

  @ApiProperty({ type: 'string', nullable: true, description: 'null until deployed' })
  production_url!: string | null;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  published_at!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

export class AppCreatorDto {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty()
  email!: string;
}

export class AppUrlsDto implements AppUrls {
  @ApiProperty({ example: 'http://localhost:3000/account/apps/k3x9q2m7w1ab/editor' })
  editor!: string;

  @ApiProperty({ type: 'string', nullable: true })
  preview!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  production!: string | null;
}

export class AppDetailDto extends AppSummaryDto implements AppDetail {
  @ApiProperty({ type: AppCreatorDto })
  creator!: AppCreatorDto;

  @ApiProperty({ type: 'integer' })
  versions_count!: number;

  @ApiProperty({ type: 'integer' })
  files_count!: number;

  @ApiProperty({ type: 'integer' })
  users_count!: number;

  @ApiProperty({ type: AppUrlsDto })
  urls!: AppUrlsDto;
}

export class AppListResponseDto implements ListAppsResponse {
  @ApiProperty({ type: [AppSummaryDto] })
  apps!: AppSummaryDto[];

  @ApiProperty({ type: PageMetaDto })
  meta!: PageMetaDto;
}

export class AppDetailResponseDto implements AppDetailResponse {
  @ApiProperty({ type: AppDetailDto })
  app!: AppDetailDto;
}

export class CreateAppResponseDto implements CreateAppResponse {
  @ApiProperty({ type: AppSummaryDto })
  app!: AppSummaryDto;

  @ApiProperty()
  message!: string;
}

export class UpdateAppResponseDto implements UpdateAppResponse {
  @ApiProperty({ type: AppSummaryDto })
  app!: AppSummaryDto;
}

export class DeleteAppResponseDto implements DeleteAppResponse {
  @ApiProperty({ enum: [true] })
  success!: true;

  @ApiProperty()
  message!: string;
}
