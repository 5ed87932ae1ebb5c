import { ConfigError } from '@appgen/service-kit';
import { loadGenerationConfig } from './generation.config';

describe('generation-service configuration', () => {
  it('defaults to the built-in generator and local public addresses', () => {
    const config = loadGenerationConfig({});
    expect(config).toMatchObject({
      GENERATOR: 'blueprint',
      OPENAI_MODEL: 'gpt-4o-mini',
      GENERATION_CONCURRENCY: 2,
      PUBLIC_URL_SCHEME: 'http',
      PUBLIC_URL_PORT: '8080',
    });
  });

  it('refuses GENERATOR=openai without an API address, at boot', () => {
    expect(() => loadGenerationConfig({ GENERATOR: 'openai' })).toThrow(ConfigError);
    expect(() => loadGenerationConfig({ GENERATOR: 'openai' })).toThrow(/OPENAI_BASE_URL is required when GENERATOR=openai/);
    expect(loadGenerationConfig({ GENERATOR: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:1234/v1' }).GENERATOR).toBe('openai');
  });

  it('takes an empty public port for https addresses without a port', () => {
    expect(loadGenerationConfig({ PUBLIC_URL_SCHEME: 'https', PUBLIC_URL_PORT: '' }).PUBLIC_URL_PORT).toBe('');
    expect(() => loadGenerationConfig({ PUBLIC_URL_PORT: 'eighty' })).toThrow(/PUBLIC_URL_PORT must be a port number or empty/);
  });

  it('bounds what the openai engine may spend on one app, with defaults, and refuses a budget of nothing at boot', () => {
    expect(loadGenerationConfig({})).toMatchObject({ OPENAI_CODE_MAX_STEPS: 30, OPENAI_CODE_MAX_TOKENS: 500_000, OPENAI_CODE_MAX_MS: 600_000 });
    expect(loadGenerationConfig({ OPENAI_CODE_MAX_STEPS: '5' }).OPENAI_CODE_MAX_STEPS).toBe(5);
    expect(() => loadGenerationConfig({ OPENAI_CODE_MAX_STEPS: '0' })).toThrow(/OPENAI_CODE_MAX_STEPS/);
    expect(() => loadGenerationConfig({ OPENAI_CODE_MAX_TOKENS: 'lots' })).toThrow(/OPENAI_CODE_MAX_TOKENS/);
    expect(() => loadGenerationConfig({ OPENAI_CODE_MAX_MS: '10' })).toThrow(/OPENAI_CODE_MAX_MS/);
  });
});
