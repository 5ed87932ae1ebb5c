import { bearerChallenge } from './mcp-challenge.filter';

describe('the bearer challenge of /mcp', () => {
  it('names the resource metadata at the site root, and invalid_token only when a credential was refused', () => {
    expect(bearerChallenge('https://appgen.example', false)).toBe('Bearer resource_metadata="https://appgen.example/.well-known/oauth-protected-resource"');
    expect(bearerChallenge('https://appgen.example/', true)).toBe(
      'Bearer resource_metadata="https://appgen.example/.well-known/oauth-protected-resource", error="invalid_token"',
    );
  });
});
