import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { GRANT_DESCRIPTIONS, GRANTS } from '@appgen/contracts';
import {
  adminAccount,
  api,
  authorizeInBrowser,
  authorizeQuery,
  closeBus,
  e2eEnv,
  latestMailTo,
  launchChromium,
  oauthTokenThroughBrowser,
  pkcePair,
  platformControl,
  redirectReceived,
  registerOAuthClient,
  startLoopbackRedirect,
  type TestAccount,
} from './support';

/** The read_only API-key scope's grants, asked for as OAuth scopes. */
const READ_SCOPES = 'apps:read users:read analytics:read webhooks:read';

function bearer(token: string): [string, string] {
  return ['Authorization', `Bearer ${token}`];
}

/** The status each gateway replica answers GET /api/v1/account with for this token. */
async function accountStatusOnEveryReplica(token: string): Promise<number[]> {
  return Promise.all(e2eEnv().gateways.map(async (_url, replica) => (await api(replica).get('/api/v1/account').set(...bearer(token))).status));
}

describe('OAuth 2.0 authorization server', () => {
  let owner: TestAccount;
  let browser: Browser;

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'oauth');
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await closeBus();
  });

  it('gives an agent a token with exactly the scopes consented to, and the API honours exactly those', async () => {
    const { client, tokens } = await oauthTokenThroughBrowser(browser, { email: owner.email, scope: READ_SCOPES, clientName: 'Scope Agent' });
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(tokens.scope.split(' ').sort()).toEqual(READ_SCOPES.split(' ').sort());
    const auth = bearer(tokens.access_token);

    await api().get('/api/v1/managed_apps').set(...auth).expect(200);
    await api(1).get('/api/v1/webhooks').set(...auth).expect(200);
    const refused = await api().post('/api/v1/managed_apps').set(...auth).send({ name: 'Nope' }).expect(403);
    expect(refused.body).toEqual({ error: 'forbidden', message: 'This credential lacks the apps:write permission' });
    await api().post('/api/v1/generation_queue').set(...auth).send({ prompt: 'a todo list' }).expect(403);
    // It holds every grant of a read_only key, so it may read the account's keys.
    await api().get('/api/v1/api_keys').set(...auth).expect(200);

    // A key within its grants is fine; a wider one is not.
    const key = await api().post('/api/v1/api_keys').set(...auth).send({ scope: 'read_only', name: 'from oauth' }).expect(201);
    expect(key.body.api_key.scope).toBe('read_only');
    const wider = await api().post('/api/v1/api_keys').set(...auth).send({ scope: 'read_write' }).expect(403);
    expect(wider.body.error).toBe('forbidden');

    const me = await api(1).get('/api/v1/account').set(...auth).expect(200);
    expect(me.body).toEqual({
      account: { ...owner.account, credits: 50, email_verified: true },
      credential: { type: 'oauth', scopes: expect.arrayContaining(READ_SCOPES.split(' ')), client_id: client.client_id },
    });
    expect(me.body.credential.scopes).toHaveLength(4);

    const introspected = await api().post('/oauth/introspect').type('form').send({ token: tokens.access_token, client_id: client.client_id }).expect(200);
    expect(introspected.body).toMatchObject({
      active: true,
      client_id: client.client_id,
      sub: String(owner.account.id),
      email: owner.email,
      email_verified: true,
      token_type: 'Bearer',
      iss: e2eEnv().site,
    });
    expect(introspected.body.scope.split(' ').sort()).toEqual(READ_SCOPES.split(' ').sort());
  });

  it("keeps the account's API keys from a token consented for fewer scopes, and /zapier/me shows its grants", async () => {
    const { tokens } = await oauthTokenThroughBrowser(browser, { email: owner.email, scope: 'analytics:read' });
    const auth = bearer(tokens.access_token);
    const refusal = { error: 'forbidden', message: 'This credential lacks the grants of a read_only key (apps:read, users:read, analytics:read, webhooks:read)' };
    expect((await api().get('/api/v1/api_keys').set(...auth).expect(403)).body).toEqual(refusal);
    const keys = await api().get('/api/v1/api_keys').set('X-API-Key', owner.key).expect(200);
    const keyId = keys.body.api_keys[0].id as number;
    expect((await api(1).get(`/api/v1/api_keys/${keyId}`).set(...auth).expect(403)).body).toEqual(refusal);

    const me = await api().get('/api/v1/zapier/me').set(...auth).expect(200);
    expect(me.body).toEqual({ id: owner.account.id, email: owner.email, plan: 'enterprise', scope: 'read_only', grants: ['analytics:read'] });
  });

  it('answers GET /account for keys too, naming the credential', async () => {
    const me = await api().get('/api/v1/account').set('X-API-Key', owner.key).expect(200);
    expect(me.body.account).toEqual({ ...owner.account, credits: 50, email_verified: true });
    expect(me.body.credential.type).toBe('api_key');
    expect(me.body.credential).not.toHaveProperty('client_id');
    await api().get('/api/v1/account').expect(401);
  });

  it('rotates refresh tokens; reusing an old one revokes the whole grant on every replica', async () => {
    const { client, tokens } = await oauthTokenThroughBrowser(browser, { email: owner.email, scope: 'apps:read' });
    const refreshed = await api(1)
      .post('/oauth/token')
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id })
      .expect(200);
    expect(refreshed.body.refresh_token).toEqual(expect.any(String));
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.body.access_token).not.toBe(tokens.access_token);
    const fresh = refreshed.body.access_token as string;
    expect(await accountStatusOnEveryReplica(fresh)).toEqual([200, 200]);

    const reused = await api()
      .post('/oauth/token')
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id })
      .expect(400);
    expect(reused.body).toMatchObject({ error: 'invalid_grant' });

    // The family is gone: the newest access token and refresh token, on both replicas, at once.
    expect(await accountStatusOnEveryReplica(fresh)).toEqual([401, 401]);
    expect(await accountStatusOnEveryReplica(tokens.access_token)).toEqual([401, 401]);
    await api()
      .post('/oauth/token')
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token, client_id: client.client_id })
      .expect(400);
  });

  it('revokes an access token at once on both gateway replicas, with the rest of its authorization', async () => {
    const { client, tokens } = await oauthTokenThroughBrowser(browser, { email: owner.email, scope: 'apps:read' });
    // Both replicas have it in their credential cache now.
    expect(await accountStatusOnEveryReplica(tokens.access_token)).toEqual([200, 200]);

    await api(1).post('/oauth/revoke').type('form').send({ token: tokens.access_token, token_type_hint: 'access_token', client_id: client.client_id }).expect(200);

    expect(await accountStatusOnEveryReplica(tokens.access_token)).toEqual([401, 401]);
    const introspected = await api().post('/oauth/introspect').type('form').send({ token: tokens.access_token, client_id: client.client_id }).expect(200);
    expect(introspected.body).toEqual({ active: false });
    // Revoking the access token ends the tokens of its authorization, the refresh token included (RFC 7009 §2.1).
    const refreshed = await api()
      .post('/oauth/token')
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id })
      .expect(400);
    expect(refreshed.body).toMatchObject({ error: 'invalid_grant' });
  });

  it('shows the client and each scope with its sentence; Deny gives the client access_denied', async () => {
    const receiver = await startLoopbackRedirect();
    const context = await browser.newContext();
    try {
      const client = await registerOAuthClient(['http://127.0.0.1/callback'], 'Denied Agent');
      const redirectUri = receiver.urlFor('/callback');
      const { challenge } = pkcePair();
      const query = authorizeQuery({ client, redirectUri, scope: 'apps:read generation:queue', challenge, method: 'S256' });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const consentShown = page.waitForResponse((response) => response.url().includes('/oauth/interaction/') && response.request().method() === 'GET' && response.status() === 200);
      await authorizeInBrowser(page, { email: owner.email, query, decision: 'Deny' });
      await consentShown;
      const answer = await redirectReceived(receiver);
      expect(answer.get('error')).toBe('access_denied');
      expect(answer.get('state')).toBe(query.get('state'));
      expect(answer.get('code')).toBeNull();
    } finally {
      await context.close();
      await receiver.close();
    }
  });

  it('names the client, its redirect host and every scope asked for with its sentence, under a strict CSP', async () => {
    const receiver = await startLoopbackRedirect();
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    try {
      const client = await registerOAuthClient(['http://127.0.0.1/callback'], 'Consent Agent');
      const { challenge } = pkcePair();
      const query = authorizeQuery({ client, redirectUri: receiver.urlFor('/callback'), scope: 'apps:read webhooks:write', challenge, method: 'S256' });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      let csp: string | undefined;
      page.on('response', (response) => {
        if (response.url().includes('/oauth/interaction/')) csp = response.headers()['content-security-policy'] ?? csp;
      });
      await page.goto(`${e2eEnv().gateways[0]}/oauth/authorize?${query.toString()}`);
      await page.getByRole('heading', { name: 'Sign in to appgen' }).waitFor();
      await page.getByLabel('E-mail address').fill(owner.email);
      const asked = new Date();
      await page.getByRole('button', { name: 'Send me a code' }).click();
      const mail = await latestMailTo(owner.email, { since: asked });
      const code = /\b\d{6}\b/.exec(mail.subject)?.[0] ?? '';
      // A wrong code shows the page again, saying so.
      await page.getByLabel('Sign-in code').fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'That code is wrong or has expired' }).waitFor();
      await page.getByLabel('Sign-in code').fill(code);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();

      await page.getByRole('heading', { name: 'Allow Consent Agent to use your appgen account?' }).waitFor();
      const text = await page.locator('main').innerText();
      expect(text).toContain(owner.email);
      expect(text).toContain(new URL(receiver.url).host);
      for (const scope of ['apps:read', 'webhooks:write'] as const) expect(text).toContain(`${scope}: ${GRANT_DESCRIPTIONS[scope]}`);
      expect(text).not.toContain('apps:delete');
      // Readable at 375 px: nothing wider than the screen.
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('unsafe-inline');
    } finally {
      await context.close();
      await receiver.close();
    }
  });

  it('refuses plain PKCE, a missing PKCE challenge and a redirect URI that was not registered', async () => {
    const receiver = await startLoopbackRedirect();
    try {
      const client = await registerOAuthClient(['http://127.0.0.1/callback']);
      const redirectUri = receiver.urlFor('/callback');
      const { verifier } = pkcePair();

      for (const request of [
        { challenge: verifier, method: 'plain' },
        { challenge: undefined, method: undefined },
      ]) {
        const query = authorizeQuery({ client, redirectUri, scope: 'apps:read', ...request });
        const refused = await api().get(`/oauth/authorize?${query.toString()}`);
        expect(refused.status).toBe(303);
        const location = new URL(refused.headers['location'] ?? '');
        expect(location.origin + location.pathname).toBe(redirectUri);
        expect(location.searchParams.get('error')).toBe('invalid_request');
        expect(location.searchParams.get('error_description')).toMatch(/PKCE|code_challenge/);
      }

      const elsewhere = authorizeQuery({ client, redirectUri: 'http://attacker.example/callback', scope: 'apps:read', challenge: pkcePair().challenge, method: 'S256' });
      // Never sent to an address the client did not register: the person sees the error instead.
      const refused = await api().get(`/oauth/authorize?${elsewhere.toString()}`);
      expect(refused.status).toBe(400);
      expect(refused.headers['location']).toBeUndefined();
      expect(refused.headers['content-type']).toMatch(/^text\/html/);
      expect(refused.text).toContain('invalid_redirect_uri');
      // A page of the site like any other (contract 4.11): it points at the discovery files.
      expect(refused.headers['link']).toContain('/.well-known/oauth-authorization-server>');
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('refuses a form without the page\'s CSRF token or too large, and shows a client name with markup as text', async () => {
    const receiver = await startLoopbackRedirect();
    const context = await browser.newContext();
    try {
      const name = '<script>alert(1)</script> Agent';
      const client = await registerOAuthClient(['http://127.0.0.1/callback'], name);
      const query = authorizeQuery({ client, redirectUri: receiver.urlFor('/callback'), scope: 'apps:read', challenge: pkcePair().challenge, method: 'S256' });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${e2eEnv().gateways[0]}/oauth/authorize?${query.toString()}`);
      await page.getByRole('heading', { name: 'Sign in to appgen' }).waitFor();
      const form = page.locator('form');
      const action = new URL((await form.getAttribute('action')) ?? '', page.url()).href;
      const csrf = (await form.locator('input[name="csrf"]').getAttribute('value')) ?? '';
      // Sent with the browser's own interaction cookie, as a forged cross-site form would be.
      const post = (body: string) => page.request.post(action, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: body });
      const email = `email=${encodeURIComponent(owner.email)}`;
      const withoutToken = await post(email);
      expect(withoutToken.status()).toBe(403);
      expect(await withoutToken.text()).toContain('The form has expired or was not sent from this page');
      expect((await post(`csrf=${'x'.repeat(csrf.length)}&${email}`)).status()).toBe(403);
      const oversized = await post(`csrf=${encodeURIComponent(csrf)}&${email}&padding=${'a'.repeat(9000)}`);
      expect(oversized.status()).toBe(413);
      expect(await oversized.text()).toContain('The form is too large');

      // The refusals left the sign-in as it was: the page's own form goes on to consent.
      await page.getByLabel('E-mail address').fill(owner.email);
      const asked = new Date();
      await page.getByRole('button', { name: 'Send me a code' }).click();
      const mail = await latestMailTo(owner.email, { since: asked });
      await page.getByLabel('Sign-in code').fill(/\b\d{6}\b/.exec(mail.subject)?.[0] ?? '');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: `Allow ${name} to use your appgen account?` }).waitFor();
      expect(await page.locator('script').count()).toBe(0);
    } finally {
      await context.close();
      await receiver.close();
    }
  });

  it('refuses oversized client metadata, and limits registrations per IP, answering 429 in the OAuth format', async () => {
    const register = (replica: number, metadata: object = {}) =>
      api(replica).post('/oauth/register').send({ redirect_uris: ['http://127.0.0.1/callback'], token_endpoint_auth_method: 'none', ...metadata });
    const tooMany = await register(0, { redirect_uris: Array.from({ length: 11 }, (_, i) => `http://127.0.0.1/cb${i}`) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ error: 'invalid_redirect_uri', error_description: 'redirect_uris must have at most 10 entries' });
    const longName = await register(0, { client_name: 'n'.repeat(101) });
    expect(longName.status).toBe(400);
    expect(longName.body).toEqual({ error: 'invalid_client_metadata', error_description: 'client_name must be at most 100 characters' });
    const longUri = await register(0, { client_uri: `https://agent.example/${'u'.repeat(1000)}` });
    expect(longUri.status).toBe(400);
    expect(longUri.body).toEqual({ error: 'invalid_client_metadata', error_description: 'client_uri must be at most 1000 characters' });

    const control = platformControl();
    // A replica with small limits and its own counters, so this suite's other requests don't count here.
    await control.restart('gateway-2', {
      OAUTH_REGISTRATION_RATE_LIMIT: '2',
      ANONYMOUS_RATE_LIMIT: '5',
      REDIS_KEY_PREFIX: `appgen-e2e-oauth-${randomBytes(4).toString('hex')}`,
    });
    try {
      expect((await register(1)).status).toBe(201);
      expect((await register(1)).status).toBe(201);
      const third = await register(1);
      expect(third.status).toBe(429);
      expect(third.body).toEqual({ error: 'rate_limited', error_description: expect.stringMatching(/^At most 2 client registrations per hour from one address; retry in \d+ s$/) });
      expect(third.headers['retry-after']).toMatch(/^\d+$/);
      expect(third.headers['x-ratelimit-limit']).toBe('2');

      // Three requests so far; the fourth and fifth are within the per-minute limit, the sixth is the request gate's 429.
      await api(1).get('/.well-known/oauth-authorization-server').expect(200);
      await api(1).get('/.well-known/oauth-protected-resource/mcp').expect(200);
      const gated = await api(1).post('/oauth/token').type('form').send({ grant_type: 'authorization_code' });
      expect(gated.status).toBe(429);
      expect(gated.body).toEqual({ error: 'rate_limited', error_description: expect.stringMatching(/^Rate limit of 5 requests per minute exceeded/) });
      expect(gated.headers['retry-after']).toMatch(/^\d+$/);
      expect(gated.headers['x-ratelimit-limit']).toBe('5');
      expect(gated.headers['x-ratelimit-remaining']).toBe('0');
    } finally {
      await control.restart('gateway-2');
    }
  });

  it('registers only public clients and answers bad requests in the OAuth error format', async () => {
    const confidential = await api().post('/oauth/register').send({ redirect_uris: ['https://agent.example/cb'], token_endpoint_auth_method: 'client_secret_basic' });
    expect(confidential.status).toBe(400);
    expect(confidential.body).toMatchObject({ error: 'invalid_client_metadata' });
    const broken = await api().post('/oauth/token').type('form').send({ grant_type: 'authorization_code' });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ error: expect.any(String), error_description: expect.any(String) });
    const notJson = await api().post('/oauth/register').set('Content-Type', 'application/json').send('{"redirect_uris": [');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toEqual(expect.any(String));
  });

  it('publishes RFC 8414 and RFC 9728 metadata that agree with the server', async () => {
    const { site, gateways } = e2eEnv();
    // Endpoints are named at the address the metadata was asked at (behind a load balancer: the site's).
    const asked = gateways[1] ?? site;
    const server = await api(1).get('/.well-known/oauth-authorization-server').expect(200);
    expect(server.headers['content-type']).toMatch(/^application\/json/);
    expect(server.body).toMatchObject({
      issuer: site,
      authorization_endpoint: `${asked}/oauth/authorize`,
      token_endpoint: `${asked}/oauth/token`,
      registration_endpoint: `${asked}/oauth/register`,
      revocation_endpoint: `${asked}/oauth/revoke`,
      introspection_endpoint: `${asked}/oauth/introspect`,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      response_types_supported: ['code'],
    });
    expect(server.body.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    expect(server.body.scopes_supported).toEqual([...GRANTS]);
    const agent = server.body.agent_auth;
    expect(agent.registration_endpoint).toBe(server.body.registration_endpoint);
    expect(agent.scopes).toEqual(GRANTS.map((scope) => ({ scope, description: GRANT_DESCRIPTIONS[scope] })));
    expect(agent.api_key_alternative).toMatchObject({ create: `POST ${site}/api/v1/api_keys`, header: 'X-API-Key: <api_key>' });

    // Every endpoint it names answers there (a bare request is refused in OAuth's format, not 404).
    for (const endpoint of ['token_endpoint', 'revocation_endpoint', 'introspection_endpoint', 'registration_endpoint']) {
      const response = await api().post(new URL(server.body[endpoint] as string).pathname).type('form').send({});
      expect([400, 401]).toContain(response.status);
      expect(response.body.error).toEqual(expect.any(String));
    }

    const resource = await api().get('/.well-known/oauth-protected-resource').expect(200);
    expect(resource.headers['content-type']).toMatch(/^application\/json/);
    expect(resource.body).toEqual({
      resource: site,
      authorization_servers: [server.body.issuer],
      scopes_supported: [...GRANTS],
      bearer_methods_supported: ['header'],
      resource_name: 'appgen API',
      resource_documentation: `${site}/docs`,
    });
    await api().get(new URL(resource.body.resource_documentation as string).pathname).expect(200);

    // The MCP endpoint's own resource (RFC 9728 section 3.1), named by its 401 challenge.
    const mcpResource = await api(1).get('/.well-known/oauth-protected-resource/mcp').expect(200);
    expect(mcpResource.body).toEqual({ ...resource.body, resource: `${site}/mcp`, resource_name: 'appgen MCP server' });

    // Discovery files like the others (contract 4.11): each carries the Link header to the skill file and the rest.
    for (const file of [server, resource, mcpResource]) expect(file.headers['link']).toContain('/SKILL.md>');
  });
});
