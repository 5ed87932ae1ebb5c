import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { localServiceDatabaseUrl, localServiceRoles, provisionServiceRoles, serviceRoleOf } from '@appgen/service-kit/database';

export interface ScratchDatabase {
  name: string;
  /** The new database as its administrator (the server's superuser): for reading and arranging any schema. */
  url: string;
  /** The URL a service connects with as its own role, which owns `schema` and can use nothing else. */
  serviceUrl(schema: string): string;
  /** Gives a schema no service owns (a test's own) a role of its own, as provisioning does; resolves with its URL. */
  provisionSchema(schema: string): Promise<string>;
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
 * Creates a uniquely named database for one test file on the server of DATABASE_URL, so tests run side by side
 * without seeing each other's rows, with every service's role and empty schema provisioned as npm start and the
 * migration Job do (the roles are the server's, shared by every database). `prefix` should name the owner
 * (`appgen_users_it`).
 */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const serverUrl = process.env['DATABASE_URL'] || DEFAULT_DATABASE_URL;
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`.toLowerCase();
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name.length > 63) {
    throw new Error(`scratch database prefix "${prefix}" must be lowercase letters, digits and _ (at most 48 characters)`);
  }
  await onMaintenanceDb(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = withDatabase(serverUrl, name);
  await provisionServiceRoles(url, localServiceRoles(url));
  return {
    name,
    url,
    serviceUrl: (schema) => localServiceDatabaseUrl(url, schema),
    provisionSchema: async (schema) => {
      const own = localServiceDatabaseUrl(url, schema);
      await provisionServiceRoles(url, [serviceRoleOf(schema, own)]);
      return own;
    },
    // FORCE: a test that failed may leave pooled connections behind.
    drop: () => onMaintenanceDb(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
