import { ConfigError, env, loadConfig, serviceEnv, type ConfigOf, type EnvVar } from '@appgen/service-kit';
import { GENERATORS, TEXT_LIMITS, textProblem } from '@appgen/contracts';

/** A comma-separated list of model names, each one a valid `ai_model`; unset or empty: none. */
function modelList(description: string): EnvVar<string[]> {
  return {
    description,
    parse(raw) {
      const models = (raw ?? '').split(',').map((model) => model.trim()).filter((model) => model !== '');
      const problems = models.flatMap((model) => {
        const problem = textProblem(model, TEXT_LIMITS.aiModel);
        return problem === null ? [] : [`OPENAI_MODELS: "${model}" ${problem}`];
      });
      if (problems.length > 0) throw new ConfigError(problems);
      return [...new Set(models)];
    },
  };
}

export const generationEnv = {
  ...serviceEnv,
  HEALTH_PORT: env.int('port of the health endpoint', { default: 3102, min: 1, max: 65535 }),
  OUTBOX_RELAY_ENABLED: env.bool('publish outbox events from this process', { default: true }),
  SITE_URL: env.url('site root, for status and editor links', { default: 'http://localhost:3000', protocols: ['http', 'https'] }),
  PREVIEW_HOST: env.string('host under which previews live (preview-<app_id>.<PREVIEW_HOST>)', { default: 'preview.localhost' }),
  APPS_HOST: env.string('host under which deployed apps live (<app_id>.<APPS_HOST>)', { default: 'apps.localhost' }),
  PUBLIC_URL_SCHEME: env.oneOf('scheme of the public app addresses', ['http', 'https'] as const, { default: 'http' }),
  PUBLIC_URL_PORT: env.publicPort('port of the public app addresses (the edge), empty for the scheme default', '8080'),
  GENERATOR: env.oneOf('engine of jobs whose ai_model names none', GENERATORS, { default: 'blueprint' }),
  OPENAI_BASE_URL: env.optionalUrl('OpenAI-compatible API root, e.g. https://api.openai.com/v1', { protocols: ['http', 'https'] }),
  OPENAI_API_KEY: env.optionalString('bearer token for OPENAI_BASE_URL'),
  OPENAI_MODEL: env.string('model asked when a job names none', { default: 'gpt-4o-mini' }),
  OPENAI_MODELS: modelList('further models a job may name in ai_model when GENERATOR=openai (comma-separated)'),
  OPENAI_TIMEOUT_MS: env.int('how long one chat completion may take', { default: 60_000, min: 1000 }),
  OPENAI_CODE_MAX_STEPS: env.int('chat completions the openai engine may spend writing and repairing one app', { default: 30, min: 1, max: 500 }),
  OPENAI_CODE_MAX_TOKENS: env.int('input and output tokens the openai engine may spend writing and repairing one app', {
    default: 500_000,
    min: 1000,
  }),
  OPENAI_CODE_MAX_MS: env.int('how long the openai engine may spend writing and repairing one app', { default: 600_000, min: 1000 }),
  GENERATION_CONCURRENCY: env.int('jobs one process runs at a time', { default: 2, min: 1, max: 64 }),
  GENERATION_POLL_MS: env.int('fallback poll of the job queue', { default: 1000, min: 50 }),
  GENERATION_HEARTBEAT_MS: env.int('how often a running job proves its worker is alive', { default: 5000, min: 50 }),
  GENERATION_STALE_MS: env.int('a processing job whose heartbeat is older than this is taken over', { default: 30_000, min: 100 }),
  GENERATION_ABANDONED_REQUEST_MS: env.int('a queue request that has not queued its job after this long gives its credits back', {
    default: 600_000,
    min: 1000,
  }),
  GENERATION_MAX_ATTEMPTS: env.int('runs of one job before it fails for good', { default: 3, min: 1, max: 20 }),
  BUILD_TIMEOUT_MS: env.int('how long the preview build of a job may take', { default: 120_000, min: 1000 }),
};
export type GenerationConfig = ConfigOf<typeof generationEnv>;
export const GENERATION_CONFIG = Symbol('GENERATION_CONFIG');

export function loadGenerationConfig(source: NodeJS.ProcessEnv = process.env): GenerationConfig {
  const config = loadConfig(generationEnv, source);
  if (config.GENERATOR === 'openai' && !config.OPENAI_BASE_URL) {
    throw new ConfigError(['OPENAI_BASE_URL is required when GENERATOR=openai (OpenAI-compatible API root)']);
  }
  return config;
}
