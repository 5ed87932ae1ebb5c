import { consentPage, redirectDestination } from './oauth-pages';

const form = { action: '/oauth/interaction/uid1', csrf: 'token', clientName: 'Agent' };
const view = { destination: '127.0.0.1:8080', accountEmail: 'owner@example.com', scopes: [{ name: 'apps:read', description: 'See your apps.' }] };

describe('the consent page', () => {
  it('names the host of a web or loopback redirect, and the whole URI of a custom-scheme one', () => {
    expect(redirectDestination('http://127.0.0.1:8080/callback')).toBe('127.0.0.1:8080');
    expect(redirectDestination('https://agent.example/oauth/cb?x=1')).toBe('agent.example');
    expect(redirectDestination('com.example.app:/cb')).toBe('com.example.app:/cb');
  });

  it('shows a client name with markup as text', () => {
    const html = consentPage({ ...form, clientName: '<script>alert(1)</script>' }, view);
    expect(html).not.toContain('<script>');
    expect(html).toContain('Allow &#60;script&#62;alert(1)&#60;/script&#62; to use your appgen account?');
  });
});
