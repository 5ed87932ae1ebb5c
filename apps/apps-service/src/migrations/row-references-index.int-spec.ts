import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { CreateOutbox1763700000000 } from '@appgen/outbox';
import { createScratchDatabase, type ScratchDatabase } from '@appgen/testing';
import { CreateManagedApps1763700000100 } from './1763700000100-create-managed-apps';
import { CreateAppContent1763700000200 } from './1763700000200-create-app-content';
import { IndexRowReferences1763700007700 } from './1763700007700-index-row-references';

describe('apps-service migration: the index of rows pointing at a row', () => {
  let database: ScratchDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createScratchDatabase('appgen_apps3_refidx');
    dataSource = new DataSource({
      type: 'postgres',
      url: database.url,
      migrations: [CreateOutbox1763700000000, CreateManagedApps1763700000100, CreateAppContent1763700000200, IndexRowReferences1763700007700],
    });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const indexes = async (): Promise<string[]> =>
    (await dataSource.query<{ indexdef: string }[]>("SELECT indexdef FROM pg_indexes WHERE tablename = 'app_rows' ORDER BY indexname")).map((row) => row.indexdef);

  it('adds a GIN index on row data that answers containment, and removes it again', async () => {
    await dataSource.runMigrations();
    expect(await indexes()).toContainEqual(expect.stringContaining('USING gin (data jsonb_path_ops)'));
    // The index can answer the lookup for several rows at once (the planner picks it once an entity has many rows).
    await dataSource.query('SET enable_seqscan = off');
    const plan = await dataSource.query<{ 'QUERY PLAN': string }[]>(
      `EXPLAIN SELECT id FROM app_rows WHERE data @> ANY(ARRAY['{"paid_by": 7}', '{"shared_among": [8]}']::jsonb[])`,
    );
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('app_rows_data_idx');
    await dataSource.query('RESET enable_seqscan');

    await dataSource.undoLastMigration();
    expect(await indexes()).not.toContainEqual(expect.stringContaining('jsonb_path_ops'));
    await dataSource.runMigrations();
    expect(await indexes()).toContainEqual(expect.stringContaining('jsonb_path_ops'));
  });
});
