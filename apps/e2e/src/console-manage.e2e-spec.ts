import type { Browser, Page } from 'playwright-core';
import {
  adminAccount,
  api,
  closeBus,
  consoleSession,
  deployedApp,
  e2eEnv,
  generatedApp,
  latestMailTo,
  launchChromium,
  onConsolePage,
  signedInToConsole,
  startDomainLab,
  startWebhookReceiver,
  throughEdge,
  uniqueEmail,
  until,
  waitFor,
  type DomainLab,
  type TestAccount,
  type WebhookReceiver,
} from './support';

/**
 * Managing an app and the account in the web console, in Chromium at 375 px, by role and label as a screen reader or
 * keyboard user finds things: the analytics chart, app users, environment variables, custom domains and webhooks.
 */
describe('the web console: managing an app and its webhooks', () => {
  let owner: TestAccount;
  let browser: Browser | undefined;
  let app: { appId: string; previewUrl: string };
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'console-manage');
    browser = await launchChromium();
    receiver = await startWebhookReceiver();
    app = await generatedApp(owner.key, 'A plant diary where I log each plant with its name and when I watered it');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await closeBus();
  });

  const appPage = () => `${e2eEnv().site}/account/apps/${app.appId}`;
  const asOwner = (path: string) => api().get(`/api/v1${path}`).set('X-API-Key', owner.key);

  async function onPage(name: string, steps: (page: Page) => Promise<void>, expected?: RegExp): Promise<string[]> {
    if (!browser) throw new Error('Chromium did not start');
    return onConsolePage(await browser.newContext({ viewport: { width: 375, height: 800 } }), name, steps, expected);
  }

  async function fitsTheScreen(page: Page): Promise<void> {
    // An expression rather than a function: this file is compiled without the DOM's types.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  }

  it("draws the app's traffic day by day, with the numbers as a table for screen readers", async () => {
    // Visitors on the preview: the edge counts each page, and reports them to apps-service in batches.
    for (let i = 0; i < 3; i += 1) await throughEdge(app.previewUrl).set('Accept', 'text/html').expect(200);
    await until('the views counted', async () => (await asOwner(`/managed_apps/${app.appId}/analytics`).expect(200)).body.metrics.page_views, (views) => views >= 3);
    const today = new Date().toISOString().slice(0, 10);

    const problems = await onPage('analytics', async (page) => {
      await signedInToConsole(page, appPage(), owner.email);
      const analytics = page.getByRole('region', { name: 'Analytics' });
      const chart = analytics.getByRole('img', { name: /^Page views per day from .+ to .+: \d+ in all, most on .+ \(\d+\)\.$/ });
      await chart.waitFor();
      const table = analytics.getByRole('table', { name: 'Traffic per day, last 7 days' });
      // A header row and one row per day of the period, today's last with the views counted so far.
      expect(await table.getByRole('row').count()).toBe(8);
      const todayRow = table.getByRole('row', { name: new RegExp(`^${today}`) });
      const views = Number(await todayRow.getByRole('cell').first().innerText());
      expect(views).toBeGreaterThanOrEqual(3);
      const total = Number(await analytics.getByRole('definition').first().innerText());
      expect(total).toBeGreaterThanOrEqual(views);
      await fitsTheScreen(page);

      // By keyboard: the period is a labelled select; 30 days draw 30 days.
      await page.getByLabel('Period').focus();
      await page.keyboard.press('ArrowDown');
      // The table is renamed before its rows are drawn again: wait for the thirty-first row (a header and 30 days).
      const monthRows = analytics.getByRole('table', { name: 'Traffic per day, last 30 days' }).getByRole('row');
      await monthRows.nth(30).waitFor();
      expect(await monthRows.count()).toBe(31);
    });
    expect(problems).toEqual([]);

    // The console's own route answers its owner only: another account's session gets 404, and no CSRF token 403.
    const stranger = await adminAccount('enterprise', 'console-stranger');
    const daily = `/account/api/console/apps/${app.appId}/analytics/daily?period=7d`;
    const mine = await consoleSession(owner.email);
    const ownAnswer = await api().get(daily).set({ Cookie: mine.cookie, 'X-CSRF-Token': mine.csrf }).expect(200);
    expect(ownAnswer.body.days).toHaveLength(7);
    expect(ownAnswer.body.days[6]).toMatchObject({ date: today, page_views: expect.any(Number) });
    await api().get(daily).set({ Cookie: mine.cookie }).expect(403);
    await api().get(daily).set('X-API-Key', owner.key).expect(401);
    const theirs = await consoleSession(stranger.email);
    const foreign = await api().get(daily).set({ Cookie: theirs.cookie, 'X-CSRF-Token': theirs.csrf });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('not_found');
  }, 180_000);

  it('grants an app user a tier and revokes them', async () => {
    const member = uniqueEmail('member');
    const problems = await onPage('app-users', async (page) => {
      await signedInToConsole(page, appPage(), owner.email);
      const users = page.getByRole('region', { name: 'App users' });
      await users.getByLabel('E-mail').fill(member);
      await users.getByLabel('Tier').selectOption('pro');
      await users.getByRole('button', { name: 'Grant access' }).click();
      await users.getByText(`${member} · pro`).waitFor();
      await fitsTheScreen(page);
      await users.getByRole('button', { name: `Revoke ${member}` }).click();
      await users.getByText(/· revoked/).waitFor();
      expect(await users.getByRole('button', { name: `Revoke ${member}` }).count()).toBe(0);
    });
    expect(problems).toEqual([]);
    const listed = (await asOwner(`/managed_users?app_id=${app.appId}&email=${encodeURIComponent(member)}`).expect(200)).body.app_users;
    expect(listed).toEqual([expect.objectContaining({ email: member, access_tier: 'pro', revoked: true })]);
  }, 120_000);

  it('sets an environment variable shown masked, never in the clear, and deletes it', async () => {
    const secret = `sk_live_${Date.now()}abcdef`;
    const problems = await onPage('env-vars', async (page) => {
      await signedInToConsole(page, appPage(), owner.email);
      const vars = page.getByRole('region', { name: 'Environment variables' });
      await vars.getByLabel('Name').fill('PAYMENT_KEY');
      const value = vars.getByLabel('Value');
      expect(await value.getAttribute('type')).toBe('password');
      await value.fill(secret);
      await vars.getByRole('button', { name: 'Set variable' }).click();
      await vars.getByRole('term').filter({ hasText: 'PAYMENT_KEY' }).waitFor();
      const masked = await vars.getByRole('definition').filter({ has: page.getByRole('button', { name: 'Delete PAYMENT_KEY' }) }).locator('code').innerText();
      expect(masked).not.toContain(secret);
      expect(masked).toMatch(/\*|•|…/);
      expect(await page.content()).not.toContain(secret);
      await fitsTheScreen(page);
      await vars.getByRole('button', { name: 'Delete PAYMENT_KEY' }).click();
      await vars.getByText('No variables.').waitFor();
    });
    expect(problems).toEqual([]);
    expect((await asOwner(`/managed_apps/${app.appId}/env_vars`).expect(200)).body.env_vars).toEqual([]);
  }, 120_000);

  it('adds a custom domain, shows the DNS record to create and its status, and removes it after asking', async () => {
    const domain = `www.console-${Date.now().toString(36)}.com`;
    const problems = await onPage('domains', async (page) => {
      await signedInToConsole(page, appPage(), owner.email);
      const domains = page.getByRole('region', { name: 'Custom domains' });
      await domains.getByLabel('Domain').fill(domain);
      await domains.getByRole('button', { name: 'Add domain' }).click();
      await domains.getByRole('status').filter({ hasText: `Added ${domain}` }).waitFor();
      // The notice shows as soon as the domain is added; its list item follows once the list is read again.
      const record = domains.getByRole('table', { name: `DNS record to create for ${domain}` });
      await record.getByRole('row').nth(1).waitFor();
      expect(await record.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual(['CNAME', 'www', 'cname.apps.localhost', '300']);
      const item = domains.getByRole('listitem', { name: domain });
      await item.getByText(/DNS pending · certificate pending/).waitFor();
      await item.getByRole('button', { name: `Check ${domain} now` }).click();
      await domains.getByRole('status').filter({ hasText: `Checked ${domain}.` }).waitFor();
      await fitsTheScreen(page);

      // Removing asks first; Cancel keeps it, and the confirming button is focused for the keyboard.
      await item.getByRole('button', { name: `Remove ${domain}` }).click();
      await item.getByRole('group', { name: `Remove ${domain} from this app?` }).getByRole('button', { name: 'Cancel' }).click();
      await item.getByRole('button', { name: `Remove ${domain}` }).click();
      await item.getByRole('button', { name: `Yes, remove ${domain}` }).waitFor();
      expect(await page.evaluate<string | undefined>('document.activeElement?.textContent')).toBe(`Yes, remove ${domain}`);
      await page.keyboard.press('Enter');
      await domains.getByRole('status').filter({ hasText: `Removed ${domain}.` }).waitFor();
      await domains.getByText('No custom domains.').waitFor();
    });
    expect(problems).toEqual([]);
    expect((await asOwner(`/managed_apps/${app.appId}/custom_domains`).expect(200)).body.custom_domains).toEqual([]);
  }, 120_000);

  describe('with a DNS server that answers for the domains', () => {
    let lab: DomainLab;
    beforeAll(async () => {
      lab = await startDomainLab();
    }, 60_000);
    afterAll(async () => {
      await lab?.close();
    }, 60_000);

    it("moves the live site to a primary domain once it is operational, shown as primary with the app's addresses on it", async () => {
      const defaultAddress = await deployedApp(owner.key, app.appId);
      const stamp = Date.now().toString(36);
      const [early, later] = [`www.early-${stamp}.com`, `shop.later-${stamp}.com`];
      const problems = await onPage('domain-primary', async (page) => {
        await signedInToConsole(page, appPage(), owner.email);
        const preview = page.getByRole('region', { name: 'Preview' });
        const liveSite = preview.getByRole('link', { name: 'Open the live site' });
        await preview.getByText(defaultAddress, { exact: true }).waitFor();
        const domains = page.getByRole('region', { name: 'Custom domains' });
        const add = async (domain: string) => {
          await domains.getByLabel('Domain').fill(domain);
          await domains.getByRole('button', { name: 'Add domain' }).click();
          await domains.getByRole('status').filter({ hasText: `Added ${domain}` }).waitFor();
        };

        // Made primary before its DNS record exists: the console says the live site moves only once it is operational.
        await add(early);
        const earlyItem = domains.getByRole('listitem', { name: early });
        await earlyItem.getByRole('button', { name: `Make ${early} primary` }).click();
        await domains.getByRole('status').filter({ hasText: `${early} is now the primary domain: the live site moves to it once its DNS record is verified and its certificate issued.` }).waitFor();
        await earlyItem.getByText(/^DNS pending · certificate pending · primary$/).waitFor();
        expect(await liveSite.getAttribute('href')).toBe(defaultAddress);

        // The owner creates the record the console showed; the console reads the status again by itself, and once the
        // domain is verified and its certificate issued, the live site is on it.
        await lab.dns({ action: 'set-cname', host: early, target: 'cname.apps.localhost' });
        await earlyItem.getByText(/^DNS verified · certificate active · serving · primary$/).waitFor({ timeout: 30_000 });
        await preview.getByText(`https://${early}`, { exact: true }).waitFor();
        expect(await liveSite.getAttribute('href')).toBe(`https://${early}`);

        // Another domain, operational, made primary at once: it takes the live site, the first one is primary no more.
        await add(later);
        const laterItem = domains.getByRole('listitem', { name: later });
        await lab.dns({ action: 'set-cname', host: later, target: 'cname.apps.localhost' });
        await laterItem.getByText(/^DNS verified · certificate active · serving$/).waitFor({ timeout: 30_000 });
        await laterItem.getByRole('button', { name: `Make ${later} primary` }).click();
        await domains.getByRole('status').filter({ hasText: `${later} is now the primary domain.` }).waitFor();
        await laterItem.getByText(/^DNS verified · certificate active · serving · primary$/).waitFor();
        await earlyItem.getByText(/^DNS verified · certificate active · serving$/).waitFor();
        expect(await laterItem.getByRole('button', { name: `Make ${later} primary` }).count()).toBe(0);
        await earlyItem.getByRole('button', { name: `Make ${early} primary` }).waitFor();
        await preview.getByText(`https://${later}`, { exact: true }).waitFor();
        expect(await liveSite.getAttribute('href')).toBe(`https://${later}`);
        await fitsTheScreen(page);

        // The primary removed: the live site is back at its own address.
        await laterItem.getByRole('button', { name: `Remove ${later}` }).click();
        await laterItem.getByRole('button', { name: `Yes, remove ${later}` }).click();
        await domains.getByRole('status').filter({ hasText: `Removed ${later}.` }).waitFor();
        await preview.getByText(defaultAddress, { exact: true }).waitFor();
        expect(await liveSite.getAttribute('href')).toBe(defaultAddress);
      });
      expect(problems).toEqual([]);
      // What the console showed is what the API says.
      expect((await asOwner(`/managed_apps/${app.appId}`).expect(200)).body.app.production_url).toBe(defaultAddress);
      const left = (await asOwner(`/managed_apps/${app.appId}/custom_domains`).expect(200)).body.custom_domains as Array<{ id: number; domain: string; primary: boolean; operational: boolean }>;
      expect(left).toEqual([expect.objectContaining({ domain: early, primary: false, operational: true })]);
      for (const domain of left) await api().delete(`/api/v1/managed_apps/${app.appId}/custom_domains/${domain.id}`).set('X-API-Key', owner.key).expect(200);
    }, 180_000);
  });

  it('pauses a webhook with its Enabled switch and turns it on again, each shown and kept', async () => {
    const created = await api().post('/api/v1/webhooks').set('X-API-Key', owner.key).send({ url: receiver.urlFor(`/switch-${Date.now()}`), name: 'Switch hook', events: ['app.created'] }).expect(201);
    const hookId: number = created.body.webhook.id;
    const enabledInApi = async (): Promise<boolean> => (await asOwner(`/webhooks/${hookId}`).expect(200)).body.webhook.enabled;
    const problems = await onPage('webhook-switch', async (page) => {
      await signedInToConsole(page, `${e2eEnv().site}/account/webhooks`, owner.email);
      const hooks = page.getByRole('region', { name: 'Your webhooks' });
      const item = hooks.getByRole('listitem', { name: 'Switch hook' });
      /** Opens the hook's form, sets its switch to `on` (it was the other way), saves it, and waits for the list to say so. */
      const turn = async (on: boolean) => {
        await item.getByText(on ? /· disabled$/ : /· enabled$/).waitFor();
        await item.getByRole('button', { name: 'Edit Switch hook' }).click();
        const enabled = item.getByRole('checkbox', { name: 'Enabled (sends events)' });
        expect(await enabled.isChecked()).toBe(!on);
        await enabled.setChecked(on);
        await item.getByRole('button', { name: 'Save Switch hook' }).click();
        await hooks.getByRole('status').filter({ hasText: 'Saved Switch hook.' }).waitFor();
        await item.getByText(on ? /· enabled$/ : /· disabled$/).waitFor();
      };

      await turn(false);
      await fitsTheScreen(page);
      expect(await enabledInApi()).toBe(false);
      // Read again from the API when the page is opened anew, not remembered by the page.
      await page.reload();
      await turn(true);
      expect(await enabledInApi()).toBe(true);
      await page.reload();
      await item.getByText(/· enabled$/).waitFor();
    });
    expect(problems).toEqual([]);
    await api().delete(`/api/v1/webhooks/${hookId}`).set('X-API-Key', owner.key).expect(200);
  }, 120_000);

  it('adds a webhook, edits it, shows a delivery and redelivers it, and deletes it after asking', async () => {
    const url = receiver.urlFor(`/console-${Date.now()}`);
    let hookId = 0;
    const problems = await onPage('webhooks', async (page) => {
      await signedInToConsole(page, `${e2eEnv().site}/account/webhooks`, owner.email);
      const add = page.getByRole('region', { name: 'Add a webhook' });
      await add.getByLabel('URL').fill(url);
      await add.getByLabel('Name').fill('Console hook');
      await add.getByRole('button', { name: 'Add webhook' }).click();
      const hooks = page.getByRole('region', { name: 'Your webhooks' });
      const item = hooks.getByRole('listitem', { name: 'Console hook' });
      await item.waitFor();
      await fitsTheScreen(page);
      hookId = ((await asOwner('/webhooks?per_page=100').expect(200)).body.webhooks as Array<{ id: number; url: string }>).find((hook) => hook.url === url)?.id ?? 0;
      expect(hookId).toBeGreaterThan(0);

      // Edit: another name, one more event.
      await item.getByRole('button', { name: 'Edit Console hook' }).click();
      await item.getByLabel('Name').fill('Deploy hook');
      await item.getByRole('group', { name: 'Events' }).getByLabel('app.deployment.started').check();
      await item.getByRole('button', { name: 'Save Console hook' }).click();
      await hooks.getByRole('status').filter({ hasText: 'Saved Deploy hook.' }).waitFor();
      const edited = hooks.getByRole('listitem', { name: 'Deploy hook' });
      await edited.getByText(/app\.deployment\.started/).waitFor();

      // A test event, delivered and shown; then sent again.
      await edited.getByRole('button', { name: 'Send a test event to Deploy hook' }).click();
      const deliveries = edited.getByRole('table', { name: 'Deliveries' });
      await deliveries.getByRole('row').filter({ hasText: 'webhook.test' }).filter({ hasText: 'succeeded' }).first().waitFor();
      await deliveries.getByRole('button', { name: /^Redeliver webhook\.test/ }).first().click();
      await edited.getByRole('status').filter({ hasText: /^Sent webhook\.test again/ }).waitFor();
      await waitFor(async () => (receiver.received.filter((request) => request.path.startsWith(new URL(url).pathname)).length >= 2 ? true : undefined), 15_000, 'two deliveries received');
      // A redelivery is the same delivery (the same event id) attempted once more.
      await deliveries.getByRole('row').filter({ hasText: 'webhook.test' }).filter({ hasText: '2 attempts' }).waitFor();

      // Delete: asked first, then gone.
      await edited.getByRole('button', { name: 'Delete Deploy hook' }).click();
      await edited.getByRole('button', { name: 'Yes, delete Deploy hook' }).click();
      await hooks.getByRole('status').filter({ hasText: 'Deleted Deploy hook.' }).waitFor();
      // The message comes before the list is read again: wait for the row to go.
      await hooks.getByRole('listitem', { name: 'Deploy hook' }).waitFor({ state: 'detached' });
      expect(await hooks.getByRole('listitem', { name: 'Deploy hook' }).count()).toBe(0);
    });
    expect(problems).toEqual([]);
    const received = receiver.received.filter((request) => request.path.startsWith(new URL(url).pathname));
    expect(received.map((request) => request.headers['x-service-event'])).toEqual(['webhook.test', 'webhook.test']);
    await api().get(`/api/v1/webhooks/${hookId}`).set('X-API-Key', owner.key).expect(404);
  }, 120_000);
  it("says beside a private app's framed preview that a sign-in there may not stick, and links to a tab where it does", async () => {
    const setVisibility = (visibility: string) => api().patch(`/api/v1/managed_apps/${app.appId}`).set('X-API-Key', owner.key).send({ visibility }).expect(200);
    await setVisibility('login_required');
    try {
      await api().post('/api/v1/managed_users/grant_access').set('X-API-Key', owner.key).send({ app_id: app.appId, email: owner.email, tier: 'pro' }).expect(201);
      const problems = await onPage(
        'private-preview',
        async (page) => {
          await signedInToConsole(page, appPage(), owner.email);
          const preview = page.getByRole('region', { name: 'Preview' });
          const frame = preview.locator('iframe');
          await page.frameLocator('iframe.preview').getByRole('heading', { level: 1, name: /^Sign in to / }).waitFor();
          // The note is next to the frame and describes it, so a screen reader reaching the frame hears it too.
          const note = preview.getByText('This app is private, and your browser may not keep a sign-in made inside this frame:');
          expect(await note.getAttribute('id')).toBe(await frame.getAttribute('aria-describedby'));
          const inATab = preview.getByRole('link', { name: 'sign in to the preview in a new tab' });
          expect(await inATab.getAttribute('href')).toBe(app.previewUrl);
          await fitsTheScreen(page);

          // Followed, it opens the preview in its own tab, where the sign-in sticks and the app shows.
          const [tab] = await Promise.all([page.context().waitForEvent('page'), inATab.click()]);
          await tab.getByRole('heading', { level: 1, name: /^Sign in to / }).waitFor();
          const asked = new Date();
          await tab.getByLabel('E-mail').fill(owner.email);
          await tab.getByRole('button', { name: 'Send code' }).click();
          const code = /\b\d{6}\b/.exec((await latestMailTo(owner.email, { since: asked })).subject)?.[0] ?? '';
          await tab.getByLabel('Code').fill(code);
          await tab.getByRole('button', { name: 'Sign in' }).click();
          await tab.getByRole('banner').getByRole('link', { name: owner.email }).waitFor();
          expect(new URL(tab.url()).origin).toBe(new URL(app.previewUrl).origin);
        },
        // The private app's sign-in page is answered 401, and Chromium refuses its autofocus inside another site's frame.
        /status of 401|Blocked autofocusing on a <input> element in a cross-origin subframe/,
      );
      expect(problems).toEqual([]);
    } finally {
      await setVisibility('public');
    }
  }, 120_000);
});
