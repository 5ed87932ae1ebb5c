import {
  createServiceDataSource,
  localServiceRoles,
  migrateServiceSchema,
  provisionServiceRoles,
  SERVICE_SCHEMAS,
} from '@appgen/service-kit/database';
import { Client } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';

/** What a service's first migration does: a table in its own schema (raw SQL lands there by the search path). */
class CreateNotes1700000000000 implements MigrationInterface {
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)');
    await runner.query(`INSERT INTO notes (body) VALUES ('private')`);
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE notes');
  }
}

/** Migrates `schema` connected as `url`'s role, as a service does at start. */
async function migrateAs(url: string, schema: string): Promise<void> {
  const dataSource = createServiceDataSource(url, { schema, entities: [], migrations: [CreateNotes1700000000000], poolSize: 2 });
  await dataSource.initialize();
  try {
    await migrateServiceSchema(dataSource, schema);
  } finally {
    await dataSource.destroy();
  }
}

async function connectAs(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  await client.connect();
  return client;
}

/** The SQLSTATE and message a statement fails with, or 'ok'. */
async function outcome(client: Client, sql: string): Promise<string> {
  try {
    await client.query(sql);
    return 'ok';
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return `${code}: ${message}`;
  }
}

const schemas = Object.values(SERVICE_SCHEMAS);
let database: ScratchDatabase;
const clients = new Map<string, Client>();

function clientOf(schema: string): Client {
  const client = clients.get(schema);
  if (!client) throw new Error(`no connection as the ${schema} role`);
  return client;
}

beforeAll(async () => {
  database = await createScratchDatabase('appgen_roles_it');
  await Promise.all(schemas.map((schema) => migrateAs(database.serviceUrl(schema), schema)));
  for (const schema of schemas) clients.set(schema, await connectAs(database.serviceUrl(schema)));
}, 30_000);

afterAll(async () => {
  await Promise.all([...clients.values()].map((client) => client.end()));
  await database?.drop();
});

describe('each service connecting as its own database role', () => {
  it('connects as a role of its own, which owns its schema and migrated it', async () => {
    for (const schema of schemas) {
      const client = clientOf(schema);
      const { rows } = await client.query<{ role: string; owner: string; body: string }>(
        `SELECT current_user AS role, (SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = $1) AS owner,
                (SELECT body FROM "${schema}".notes) AS body`,
        [schema],
      );
      expect({ schema, ...rows[0] }).toEqual({ schema, role: `appgen_${schema}`, owner: `appgen_${schema}`, body: 'private' });
    }
  });

  it.each(schemas)('lets the %s role neither read nor write any other service’s tables', async (schema) => {
    const client = clientOf(schema);
    for (const other of schemas.filter((each) => each !== schema)) {
      const denied = `42501: permission denied for schema ${other}`;
      expect({ other, read: await outcome(client, `SELECT body FROM "${other}".notes`) }).toEqual({ other, read: denied });
      expect({ other, write: await outcome(client, `INSERT INTO "${other}".notes (body) VALUES ('x')`) }).toEqual({ other, write: denied });
      expect({ other, drop: await outcome(client, `DROP TABLE "${other}".notes`) }).toEqual({ other, drop: denied });
    }
  });

  it('lets a role create neither schemas nor tables outside its own schema', async () => {
    const client = clientOf('apps');
    expect(await outcome(client, 'CREATE SCHEMA elsewhere')).toBe(`42501: permission denied for database ${database.name}`);
    expect(await outcome(client, 'CREATE TABLE public.elsewhere (id int)')).toBe('42501: permission denied for schema public');
    expect(await outcome(client, 'CREATE TABLE users.elsewhere (id int)')).toBe('42501: permission denied for schema users');
    expect(await outcome(client, 'CREATE TABLE apps.mine (id int)')).toBe('ok');
  });

  it('refuses to start a service whose role cannot use its schema, saying why', async () => {
    await expect(migrateAs(database.serviceUrl('apps'), 'users')).rejects.toThrow(
      `role "appgen_apps" cannot use schema "users" in database "${database.name}"`,
    );
    await expect(migrateAs(database.serviceUrl('apps'), 'nowhere')).rejects.toThrow(
      `schema "nowhere" does not exist in database "${database.name}": provision the database roles first`,
    );
  });
});

describe('provisioning the roles', () => {
  it('can run again, and several times at once on one database and on others of the same server', async () => {
    const other = await createScratchDatabase('appgen_roles_it_other');
    try {
      const runs = [database.url, other.url, database.url, other.url, database.url, other.url];
      const results = await Promise.allSettled(runs.map((url) => provisionServiceRoles(url, localServiceRoles(url))));
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      // Both databases' services still work, each on its own data.
      await migrateAs(other.serviceUrl('billing'), 'billing');
      const billing = await connectAs(other.serviceUrl('billing'));
      try {
        expect((await billing.query('SELECT body FROM billing.notes')).rows).toEqual([{ body: 'private' }]);
      } finally {
        await billing.end();
      }
    } finally {
      await other.drop();
    }
    // Dropping one database leaves the roles, shared by the server's databases, working in the others.
    expect((await clientOf('billing').query('SELECT count(*)::int AS n FROM billing.notes')).rows).toEqual([{ n: 1 }]);
    const again = await connectAs(database.serviceUrl('billing'));
    await again.end();
    // Creating and dropping a database and six runs take several seconds on a busy machine.
  }, 30_000);

  it('hands a schema an earlier owner filled to its role, and takes back what the role was given too much', async () => {
    // A schema of the test's own, so that the shared service roles are never given more, even for a moment.
    const legacyUrl = await database.provisionSchema('legacy_it');
    const admin = await connectAs(database.url);
    const legacy = await connectAs(legacyUrl);
    try {
      // As before roles existed: the superuser owned the schema and its tables; and someone gave the role too much.
      await admin.query('ALTER SCHEMA legacy_it OWNER TO CURRENT_USER');
      await admin.query('CREATE TABLE legacy_it.accounts (id serial PRIMARY KEY)');
      await admin.query('GRANT pg_read_all_data TO appgen_legacy_it');
      await admin.query('ALTER ROLE appgen_legacy_it CREATEDB');
      expect(await outcome(legacy, 'SELECT body FROM users.notes')).toBe('ok');

      await database.provisionSchema('legacy_it');

      const { rows } = await admin.query<{ owner: string; table_owner: string; createdb: boolean; member_of: number }>(
        `SELECT (SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = 'legacy_it') AS owner,
                (SELECT relowner::regrole::text FROM pg_class WHERE oid = 'legacy_it.accounts'::regclass) AS table_owner,
                (SELECT rolcreatedb FROM pg_roles WHERE rolname = 'appgen_legacy_it') AS createdb,
                (SELECT count(*)::int FROM pg_auth_members WHERE member = 'appgen_legacy_it'::regrole) AS member_of`,
      );
      expect(rows[0]).toEqual({ owner: 'appgen_legacy_it', table_owner: 'appgen_legacy_it', createdb: false, member_of: 0 });
      expect(await outcome(legacy, 'ALTER TABLE legacy_it.accounts ADD COLUMN note text')).toBe('ok');
      expect(await outcome(legacy, 'SELECT body FROM users.notes')).toBe('42501: permission denied for schema users');
    } finally {
      await Promise.all([admin.end(), legacy.end()]);
    }
  });

  it('refuses two services sharing a role, or a service connecting as the administrator', async () => {
    await expect(
      provisionServiceRoles(database.url, [
        { schema: 'apps', role: 'appgen_apps' },
        { schema: 'users', role: 'appgen_apps' },
      ]),
    ).rejects.toThrow('role "appgen_apps" is named twice: every service needs its own');
    const adminRole = decodeURIComponent(new URL(database.url).username) || 'postgres';
    await expect(provisionServiceRoles(database.url, [{ schema: 'apps', role: adminRole }])).rejects.toThrow(
      `schema apps: its service must not connect as the administrator "${adminRole}"`,
    );
  });
});
