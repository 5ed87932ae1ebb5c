import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every queue request, written before its credits are held. It names the job id the request queues under, so a retry
 * with the client's Idempotency-Key resumes the same job instead of queuing a second one, and a request whose process
 * died before its job existed is found later and its credits given back. `request_key` is unique per account.
 */
export class CreateQueueRequests1764400000100 implements MigrationInterface {
  name = 'CreateQueueRequests1764400000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE queue_requests (
        job_id text PRIMARY KEY,
        account_id integer NOT NULL,
        request_key text,
        fingerprint text NOT NULL,
        caller jsonb NOT NULL,
        app_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX queue_requests_key ON queue_requests (account_id, request_key) WHERE request_key IS NOT NULL');
    await queryRunner.query('CREATE INDEX queue_requests_created ON queue_requests (created_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE queue_requests');
  }
}
