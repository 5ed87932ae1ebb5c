import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reference and references fields hold row ids in `data`. Finding the rows that point at a row (deleting it under
 * each column's on_delete rule, a detail page listing its related rows) asks `data @> {"paid_by": 7}` or
 * `data @> {"shared_among": [7]}`; a GIN index with jsonb_path_ops answers exactly containment, and is the
 * smallest of the jsonb GIN indexes. Equality filters on other fields keep their plan.
 */
export class IndexRowReferences1763700007700 implements MigrationInterface {
  name = 'IndexRowReferences1763700007700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX app_rows_data_idx ON app_rows USING gin (data jsonb_path_ops)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX app_rows_data_idx');
  }
}
