/**
 * Creates every service's database role and schema (see database-roles.ts), then exits: the Kubernetes
 * migration Job runs it before the services start, and anyone can by hand:
 *
 *   DATABASE_ADMIN_URL=postgres://admin:...@host/appgen node dist/libs/service-kit/src/provision-database.js
 *
 * Each service's role and password come from its own URL (APPS_SERVICE_DATABASE_URL, ...: the same URL the
 * service is given as DATABASE_URL). A service whose URL is not set gets the role npm start would use
 * (`appgen_<schema>`, see localServiceDatabaseUrl). Exit code 0 once done, 1 with the reason otherwise.
 */
import { ConfigError, env, loadConfig, type EnvSpec } from './config';
import {
  localServiceDatabaseUrl,
  provisionServiceRoles,
  serviceDatabaseUrlVariable,
  serviceRoleOf,
  SERVICE_SCHEMAS,
  type SchemaOwningService,
} from './database-roles';

const services = Object.keys(SERVICE_SCHEMAS) as SchemaOwningService[];
const postgres = { protocols: ['postgres', 'postgresql'] };

const spec: EnvSpec = {
  DATABASE_ADMIN_URL: env.url('Postgres as a role that may create roles and schemas (a superuser, or CREATEROLE and owner of the database)', postgres),
  ...Object.fromEntries(
    services.map((service) => [
      serviceDatabaseUrlVariable(service),
      env.optionalUrl(`the URL ${service} connects with: its role and password are provisioned`, postgres),
    ]),
  ),
};

async function main(): Promise<number> {
  let config: Record<string, unknown>;
  try {
    config = loadConfig(spec);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  const adminUrl = config['DATABASE_ADMIN_URL'] as string;
  const roles = services.map((service) => {
    const schema = SERVICE_SCHEMAS[service];
    const own = config[serviceDatabaseUrlVariable(service)] as string | undefined;
    return { service, ...serviceRoleOf(schema, own ?? localServiceDatabaseUrl(adminUrl, schema)) };
  });
  try {
    await provisionServiceRoles(adminUrl, roles);
  } catch (error) {
    process.stderr.write(`Provisioning the database roles failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  const database = decodeURIComponent(new URL(adminUrl).pathname.slice(1));
  for (const { service, schema, role, password } of roles) {
    process.stdout.write(`${service}: role ${role} owns schema ${schema} in ${database}${password === undefined ? '' : ' (password set)'}\n`);
  }
  return 0;
}

void main().then((code) => {
  process.exitCode = code;
});
