import { AppgenError, transactionWithRetry } from '@appgen/service-kit';
import { DataSource } from 'typeorm';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';

let database: ScratchDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  database = await createScratchDatabase('appgen_kit_retry_it');
  dataSource = new DataSource({ type: 'postgres', url: database.url, poolSize: 4 });
  await dataSource.initialize();
  await dataSource.query('CREATE TABLE counters (id int PRIMARY KEY, value int NOT NULL)');
});

afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

beforeEach(async () => {
  await dataSource.query('TRUNCATE counters');
  await dataSource.query('INSERT INTO counters VALUES (1, 0), (2, 0)');
});

describe('transactionWithRetry', () => {
  it('runs a transaction Postgres aborted as a deadlock again, so both writers succeed', async () => {
    let bothHoldOne: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (bothHoldOne = resolve));
    let holders = 0;
    const update = (order: [number, number]) =>
      transactionWithRetry(dataSource, async (manager) => {
        await manager.query('UPDATE counters SET value = value + 1 WHERE id = $1', [order[0]]);
        holders += 1;
        if (holders === 2) bothHoldOne();
        await Promise.race([holding, new Promise((resolve) => setTimeout(resolve, 500))]);
        await manager.query('UPDATE counters SET value = value + 1 WHERE id = $1', [order[1]]);
      });
    // The same two rows locked in opposite orders: once both hold one, each waits for the other.
    const results = await Promise.allSettled([update([1, 2]), update([2, 1])]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    // Each writer's two increments landed exactly once: the aborted try left nothing behind.
    expect(await dataSource.query('SELECT id, value FROM counters ORDER BY id')).toEqual([{ id: 1, value: 2 }, { id: 2, value: 2 }]);
  });

  it('answers 409 conflict, not a 500, after three tries that all deadlocked, having rolled each back', async () => {
    let tries = 0;
    const attempt = transactionWithRetry(dataSource, async (manager) => {
      tries += 1;
      await manager.query('UPDATE counters SET value = value + 1 WHERE id = 1');
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    await expect(attempt).rejects.toMatchObject({ status: 409, body: { error: 'conflict' } });
    await expect(attempt).rejects.toBeInstanceOf(AppgenError);
    expect(tries).toBe(3);
    expect(await dataSource.query('SELECT value FROM counters WHERE id = 1')).toEqual([{ value: 0 }]);
  });

  it('passes any other error through untouched', async () => {
    await expect(transactionWithRetry(dataSource, (manager) => manager.query('SELECT * FROM no_such_table'))).rejects.toThrow(/no_such_table/);
  });
});
