import { CLIENT_METADATA_LIMITS, oversizedClientMetadata } from './client-metadata-limits';

const fitting = { client_name: 'Agent', redirect_uris: ['http://127.0.0.1/callback'], client_uri: 'https://agent.example' };

describe('the size limits of a registered client', () => {
  it('lets ordinary metadata through', () => {
    expect(oversizedClientMetadata(fitting)).toBeUndefined();
    expect(oversizedClientMetadata({ ...fitting, redirect_uris: Array.from({ length: 10 }, (_, i) => `http://127.0.0.1/cb${i}`) })).toBeUndefined();
  });

  it('refuses too many or too long redirect URIs with a description oidc-provider reads as invalid_redirect_uri', () => {
    const many = Array.from({ length: CLIENT_METADATA_LIMITS.redirectUris + 1 }, (_, i) => `http://127.0.0.1/cb${i}`);
    expect(oversizedClientMetadata({ ...fitting, redirect_uris: many })).toBe('redirect_uris must have at most 10 entries');
    const long = `https://agent.example/${'a'.repeat(CLIENT_METADATA_LIMITS.textLength)}`;
    expect(oversizedClientMetadata({ ...fitting, redirect_uris: [long] })).toBe('each of redirect_uris must be at most 1000 characters');
  });

  it('refuses a long client_name, a long URI, a long list and an oversized whole', () => {
    expect(oversizedClientMetadata({ ...fitting, client_name: 'n'.repeat(101) })).toBe('client_name must be at most 100 characters');
    expect(oversizedClientMetadata({ ...fitting, logo_uri: `https://agent.example/${'l'.repeat(1000)}` })).toBe('logo_uri must be at most 1000 characters');
    expect(oversizedClientMetadata({ ...fitting, contacts: Array.from({ length: 11 }, (_, i) => `a${i}@agent.example`) })).toBe(
      'contacts must have at most 10 entries',
    );
    const keys = Array.from({ length: 40 }, () => ({ kty: 'RSA', n: 'x'.repeat(500), e: 'AQAB' }));
    expect(oversizedClientMetadata({ ...fitting, jwks: { keys } })).toBe('the client metadata must be at most 16384 bytes as JSON');
  });
});
