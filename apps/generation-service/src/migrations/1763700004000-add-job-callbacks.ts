import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A finished job with a callback_url is `due` until webhooks-service has accepted its callback
 * (`handed_over`), or refused its address (`refused`, with the reason in callback_error).
 */
export class AddJobCallbacks1763700004000 implements MigrationInterface {
  name = 'AddJobCallbacks1763700004000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE generation_jobs
        ADD COLUMN callback_state text CHECK (callback_state IN ('due', 'handed_over', 'refused')),
        ADD COLUMN callback_error text`);
    await queryRunner.query(`CREATE INDEX generation_jobs_callbacks_due_idx ON generation_jobs (completed_at) WHERE callback_state = 'due'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX generation_jobs_callbacks_due_idx');
    await queryRunner.query('ALTER TABLE generation_jobs DROP COLUMN callback_state, DROP COLUMN callback_error');
  }
}
