import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { CreateOutbox1763700000000 } from '@appgen/outbox';
import { createScratchDatabase, type ScratchDatabase } from '@appgen/testing';
import { CreateManagedApps1763700000100 } from './1763700000100-create-managed-apps';
import { CreateAppContent1763700000200 } from './1763700000200-create-app-content';
import { AddEntityOpenWrites1763700006500 } from './1763700006500-add-entity-open-writes';

describe('apps-service migrations', () => {
  let database: ScratchDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createScratchDatabase('appgen_apps3_mig');
    dataSource = new DataSource({
      type: 'postgres',
      url: database.url,
      migrations: [CreateOutbox1763700000000, CreateManagedApps1763700000100, CreateAppContent1763700000200, AddEntityOpenWrites1763700006500],
    });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  async function tables(): Promise<string[]> {
    const rows: { tablename: string }[] = await dataSource.query(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename LIKE 'app%' ORDER BY tablename",
    );
    return rows.map((row) => row.tablename);
  }

  async function versionColumns(): Promise<string[]> {
    const rows: { column_name: string }[] = await dataSource.query(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'app_versions' ORDER BY column_name",
    );
    return rows.map((row) => row.column_name);
  }

  async function entityColumns(): Promise<string[]> {
    const rows: { column_name: string }[] = await dataSource.query(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'app_entities' ORDER BY column_name",
    );
    return rows.map((row) => row.column_name);
  }

  it('undoes the app content migration exactly and applies it again', async () => {
    await dataSource.runMigrations();
    const full = ['app_entities', 'app_files', 'app_page_views', 'app_rows', 'app_version_files', 'app_versions'];
    expect(await tables()).toEqual(full);
    expect(await versionColumns()).toEqual(['app_id', 'created_at', 'files_count', 'id', 'idempotency_key', 'number', 'plan', 'source']);

    await dataSource.undoLastMigration(); // open writes, below
    await dataSource.undoLastMigration();
    expect(await tables()).toEqual(['app_files', 'app_versions']);
    expect(await versionColumns()).toEqual(['app_id', 'created_at', 'id', 'number']);

    await dataSource.runMigrations();
    expect(await tables()).toEqual(full);
  });

  it('closes the entities defined before open writes existed, keeps open writes to shared entities, and undoes exactly', async () => {
    await dataSource.undoLastMigration();
    const before = ['app_id', 'created_at', 'fields', 'label', 'label_singular', 'name', 'updated_at', 'user_scoped'];
    expect(await entityColumns()).toEqual(before);
    await dataSource.query(
      "INSERT INTO managed_apps (id, account_id, creator_email, name, status, visibility, ai_model) VALUES ('guestbook001', 1, 'a@example.com', 'Guest book', 'draft', 'public', 'blueprint')",
    );
    await dataSource.query(
      "INSERT INTO app_entities (app_id, name, label, label_singular, fields) VALUES ('guestbook001', 'entries', 'Entries', 'Entry', '[]')",
    );

    await dataSource.runMigrations();
    expect(await entityColumns()).toEqual([...before, 'open_writes'].sort());
    expect(await dataSource.query("SELECT open_writes FROM app_entities WHERE app_id = 'guestbook001'")).toEqual([{ open_writes: false }]);
    await expect(dataSource.query("UPDATE app_entities SET open_writes = true, user_scoped = true WHERE app_id = 'guestbook001'")).rejects.toThrow(
      /app_entities_open_writes_shared/,
    );

    await dataSource.undoLastMigration();
    expect(await entityColumns()).toEqual(before);
    await dataSource.runMigrations();
  });
});
