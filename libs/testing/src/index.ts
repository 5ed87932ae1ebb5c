export * from './free-port';
export * from './mail';
export * from './nats-server';
export * from './scratch-database';
export * from './service-app';
export * from './jetstream-events';
