import type { Browser, Page } from 'playwright-core';
import {
  adminAccount,
  api,
  closeBus,
  consoleSession,
  deployedApp,
  e2eEnv,
  enterConsoleCode,
  generatedApp,
  launchChromium,
  onConsolePage,
  signedInToConsole,
  throughEdge,
  until,
  type TestAccount,
} from './support';

/**
 * The web console at {SITE_URL}/account in a real browser, as a person uses it: the editor address an API answer
 * hands out, sign-in by mailed code, the app, a change by prompt, a file edit that breaks the build, a rollback, a
 * deploy, an API key made and revoked, and a credit pack bought in the sandbox checkout.
 */
describe('the web console', () => {
  let owner: TestAccount;
  let browser: Browser | undefined;
  let app: { appId: string; previewUrl: string };

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'console');
    browser = await launchChromium();
    app = await generatedApp(owner.key, 'A reading log where I save books with title, author and a rating');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await closeBus();
  });

  const signedIn = (page: Page, address: string): Promise<void> => signedInToConsole(page, address, owner.email);

  async function onPage(name: string, steps: (page: Page) => Promise<void>, expected?: RegExp): Promise<string[]> {
    if (!browser) throw new Error('Chromium did not start');
    return onConsolePage(await browser.newContext({ viewport: { width: 375, height: 800 } }), name, steps, expected);
  }

  it('opens the editor address after sign-in, changes the app by prompt, breaks and repairs it by a file edit and a rollback, and deploys it', async () => {
    const detail = (await api().get(`/api/v1/managed_apps/${app.appId}`).set('X-API-Key', owner.key).expect(200)).body.app;
    const editor: string = detail.urls.editor;
    expect(editor).toMatch(new RegExp(`/account/apps/${app.appId}/editor$`));
    const files: Array<{ path: string }> = (await api().get(`/api/v1/managed_apps/${app.appId}/files`).set('X-API-Key', owner.key).expect(200)).body.files;
    const source = files.map((file) => file.path).find((path) => /^src\/.+\.ts$/.test(path));
    if (!source) throw new Error(`no TypeScript source among ${files.map((f) => f.path).join(', ')}`);

    const problems = await onPage('app', async (page) => {
      const response = await page.goto(editor);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      expect(response?.headers()['content-security-policy']).not.toContain('unsafe-inline');
      // It frames previews and nothing else (the preview hosts, at the edge's public port).
      const previewAddress = new URL(app.previewUrl);
      const previewHosts = `${previewAddress.protocol}//*.${previewAddress.hostname.split('.').slice(1).join('.')}:${previewAddress.port}`;
      expect(response?.headers()['content-security-policy']).toContain(`frame-src ${previewHosts};`);
      await signedIn(page, editor);
      expect(page.url()).toBe(editor);
      await page.getByRole('heading', { level: 1, name: detail.name }).waitFor();
      const preview = page.getByRole('link', { name: 'Open the preview' });
      expect(await preview.getAttribute('href')).toBe(app.previewUrl);
      // The preview itself, in a frame on the page: the app's own page, as its address serves it.
      const served = (await throughEdge(app.previewUrl).set('Accept', 'text/html').expect(200)).text;
      const framed = page.frameLocator(`iframe[title="Preview of ${detail.name}"]`);
      await framed.getByRole('heading', { level: 1 }).first().waitFor();
      const frame = page.frames().find((candidate) => candidate.url().startsWith(app.previewUrl));
      expect(await frame?.title()).toBe(/<title>([^<]*)<\/title>/.exec(served)?.[1]);

      // a change by prompt, with its progress, to the end
      await page.getByLabel('What should change?').fill('Add a notes field to books');
      await page.getByRole('button', { name: 'Change the app' }).click();
      await page.getByText('Progress: completed').waitFor({ timeout: 60_000 });
      expect(await page.getByRole('list', { name: 'Checkpoints' }).getByRole('listitem').count()).toBeGreaterThan(0);
      expect(await page.getByRole('progressbar').getAttribute('value')).toBe('100');

      // a file saved with a syntax error: the build's error and what to do about it
      await page.getByRole('list', { name: 'Files of the app' }).getByRole('button', { name: source, exact: true }).click();
      await page.getByLabel(`Contents of ${source}`).fill('export const broken = ;\n');
      await page.getByRole('button', { name: 'Save file' }).click();
      await page.getByText('Build: failed').waitFor();
      await page.getByText(/Suggested action:/).first().waitFor();

      // back to the version before the edit
      const versions = page.getByRole('region', { name: 'Versions' });
      // The broken version is listed, and offers no roll back: its files did not build.
      const broken = versions.getByRole('row').filter({ hasText: 'failed' });
      await broken.waitFor();
      expect(await broken.getByRole('button').count()).toBe(0);
      await versions.getByRole('button', { name: /^Roll back to version/ }).first().click();
      await versions.getByRole('status').filter({ hasText: /\S/ }).waitFor();
      await page.getByRole('region', { name: 'Build errors' }).getByText('The last build has no errors.').waitFor();

      // deploy, watched to its end
      await page.getByRole('button', { name: 'Deploy to production' }).click();
      await page.getByText(/Deployment \d+: deployed/).waitFor({ timeout: 60_000 });
      await page.getByText(/^Live at/).waitFor();
    });
    expect(problems).toEqual([]);
  }, 240_000);

  it('creates an API key shown once and revokes it, and buys credits in the sandbox checkout', async () => {
    const before = (await api().get('/api/v1/usage').set('X-API-Key', owner.key).expect(200)).body.credits.balance as number;
    const problems = await onPage('account', async (page) => {
      await signedIn(page, `${e2eEnv().site}/account/keys`);
      await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
      await page.getByLabel('Name').fill('console e2e');
      await page.getByRole('button', { name: 'Create key' }).click();
      const raw = await page.getByLabel('Your new key (shown once)').inputValue();
      expect(raw).toMatch(/^svc_/);
      expect((await api().get('/api/v1/account').set('X-API-Key', raw)).status).toBe(200);
      await page.getByRole('button', { name: 'Revoke console e2e' }).click();
      await page.getByText('Revoked console e2e.').waitFor();
      expect((await api().get('/api/v1/account').set('X-API-Key', raw)).status).toBe(401);

      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Credits and plan' }).click();
      await page.getByText(`Credits: ${before}`).waitFor();
      await page.getByRole('button', { name: 'Buy the starter pack' }).click();
      await page.getByRole('heading', { level: 1, name: 'Buy credits' }).waitFor();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM/YY)').fill('12/34');
      await page.getByLabel('CVC').fill('123');
      await page.getByLabel('Name on card').fill('Ada Lovelace');
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
    });
    expect(problems).toEqual([]);
    const after = (await api().get('/api/v1/usage').set('X-API-Key', owner.key).expect(200)).body.credits.balance as number;
    expect(after).toBeGreaterThan(before);
  }, 120_000);

  it('lets no other site frame the preview, and nobody frame the production address', async () => {
    const productionUrl = await deployedApp(owner.key, app.appId);
    // A page of another site (served to the browser by the test itself) framing both addresses.
    const elsewhere = `http://elsewhere.localhost:${new URL(app.previewUrl).port}/framing.html`;
    const problems = await onPage(
      'framed-elsewhere',
      async (page) => {
        await page.route(elsewhere, (route) =>
          route.fulfill({
            contentType: 'text/html',
            body: `<!doctype html><title>elsewhere</title><iframe title="preview" src="${app.previewUrl}"></iframe><iframe title="production" src="${productionUrl}"></iframe>`,
          }),
        );
        await page.goto(elsewhere);
        // Chromium replaces a frame it refused to show with its own error page: neither holds the app.
        for (const title of ['preview', 'production']) {
          const frame = await (await page.locator(`iframe[title="${title}"]`).elementHandle())?.contentFrame();
          await until(`the ${title} frame refused`, async () => frame?.url(), (url) => url?.startsWith('chrome-error://') === true, 15_000);
          expect(await page.frameLocator(`iframe[title="${title}"]`).getByRole('heading', { level: 1 }).count()).toBe(0);
        }
      },
      // What Chromium says as it refuses them (frame-ancestors for the preview, X-Frame-Options for production).
      /status of 401|Refused to (display|frame)/,
    );
    expect(problems).toEqual([]);
  }, 120_000);

  it('asks for a sign-in where the person is when the session ends under the page, and goes on there', async () => {
    const address = `${e2eEnv().site}/account/apps/${app.appId}`;
    const problems = await onPage('session-ended', async (page) => {
      await signedIn(page, address);
      await page.getByRole('region', { name: 'Analytics' }).getByRole('img').waitFor();
      // The session is revoked from elsewhere (signed out in another browser): the cookie this one holds is dead.
      const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      const site = e2eEnv().site;
      const session = await api().get('/account/session').set('Cookie', cookie).expect(200);
      await api().delete('/account/session').set({ Cookie: cookie, Origin: site, 'X-CSRF-Token': session.body.csrf_token }).expect(204);

      await page.getByLabel('Period').selectOption('30d');
      await page.getByRole('status').filter({ hasText: 'Your session has ended' }).waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(page.url()).toBe(address);
      await enterConsoleCode(page, owner.email);
      await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Sign in' }).waitFor();
      expect(page.url()).toBe(address);
      await page.getByRole('region', { name: 'Analytics' }).getByRole('img').waitFor();
    });
    expect(problems).toEqual([]);
  }, 120_000);

  it('signs out for good: a copy of the session cookie kept from before stops working', async () => {
    const site = e2eEnv().site;
    const { cookie, csrf } = await consoleSession(owner.email);
    const asCopy = () => api().get('/account/api/v1/account').set('Cookie', cookie).set('Origin', site).set('X-CSRF-Token', csrf);
    expect((await asCopy()).status).toBe(200);

    await api().delete('/account/session').set('Cookie', cookie).set('Origin', site).set('X-CSRF-Token', csrf).expect(204);
    const afterSignOut = await asCopy();
    expect(afterSignOut.status).toBe(401);
    expect(afterSignOut.body.error).toBe('unauthorized');
  });

  it('refuses console API calls without a session, and sign-in posted from another origin', async () => {
    const noSession = await api().get('/account/api/v1/managed_apps');
    expect(noSession.status).toBe(401);
    const crossSite = await api().post('/account/session').set('Origin', 'https://evil.example').send({ email: owner.email, code: '000000' });
    expect(crossSite.status).toBe(403);
  });
});
