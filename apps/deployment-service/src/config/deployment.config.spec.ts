import { ConfigError } from '@appgen/service-kit';
import { editorUrl } from '@appgen/contracts';
import { loadDeploymentConfig, publicUrls } from './deployment.config';

describe('deployment-service configuration', () => {
  it('gives local addresses on the edge port by default', () => {
    const config = loadDeploymentConfig({});
    expect(publicUrls(config, 'abc123def456')).toEqual({
      preview: 'http://preview-abc123def456.preview.localhost:8080',
      production: 'http://abc123def456.apps.localhost:8080',
    });
    expect(editorUrl(config.SITE_URL, 'abc123def456')).toBe('http://localhost:3000/account/apps/abc123def456/editor');
  });

  it('gives https addresses without a port when PUBLIC_URL_PORT is set empty', () => {
    const config = loadDeploymentConfig({
      PUBLIC_URL_SCHEME: 'https',
      PUBLIC_URL_PORT: '',
      PREVIEW_HOST: 'preview.appgen.dev',
      APPS_HOST: 'appgen.app',
      SITE_URL: 'https://appgen.dev/',
    });
    expect(publicUrls(config, 'abc123def456')).toEqual({
      preview: 'https://preview-abc123def456.preview.appgen.dev',
      production: 'https://abc123def456.appgen.app',
    });
    expect(editorUrl(config.SITE_URL, 'abc123def456')).toBe('https://appgen.dev/account/apps/abc123def456/editor');
  });

  it('refuses a port that is not one', () => {
    expect(() => loadDeploymentConfig({ PUBLIC_URL_PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadDeploymentConfig({ PUBLIC_URL_SCHEME: 'ftp' })).toThrow(/PUBLIC_URL_SCHEME/);
  });
});
