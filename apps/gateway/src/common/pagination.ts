import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, type PageMeta, type PageRequest } from '@appgen/contracts';

/** Postgres integer bound; pages beyond it cannot exist. */
const MAX_PAGE = 2_147_483_647;

/** A query-string integer ("12") as a number; anything else stays as sent, for the validator to refuse. */
export function queryInteger(value: unknown): unknown {
  return typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
}

/** `per_page` above the maximum is served at the maximum rather than refused (like GitHub's API). */
export function cappedPerPage(value: unknown): unknown {
  const parsed = queryInteger(value);
  return typeof parsed === 'number' && parsed > MAX_PER_PAGE ? MAX_PER_PAGE : parsed;
}

/** `page` and `per_page` of every list endpoint; extend it with the list's own filters. */
export class PageQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, default: 1, description: 'page number, from 1' })
  @Transform(({ value }) => queryInteger(value))
  @IsOptional()
  @Min(1)
  @Max(MAX_PAGE)
  @IsInt()
  page?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    default: DEFAULT_PER_PAGE,
    description: `items per page; values above ${MAX_PER_PAGE} are served as ${MAX_PER_PAGE}`,
  })
  @Transform(({ value }) => cappedPerPage(value))
  @IsOptional()
  @Min(1)
  @IsInt()
  per_page?: number;
}

/** The page a list request asks for, with the defaults applied and `per_page` capped. */
export function paginated(query: { page?: number; per_page?: number }): PageRequest {
  return { page: query.page ?? 1, per_page: Math.min(query.per_page ?? DEFAULT_PER_PAGE, MAX_PER_PAGE) };
}

export class PageMetaDto implements PageMeta {
  @ApiProperty({ type: 'integer', example: 1 })
  current_page!: number;

  @ApiProperty({ type: 'integer', example: 3 })
  total_pages!: number;

  @ApiProperty({ type: 'integer', example: 61 })
  total_count!: number;

  @ApiProperty({ type: 'integer', example: 25 })
  per_page!: number;
}
