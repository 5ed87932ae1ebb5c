export * from './create-outbox.migration';
export * from './event-consumer';
export * from './events-stream';
export * from './outbox-event.entity';
export * from './outbox-relay';
export * from './outbox.module';
export * from './outbox.service';
export * from './app-claims';
