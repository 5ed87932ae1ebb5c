import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The request an event was recorded in (its request id and W3C traceparent), so that its consumers, and the
 * webhooks sent for it, continue that request's trace. Shared like CreateOutbox; each service runs it after it.
 */
export class AddOutboxTrace1763900001600 implements MigrationInterface {
  name = 'AddOutboxTrace1763900001600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE outbox ADD COLUMN request_id text, ADD COLUMN traceparent text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE outbox DROP COLUMN request_id, DROP COLUMN traceparent');
  }
}
