// '@appgen/service-kit/database': what a service owning a Postgres schema needs (TypeORM and pg), kept apart from
// the main entry so that processes without a database (the gateway, the edge) never load either.
export * from './database.module';
export * from './database-roles';
export * from './notified-work-loop';
