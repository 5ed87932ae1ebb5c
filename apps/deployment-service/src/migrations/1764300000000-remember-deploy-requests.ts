import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The client's Idempotency-Key of the deploy request that queued a deployment, so a retry of a request whose answer
 * was lost (the gateway timed out, or died) finds the deployment it queued instead of queuing another. Unique per
 * account: two accounts' keys never meet.
 */
export class RememberDeployRequests1764300000000 implements MigrationInterface {
  name = 'RememberDeployRequests1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE deployments ADD COLUMN request_key text');
    await queryRunner.query('CREATE UNIQUE INDEX deployments_request_key ON deployments (account_id, request_key) WHERE request_key IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX deployments_request_key');
    await queryRunner.query('ALTER TABLE deployments DROP COLUMN request_key');
  }
}
