import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateGenerationJobs1763700003000 implements MigrationInterface {
  name = 'CreateGenerationJobs1763700003000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The contract's message_id is an integer handed out in queue order, independent of the opaque job id.
    await queryRunner.query('CREATE SEQUENCE generation_message_ids START 1000');
    await queryRunner.query(`
      CREATE TABLE generation_jobs (
        job_id text PRIMARY KEY,
        message_id bigint NOT NULL UNIQUE DEFAULT nextval('generation_message_ids'),
        account_id integer NOT NULL,
        caller jsonb NOT NULL,
        app_id text NOT NULL,
        app_created_at timestamptz NOT NULL,
        prompt text NOT NULL,
        name text NOT NULL,
        name_given boolean NOT NULL DEFAULT false,
        ai_model text,
        engine text NOT NULL CHECK (engine IN ('blueprint', 'openai')),
        callback_url text,
        metadata jsonb NOT NULL DEFAULT '{}',
        status text NOT NULL CHECK (status IN ('queued', 'processing', 'completed', 'failed', 'cancelled')),
        progress integer NOT NULL DEFAULT 5,
        message text NOT NULL,
        error text,
        preview_url text,
        attempts integer NOT NULL DEFAULT 0,
        available_at timestamptz NOT NULL DEFAULT now(),
        heartbeat_at timestamptz,
        tokens_input integer NOT NULL DEFAULT 0,
        tokens_output integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        completed_at timestamptz,
        cancelled_at timestamptz
      )`);
    await queryRunner.query('ALTER SEQUENCE generation_message_ids OWNED BY generation_jobs.message_id');
    // What workers claim: queued work that is due, and processing work whose worker stopped beating.
    await queryRunner.query(
      `CREATE INDEX generation_jobs_open_idx ON generation_jobs (status, available_at) WHERE status IN ('queued', 'processing')`,
    );
    // One open job per app: two generations writing the same app at once would race each other's versions.
    await queryRunner.query(
      `CREATE UNIQUE INDEX generation_jobs_one_open_per_app ON generation_jobs (app_id) WHERE status IN ('queued', 'processing')`,
    );
    await queryRunner.query('CREATE INDEX generation_jobs_app_idx ON generation_jobs (app_id, created_at)');
    await queryRunner.query('CREATE INDEX generation_jobs_account_idx ON generation_jobs (account_id, created_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE generation_jobs');
    await queryRunner.query('DROP SEQUENCE IF EXISTS generation_message_ids');
  }
}
