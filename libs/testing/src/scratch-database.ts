import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface ScratchDatabase {
  name: string;
  /** DATABASE_URL pointing at the new, empty database. */
  url: string;
  drop(): Promise<void>;
}

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/appgen';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function onMaintenanceDb<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty, uniquely named database for one test file on the server of DATABASE_URL, so tests
 * run side by side without seeing each other's rows. `prefix` should name the owner (`appgen_users_it`).
 */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const serverUrl = process.env['DATABASE_URL'] || DEFAULT_DATABASE_URL;
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`.toLowerCase();
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name.length > 63) {
    throw new Error(`scratch database prefix "${prefix}" must be lowercase letters, digits and _ (at most 48 characters)`);
  }
  await onMaintenanceDb(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  return {
    name,
    url: withDatabase(serverUrl, name),
    // FORCE: a test that failed may leave pooled connections behind.
    drop: () => onMaintenanceDb(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
