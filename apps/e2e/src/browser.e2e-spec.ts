import type { Browser, Page } from 'playwright-core';
import { adminAccount, api, closeBus, e2eEnv, latestMailTo, launchChromium, onBrowserPage, uniqueEmail, type TestAccount } from './support';

/**
 * What a person does with a freshly generated app, in a real browser: open its preview, sign in with the
 * code the app mails them, add a row through the form, reload, and find it still there.
 */
describe('a generated app in a browser', () => {
  let owner: TestAccount;
  let browser: Browser | undefined;

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'browser');
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await closeBus();
  });

  async function generatedPreview(prompt: string): Promise<string> {
    return (await generated(prompt)).previewUrl;
  }

  async function generated(prompt: string): Promise<{ appId: string; previewUrl: string }> {
    const queued = await api().post('/api/v1/generation_queue').set('X-API-Key', owner.key).send({ prompt }).expect(202);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const job = (await api().get(`/api/v1/generation_queue/${queued.body.job_id}`).set('X-API-Key', owner.key).expect(200)).body;
      if (!['queued', 'processing'].includes(job.status)) {
        expect(job).toMatchObject({ status: 'completed', error: null });
        return { appId: String(queued.body.app_id), previewUrl: String(job.app.preview_url) };
      }
      if (Date.now() > deadline) throw new Error(`job ${queued.body.job_id} still ${job.status} after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /**
   * Runs `steps` on a new page, collecting console errors (CSP violations among them) and uncaught exceptions;
   * screenshots a failure. `refusedPaths` are pages the test expects to be refused (401 or 403).
   */
  async function onPage(name: string, steps: (page: Page) => Promise<void>, refusedPaths: string[] = []): Promise<string[]> {
    if (!browser) throw new Error('Chromium did not start');
    return onBrowserPage(await browser.newContext(), `browser-${name}`, steps, {
      expected: (message) => {
        const path = new URL(message.location().url).pathname;
        // "Who is signed in?" is answered 401 while nobody is (libs/contracts app-runtime.ts); Chromium logs
        // every 4xx response, so this one is the app asking, not a fault.
        if (path === '/_api/auth/me' && message.text().includes('status of 401')) return true;
        return refusedPaths.includes(path) && /status of 40[13]\b/.test(message.text());
      },
    });
  }

  it('opens the preview, signs in by mailed code, creates a row, reloads and still sees it', async () => {
    const previewUrl = await generatedPreview('A reading log where I save books I read with title, author and a rating');
    const preview = new URL(previewUrl);
    // The address the API hands out is the one the edge serves: Chromium resolves *.localhost to loopback.
    expect(preview.hostname).toMatch(/^preview-[a-z0-9]+\.preview\.localhost$/);
    expect(preview.port).toBe(new URL(e2eEnv().edge).port);

    const reader = uniqueEmail('reader');
    const title = `The Left Hand of Darkness ${Date.now()}`;
    const problems = await onPage('reading-log', async (page) => {
      await page.goto(previewUrl);
      await page.getByRole('heading', { level: 1, name: 'Reading Log' }).waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).click();

      const asked = new Date();
      await page.getByLabel('E-mail address').fill(reader);
      await page.getByRole('button', { name: 'Send me a code' }).click();
      const mail = await latestMailTo(reader, { since: asked });
      const code = /\b\d{6}\b/.exec(mail.subject)?.[0] ?? /\b\d{6}\b/.exec(mail.text)?.[0];
      if (!code) throw new Error(`no 6-digit code in the mail "${mail.subject}"`);
      await page.getByLabel('Sign-in code').fill(code);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('banner').getByRole('link', { name: reader }).waitFor();

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Books' }).click();
      await page.getByRole('heading', { level: 1, name: 'Books' }).waitFor();
      await page.getByText('No books yet.').waitFor();
      await page.getByRole('link', { name: 'New book' }).click();
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Author').fill('Ursula K. Le Guin');
      await page.getByLabel('Rating').fill('5');
      await page.getByRole('button', { name: 'Create book' }).click();

      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
      await row.waitFor();
      expect(page.url()).toMatch(/#\/books$/);
      await page.reload();
      await row.waitFor();
      expect(await row.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining([title, 'Ursula K. Le Guin', '5 / 5']));
    });
    expect(problems).toEqual([]);

    // Books are per user: someone not signed in is asked to sign in and sees none of them.
    const strangerProblems = await onPage('signed-out', async (page) => {
      await page.goto(`${previewUrl}/#/books`);
      await page.getByText('Sign in to see and add your books.').waitFor();
      expect(await page.getByText(title).count()).toBe(0);
    });
    expect(strangerProblems).toEqual([]);
  });

  it('lets anyone sign a guest book, and asks a visitor to sign in before adding to shared data', async () => {
    const guestBook = await generatedPreview('A guest book where visitors leave a message with their name');
    const message = `Lovely evening ${Date.now()}`;
    const guestProblems = await onPage('guest-book', async (page) => {
      await page.goto(`${guestBook}/#/guest_books/new`);
      await page.getByLabel('Name').fill('Ada');
      await page.getByLabel('Message').fill(message);
      await page.getByRole('button', { name: 'Create guest book' }).click();
      await page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Ada', exact: true }) }).waitFor();
      expect(await page.getByText(message).count()).toBe(1);
    });
    expect(guestProblems).toEqual([]);

    // A CRM's companies are shared: a visitor reads them, and is asked to sign in rather than shown a form that fails.
    const crm = await generatedPreview('a CRM with companies and contacts and deals');
    const visitorProblems = await onPage('crm-visitor', async (page) => {
      await page.goto(`${crm}/#/companies`);
      await page.getByText('No companies yet.').waitFor();
      await page.getByRole('link', { name: 'Add the first company' }).click();
      await page.getByText('Sign in to add or change companies.').waitFor();
      expect(await page.getByLabel('Name').count()).toBe(0);
      await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
      await page.getByLabel('E-mail address').waitFor();
    });
    expect(visitorProblems).toEqual([]);
  });

  it("shows a private app's sign-in page under its own policy, opens the app with the user's tier, and signs a revoked user out at once", async () => {
    const { appId, previewUrl } = await generated('A recipe manager where I save recipes with ingredients and cooking time');
    // No wait: the edge applies a visibility change to the first request after the API's answer.
    await api().patch(`/api/v1/managed_apps/${appId}`).set('X-API-Key', owner.key).send({ visibility: 'login_required' }).expect(200);
    const member = uniqueEmail('member');
    const granted = await api()
      .post('/api/v1/managed_users/grant_access')
      .set('X-API-Key', owner.key)
      .send({ app_id: appId, email: member, tier: 'pro' })
      .expect(201);

    // The private app's sign-in page is itself answered 401, which Chromium reports like any failed load.
    const problems = await onPage('private-app', async (page) => {
      const gate = await page.goto(previewUrl);
      expect(gate?.status()).toBe(401);
      // A preview's sign-in page, like the preview, may be framed by the console's origin and nobody else.
      expect(await gate?.headerValue('content-security-policy')).toMatch(/^default-src 'none'; script-src 'nonce-[^']+';.*frame-ancestors (\S+)$/);
      expect(/frame-ancestors (\S+)$/.exec((await gate?.headerValue('content-security-policy')) ?? '')?.[1]).toBe(new URL(e2eEnv().site).origin);
      await page.getByRole('heading', { level: 1, name: /^Sign in to / }).waitFor();
      const asked = new Date();
      await page.getByLabel('E-mail').fill(member);
      await page.getByRole('button', { name: 'Send code' }).click();
      const mail = await latestMailTo(member, { since: asked });
      const code = /\b\d{6}\b/.exec(mail.subject)?.[0] ?? /\b\d{6}\b/.exec(mail.text)?.[0];
      if (!code) throw new Error(`no 6-digit code in the mail "${mail.subject}"`);
      await page.getByLabel('Code').fill(code);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const account = page.getByRole('banner').getByRole('link', { name: member });
      await account.waitFor();
      // The app learns the tier its owner granted from its who-am-I answer, and shows it.
      expect(await account.locator('.tier').textContent()).toBe('pro');

      await api().post(`/api/v1/managed_users/${granted.body.app_user.id}/revoke`).set('X-API-Key', owner.key).expect(200);
      const after = await page.reload();
      expect(after?.status()).toBe(401);
      await page.getByRole('heading', { level: 1, name: /^Sign in to / }).waitFor();
      // And they cannot come back in: a revoked user is refused a code.
      await page.getByLabel('E-mail').fill(member);
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByText('Your access to this app has been revoked by its owner.').waitFor();
    }, ['/', '/_api/auth/request_code']);
    expect(problems).toEqual([]);
  });
});
