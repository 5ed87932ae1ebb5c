import { appUrls } from './app-urls';

describe('appUrls', () => {
  it('gives the local addresses with the edge port', () => {
    expect(appUrls('abc123def456', { previewHost: 'preview.localhost', appsHost: 'apps.localhost', scheme: 'http', port: '8080' })).toEqual({
      preview: 'http://preview-abc123def456.preview.localhost:8080',
      production: 'http://abc123def456.apps.localhost:8080',
    });
  });

  it('leaves the port out when none is given, as in production', () => {
    expect(appUrls('abc123def456', { previewHost: 'preview.appgen.dev', appsHost: 'appgen.app', scheme: 'https', port: '' })).toEqual({
      preview: 'https://preview-abc123def456.preview.appgen.dev',
      production: 'https://abc123def456.appgen.app',
    });
  });
});
