import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localServiceDatabaseUrl, serviceDatabaseUrlVariable, serviceRoleOf, SERVICE_SCHEMAS, type SchemaOwningService } from './database-roles';

describe('the URL a service connects with where appgen derives its role', () => {
  it('names the service’s own role on the administrator’s server and database, with no password under trust auth', () => {
    expect(localServiceDatabaseUrl('postgres://postgres@db.internal:6543/appgen_e2e_1?sslmode=require', 'apps')).toBe(
      'postgres://appgen_apps@db.internal:6543/appgen_e2e_1?sslmode=require',
    );
  });

  it('gives each role a password of its own when the administrator has one, the same on every run, revealing nothing of it', () => {
    const admin = 'postgres://postgres:s%40cret@127.0.0.1:5432/appgen';
    const apps = serviceRoleOf('apps', localServiceDatabaseUrl(admin, 'apps'));
    const users = serviceRoleOf('users', localServiceDatabaseUrl(admin, 'users'));
    expect(apps.role).toBe('appgen_apps');
    expect(apps.password).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(users.password).not.toBe(apps.password);
    expect(serviceRoleOf('apps', localServiceDatabaseUrl(admin, 'apps')).password).toBe(apps.password);
    expect(serviceRoleOf('apps', localServiceDatabaseUrl('postgres://postgres:other@127.0.0.1/appgen', 'apps')).password).not.toBe(apps.password);
    expect(localServiceDatabaseUrl(admin, 'apps')).not.toContain('cret');
  });
});

describe('a service’s role as its URL names it', () => {
  it('decodes the user and the password', () => {
    expect(serviceRoleOf('billing', 'postgres://appgen_billing:p%2Fa%3Ass@db/appgen')).toEqual({ schema: 'billing', role: 'appgen_billing', password: 'p/a:ss' });
    expect(serviceRoleOf('billing', 'postgres://appgen_billing@db/appgen')).toEqual({ schema: 'billing', role: 'appgen_billing' });
  });
});

describe('the Kubernetes migration Job', () => {
  it('is given the administrator’s URL and the URL of every service that stores data, by the names it reads', () => {
    const job = readFileSync(join(__dirname, '../../../k8s/base/migrate.job.yaml'), 'utf8');
    const given = [...job.matchAll(/- name: ([A-Z_]+)\n\s+valueFrom:\n\s+secretKeyRef: \{ name: appgen-database, key: ([A-Z_]+) \}/g)];
    expect(given.every(([, name, key]) => name === key)).toBe(true);
    const services = Object.keys(SERVICE_SCHEMAS) as SchemaOwningService[];
    expect(given.map(([, name]) => name).sort()).toEqual(['DATABASE_ADMIN_URL', ...services.map(serviceDatabaseUrlVariable)].sort());
    expect(job).toContain('command: ["node", "dist/libs/service-kit/src/provision-database.js"]');
  });
});
