/**
 * Least-privilege database roles: every service that stores data connects as its own login role, which owns its
 * schema and can use nothing else in the database. Provisioning (run with an administrator's URL by `npm start`,
 * the test harnesses and the Kubernetes migration Job) creates the roles and schemas; each service then migrates
 * its own schema at start, as the owner. Node builtins and `pg` only: the platform runner loads this from dist/.
 *
 * Roles are cluster-wide, databases are many (every test run, every spec has its own on one server): a service's
 * role is one fixed name for every database (`appgen_apps`, ...), and what it may do is granted per database. So
 * runs side by side share the roles without touching each other's grants, dropping a database takes its grants
 * with it and leaves nothing to clean up, and a machine that keeps its roles between runs keeps eight of them.
 */
import { createHmac } from 'node:crypto';
import { Client, escapeIdentifier, escapeLiteral, type DatabaseError } from 'pg';

/** The schema each service that stores data owns; the gateway and the edge hold no data and get no role. */
export const SERVICE_SCHEMAS = {
  'apps-service': 'apps',
  'generation-service': 'generation',
  'deployment-service': 'deployment',
  'users-service': 'users',
  'webhooks-service': 'webhooks',
  'domains-service': 'domains',
  'billing-service': 'billing',
  'claim-service': 'claim',
} as const;

export type SchemaOwningService = keyof typeof SERVICE_SCHEMAS;

/** One service's login role and the schema it owns. */
export interface ServiceRole {
  schema: string;
  role: string;
  /** set on the role when given (production: from the Secret); otherwise its password is left as it is */
  password?: string;
}

/** The variable the provisioning entry reads a service's own connection URL from, e.g. APPS_SERVICE_DATABASE_URL. */
export function serviceDatabaseUrlVariable(service: SchemaOwningService): string {
  return `${service.toUpperCase().replace(/-/g, '_')}_DATABASE_URL`;
}

/** The role a schema's service connects as where appgen derives the roles itself (npm start, tests). */
function localRoleName(schema: string): string {
  return `appgen_${schema}`;
}

/**
 * The URL a service connects with where one administrator's URL is all there is (npm start, tests, benchmarks):
 * the same server and database as its role. Without a password in `adminUrl` (trust auth) the role has none; with
 * one (a server that asks for passwords) each role's is derived from it, so every run on the machine sets the same.
 */
export function localServiceDatabaseUrl(adminUrl: string, schema: string): string {
  const url = new URL(adminUrl);
  const role = localRoleName(schema);
  const adminPassword = decodeURIComponent(url.password);
  url.username = role;
  url.password = adminPassword === '' ? '' : createHmac('sha256', adminPassword).update(role).digest('base64url');
  return url.toString();
}

/** The role and password a service's connection URL names. */
export function serviceRoleOf(schema: string, databaseUrl: string): ServiceRole {
  const url = new URL(databaseUrl);
  const role = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  return { schema, role, ...(password === '' ? {} : { password }) };
}

/** Every service's role where appgen derives them from one administrator's URL. */
export function localServiceRoles(adminUrl: string): ServiceRole[] {
  return Object.values(SERVICE_SCHEMAS).map((schema) => serviceRoleOf(schema, localServiceDatabaseUrl(adminUrl, schema)));
}

const NAME = /^[a-z_][a-z0-9_]{0,62}$/;
// Concurrent runs: CREATE ROLE has no IF NOT EXISTS, and the loser of a race gets duplicate_object, or
// unique_violation from the catalog's index when both inserted at once; two ALTERs of one role's row at once make
// the later fail with "tuple concurrently updated" (XX000).
const ALREADY_EXISTS = new Set(['42710', '23505']);
const CONCURRENT_UPDATE_RETRIES = 5;

function isDatabaseError(error: unknown, codes: Set<string>): error is DatabaseError {
  return typeof error === 'object' && error !== null && codes.has(String((error as DatabaseError).code));
}

function isConcurrentUpdate(error: unknown): boolean {
  return error instanceof Error && /tuple concurrently (updated|deleted)/.test(error.message);
}

async function retryingConcurrentUpdates<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isConcurrentUpdate(error) || attempt >= CONCURRENT_UPDATE_RETRIES) throw error;
      await new Promise((done) => setTimeout(done, 20 * attempt + Math.random() * 50));
    }
  }
}

function checkRoles(roles: ServiceRole[], adminRole: string): void {
  const problems: string[] = [];
  for (const { schema, role } of roles) {
    if (!NAME.test(schema)) problems.push(`schema "${schema}" must be lowercase letters, digits and _`);
    if (!NAME.test(role)) problems.push(`role "${role}" (schema ${schema}) must be lowercase letters, digits and _, at most 63`);
    if (role === adminRole) problems.push(`schema ${schema}: its service must not connect as the administrator "${adminRole}"`);
  }
  for (const key of ['role', 'schema'] as const) {
    const seen = new Set<string>();
    for (const each of roles) {
      if (seen.has(each[key])) problems.push(`${key} "${each[key]}" is named twice: every service needs its own`);
      seen.add(each[key]);
    }
  }
  if (problems.length > 0) throw new Error(`cannot provision the database roles:\n  ${problems.join('\n  ')}`);
}

interface RoleState {
  role: string;
  /** it may do more than log in, or may not log in */
  wrong: boolean;
  /** roles it belongs to, whose rights it would hold (pg_read_all_data, another service's role, ...) */
  memberOf: string[];
}

const LOGIN_ONLY = 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS';

/** Creates or corrects each role: a login that can do nothing on the cluster and belongs to no other role. */
async function ensureLoginRoles(client: Client, roles: ServiceRole[], adminIsSuperuser: boolean): Promise<void> {
  const { rows } = await client.query<RoleState>(
    `SELECT r.rolname::text AS role,
            r.rolsuper OR r.rolcreatedb OR r.rolcreaterole OR r.rolreplication OR r.rolbypassrls OR NOT r.rolcanlogin AS wrong,
            ARRAY(SELECT g.rolname::text FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid WHERE m.member = r.oid) AS "memberOf"
       FROM pg_roles r WHERE r.rolname = ANY($1)`,
    [roles.map((each) => each.role)],
  );
  const existing = new Map(rows.map((row) => [row.role, row]));
  for (const { role, password } of roles) {
    const name = escapeIdentifier(role);
    const passwordClause = password === undefined ? '' : ` PASSWORD ${escapeLiteral(password)}`;
    let state = existing.get(role);
    if (!state) {
      try {
        await client.query(`CREATE ROLE ${name} ${LOGIN_ONLY}${passwordClause}`);
        state = { role, wrong: false, memberOf: [] };
      } catch (error) {
        if (!isDatabaseError(error, ALREADY_EXISTS)) throw error;
        // Another run created it a moment ago: set what this run would have.
        state = { role, wrong: true, memberOf: [] };
      }
    } else if (state.wrong || password !== undefined) {
      // Only what needs changing, so that runs side by side do not rewrite the same row for nothing.
      const wrong = state.wrong;
      await retryingConcurrentUpdates(() => client.query(`ALTER ROLE ${name} ${wrong ? LOGIN_ONLY : ''}${passwordClause}`));
    }
    for (const granted of state.memberOf) {
      await retryingConcurrentUpdates(() => client.query(`REVOKE ${escapeIdentifier(granted)} FROM ${name}`));
    }
    // An administrator that is not a superuser (a managed Postgres) can hand a schema to a role only as its member.
    if (!adminIsSuperuser) await client.query(`GRANT ${name} TO CURRENT_USER`);
  }
}

/** Statements handing what an earlier owner (a superuser, before roles existed) created in each schema to its role. */
async function contentTransfers(client: Client, roles: ServiceRole[]): Promise<string[]> {
  const owners = { schemas: roles.map((each) => each.schema), roles: roles.map((each) => each.role) };
  const { rows } = await client.query<{ statement: string }>(
    `WITH owners AS (SELECT * FROM unnest($1::text[], $2::text[]) AS o(schema, role)),
          spaces AS (SELECT n.oid, o.role FROM owners o JOIN pg_namespace n ON n.nspname = o.schema)
     SELECT format('ALTER %s %s OWNER TO %I',
              CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE'
                             WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END, c.oid::regclass, s.role) AS statement
       FROM pg_class c JOIN spaces s ON s.oid = c.relnamespace
      WHERE c.relowner <> s.role::regrole AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') AND NOT c.relispartition
        -- a sequence that belongs to a column moves with its table
        AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
              AND d.objid = c.oid AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')))
     UNION ALL
     SELECT format('ALTER %s %s OWNER TO %I', CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, t.oid::regtype, s.role)
       FROM pg_type t JOIN spaces s ON s.oid = t.typnamespace
      WHERE t.typowner <> s.role::regrole
        AND (t.typtype IN ('e', 'd', 'r') OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))
     UNION ALL
     SELECT format('ALTER ROUTINE %s OWNER TO %I', p.oid::regprocedure, s.role)
       FROM pg_proc p JOIN spaces s ON s.oid = p.pronamespace
      WHERE p.proowner <> s.role::regrole AND p.prokind IN ('f', 'p')`,
    [owners.schemas, owners.roles],
  );
  return rows.map((row) => row.statement);
}

/**
 * Creates (or corrects) each service's login role, gives it its schema in the database of `adminUrl`, and takes
 * away the rest: creating schemas in the database or in `public`, and any use of the other services' schemas.
 * Idempotent, and safe to run several times at once, on one database or on many of the same server.
 */
export async function provisionServiceRoles(adminUrl: string, roles: ServiceRole[]): Promise<void> {
  const client = new Client({ connectionString: adminUrl, application_name: 'appgen-provision' });
  await client.connect();
  try {
    const { rows } = await client.query<{ admin: string; superuser: boolean; database: string }>(
      `SELECT current_user AS admin, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
              current_database() AS database`,
    );
    const { admin, superuser, database } = rows[0];
    checkRoles(roles, admin);
    await ensureLoginRoles(client, roles, superuser);

    const db = escapeIdentifier(database);
    await client.query('BEGIN');
    try {
      // Advisory locks are per database: runs on one database take turns, runs on others never wait.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['appgen.provision']);
      const hasPublic = (await client.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'public'`)).rows.length > 0;
      const grants = [`REVOKE CREATE ON DATABASE ${db} FROM PUBLIC`, ...(hasPublic ? ['REVOKE CREATE ON SCHEMA public FROM PUBLIC'] : [])];
      for (const { schema, role } of roles) {
        const owner = escapeIdentifier(role);
        const name = escapeIdentifier(schema);
        grants.push(
          `REVOKE CREATE ON DATABASE ${db} FROM ${owner}`,
          `GRANT CONNECT ON DATABASE ${db} TO ${owner}`,
          ...(hasPublic ? [`REVOKE CREATE ON SCHEMA public FROM ${owner}`] : []),
          `CREATE SCHEMA IF NOT EXISTS ${name} AUTHORIZATION ${owner}`,
          `ALTER SCHEMA ${name} OWNER TO ${owner}`,
          `REVOKE ALL ON SCHEMA ${name} FROM PUBLIC`,
          ...roles.filter((other) => other.role !== role).map((other) => `REVOKE ALL ON SCHEMA ${name} FROM ${escapeIdentifier(other.role)}`),
        );
      }
      // One round trip (the simple protocol takes several statements when there are no parameters).
      await client.query(grants.join(';\n'));
      const transfers = await contentTransfers(client, roles);
      if (transfers.length > 0) await client.query(transfers.join(';\n'));
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    await client.end();
  }
}
