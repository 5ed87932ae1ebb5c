import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { createScratchDatabase, type ScratchDatabase } from '@appgen/testing';
import { WEBHOOKS_MIGRATIONS } from '.';

interface SchemaShape {
  tables: string[];
  indexes: string[];
}

describe('webhooks-service migrations', () => {
  let database: ScratchDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createScratchDatabase('appgen_wh_mig');
    dataSource = new DataSource({ type: 'postgres', url: database.url, migrations: WEBHOOKS_MIGRATIONS });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  async function schema(): Promise<SchemaShape> {
    const tables: { tablename: string }[] = await dataSource.query(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations' ORDER BY tablename",
    );
    const indexes: { indexname: string }[] = await dataSource.query(
      "SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND tablename <> 'migrations' ORDER BY indexname",
    );
    return { tables: tables.map((row) => row.tablename), indexes: indexes.map((row) => row.indexname) };
  }

  it('applies every migration, undoes each one back to the state before it, and applies them all again', async () => {
    await dataSource.runMigrations();
    const applied = await schema();
    expect(applied.tables).toEqual(['callback_secrets', 'deliveries', 'subscriptions']);
    expect(applied.indexes).toEqual(expect.arrayContaining(['deliveries_pending_receiver_idx', 'deliveries_callback_job_idx']));
    expect(applied.indexes).not.toContain('deliveries_account_id_job_id_key');

    // Undone from the newest: each step must leave what the migrations before it made, down to nothing.
    const undone: SchemaShape[] = [];
    for (let step = 0; step < WEBHOOKS_MIGRATIONS.length; step += 1) {
      await dataSource.undoLastMigration();
      undone.push(await schema());
    }
    expect(undone.at(-1)).toEqual({ tables: [], indexes: [] });
    expect(undone.at(-2)?.indexes).toContain('deliveries_account_id_job_id_key');

    await dataSource.runMigrations();
    expect(await schema()).toEqual(applied);
  });
});
