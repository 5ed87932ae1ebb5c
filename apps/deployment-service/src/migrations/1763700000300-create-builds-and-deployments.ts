import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBuildsAndDeployments1763700000300 implements MigrationInterface {
  name = 'CreateBuildsAndDeployments1763700000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE builds (
        id serial PRIMARY KEY,
        app_id text NOT NULL,
        account_id integer NOT NULL,
        version_id integer NOT NULL,
        status text NOT NULL CHECK (status IN ('succeeded', 'failed')),
        errors jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One build per version: a retried build request finds the first one instead of building twice.
    await queryRunner.query('CREATE UNIQUE INDEX builds_app_version_key ON builds (app_id, version_id)');
    await queryRunner.query(`
      CREATE TABLE bundle_files (
        build_id integer NOT NULL REFERENCES builds (id) ON DELETE CASCADE,
        path text NOT NULL,
        content text NOT NULL,
        content_type text NOT NULL,
        PRIMARY KEY (build_id, path)
      )`);
    await queryRunner.query(`
      CREATE TABLE deployments (
        id serial PRIMARY KEY,
        app_id text NOT NULL,
        account_id integer NOT NULL,
        build_id integer NOT NULL REFERENCES builds (id),
        version_id integer NOT NULL,
        environment text NOT NULL DEFAULT 'production' CHECK (environment = 'production'),
        status text NOT NULL CHECK (status IN ('pending', 'building', 'deploying', 'deployed', 'failed')),
        caller jsonb NOT NULL,
        error text,
        heartbeat_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        deployed_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX deployments_app_idx ON deployments (app_id, id)');
    // The worker's claim scans only unfinished deployments.
    await queryRunner.query(
      "CREATE INDEX deployments_unfinished_idx ON deployments (id) WHERE status IN ('pending', 'building', 'deploying')",
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE deployments');
    await queryRunner.query('DROP TABLE bundle_files');
    await queryRunner.query('DROP TABLE builds');
  }
}
