import { appOriginOf, writeRefusal, type WriteHeaders } from './write-guard';

const APP = 'http://preview-recipes00001.preview.localhost:8080';
const write = (headers: Partial<WriteHeaders>): WriteHeaders => ({
  method: 'POST',
  origin: undefined,
  fetchSite: undefined,
  contentType: 'application/json',
  hasBody: true,
  appOrigin: APP,
  ...headers,
});

describe('appOriginOf', () => {
  it('is the public scheme with the Host the browser sent, as browsers serialize an origin', () => {
    expect(appOriginOf('http', 'preview-recipes00001.preview.localhost:8080')).toBe(APP);
    expect(appOriginOf('https', 'Recipes00001.Apps.Example.com')).toBe('https://recipes00001.apps.example.com');
    expect(appOriginOf('https', 'recipes00001.apps.example.com:443')).toBe('https://recipes00001.apps.example.com');
  });

  it('is null for a Host that cannot be an origin', () => {
    expect(appOriginOf('http', undefined)).toBeNull();
    expect(appOriginOf('http', 'user@host.localhost')).toBeNull();
    expect(appOriginOf('http', 'host.localhost/path')).toBeNull();
    expect(appOriginOf('http', 'host.localhost:notaport')).toBeNull();
  });
});

describe('writeRefusal', () => {
  it('lets reads through whatever their headers', () => {
    expect(writeRefusal(write({ method: 'GET', origin: 'http://evil.example', contentType: 'text/plain' }))).toBeNull();
    expect(writeRefusal(write({ method: 'HEAD', fetchSite: 'cross-site' }))).toBeNull();
  });

  it("accepts a JSON write from the app's own origin", () => {
    expect(writeRefusal(write({ origin: APP }))).toBeNull();
    expect(writeRefusal(write({ origin: APP, contentType: 'application/json; charset=utf-8' }))).toBeNull();
    expect(writeRefusal(write({ method: 'PATCH', origin: APP, fetchSite: 'same-origin' }))).toBeNull();
  });

  it.each([
    ['another app', 'http://preview-other000002.preview.localhost:8080'],
    ['the same app in production', 'http://recipes00001.apps.localhost:8080'],
    ['another port', 'http://preview-recipes00001.preview.localhost:8081'],
    ['another scheme', 'https://preview-recipes00001.preview.localhost:8080'],
    ['an opaque origin', 'null'],
    ['a malformed origin', 'not an origin'],
    ['an origin with a path', `${APP}/`],
  ])('refuses a write whose Origin is %s with 403', (_what, origin) => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) {
      expect(writeRefusal(write({ method, origin }))).toEqual({
        code: 'forbidden',
        message: `This app accepts changes only from its own pages at ${APP}.`,
      });
    }
  });

  it('decides by Sec-Fetch-Site when there is no Origin', () => {
    expect(writeRefusal(write({ fetchSite: 'cross-site' }))?.code).toBe('forbidden');
    expect(writeRefusal(write({ fetchSite: 'same-site' }))?.code).toBe('forbidden');
    expect(writeRefusal(write({ fetchSite: 'same-origin' }))).toBeNull();
    expect(writeRefusal(write({ fetchSite: 'none' }))).toBeNull();
  });

  it('lets a client that is no browser (neither header) write JSON', () => {
    expect(writeRefusal(write({}))).toBeNull();
  });

  it('refuses an Origin when the Host could not be made into one', () => {
    expect(writeRefusal(write({ origin: APP, appOrigin: null }))).toEqual({ code: 'forbidden', message: 'This app accepts changes only from its own pages.' });
  });

  it('refuses a body that is not JSON with 415, and a body without a Content-Type', () => {
    const refusal = { code: 'unsupported_media_type', message: 'Send the request body as JSON, with Content-Type: application/json.' };
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', 'text/json']) {
      expect(writeRefusal(write({ origin: APP, contentType }))).toEqual(refusal);
    }
    expect(writeRefusal(write({ origin: APP, contentType: undefined, hasBody: true }))).toEqual(refusal);
    expect(writeRefusal(write({ origin: APP, contentType: 'text/plain', hasBody: false }))).toEqual(refusal);
  });

  it('needs no Content-Type on a write without a body (a DELETE, a sign-out)', () => {
    expect(writeRefusal(write({ method: 'DELETE', origin: APP, contentType: undefined, hasBody: false }))).toBeNull();
  });

  it('checks the origin before the body, so a forged form post learns nothing more', () => {
    expect(writeRefusal(write({ origin: 'http://evil.example', contentType: 'text/plain' }))?.code).toBe('forbidden');
  });
});
