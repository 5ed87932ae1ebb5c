import type { Browser, Page } from 'playwright-core';
import { adminAccount, api, closeBus, e2eEnv, generatedApp, latestMailTo, launchChromium, onBrowserPage, type TestAccount } from './support';

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

  async function signedIn(page: Page, address: string): Promise<void> {
    await page.goto(address);
    const asked = new Date();
    await page.getByLabel('E-mail address').fill(owner.email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    const mail = await latestMailTo(owner.email, { since: asked });
    const code = /\b\d{6}\b/.exec(mail.subject)?.[0] ?? /\b\d{6}\b/.exec(mail.text)?.[0];
    if (!code) throw new Error(`no 6-digit code in the mail "${mail.subject}"`);
    await page.getByLabel('Sign-in code').fill(code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText(owner.email).waitFor();
  }

  async function onPage(name: string, steps: (page: Page) => Promise<void>): Promise<string[]> {
    if (!browser) throw new Error('Chromium did not start');
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    // Chromium logs every 4xx: the console asking who is signed in before anyone is (401) is not a fault.
    return onBrowserPage(context, `console-${name}`, steps, { timeoutMs: 20_000, expected: (message) => /status of 401/.test(message.text()) });
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
      await signedIn(page, editor);
      expect(page.url()).toBe(editor);
      await page.getByRole('heading', { level: 1, name: detail.name }).waitFor();
      const preview = page.getByRole('link', { name: 'Open the preview' });
      expect(await preview.getAttribute('href')).toBe(app.previewUrl);

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

  it('signs out for good: a copy of the session cookie kept from before stops working', async () => {
    const site = e2eEnv().site;
    const asked = new Date();
    const browserLike = api();
    await browserLike.post('/account/session/code').set('Origin', site).send({ email: owner.email }).expect(200);
    const mail = await latestMailTo(owner.email, { since: asked });
    const code = /\b\d{6}\b/.exec(mail.subject)?.[0] ?? /\b\d{6}\b/.exec(mail.text)?.[0];
    const signedIn = await browserLike.post('/account/session').set('Origin', site).send({ email: owner.email, code }).expect(200);
    const cookie = signedIn.headers['set-cookie'];
    const csrf: string = signedIn.body.csrf_token;
    const asCopy = () => api().get('/account/api/v1/account').set('Cookie', cookie).set('Origin', site).set('X-CSRF-Token', csrf);
    expect((await asCopy()).status).toBe(200);

    await browserLike.delete('/account/session').set('Origin', site).set('X-CSRF-Token', csrf).expect(204);
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
