import { env, loadConfig, serviceEnv, type ConfigOf } from '@appgen/service-kit';

export const generationEnv = {
  ...serviceEnv,
  HEALTH_PORT: env.int('port of the health endpoint', { default: 3102, min: 1, max: 65535 }),
  OUTBOX_RELAY_ENABLED: env.bool('publish outbox events from this process', { default: true }),
};
export type GenerationConfig = ConfigOf<typeof generationEnv>;
export const GENERATION_CONFIG = Symbol('GENERATION_CONFIG');

export function loadGenerationConfig(): GenerationConfig {
  return loadConfig(generationEnv);
}
