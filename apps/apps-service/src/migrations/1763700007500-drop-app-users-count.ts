import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An app's `users_count` counts users-service's app users, and the gateway now asks users-service for it with
 * each detail read; the column here was never kept current (it always said 0), so it goes.
 */
export class DropAppUsersCount1763700007500 implements MigrationInterface {
  name = 'DropAppUsersCount1763700007500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE managed_apps DROP COLUMN users_count');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE managed_apps ADD COLUMN users_count integer NOT NULL DEFAULT 0');
  }
}
