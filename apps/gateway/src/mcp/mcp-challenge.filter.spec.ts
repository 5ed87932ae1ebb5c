import { bearerChallenge } from './mcp-challenge.filter';

describe('the bearer challenge of /mcp', () => {
  it('names the metadata of the resource /mcp (RFC 9728 section 3.1), and invalid_token only when a credential was refused', () => {
    expect(bearerChallenge('https://appgen.example', false)).toBe('Bearer resource_metadata="https://appgen.example/.well-known/oauth-protected-resource/mcp"');
    expect(bearerChallenge('https://appgen.example/', true)).toBe(
      'Bearer resource_metadata="https://appgen.example/.well-known/oauth-protected-resource/mcp", error="invalid_token"',
    );
  });
});
