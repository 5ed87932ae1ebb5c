import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Browser } from 'playwright-core';
import {
  adminAccount,
  api,
  authorizeInBrowser,
  call,
  closeBus,
  connectMcp,
  e2eEnv,
  failure,
  generatedApp,
  launchChromium,
  oauthTokenThroughBrowser,
  redirectReceived,
  startLoopbackRedirect,
  succeeded,
  until,
  type TestAccount,
  type WebhookReceiver,
} from './support';

/**
 * An agent's OAuth client as the MCP SDK drives it: the SDK discovers the authorization server from the 401,
 * registers the client, makes the PKCE pair and builds the authorization URL; this provider only keeps what the SDK
 * hands it and, where a desktop agent would open the user's browser, has headless Chromium sign in and consent.
 */
class BrowserOAuthProvider implements OAuthClientProvider {
  private information?: OAuthClientInformationMixed;
  private saved?: OAuthTokens;
  private verifier = '';
  readonly authorizationUrls: URL[] = [];

  constructor(
    private readonly browser: Browser,
    private readonly receiver: WebhookReceiver,
    private readonly email: string,
  ) {}

  get redirectUrl(): string {
    return this.receiver.urlFor('/callback');
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'MCP SDK agent',
      // Registered without a port, as a CLI does; the loopback server's random port must still match (RFC 8252).
      redirect_uris: ['http://127.0.0.1/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.information;
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.information = information;
  }

  tokens(): OAuthTokens | undefined {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    this.authorizationUrls.push(url);
    const context = await this.browser.newContext();
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      // The browser starts on the second replica; the SDK's requests went to the first.
      await authorizeInBrowser(page, { email: this.email, query: url.searchParams, decision: 'Allow', startOn: 1 });
      await redirectReceived(this.receiver);
    } finally {
      await context.close();
    }
  }
}

describe('an MCP client signing its user in with OAuth', () => {
  let owner: TestAccount;
  let browser: Browser;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'mcp-oauth');
    browser = await launchChromium();
    receiver = await startLoopbackRedirect();
  });

  afterAll(async () => {
    await receiver?.close();
    await browser?.close();
    await closeBus();
  });

  it('finds the authorization server from the 401, registers, signs in with PKCE, then generates and reads an app', async () => {
    const mcpUrl = new URL('/mcp', e2eEnv().site);
    const provider = new BrowserOAuthProvider(browser, receiver, owner.email);

    // No credential yet: the server's challenge sends the SDK to the metadata, registration and the browser.
    const first = new Client({ name: 'oauth-agent', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.clientInformation()).toMatchObject({ client_id: expect.any(String) });
    const [authorizationUrl] = provider.authorizationUrls;
    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(`${e2eEnv().site}/oauth/authorize`);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');

    const code = (await redirectReceived(receiver)).get('code');
    if (!code) throw new Error('the authorization redirect carried no code');
    await transport.finishAuth(code);
    const tokens = provider.tokens();
    expect(tokens).toMatchObject({ token_type: expect.stringMatching(/^bearer$/i), expires_in: 3600, refresh_token: expect.any(String) });

    const client = new Client({ name: 'oauth-agent', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('svc-generate-app');

      const queued = succeeded(await call(client, 'svc-generate-app', { prompt: 'A reading log with books and the date I finished each' }));
      const appId = String(queued.app_id);
      // Only a finished job's status ends the wait: an error answer (a 503 while a service restarts) has none.
      const job = await until(
        `app ${appId} generated`,
        async () => (await fetch(String(queued.status_url), { headers: { Authorization: `Bearer ${tokens?.access_token}` } })).json() as Promise<{ status?: string }>,
        (body) => ['completed', 'failed', 'cancelled'].includes(body.status ?? ''),
      );
      expect(job.status).toBe('completed');
      const listed = succeeded(await call(client, 'svc-list-files', { app_id: appId, pattern: '*.md' }));
      expect(JSON.stringify(listed)).toContain('AGENTS.md');
      const file = succeeded(await call(client, 'svc-view-file', { app_id: appId, path: 'AGENTS.md' }));
      expect(JSON.stringify(file)).toContain('AGENTS');
      // The app belongs to the account that signed in: its API key sees it too.
      await api().get(`/api/v1/managed_apps/${appId}`).set('X-API-Key', owner.key).expect(200);
    } finally {
      await client.close();
    }
  });

  it("limits a token to its scopes, and stops it at once when it is revoked", async () => {
    const { client: oauthClient, tokens } = await oauthTokenThroughBrowser(browser, { email: owner.email, scope: 'apps:read' });
    const client = await connectMcp(e2eEnv().site, { bearer: tokens.access_token });
    try {
      expect(failure(await call(client, 'svc-generate-app', { prompt: 'A guest book' }))).toMatchObject({ status: 403, error: 'forbidden' });
      const { appId } = await generatedApp(owner.key, 'A guest book for my garden party');
      expect(failure(await call(client, 'svc-write-file', { app_id: appId, path: 'notes.md', content: 'hello' }))).toMatchObject({ status: 403 });
      succeeded(await call(client, 'svc-list-files', { app_id: appId }));

      await api(1).post('/oauth/revoke').type('form').send({ token: tokens.access_token, client_id: oauthClient.client_id }).expect(200);
      await expect(call(client, 'svc-list-files', { app_id: appId })).rejects.toThrow(/401|Unauthorized|invalid_token/i);
    } finally {
      await client.close();
    }
  });
});
