import { contentTypeOf, extensionOf, isHtml } from './bundle-files';

describe('contentTypeOf', () => {
  it('names the types a built app is made of, text ones in UTF-8', () => {
    expect(contentTypeOf('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('assets/app.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('assets/app.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('assets/app.js.map')).toBe('application/json; charset=utf-8');
    expect(contentTypeOf('favicon.svg')).toBe('image/svg+xml; charset=utf-8');
    expect(contentTypeOf('robots.txt')).toBe('text/plain; charset=utf-8');
    expect(contentTypeOf('AGENTS.md')).toBe('text/markdown; charset=utf-8');
    expect(contentTypeOf('data/seed.JSON')).toBe('application/json; charset=utf-8');
    expect(contentTypeOf('logo.png')).toBe('image/png');
  });

  it('falls back to bytes for anything else', () => {
    expect(contentTypeOf('archive.bin')).toBe('application/octet-stream');
    expect(contentTypeOf('LICENSE')).toBe('application/octet-stream');
  });

  it('keeps the type a file was stored with', () => {
    expect(contentTypeOf('notes.md', 'text/plain; charset=utf-8')).toBe('text/plain; charset=utf-8');
    expect(contentTypeOf('notes.md', '')).toBe('text/markdown; charset=utf-8');
  });

  it('reads the extension of the last segment only', () => {
    expect(extensionOf('/v1.2/recipes')).toBe('');
    expect(extensionOf('/.well-known')).toBe('');
    expect(extensionOf('/a/b.JS')).toBe('js');
    expect(isHtml('Text/HTML; charset=utf-8')).toBe(true);
  });
});
