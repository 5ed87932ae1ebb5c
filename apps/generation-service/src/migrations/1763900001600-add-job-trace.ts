import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The request that queued a job (its request id and W3C traceparent): the worker runs the job, and the callback
 * relay hands its callback over, in that request's trace, however much later that is.
 */
export class AddJobTrace1763900001600 implements MigrationInterface {
  name = 'AddJobTrace1763900001600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE generation_jobs ADD COLUMN request_id text, ADD COLUMN traceparent text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE generation_jobs DROP COLUMN request_id, DROP COLUMN traceparent');
  }
}
