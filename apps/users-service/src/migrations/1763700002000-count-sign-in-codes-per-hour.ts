import type { MigrationInterface, QueryRunner } from 'typeorm';

/** How many codes an address was sent in its current hour, so the code endpoints cannot flood an inbox. */
export class CountSignInCodesPerHour1763700002000 implements MigrationInterface {
  name = 'CountSignInCodesPerHour1763700002000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['sign_in_codes', 'app_user_codes']) {
      await queryRunner.query(
        `ALTER TABLE ${table}
           ADD COLUMN issued_in_window integer NOT NULL DEFAULT 1,
           ADD COLUMN window_started_at timestamptz NOT NULL DEFAULT now()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['sign_in_codes', 'app_user_codes']) {
      await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN issued_in_window, DROP COLUMN window_started_at`);
    }
  }
}
