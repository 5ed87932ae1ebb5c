import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What an app is made of beyond its record: version snapshots of its source tree, its data entities and
 * their rows, and its page views. Everything hangs off managed_apps with ON DELETE CASCADE, so deleting an
 * app removes all of it in the same statement.
 */
export class CreateAppContent1763700000200 implements MigrationInterface {
  name = 'CreateAppContent1763700000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE app_versions
        ADD COLUMN source text NOT NULL DEFAULT 'generation' CHECK (source IN ('generation', 'edit', 'rollback')),
        ADD COLUMN plan jsonb,
        ADD COLUMN idempotency_key text,
        ADD COLUMN files_count integer NOT NULL DEFAULT 0,
        ADD CONSTRAINT app_versions_app_idempotency_key UNIQUE (app_id, idempotency_key)`);
    await queryRunner.query(`
      CREATE TABLE app_version_files (
        version_id integer NOT NULL REFERENCES app_versions (id) ON DELETE CASCADE,
        path text NOT NULL,
        content text NOT NULL,
        size integer NOT NULL,
        PRIMARY KEY (version_id, path)
      )`);
    await queryRunner.query(`
      CREATE TABLE app_entities (
        app_id text NOT NULL REFERENCES managed_apps (id) ON DELETE CASCADE,
        name text NOT NULL,
        label text NOT NULL,
        label_singular text NOT NULL,
        fields jsonb NOT NULL,
        user_scoped boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (app_id, name)
      )`);
    await queryRunner.query(`
      CREATE TABLE app_rows (
        id bigserial PRIMARY KEY,
        app_id text NOT NULL,
        entity text NOT NULL,
        owner_email text,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (app_id, entity) REFERENCES app_entities (app_id, name) ON DELETE CASCADE
      )`);
    await queryRunner.query('CREATE INDEX app_rows_app_entity_id_idx ON app_rows (app_id, entity, id)');
    await queryRunner.query(`
      CREATE TABLE app_page_views (
        id bigserial PRIMARY KEY,
        app_id text NOT NULL REFERENCES managed_apps (id) ON DELETE CASCADE,
        visitor text NOT NULL,
        session text NOT NULL,
        path text NOT NULL,
        environment text NOT NULL CHECK (environment IN ('preview', 'production')),
        at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX app_page_views_app_at_idx ON app_page_views (app_id, at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE app_page_views');
    await queryRunner.query('DROP TABLE app_rows');
    await queryRunner.query('DROP TABLE app_entities');
    await queryRunner.query('DROP TABLE app_version_files');
    await queryRunner.query(`
      ALTER TABLE app_versions
        DROP CONSTRAINT app_versions_app_idempotency_key,
        DROP COLUMN files_count,
        DROP COLUMN idempotency_key,
        DROP COLUMN plan,
        DROP COLUMN source`);
  }
}
