import { resolveBundlePath } from './bundle-path';
import { etagOf, matchesIfNoneMatch } from './etag';

describe('resolveBundlePath', () => {
  const paths = new Set(['index.html', 'assets/app.js', 'assets/app.css', 'docs/index.html', 'robots.txt']);

  it.each([
    ['/', 'index.html', false],
    ['/assets/app.js', 'assets/app.js', false],
    ['/docs/', 'docs/index.html', false],
    ['/robots.txt', 'robots.txt', false],
    ['/recipes', 'index.html', true],
    ['/recipes/42/edit', 'index.html', true],
    ['/recipes/', 'index.html', true],
    ['/caf%C3%A9', 'index.html', true],
  ])('%s → %s', (url, path, fallback) => {
    expect(resolveBundlePath(url, paths)).toEqual({ kind: 'file', path, fallback });
  });

  it('answers a missing asset as missing, not with the page', () => {
    expect(resolveBundlePath('/assets/missing.js', paths)).toEqual({ kind: 'missing' });
    expect(resolveBundlePath('/../../etc/passwd.txt', paths)).toEqual({ kind: 'missing' });
  });

  it('refuses a path that does not decode', () => {
    expect(resolveBundlePath('/%E0%A4%A', paths)).toEqual({ kind: 'bad_request' });
    expect(resolveBundlePath('/a%00b', paths)).toEqual({ kind: 'bad_request' });
  });

  it('has no page to fall back to without index.html', () => {
    expect(resolveBundlePath('/recipes', new Set(['assets/app.js']))).toEqual({ kind: 'missing' });
  });
});

describe('ETags', () => {
  it('follow the bytes', () => {
    const tag = etagOf(Buffer.from('<h1>hi</h1>'));
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(etagOf(Buffer.from('<h1>hi</h1>'))).toBe(tag);
    expect(etagOf(Buffer.from('<h1>ho</h1>'))).not.toBe(tag);
  });

  it('match If-None-Match lists, weak tags and *', () => {
    const tag = '"abc"';
    expect(matchesIfNoneMatch('"abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('"x", W/"abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
    expect(matchesIfNoneMatch('"abd"', tag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
  });
});
