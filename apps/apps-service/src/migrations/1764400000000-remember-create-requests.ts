import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The client's Idempotency-Key of the request that created an app (directly, or through a generation), so a retry of
 * a request whose answer was lost finds the app the first attempt created instead of creating a second one. Unique
 * per account: two accounts' keys never meet.
 */
export class RememberCreateRequests1764400000000 implements MigrationInterface {
  name = 'RememberCreateRequests1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE managed_apps ADD COLUMN request_key text');
    await queryRunner.query('CREATE UNIQUE INDEX managed_apps_request_key ON managed_apps (account_id, request_key) WHERE request_key IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX managed_apps_request_key');
    await queryRunner.query('ALTER TABLE managed_apps DROP COLUMN request_key');
  }
}
