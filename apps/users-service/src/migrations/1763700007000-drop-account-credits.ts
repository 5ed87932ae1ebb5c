import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Credits moved to billing-service's ledger, which records every account's signup grant the first time it sees
 * the account; the column here only ever held that starting grant and nothing read it any more.
 */
export class DropAccountCredits1763700007000 implements MigrationInterface {
  name = 'DropAccountCredits1763700007000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE accounts DROP COLUMN credits');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE accounts ADD COLUMN credits integer NOT NULL DEFAULT 50');
  }
}
