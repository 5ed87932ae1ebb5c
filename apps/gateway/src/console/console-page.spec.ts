import { consoleCsp, previewFrameSource } from './console-page';

describe('console page policy', () => {
  it('frames the preview hosts only, at the public scheme and port, and is framed by nobody', () => {
    const production = consoleCsp(previewFrameSource({ PREVIEW_HOST: 'preview.appgen.example', PUBLIC_URL_SCHEME: 'https', PUBLIC_URL_PORT: '' }));
    expect(production.split('; ')).toEqual(expect.arrayContaining(["frame-src https://*.preview.appgen.example", "frame-ancestors 'none'", "script-src 'self'"]));
    expect(production).not.toContain('unsafe-inline');
    const local = consoleCsp(previewFrameSource({ PREVIEW_HOST: 'preview.localhost', PUBLIC_URL_SCHEME: 'http', PUBLIC_URL_PORT: '8080' }));
    expect(local).toContain('frame-src http://*.preview.localhost:8080;');
  });
});
