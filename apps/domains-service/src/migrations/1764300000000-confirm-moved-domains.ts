import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A verified domain's re-checks that found its record pointing elsewhere, in a row: the checker takes a domain
 * offline (moved) only when a second re-check confirms the first, so one odd answer does not stop serving it.
 */
export class ConfirmMovedDomains1764300000000 implements MigrationInterface {
  name = 'ConfirmMovedDomains1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE custom_domains ADD COLUMN recheck_misses integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE custom_domains DROP COLUMN recheck_misses`);
  }
}
