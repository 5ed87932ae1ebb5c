import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { APP_ID_MAX_LENGTH } from '@appgen/contracts';
import { TOOL_NAMES } from '../tool-catalogue';

export class ExecuteToolDto {
  @ApiProperty({ enum: TOOL_NAMES, description: 'an unknown tool is 422' })
  @IsIn(TOOL_NAMES)
  @IsString()
  tool!: string;

  @ApiPropertyOptional({ maxLength: APP_ID_MAX_LENGTH, description: 'the app to act on; required by every tool except svc-generate-app (422 without it)' })
  @IsOptional()
  @MaxLength(APP_ID_MAX_LENGTH)
  @IsString()
  app_id?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: "the tool's parameters, as its `input_schema` from GET /mcp/tools describes them (422 otherwise)",
    example: { path: 'src/main.ts' },
  })
  @IsOptional()
  @IsObject()
  params?: Record<string, unknown>;
}
