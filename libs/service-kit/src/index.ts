// What every process loads. What only a service with a database needs (TypeORM, pg) is the
// '@appgen/service-kit/database' entry, so the gateway and the edge never load it.
export * from './bootstrap';
export * from './config';
export * from './direct-handlers';
export * from './draining-nats-server';
export * from './health';
export * from './http-request-log';
export * from './logger';
export * from './message-parts';
export * from './metrics';
export * from './nats-connection';
export * from './no-nul.pipe';
export * from './object-slot';
export * from './request-context';
export * from './rpc-client';
export * from './secret-box';
export * from './service-config';
export * from './trace-context';
export * from './tracing';
export * from './appgen-error';
export * from './not-found';
export * from './service-exception.filter';
export * from './service-kit.module';
export * from './postgres-errors';
export * from './transaction-retry';
export * from './canonical-json';
