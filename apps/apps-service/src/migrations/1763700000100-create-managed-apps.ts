import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateManagedApps1763700000100 implements MigrationInterface {
  name = 'CreateManagedApps1763700000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE managed_apps (
        id text PRIMARY KEY,
        account_id integer NOT NULL,
        creator_email text NOT NULL,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        prompt text,
        status text NOT NULL CHECK (status IN ('draft', 'generating', 'generated', 'published', 'failed')),
        visibility text NOT NULL CHECK (visibility IN ('public', 'login_required')),
        ai_model text NOT NULL,
        preview_url text,
        production_url text,
        published_at timestamptz,
        users_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX managed_apps_account_created_idx ON managed_apps (account_id, created_at)');
    // Versions and source files of each app; the generator and the files interface fill them.
    await queryRunner.query(`
      CREATE TABLE app_versions (
        id serial PRIMARY KEY,
        app_id text NOT NULL REFERENCES managed_apps (id) ON DELETE CASCADE,
        number integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (app_id, number)
      )`);
    await queryRunner.query(`
      CREATE TABLE app_files (
        app_id text NOT NULL REFERENCES managed_apps (id) ON DELETE CASCADE,
        path text NOT NULL,
        content text NOT NULL,
        size integer NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (app_id, path)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE app_files');
    await queryRunner.query('DROP TABLE app_versions');
    await queryRunner.query('DROP TABLE managed_apps');
  }
}
