import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One callback per job is kept by a unique index over callback rows only: the table-wide
 * UNIQUE (account_id, job_id) also held an entry for every subscription delivery (job_id NULL),
 * a write per delivery that guarded nothing.
 */
export class IndexCallbackJobsOnly1763700006000 implements MigrationInterface {
  name = 'IndexCallbackJobsOnly1763700006000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE UNIQUE INDEX deliveries_callback_job_idx ON deliveries (account_id, job_id) WHERE job_id IS NOT NULL');
    await queryRunner.query('ALTER TABLE deliveries DROP CONSTRAINT deliveries_account_id_job_id_key');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE deliveries ADD CONSTRAINT deliveries_account_id_job_id_key UNIQUE (account_id, job_id)');
    await queryRunner.query('DROP INDEX deliveries_callback_job_idx');
  }
}
