export * from './built-service';
export * from './callers';
export * from './free-port';
export * from './jetstream-events';
export * from './mail';
export * from './nats-server';
export * from './scratch-database';
export * from './service-app';
