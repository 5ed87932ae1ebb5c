import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { CreateOutbox1763700000000 } from '@appgen/outbox';
import { createScratchDatabase, type ScratchDatabase } from '@appgen/testing';
import { CreateManagedApps1763700000100 } from './1763700000100-create-managed-apps';
import { CreateAppContent1763700000200 } from './1763700000200-create-app-content';
import { AddEntityOpenWrites1763700006500 } from './1763700006500-add-entity-open-writes';
import { AddVersionSummaries1763700007100 } from './1763700007100-add-version-summaries';

describe('apps-service migration: version summaries', () => {
  let database: ScratchDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createScratchDatabase('appgen_apps3_sum');
    dataSource = new DataSource({
      type: 'postgres',
      url: database.url,
      migrations: [
        CreateOutbox1763700000000,
        CreateManagedApps1763700000100,
        CreateAppContent1763700000200,
        AddEntityOpenWrites1763700006500,
        AddVersionSummaries1763700007100,
      ],
    });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  async function versionColumns(): Promise<string[]> {
    const rows: { column_name: string }[] = await dataSource.query(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'app_versions' ORDER BY column_name",
    );
    return rows.map((row) => row.column_name);
  }

  /** A version as it was stored before summaries: its source, plan and files by path. */
  async function addVersion(number: number, source: string, plan: object | null, files: Record<string, string>): Promise<void> {
    const rows: { id: number }[] = await dataSource.query(
      "INSERT INTO app_versions (app_id, number, source, plan, files_count) VALUES ('summaries001', $1, $2, $3::jsonb, $4) RETURNING id",
      [number, source, plan === null ? null : JSON.stringify(plan), Object.keys(files).length],
    );
    for (const [path, content] of Object.entries(files)) {
      await dataSource.query('INSERT INTO app_version_files (version_id, path, content, size) VALUES ($1, $2, $3, $4)', [
        rows[0]?.id,
        path,
        content,
        Buffer.byteLength(content),
      ]);
    }
  }

  it('gives the versions made before it a summary from what they hold, and undoes exactly', async () => {
    await dataSource.runMigrations();
    await dataSource.undoLastMigration();
    const before = await versionColumns();
    expect(before).not.toContain('summary');
    await dataSource.query(
      "INSERT INTO managed_apps (id, account_id, creator_email, name, status, visibility, ai_model) VALUES ('summaries001', 1, 'a@example.com', 'Recipes', 'generated', 'public', 'blueprint')",
    );
    const plan = { name: 'Recipe box', description: '', entities: [], pages: [], prompts: ['recipes'] };
    await addVersion(1, 'generation', plan, { 'AGENTS.md': 'a', 'index.html': 'x', 'src/main.ts': 'm' });
    // The manifest was rewritten in place between versions; the edit was to src/main.ts.
    await addVersion(2, 'edit', null, { 'AGENTS.md': 'a2', 'index.html': 'x', 'src/main.ts': 'm2' });
    await addVersion(3, 'edit', null, { 'AGENTS.md': 'a2', 'index.html': 'x' });
    await addVersion(4, 'generation', plan, { 'AGENTS.md': 'a2', 'index.html': 'y' });
    await addVersion(5, 'edit', null, { 'AGENTS.md': 'a2', 'index.html': 'y' });
    await addVersion(6, 'rollback', null, { 'AGENTS.md': 'a2', 'index.html': 'x' });
    await addVersion(7, 'edit', null, { 'AGENTS.md': 'a3', 'index.html': 'x' });

    await dataSource.runMigrations();

    expect(await dataSource.query("SELECT number, summary FROM app_versions WHERE app_id = 'summaries001' ORDER BY number")).toEqual([
      { number: 1, summary: 'Recipe box generated' },
      { number: 2, summary: 'Edited src/main.ts' },
      { number: 3, summary: 'Deleted src/main.ts' },
      { number: 4, summary: 'Recipe box updated' },
      { number: 5, summary: 'Edited files' },
      { number: 6, summary: 'Replaced all files' },
      { number: 7, summary: 'Edited AGENTS.md' },
    ]);
    await expect(
      dataSource.query("INSERT INTO app_versions (app_id, number, source, files_count) VALUES ('summaries001', 8, 'edit', 0)"),
    ).rejects.toThrow(/summary/);

    await dataSource.undoLastMigration();
    expect(await versionColumns()).toEqual(before);
    await dataSource.runMigrations();
  });
});
