import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The credits a job holds with billing-service: `credits_reserved` from before it was queued, `credits_used`
 * fixed when it ends (what it is charged; 0 for a failed or cancelled job), and `credits_state` `due` from the
 * transaction that ends it until billing has settled or released it (`settled`). Jobs queued before billing
 * charged generations have none (null) and are never sent to billing.
 */
export class AddJobCredits1763800001000 implements MigrationInterface {
  name = 'AddJobCredits1763800001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE generation_jobs
        ADD COLUMN credits_reserved integer,
        ADD COLUMN credits_used integer,
        ADD COLUMN credits_state text CHECK (credits_state IN ('due', 'settled'))`);
    await queryRunner.query(`CREATE INDEX generation_jobs_credits_due_idx ON generation_jobs (completed_at) WHERE credits_state = 'due'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX generation_jobs_credits_due_idx');
    await queryRunner.query('ALTER TABLE generation_jobs DROP COLUMN credits_reserved, DROP COLUMN credits_used, DROP COLUMN credits_state');
  }
}
