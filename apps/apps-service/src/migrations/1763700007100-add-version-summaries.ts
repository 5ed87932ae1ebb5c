import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every version gets a one-line summary of what made it, for the versions list (`Recipe Box generated`,
 * `Edited src/main.ts`, `Restored version 2`). Versions made before are given one from what they hold: a
 * plan's name (generated, or updated when an earlier version had a plan); for an edit, the file that differs
 * from the version before (the manifest files only when nothing else does, since they are rewritten in place
 * between versions); anything else replaced the whole tree.
 */
export class AddVersionSummaries1763700007100 implements MigrationInterface {
  name = 'AddVersionSummaries1763700007100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE app_versions ADD COLUMN summary text');
    await queryRunner.query(`
      UPDATE app_versions v SET summary = CASE
        WHEN v.plan IS NOT NULL THEN (v.plan ->> 'name') || CASE
          WHEN EXISTS (SELECT 1 FROM app_versions e WHERE e.app_id = v.app_id AND e.number < v.number AND e.plan IS NOT NULL) THEN ' updated'
          ELSE ' generated' END
        WHEN v.source = 'edit' THEN coalesce((
          SELECT CASE WHEN cur.path IS NULL THEN 'Deleted ' || prev.path ELSE 'Edited ' || cur.path END
            FROM (SELECT path, content FROM app_version_files WHERE version_id = v.id) cur
            FULL JOIN (
              SELECT f.path, f.content FROM app_version_files f JOIN app_versions p ON p.id = f.version_id
               WHERE p.app_id = v.app_id AND p.number = v.number - 1
            ) prev ON prev.path = cur.path
           WHERE cur.content IS DISTINCT FROM prev.content
           ORDER BY coalesce(cur.path, prev.path) IN ('AGENTS.md', 'CLAUDE.md', 'SKILL.md'), coalesce(cur.path, prev.path)
           LIMIT 1
        ), 'Edited files')
        ELSE 'Replaced all files'
      END`);
    await queryRunner.query('ALTER TABLE app_versions ALTER COLUMN summary SET NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE app_versions DROP COLUMN summary');
  }
}
