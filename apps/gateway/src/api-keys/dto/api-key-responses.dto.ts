import { ApiProperty } from '@nestjs/swagger';
import {
  API_KEY_SCOPES,
  type ApiKeyResponse,
  type ApiKeyScope,
  type ApiKeyView,
  type CreateApiKeyResponse,
  type ListApiKeysResponse,
  type RevokeApiKeyResponse,
} from '@appgen/contracts';
import { PageMetaDto } from '../../common/pagination';

export class ApiKeyDto implements ApiKeyView {
  @ApiProperty({ type: 'integer', example: 7 })
  id!: number;

  @ApiProperty({ example: 'CI deploys' })
  name!: string;

  @ApiProperty({ example: 'svc_a1B2c3D4', description: 'first 12 characters of the key' })
  key_prefix!: string;

  @ApiProperty({ example: 'svc_a1B2c3D4...9xYz' })
  masked_key!: string;

  @ApiProperty({ enum: API_KEY_SCOPES })
  scope!: ApiKeyScope;

  @ApiProperty()
  scope_description!: string;

  @ApiProperty()
  active!: boolean;

  @ApiProperty()
  expired!: boolean;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'null: never expires' })
  expires_at!: string | null;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  last_used_at!: string | null;

  @ApiProperty({ type: 'integer' })
  request_count!: number;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

export class ApiKeyListResponseDto implements ListApiKeysResponse {
  @ApiProperty({ type: [ApiKeyDto] })
  api_keys!: ApiKeyDto[];

  @ApiProperty({ type: PageMetaDto })
  meta!: PageMetaDto;
}

export class CreateApiKeyResponseDto implements CreateApiKeyResponse {
  @ApiProperty({ example: 'svc_…', description: 'the key itself; shown in this response only' })
  raw_key!: string;

  @ApiProperty({ type: ApiKeyDto })
  api_key!: ApiKeyDto;

  @ApiProperty({ example: 'Store this key now: it will not be shown again.' })
  warning!: string;
}

export class ApiKeyResponseDto implements ApiKeyResponse {
  @ApiProperty({ type: ApiKeyDto })
  api_key!: ApiKeyDto;
}

export class RevokeApiKeyResponseDto implements RevokeApiKeyResponse {
  @ApiProperty({ enum: [true] })
  success!: true;

  @ApiProperty()
  message!: string;

  @ApiProperty({ type: ApiKeyDto })
  api_key!: ApiKeyDto;
}
