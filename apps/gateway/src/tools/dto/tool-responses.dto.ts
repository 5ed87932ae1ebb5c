import { ApiProperty } from '@nestjs/swagger';

export class ToolDescriptionDto {
  @ApiProperty({ example: 'svc-view-file' })
  name!: string;

  @ApiProperty({ description: 'what the tool does, whether it needs app_id and which permission it needs' })
  description!: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'JSON Schema (2020-12) of the `params` object' })
  input_schema!: Record<string, unknown>;
}

export class ToolListResponseDto {
  @ApiProperty({ type: [ToolDescriptionDto] })
  tools!: ToolDescriptionDto[];
}

export class ExecuteToolResponseDto {
  @ApiProperty({ enum: [true] })
  success!: true;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      "the tool's result: svc-view-file `{file}`; svc-list-files `{app_id, files, count}`; svc-write-file and svc-delete-file " +
      '`{file, version, build: {status, errors}}`; svc-create-entity `{entity}`; svc-query-data `{rows, total}`; ' +
      'svc-insert-data and svc-update-data `{row}`; svc-delete-data `{success}`. svc-generate-app answers instead with ' +
      '`{success, app_id, status_url, preview_url: null}` as the whole body.',
  })
  result!: Record<string, unknown>;
}
