import type { ServiceName } from '@appgen/contracts';
import type { ConfigOf, serviceEnv } from './config';

export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const SERVICE_NAME = Symbol('SERVICE_NAME');

/** The part of every service's configuration the kit itself reads. */
export type ServiceConfig = ConfigOf<typeof serviceEnv>;

export interface ServiceIdentity {
  name: ServiceName;
}
