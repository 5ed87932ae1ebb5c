import { Inject, Logger, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource, type MixedList, type EntitySchema } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { DATABASE_CHECK, type DatabaseCheck } from './health';
import { SERVICE_CONFIG, type ServiceConfig } from './service-config';

export interface ServiceDatabaseOptions {
  /** The Postgres schema this service owns; nothing else reads or writes it. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for entity classes
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for migration classes
  migrations: MixedList<Function | string>;
  poolSize?: number;
}

/**
 * How long a pooled connection may sit idle before it is closed: half a minute, not pg's 10 s. A new Postgres
 * backend starts with cold catalog caches, so after every lull of 10 s the next burst of requests queued behind a
 * pool reconnecting (gateway-read's p99 at half load was twice the baseline's). The pool's size is unchanged.
 */
export const POOL_IDLE_TIMEOUT_MS = 30_000;

export function createServiceDataSource(databaseUrl: string, options: ServiceDatabaseOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: databaseUrl,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    // Raw SQL (migrations, outbox) then names tables without their schema and still lands in its own.
    extra: { max: options.poolSize ?? 10, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS, options: `-c search_path=${options.schema}` },
  });
}

/**
 * The pg pool an initialised DataSource holds (its connections carry the service's search_path). For a hot
 * read: `pool.query` skips TypeORM's per-query query runner, logger and broadcaster (about a tenth of apps-service's
 * CPU per detail read, measured); the rows and errors are pg's own (no QueryFailedError).
 */
export function postgresPool(dataSource: DataSource): Pool {
  const pool = (dataSource.driver as PostgresDriver).master as Pool | undefined;
  if (!pool) throw new Error('the DataSource is not initialised: it holds no pool yet');
  return pool;
}

const PROVISION_HINT =
  'provision the database roles first: npm start does it; in Kubernetes the appgen-migrate Job; by hand ' +
  'DATABASE_ADMIN_URL=<administrator URL> node dist/libs/service-kit/src/provision-database.js';

/**
 * Checks that the role this service connects as can use its schema (it owns it once provisioned), then applies
 * pending migrations, holding an advisory lock so that replicas starting together migrate once. The schema is
 * never created here: the service's role may not create schemas, by design.
 */
export async function migrateServiceSchema(dataSource: DataSource, schema: string): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const [state] = (await runner.query(
      `SELECT current_user AS role, current_database() AS database,
              (SELECT has_schema_privilege(oid, 'USAGE') AND has_schema_privilege(oid, 'CREATE')
                 FROM pg_namespace WHERE nspname = $1) AS usable`,
      [schema],
    )) as Array<{ role: string; database: string; usable: boolean | null }>;
    if (state.usable === null) {
      throw new Error(`schema "${schema}" does not exist in database "${state.database}": ${PROVISION_HINT}`);
    }
    if (!state.usable) {
      throw new Error(
        `role "${state.role}" cannot use schema "${schema}" in database "${state.database}" (it needs to own it): ` +
          `connect as the service's own role, or ${PROVISION_HINT}`,
      );
    }
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`appgen.migrate.${schema}`]);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`appgen.migrate.${schema}`]).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}

class DataSourceCloser implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

@Module({})
export class DatabaseModule {
  static forService(options: ServiceDatabaseOptions): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      providers: [
        {
          provide: DataSource,
          inject: [SERVICE_CONFIG],
          useFactory: async (config: ServiceConfig) => {
            const dataSource = createServiceDataSource(config.DATABASE_URL, options);
            await dataSource.initialize();
            await migrateServiceSchema(dataSource, options.schema);
            new Logger('Database').log(`schema "${options.schema}" migrated`);
            return dataSource;
          },
        },
        { provide: DATABASE_CHECK, inject: [DataSource], useFactory: (dataSource: DataSource): DatabaseCheck => () => dataSource.query('SELECT 1') },
        DataSourceCloser,
      ],
      exports: [DataSource, DATABASE_CHECK],
    };
  }
}
