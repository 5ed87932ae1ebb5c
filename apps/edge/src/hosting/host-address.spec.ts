import { normalizeHost, parseHostAddress } from './host-address';

const local = { previewHost: 'preview.localhost', appsHost: 'apps.localhost' };

describe('parseHostAddress', () => {
  it('reads a preview address with its app id', () => {
    expect(parseHostAddress('preview-abc123def456.preview.localhost', local)).toEqual({
      kind: 'preview',
      appId: 'abc123def456',
      host: 'preview-abc123def456.preview.localhost',
    });
  });

  it('reads a production address with its app id', () => {
    expect(parseHostAddress('abc123def456.apps.localhost', local)).toEqual({
      kind: 'production',
      appId: 'abc123def456',
      host: 'abc123def456.apps.localhost',
    });
  });

  it('ignores the port, letter case and a trailing dot', () => {
    expect(parseHostAddress('Preview-ABC123DEF456.Preview.Localhost.:8080', local)).toMatchObject({
      kind: 'preview',
      appId: 'abc123def456',
    });
    expect(parseHostAddress('abc123def456.apps.localhost:5300', local)).toMatchObject({
      kind: 'production',
      appId: 'abc123def456',
    });
  });

  it.each([
    ['an unrelated host', 'example.com'],
    ['the preview suffix itself', 'preview.localhost'],
    ['the apps suffix itself', 'apps.localhost'],
    ['an id that is too short', 'preview-abc123.preview.localhost'],
    ['an id that is too long', 'abc123def4567.apps.localhost'],
    ['an id with characters outside [a-z0-9]', 'abc123-ef456.apps.localhost'],
    ['a preview label without its prefix', 'abc123def456.preview.localhost'],
    ['a preview-prefixed label under the apps suffix', 'preview-abc123def456.apps.localhost'],
    ['a label nested one level deeper', 'www.abc123def456.apps.localhost'],
    ['a look-alike suffix', 'abc123def456.evilapps.localhost'],
    ['an IP address', '127.0.0.1:8080'],
    ['an IPv6 literal', '[::1]:8080'],
    ['an empty header', ''],
    ['a missing header', undefined],
  ])('treats %s as unknown', (_case, header) => {
    expect(parseHostAddress(header, local).kind).toBe('unknown');
  });

  it('tells preview from production when both share one suffix', () => {
    const shared = { previewHost: 'appgen.example', appsHost: 'appgen.example' };
    expect(parseHostAddress('preview-abc123def456.appgen.example', shared)).toMatchObject({ kind: 'preview', appId: 'abc123def456' });
    expect(parseHostAddress('abc123def456.appgen.example', shared)).toMatchObject({ kind: 'production', appId: 'abc123def456' });
  });

  it('follows the configured suffixes', () => {
    const production = { previewHost: 'preview.appgen.example', appsHost: 'appgen.app' };
    expect(parseHostAddress('preview-abc123def456.preview.appgen.example', production).kind).toBe('preview');
    expect(parseHostAddress('abc123def456.appgen.app', production).kind).toBe('production');
    expect(parseHostAddress('abc123def456.apps.localhost', production).kind).toBe('unknown');
  });
});

describe('normalizeHost', () => {
  it('keeps IPv6 brackets and drops the port', () => {
    expect(normalizeHost('[::1]:8080')).toBe('[::1]');
  });

  it('returns an empty string for a missing header', () => {
    expect(normalizeHost(undefined)).toBe('');
  });
});
