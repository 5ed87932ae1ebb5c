import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ErrorBody, FieldError } from '@appgen/contracts';

export class FieldErrorDto implements FieldError {
  @ApiProperty({ example: 'name' })
  field!: string;

  @ApiProperty({ example: 'must be at most 100 characters' })
  message!: string;
}

export class ErrorBodyDto implements ErrorBody {
  [extra: string]: unknown;

  @ApiProperty({ description: 'stable snake_case error code', example: 'not_found' })
  error!: string;

  @ApiProperty({ description: 'human-readable explanation', example: 'App abc123 was not found' })
  message!: string;

  @ApiPropertyOptional({ type: [FieldErrorDto], description: 'present on 422 validation failures' })
  errors?: FieldErrorDto[];
}
