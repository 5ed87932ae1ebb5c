import { ConfigError } from '@appgen/service-kit';
import { loadEdgeConfig } from './edge.config';

describe('loadEdgeConfig', () => {
  it('defaults to the local addresses of decisions.md', () => {
    expect(loadEdgeConfig({})).toMatchObject({
      EDGE_PORT: 8080,
      HEALTH_PORT: 3104,
      PREVIEW_HOST: 'preview.localhost',
      APPS_HOST: 'apps.localhost',
    });
  });

  it('refuses a host with a scheme or port, naming the variable', () => {
    expect(() => loadEdgeConfig({ APPS_HOST: 'https://apps.example.com' })).toThrow(/APPS_HOST must be a lowercase hostname/);
    expect(() => loadEdgeConfig({ PREVIEW_HOST: 'preview.example.com:443' })).toThrow(ConfigError);
  });

  it('refuses to serve apps and health on one port', () => {
    expect(() => loadEdgeConfig({ EDGE_PORT: '5300', HEALTH_PORT: '5300' })).toThrow(/EDGE_PORT and HEALTH_PORT must differ/);
  });
});
