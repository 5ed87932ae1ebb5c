import { AppsSubjects, MAX_TOTALS_GROUPS, type EntityPlan, type RowActor, type RowValue, type TotalRowsRequest } from '@appgen/contracts';
import { rpcFailure } from '@appgen/testing';
import { acting, alice, ann, ben, bob, db, insertRow as insert, newApp, owner, rpc, useAppsServiceUnderTest, visitor } from '../apps-service-under-test.testing';

const CATEGORIES: EntityPlan = {
  name: 'categories',
  label: 'Categories',
  label_singular: 'Category',
  user_scoped: false,
  fields: [{ name: 'name', label: 'Name', type: 'text', required: true }],
};
const EXPENSES: EntityPlan = {
  name: 'expenses',
  label: 'Expenses',
  label_singular: 'Expense',
  user_scoped: false,
  fields: [
    { name: 'label', label: 'Label', type: 'text', required: true },
    { name: 'amount', label: 'Amount', type: 'number', required: false, hint: 'currency' },
    { name: 'nights', label: 'Nights', type: 'integer', required: false },
    { name: 'stage', label: 'Stage', type: 'select', required: false, options: ['planned', 'paid', 'refunded'] },
    { name: 'tags', label: 'Tags', type: 'multiselect', required: false, options: ['food', 'travel'] },
    { name: 'spent_on', label: 'Spent on', type: 'date', required: false },
    { name: 'category', label: 'Category', type: 'reference', required: false, entity: 'categories', on_delete: 'set_null' },
  ],
};
/** Each app user's own hours. */
const HOURS: EntityPlan = {
  name: 'hours',
  label: 'Hours',
  label_singular: 'Hour',
  user_scoped: true,
  fields: [
    { name: 'task', label: 'Task', type: 'text', required: true },
    { name: 'spent', label: 'Spent', type: 'number', required: true },
  ],
};

describe('apps-service: totals of an entity\'s rows (count and sums, computed by Postgres) over NATS', () => {
  useAppsServiceUnderTest();


  async function expensesApp(name = 'Trip costs'): Promise<string> {
    const id = await newApp(alice, name);
    await rpc.request(AppsSubjects.defineEntities, { caller: alice, id, entities: [CATEGORIES, EXPENSES, HOURS] });
    return id;
  }
  /** Adds rows through the service as an app does, a few at a time. */
  async function insertAll(app: string, entity: string, rows: Array<Record<string, RowValue>>, actor: RowActor = owner): Promise<void> {
    for (let start = 0; start < rows.length; start += 25) {
      await Promise.all(rows.slice(start, start + 25).map((data) => insert(app, entity, data, actor)));
    }
  }
  const totals = (app: string, entity: string, query: Omit<TotalRowsRequest, 'app_id' | 'entity' | 'actor' | 'caller'> = {}, actor: RowActor = owner) =>
    rpc.request(AppsSubjects.totalRows, { app_id: app, entity, ...acting(actor), ...query });

  it('adds up more than 500 rows exactly, decimals without drift, and counts them; filters and ranges select the rows; ranks them by a number field', async () => {
    const app = await expensesApp();
    // 612 expenses: 600 of 0.10 (a float running sum drifts off 60) and 12 of 19.99, over two months.
    const rows = Array.from({ length: 612 }, (_, index) => ({
      label: `Expense ${index}`,
      amount: index < 600 ? 0.1 : 19.99,
      nights: index % 3,
      stage: index % 2 === 0 ? 'paid' : 'planned',
      spent_on: index < 300 ? '2025-03-15' : '2025-04-15',
    }));
    await insertAll(app, 'expenses', rows);
    await insert(app, 'expenses', { label: 'Not priced yet' });

    const all = await totals(app, 'expenses', { sum: ['amount', 'nights'] });
    expect(all).toEqual({ count: 613, sum: { amount: 299.88, nights: 612 } });
    // What adding the rows up as floating-point numbers gives instead.
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBeCloseTo(299.88, 9);
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).not.toBe(299.88);

    expect(await totals(app, 'expenses', { sum: ['amount'], filters: { stage: 'paid' } })).toEqual({ count: 306, sum: { amount: 149.94 } });
    expect(await totals(app, 'expenses', { sum: ['amount'], ranges: { spent_on: { gte: '2025-04-01', lt: '2025-05-01' } } })).toEqual({
      count: 312,
      sum: { amount: 269.88 },
    });
    // As text, the way a generated app's query string sends filters.
    expect(await totals(app, 'expenses', { sum: ['amount'], filters: { stage: 'paid', nights: '0' } })).toEqual({ count: 102, sum: { amount: 49.98 } });
    // Only counting; no rows at all sum to 0.
    expect(await totals(app, 'expenses', { filters: { stage: 'refunded' } })).toEqual({ count: 0, sum: {} });
    expect(await totals(app, 'expenses', { sum: ['amount'], filters: { stage: 'refunded' } })).toEqual({ count: 0, sum: { amount: 0 } });

    // A ranking asks for the top rows by a number field: highest first, equal values newest first, rows without one last.
    const page = (order_by: string, offset: number, limit = 100) =>
      rpc.request(AppsSubjects.queryRows, { app_id: app, entity: 'expenses', actor: owner, caller: alice, order_by, limit, offset });
    const top = (await page('-amount', 0, 13)).rows;
    expect(top.map((row) => row.amount)).toEqual([...Array<number>(12).fill(19.99), 0.1]);
    const topIds = top.slice(0, 12).map((row) => row.id);
    expect(topIds).toEqual([...topIds].sort((a, b) => b - a));
    expect((await page('-amount', 612)).rows.map((row) => row.label)).toEqual(['Not priced yet']);
    expect((await page('amount', 612)).rows.map((row) => row.label)).toEqual(['Not priced yet']);
    // Paging through 600 equal amounts neither repeats nor skips a row.
    const seen: number[] = [];
    for (let offset: number | null = 0; offset !== null; ) {
      const next: Awaited<ReturnType<typeof page>> = await page('-amount', offset);
      seen.push(...next.rows.map((row) => row.id));
      offset = next.next_offset;
    }
    expect(new Set(seen).size).toBe(613);
    expect(seen).toHaveLength(613);
  }, 60_000);

  it('groups by a select or a reference field, rows without a value in the group null, largest first, beside the overall totals', async () => {
    const app = await expensesApp();
    const food = await insert(app, 'categories', { name: 'Food' });
    const travel = await insert(app, 'categories', { name: 'Travel' });
    await insertAll(app, 'expenses', [
      { label: 'Train', amount: 80.25, stage: 'paid', category: travel.id },
      { label: 'Plane', amount: 310.5, stage: 'planned', category: travel.id },
      { label: 'Lunch', amount: 12.3, stage: 'paid', category: food.id },
      { label: 'Dinner', amount: 45, stage: 'paid', category: food.id },
      { label: 'Snacks', amount: 4.2, category: food.id },
      { label: 'Tip' },
    ]);

    const byStage = await totals(app, 'expenses', { sum: ['amount'], group_by: 'stage' });
    expect(byStage).toEqual({
      count: 6,
      sum: { amount: 452.25 },
      groups: [
        { value: 'planned', count: 1, sum: { amount: 310.5 } },
        { value: 'paid', count: 3, sum: { amount: 137.55 } },
        { value: null, count: 2, sum: { amount: 4.2 } },
      ],
      groups_total: 3,
    });
    // Without a sum, the most rows first.
    expect((await totals(app, 'expenses', { group_by: 'stage' })).groups).toEqual([
      { value: 'paid', count: 3, sum: {} },
      { value: null, count: 2, sum: {} },
      { value: 'planned', count: 1, sum: {} },
    ]);
    const byCategory = await totals(app, 'expenses', { sum: ['amount'], group_by: 'category', filters: { stage: 'paid' } });
    expect(byCategory).toEqual({
      count: 3,
      sum: { amount: 137.55 },
      groups: [
        { value: travel.id, count: 1, sum: { amount: 80.25 } },
        { value: food.id, count: 2, sum: { amount: 57.3 } },
      ],
      groups_total: 2,
    });
  });

  it(`answers at most ${MAX_TOTALS_GROUPS} groups, the largest, and says how many there are`, async () => {
    const app = await expensesApp();
    const categories = await Promise.all(Array.from({ length: MAX_TOTALS_GROUPS + 20 }, (_, index) => insert(app, 'categories', { name: `C${index}` })));
    await insertAll(
      app,
      'expenses',
      categories.map((category, index) => ({ label: `E${index}`, amount: index + 1, category: category.id })),
    );
    const grouped = await totals(app, 'expenses', { sum: ['amount'], group_by: 'category' });
    expect(grouped.groups_total).toBe(MAX_TOTALS_GROUPS + 20);
    expect(grouped.groups).toHaveLength(MAX_TOTALS_GROUPS);
    expect(grouped.groups?.[0]).toEqual({ value: categories.at(-1)?.id, count: 1, sum: { amount: MAX_TOTALS_GROUPS + 20 } });
    expect(grouped.groups?.at(-1)?.sum).toEqual({ amount: 21 });
    // The overall totals cover every group, not only those answered.
    expect(grouped.count).toBe(MAX_TOTALS_GROUPS + 20);
    expect(grouped.sum).toEqual({ amount: ((MAX_TOTALS_GROUPS + 20) * (MAX_TOTALS_GROUPS + 21)) / 2 });
  }, 30_000);

  it('refuses unknown fields, sums of fields that are not numbers and groups a row could be in several of, naming each (422)', async () => {
    const app = await expensesApp();
    const refused = await rpcFailure(totals(app, 'expenses', { sum: ['amount', 'amout', 'label'], group_by: 'tags' }));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      error: 'validation_failed',
      errors: [
        { field: 'sum', message: 'amout is not a field of expenses; sums apply to integer and number fields: its number fields are amount, nights' },
        { field: 'sum', message: 'label is a text field; sums apply to integer and number fields: its number fields are amount, nights' },
        { field: 'group_by', message: 'tags is a multiselect field; rows group by select, boolean, reference fields: its fields of those types are stage, category' },
      ],
    });
    const unknownGroup = await rpcFailure(totals(app, 'expenses', { group_by: 'colour' }));
    expect(unknownGroup.body.errors).toEqual([expect.objectContaining({ field: 'group_by', message: expect.stringMatching(/^colour is not a field of expenses;/) })]);
    const badFilter = await rpcFailure(totals(app, 'expenses', { sum: ['amount'], filters: { colour: 'red' }, ranges: { label: { gte: 'a' } } }));
    expect(badFilter.body.errors).toEqual([
      expect.objectContaining({ field: 'filters.colour' }),
      { field: 'ranges.label', message: 'is a text field; ranges apply to integer, number, date, datetime fields' },
    ]);
    expect((await rpcFailure(totals(app, 'receipts', { sum: ['amount'] }))).status).toBe(404);
  });

  it("keeps to what the actor may see: an app user's own rows of a user_scoped entity, no visitor, no other account or app", async () => {
    const app = await expensesApp();
    await insertAll(app, 'hours', [{ task: 'Design', spent: 1.5 }, { task: 'Build', spent: 2.25 }], ann);
    await insert(app, 'hours', { task: 'Review', spent: 4 }, ben);
    expect(await totals(app, 'hours', { sum: ['spent'] }, ann)).toEqual({ count: 2, sum: { spent: 3.75 } });
    expect(await totals(app, 'hours', { sum: ['spent'] }, ben)).toEqual({ count: 1, sum: { spent: 4 } });
    expect(await totals(app, 'hours', { sum: ['spent'] }, owner)).toEqual({ count: 3, sum: { spent: 7.75 } });
    expect((await rpcFailure(totals(app, 'hours', { sum: ['spent'] }, visitor))).status).toBe(401);

    // Another app with the same entity: neither sees the other's rows; another account's caller finds no app.
    const other = await expensesApp('Other trip');
    await insert(other, 'expenses', { label: 'Elsewhere', amount: 1000 });
    await insert(app, 'expenses', { label: 'Here', amount: 7 });
    expect(await totals(app, 'expenses', { sum: ['amount'] }, visitor)).toEqual({ count: 1, sum: { amount: 7 } });
    expect(await totals(other, 'expenses', { sum: ['amount'] }, visitor)).toEqual({ count: 1, sum: { amount: 1000 } });
    const stranger = await rpcFailure(rpc.request(AppsSubjects.totalRows, { app_id: app, entity: 'expenses', actor: owner, caller: bob, sum: ['amount'] }));
    expect(stranger.status).toBe(404);
  });

  it('adds nothing for a value that is not a number, kept from before its field became a number field, and leaves it out of ranges', async () => {
    const app = await expensesApp();
    await insert(app, 'expenses', { label: 'Taxi', amount: 12.5 });
    const kept = await insert(app, 'expenses', { label: 'Bus', amount: 2 });
    await db.query(`UPDATE apps.app_rows SET data = jsonb_set(data, '{amount}', '"two euros"') WHERE app_id = $1 AND id = $2`, [app, kept.id]);
    expect(await totals(app, 'expenses', { sum: ['amount'] })).toEqual({ count: 2, sum: { amount: 12.5 } });
    expect(await totals(app, 'expenses', { sum: ['amount'], ranges: { amount: { gte: 10 } } })).toEqual({ count: 1, sum: { amount: 12.5 } });
  });

  it('leaves a value that is no date out of date ranges and last in an instant order, instead of failing the query', async () => {
    const app = await expensesApp();
    await insert(app, 'expenses', { label: 'Taxi', amount: 12.5, spent_on: '2025-03-15' });
    const kept = await insert(app, 'expenses', { label: 'Bus', amount: 2, spent_on: '2025-03-16' });
    // Kept from before spent_on was a date field: text, and text shaped like a date that no calendar has.
    await db.query(`UPDATE apps.app_rows SET data = jsonb_set(data, '{spent_on}', '"next week"') WHERE app_id = $1 AND id = $2`, [app, kept.id]);
    const march = { spent_on: { gte: '2025-03-01', lt: '2025-04-01' } };
    expect(await totals(app, 'expenses', { sum: ['amount'], ranges: march })).toEqual({ count: 1, sum: { amount: 12.5 } });
    await db.query(`UPDATE apps.app_rows SET data = jsonb_set(data, '{spent_on}', '"2025-02-30"') WHERE app_id = $1 AND id = $2`, [app, kept.id]);
    expect(await totals(app, 'expenses', { sum: ['amount'], ranges: march })).toEqual({ count: 1, sum: { amount: 12.5 } });

    const meetings = await newApp(alice, 'Meetings');
    const field = { name: 'starts_at', label: 'Starts at', type: 'datetime' as const, required: false };
    await rpc.request(AppsSubjects.defineEntities, {
      caller: alice,
      id: meetings,
      entities: [{ name: 'meetings', label: 'Meetings', label_singular: 'Meeting', user_scoped: false, fields: [{ name: 'title', label: 'Title', type: 'text' as const, required: true }, field] }],
    });
    const late = await insert(meetings, 'meetings', { title: 'Late', starts_at: '2025-03-01T18:00:00+01:00' });
    const early = await insert(meetings, 'meetings', { title: 'Early', starts_at: '2025-03-01T09:00:00Z' });
    const odd = await insert(meetings, 'meetings', { title: 'Odd', starts_at: '2025-03-01T12:00:00Z' });
    await db.query(`UPDATE apps.app_rows SET data = jsonb_set(data, '{starts_at}', '"2025-02-30T10:00:00Z"') WHERE app_id = $1 AND id = $2`, [meetings, odd.id]);
    const ordered = await rpc.request(AppsSubjects.queryRows, { app_id: meetings, entity: 'meetings', ...acting(owner), order_by: 'starts_at', limit: 10, offset: 0 });
    expect(ordered.rows.map((row) => row['id'])).toEqual([early.id, late.id, odd.id]);
    const inRange = await rpc.request(AppsSubjects.queryRows, {
      app_id: meetings,
      entity: 'meetings',
      ...acting(owner),
      ranges: { starts_at: { gte: '2025-03-01T00:00:00Z' } },
      limit: 10,
      offset: 0,
    });
    expect(inRange.rows.map((row) => row['title']).sort()).toEqual(['Early', 'Late']);
  });

  it('refuses a date-time no calendar has, which Date.parse would read as another day', async () => {
    const meetings = await newApp(alice, 'Calendar');
    await rpc.request(AppsSubjects.defineEntities, {
      caller: alice,
      id: meetings,
      entities: [{ name: 'meetings', label: 'Meetings', label_singular: 'Meeting', user_scoped: false, fields: [{ name: 'starts_at', label: 'Starts at', type: 'datetime' as const, required: true }] }],
    });
    for (const starts_at of ['2025-02-30T10:00:00Z', '2025-01-01T24:30:00Z', '2025-01-01T10:00:00+16:00']) {
      const refused = await rpcFailure(insert(meetings, 'meetings', { starts_at }));
      expect({ starts_at, status: refused.status, errors: refused.body.errors }).toEqual({
        starts_at,
        status: 422,
        errors: [{ field: 'starts_at', message: 'must be an ISO 8601 date and time with a time zone (e.g. 2025-01-31T09:30:00Z)' }],
      });
    }
  });
});
