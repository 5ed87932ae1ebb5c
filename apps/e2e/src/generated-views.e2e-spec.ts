import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminAccount, api, closeBus, generatedApp, latestMailTo, launchChromium, onBrowserPage, uniqueEmail, type TestAccount } from './support';

/**
 * The views a generated app gets from its plan, in a real browser against the real platform: a board whose cards
 * move (saved through the API), a calendar, a detail page with the rows pointing at it and their total, a ranked
 * list, totals in lists, the home page's summary, totals, rankings and a board over more than 500 rows, and all of it
 * on a 375 px wide screen.
 */
describe('the views of a generated app', () => {
  let owner: TestAccount;
  let browser: Browser | undefined;

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'views');
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await closeBus();
  });

  const tool = (name: string, appId: string, params: object) =>
    api().post('/api/v1/mcp/execute_tool').set('X-API-Key', owner.key).send({ tool: name, app_id: appId, params }).expect(200);

  interface Session {
    context: BrowserContext;
    email: string;
    /** adds a row as the signed-in user, from the app's own page as its client does */
    insert(entity: string, data: object): Promise<{ id: number }>;
    /** adds rows in that order as the signed-in user, from the app's own page, a few at a time */
    insertMany(entity: string, rows: object[]): Promise<void>;
  }

  /** A browser context signed in to the app as a new app user, through the app's own sign-in calls. */
  async function signedIn(previewUrl: string, viewport = { width: 1280, height: 900 }): Promise<Session> {
    if (!browser) throw new Error('Chromium did not start');
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(previewUrl);
    const post = (path: string, body: object): Promise<{ status: number; body: { row?: { id: number } } }> =>
      page.evaluate(
        async ([url, json]) => {
          const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: json });
          return { status: response.status, body: (await response.json()) as { row?: { id: number } } };
        },
        [path, JSON.stringify(body)] as const,
      );
    const email = uniqueEmail('viewer');
    const asked = new Date();
    expect((await post('/_api/auth/request_code', { email })).status).toBe(200);
    const mail = await latestMailTo(email, { since: asked });
    const code = /\b\d{6}\b/.exec(mail.subject)?.[0] ?? /\b\d{6}\b/.exec(mail.text)?.[0];
    expect((await post('/_api/auth/verify', { email, code })).status).toBe(200);
    return {
      context,
      email,
      async insert(entity, data) {
        const created = await post(`/_api/entities/${entity}`, data);
        expect(created.status).toBe(201);
        if (!created.body.row) throw new Error(`no row in ${JSON.stringify(created.body)}`);
        return created.body.row;
      },
      async insertMany(entity, rows) {
        const statuses = await page.evaluate(
          async ([url, json]) => {
            const all = JSON.parse(json) as object[];
            const answered: number[] = [];
            for (let start = 0; start < all.length; start += 20) {
              const batch = all.slice(start, start + 20).map(async (row) => {
                const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(row) });
                return response.status;
              });
              answered.push(...(await Promise.all(batch)));
            }
            return answered;
          },
          [`/_api/entities/${entity}`, JSON.stringify(rows)] as const,
        );
        expect(statuses).toEqual(rows.map(() => 201));
      },
    };
  }

  /** Runs `steps` on a new page of `context`, failing on console errors (CSP violations among them); screenshots a failure. */
  async function onPage(context: BrowserContext, name: string, steps: (page: Page) => Promise<void>): Promise<void> {
    expect(await onBrowserPage(context, `views-${name}`, steps)).toEqual([]);
  }

  /** Today and a day later this month (or the next days), as YYYY-MM-DD. */
  function day(offset: number): string {
    const date = new Date();
    date.setDate(date.getDate() + offset);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  }

  it('moves a card on a board by its move-to choice and by drag and drop, and the row changes through the API', async () => {
    const { appId, previewUrl } = await generatedApp(owner.key, "A kanban board for my band's songs, each moving through idea, rehearsing and ready");
    const { context, email, insert } = await signedIn(previewUrl);
    const song = `Blue Room ${Date.now()}`;
    const other = `Night Drive ${Date.now()}`;
    const first = await insert('songs', { title: song, stage: 'Idea' });
    await insert('songs', { title: other, stage: 'Idea' });
    const rowOf = async (id: number): Promise<{ id: number; stage?: string; title?: string } | undefined> => {
      const rows: { id: number; stage: string; title: string }[] = (await tool('svc-query-data', appId, { entity: 'songs', user_email: email, limit: 100 })).body.result.rows;
      return rows.find((row) => row.id === id);
    };
    const stageOf = async (id: number): Promise<string> => String((await rowOf(id))?.stage);
    const titleOf = async (id: number): Promise<string> => String((await rowOf(id))?.title);

    await onPage(context, 'board', async (page) => {
      await page.goto(`${previewUrl}/#/songs/board`);
      const column = (name: string) => page.getByRole('region', { name: new RegExp(`^${name}\\b`) });
      await column('Idea').getByRole('link', { name: song }).waitFor();
      // Every row has its card, so the board says nothing of rows it does not show.
      expect(await page.locator('.board-count').count()).toBe(0);
      // Someone else renames the song after the board was drawn: a move sends only the stage, so the rename stays.
      const renamed = `${song} (live)`;
      const renaming = await page.evaluate(
        async ([url, json]) => (await fetch(url, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: json })).status,
        [`/_api/entities/songs/${first.id}`, JSON.stringify({ title: renamed })] as const,
      );
      expect(renaming).toBe(200);
      // Keyboard and touch: the card's own "move to" choice.
      await page.getByLabel(`Move ${song} to`).selectOption('Rehearsing');
      await column('Rehearsing').getByRole('link', { name: song }).waitFor();
      await page.getByRole('status').filter({ hasText: `${renamed} moved to Rehearsing.` }).waitFor({ state: 'attached' });
      const countIn = (name: string) => column(name).locator('.column-count').innerText();
      expect([await countIn('Idea'), await countIn('Rehearsing'), await countIn('Ready')]).toEqual(['1', '1', '0']);
      expect(await stageOf(first.id)).toBe('Rehearsing');
      expect(await titleOf(first.id)).toBe(renamed);
      // Drag and drop to the last column.
      // From the card's corner: its middle is the move-to choice.
      await page.locator('.board-card').filter({ hasText: song }).dragTo(column('Ready'), { sourcePosition: { x: 4, y: 4 } });
      await column('Ready').getByRole('link', { name: song }).waitFor();
      await page.reload();
      await column('Ready').getByRole('link', { name: song }).waitFor();
      expect(await column('Idea').getByRole('link', { name: other }).count()).toBe(1);
      expect([await countIn('Idea'), await countIn('Rehearsing'), await countIn('Ready')]).toEqual(['1', '0', '1']);
      // The home page counts the songs at each stage, in the board's order.
      await page.goto(`${previewUrl}/#/`);
      await page.getByRole('region', { name: 'Totals' }).getByText('Idea: 1 · Rehearsing: 0 · Ready: 1').waitFor();
    });
    expect(await stageOf(first.id)).toBe('Ready');
  });

  it('shows a trip with its expenses and their total, totals in the list, and sums the app up on its home page', async () => {
    const { previewUrl } = await generatedApp(owner.key, 'Track trips and their expenses: each expense has an amount and belongs to a trip');
    const { context, insert } = await signedIn(previewUrl);
    const trip = await insert('trips', { name: 'Lisbon', start_date: day(3) });
    await insert('trips', { name: 'Oslo' });
    await insert('expenses', { description: 'Hotel', amount: 120.5, trip: trip.id });
    await insert('expenses', { description: 'Tram', amount: 3, trip: trip.id });

    await onPage(context, 'trip', async (page) => {
      await page.goto(`${previewUrl}/#/trips/${trip.id}`);
      await page.getByRole('heading', { level: 1, name: 'Lisbon' }).waitFor();
      const expenses = page.getByRole('region', { name: 'Expenses' });
      await expenses.getByRole('link', { name: 'Hotel' }).waitFor();
      expect(await expenses.getByRole('link', { name: 'Tram' }).count()).toBe(1);
      expect(await expenses.locator('tfoot').innerText()).toContain('123.50');
      // The expense links back to its trip.
      await expenses.getByRole('link', { name: 'Hotel' }).click();
      await page.getByRole('heading', { level: 1, name: 'Hotel' }).waitFor();
      await page.getByRole('main').getByRole('link', { name: 'Lisbon' }).waitFor();
      // The form offers the trips by name (it is drawn once they are read; allInnerTexts does not wait for it).
      await page.goto(`${previewUrl}/#/expenses/new`);
      await page.getByRole('button', { name: 'Create expense' }).waitFor();
      expect(await page.getByLabel('Trip').locator('option').allInnerTexts()).toEqual(expect.arrayContaining(['Lisbon', 'Oslo']));
      // The list adds up all the expenses.
      await page.goto(`${previewUrl}/#/expenses`);
      expect(await page.locator('tfoot').innerText()).toContain('123.50');
      // The home page: how many of each, what is coming up, the totals.
      await page.goto(`${previewUrl}/#/`);
      await page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Trips', exact: true }) }).getByText('2 entries').waitFor();
      await page.getByRole('region', { name: 'Coming up' }).getByRole('link', { name: 'Lisbon' }).waitFor();
      expect(await page.getByRole('region', { name: 'Totals' }).innerText()).toContain('123.50');
    });
  });

  it('ranks players by score, highest first, with their rank', async () => {
    const { previewUrl } = await generatedApp(owner.key, 'A leaderboard of players with their score');
    const { context, insert } = await signedIn(previewUrl);
    for (const [name, score] of [['Ada', 12], ['Grace', 30], ['Alan', 12], ['Edsger', 3]] as const) await insert('players', { name, score });
    await onPage(context, 'ranking', async (page) => {
      await page.goto(`${previewUrl}/#/players/ranking`);
      const items = page.locator('.ranking-item');
      await items.first().waitFor();
      const lines = (await items.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
      const ranks = lines.map((line) => line.split(' ').slice(0, 3).join(' '));
      // Ada and Alan share second place, in either order; Edsger comes fourth.
      expect([ranks[0], ...ranks.slice(1, 3).sort(), ranks[3]]).toEqual(['Rank 1 Grace', 'Rank 2 Ada', 'Rank 2 Alan', 'Rank 4 Edsger']);
    });
  });

  it('totals and ranks an app with more than 500 rows from the server: the list, the home page and the ranking are right, and a board says how many cards it shows', async () => {
    const expenses = await generatedApp(owner.key, 'Track trips and their expenses: each expense has an amount and belongs to a trip');
    const spender = await signedIn(expenses.previewUrl);
    // 520 small expenses, then a large one last: a browser reading the first 500 rows would total 50.00.
    await spender.insertMany('expenses', [
      ...Array.from({ length: 520 }, (_, index) => ({ description: `Coffee ${index}`, amount: 0.1 })),
      { description: 'Flight', amount: 1000.05 },
    ]);
    await onPage(spender.context, 'totals-many', async (page) => {
      await page.goto(`${expenses.previewUrl}/#/expenses`);
      await page.locator('tfoot').getByText('1,052.05').waitFor();
      await page.goto(`${expenses.previewUrl}/#/`);
      await page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Expenses', exact: true }) }).getByText('521 entries').waitFor();
      await page.getByRole('region', { name: 'Totals' }).getByText('1,052.05').waitFor();
    });

    const players = await generatedApp(owner.key, 'A leaderboard of players with their score');
    const scorer = await signedIn(players.previewUrl);
    // Scores 1 to 540, the best added last, and two players sharing the best score.
    await scorer.insertMany('players', [
      ...Array.from({ length: 540 }, (_, index) => ({ name: `Player ${index + 1}`, score: index + 1 })),
      { name: 'Katherine', score: 540 },
    ]);
    await onPage(scorer.context, 'ranking-many', async (page) => {
      await page.goto(`${players.previewUrl}/#/players/ranking`);
      const items = page.locator('.ranking-item');
      await items.first().waitFor();
      // "Rank 1 Katherine Score: 540" and whatever hint the score field has after it
      const lines = (await items.allInnerTexts()).map((text) => /^Rank \d+ .+ Score: \d+/.exec(text.replace(/\s+/g, ' ').trim())?.[0]);
      expect(lines).toHaveLength(100);
      expect(lines.slice(0, 2).sort()).toEqual(['Rank 1 Katherine Score: 540', 'Rank 1 Player 540 Score: 540']);
      expect(lines[2]).toBe('Rank 3 Player 539 Score: 539');
      expect(lines[99]).toBe('Rank 100 Player 442 Score: 442');
      await page.getByText('The top 100 of 541.').waitFor();
    });

    const songs = await generatedApp(owner.key, "A kanban board for my band's songs, each moving through idea, rehearsing and ready");
    const writer = await signedIn(songs.previewUrl);
    await writer.insertMany('songs', [
      ...Array.from({ length: 300 }, (_, index) => ({ title: `Idea ${index}`, stage: 'Idea' })),
      ...Array.from({ length: 212 }, (_, index) => ({ title: `Ready ${index}`, stage: 'Ready' })),
    ]);
    await onPage(writer.context, 'board-many', async (page) => {
      await page.goto(`${songs.previewUrl}/#/songs/board`);
      // The board draws the first 500 rows as cards and says so; the columns count all 512 on the server.
      await page.getByText('Showing 500 of 512 cards; each column counts all of them.').waitFor();
      expect(await page.locator('.board-card').count()).toBe(500);
      const countIn = (name: string) => page.getByRole('region', { name: new RegExp(`^${name}\\b`) }).locator('.column-count').innerText();
      expect([await countIn('Idea'), await countIn('Rehearsing'), await countIn('Ready')]).toEqual(['300', '0', '212']);
    });
  }, 360_000);

  it('places a dated row on the calendar: a month grid on a wide screen, an agenda at 375 px', async () => {
    const { previewUrl } = await generatedApp(owner.key, 'An events calendar where I keep events with a date and a place');
    const wide = await signedIn(previewUrl);
    const title = `Rehearsal ${Date.now()}`;
    const today = day(0);
    await wide.insert('events', { title, date: today });
    await onPage(wide.context, 'calendar-wide', async (page) => {
      await page.goto(`${previewUrl}/#/events/calendar`);
      const cell = page.locator('.calendar-grid td[aria-current="date"]');
      await cell.getByRole('link', { name: title }).waitFor();
      expect(await page.locator('.calendar-narrow').isVisible()).toBe(false);
      // The next month has nothing, and Today comes back.
      const thisMonth = await page.locator('.calendar-month').innerText();
      await page.getByRole('link', { name: 'Next month' }).click();
      await page.waitForURL(/#\/events\/calendar\/\d{4}-\d{2}$/);
      await page.locator('.calendar-month').filter({ hasNotText: thisMonth }).waitFor();
      expect(await page.getByRole('link', { name: title }).count()).toBe(0);
      await page.getByRole('link', { name: 'Today', exact: true }).click();
      await cell.getByRole('link', { name: title }).waitFor();
    });

    const narrow = await signedIn(previewUrl, { width: 375, height: 812 });
    await narrow.insert('events', { title, date: today });
    await onPage(narrow.context, 'calendar-narrow', async (page) => {
      await page.goto(`${previewUrl}/#/events/calendar`);
      await page.locator('.agenda').getByRole('link', { name: title }).waitFor();
      expect(await page.locator('.calendar-grid').isVisible()).toBe(false);
      // The links run across the screen under the app's name, not in a column beside it.
      const brand = await page.locator('.site-header .brand').boundingBox();
      const links = await page.getByRole('navigation', { name: 'Main', exact: true }).boundingBox();
      expect(links?.y).toBeGreaterThanOrEqual((brand?.y ?? Infinity) + (brand?.height ?? 0));
      expect(links?.width).toBeGreaterThan(300);
      // Nothing is wider than the screen.
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await page.getByRole('link', { name: title }).click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    });
  });
});
