import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A row's stored text as a date or an instant, or NULL when it is not one. Range filters, totals and sorts compare
 * dates and instants; a bare `::date` cast of one value that is no date (kept from before its field became a date
 * field) failed the whole query. CASE evaluates its branches in order, so nothing is cast before it is known to fit:
 * the shape first, then the day within its month (2025-02-30 has the shape but is no date).
 */
export class CreateRowValueCasts1764300000100 implements MigrationInterface {
  name = 'CreateRowValueCasts1764300000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION row_date(value text) RETURNS date LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT CASE
          WHEN value IS NULL OR value !~ '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' THEN NULL
          WHEN substr(value, 1, 4)::int < 1 THEN NULL
          WHEN substr(value, 9, 2)::int > extract(day from make_date(substr(value, 1, 4)::int, substr(value, 6, 2)::int, 1) + interval '1 month - 1 day') THEN NULL
          ELSE value::date
        END
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION row_instant(value text) RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT CASE
          WHEN value IS NULL OR value !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,6})?)?(Z|[+-](0[0-9]|1[0-5]):[0-5][0-9])$' THEN NULL
          WHEN row_date(substr(value, 1, 10)) IS NULL THEN NULL
          ELSE value::timestamptz
        END
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION row_instant(text)');
    await queryRunner.query('DROP FUNCTION row_date(text)');
  }
}
