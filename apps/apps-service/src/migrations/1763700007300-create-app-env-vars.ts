import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An app's environment variables: one row per (app, key), the value sealed with AES-256-GCM under SECRETS_KEY
 * (service-kit's secret box), so neither a database dump nor a backup holds it in the clear. Deleting the app
 * deletes them in the same statement.
 */
export class CreateAppEnvVars1763700007300 implements MigrationInterface {
  name = 'CreateAppEnvVars1763700007300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE app_env_vars (
        app_id text NOT NULL REFERENCES managed_apps (id) ON DELETE CASCADE,
        key text NOT NULL,
        value_encrypted text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (app_id, key)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE app_env_vars');
  }
}
