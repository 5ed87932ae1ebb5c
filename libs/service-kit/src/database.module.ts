import { Inject, Logger, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type MixedList, type EntitySchema } from 'typeorm';
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
    extra: { max: options.poolSize ?? 10, options: `-c search_path=${options.schema}` },
  });
}

/**
 * Creates the schema if needed and applies pending migrations, holding an advisory lock so that
 * replicas starting together migrate once.
 */
export async function migrateServiceSchema(dataSource: DataSource, schema: string): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`appgen.migrate.${schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`appgen.migrate.${schema}`]).catch(() => undefined);
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
        DataSourceCloser,
      ],
      exports: [DataSource],
    };
  }
}
