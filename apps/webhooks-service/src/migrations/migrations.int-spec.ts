import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { createScratchDatabase, type ScratchDatabase } from '@appgen/testing';
import { CreateWebhooks1763700003000 } from './1763700003000-create-webhooks';

describe('webhooks-service migrations', () => {
  let database: ScratchDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createScratchDatabase('appgen_wh_mig');
    dataSource = new DataSource({ type: 'postgres', url: database.url, migrations: [CreateWebhooks1763700003000] });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  async function tables(): Promise<string[]> {
    const rows: { tablename: string }[] = await dataSource.query(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations' ORDER BY tablename",
    );
    return rows.map((row) => row.tablename);
  }

  it('creates the webhooks tables, undoes them exactly, and applies them again', async () => {
    await dataSource.runMigrations();
    expect(await tables()).toEqual(['callback_secrets', 'deliveries', 'subscriptions']);
    await dataSource.undoLastMigration();
    expect(await tables()).toEqual([]);
    await dataSource.runMigrations();
    expect(await tables()).toEqual(['callback_secrets', 'deliveries', 'subscriptions']);
  });
});
