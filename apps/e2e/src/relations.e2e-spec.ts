import supertest from 'supertest';
import { adminAccount, api, closeBus, e2eEnv, appUserSession, uniqueEmail, type TestAccount } from './support';

type Row = { id: number; [field: string]: unknown };

/**
 * Relations between an app's entities as its owner and its users meet them: the owner models people, trips and
 * expenses with the tools (an expense is paid by one person and shared among several), a signed-in user writes
 * expenses from the app's own pages at the edge, and reads them with the people in place of their ids. A missing
 * person, or one of another app, is refused; deleting follows each column's rule.
 */
describe('relations between entities of a generated app', () => {
  let owner: TestAccount;
  let appId: string;
  let otherAppId: string;
  let host: string;
  let origin: string;
  let cookie: string;

  const edge = () => supertest(e2eEnv().edge);
  const tool = (name: string, params: object, app = appId) =>
    api().post('/api/v1/mcp/execute_tool').set('X-API-Key', owner.key).send({ tool: name, app_id: app, params });
  const inserted = async (entity: string, data: object, app = appId): Promise<Row> => (await tool('svc-insert-data', { entity, data }, app).expect(200)).body.result.row;
  /** What the app's pages do, as the signed-in user, from the app's own origin. */
  const asUser = {
    get: (path: string) => edge().get(path).set({ Host: host, Cookie: cookie }),
    post: (path: string, body: object) => edge().post(path).set({ Host: host, Origin: origin, Cookie: cookie }).send(body),
    delete: (path: string) => edge().delete(path).set({ Host: host, Origin: origin, Cookie: cookie }),
  };
  const labels = async (): Promise<string[]> =>
    (await tool('svc-query-data', { entity: 'expenses', order_by: 'id' }).expect(200)).body.result.rows.map((row: Row) => row['label']);

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'relations');
    const draft = async (name: string) => (await api().post('/api/v1/managed_apps').set('X-API-Key', owner.key).send({ name }).expect(201)).body.app.id as string;
    appId = await draft('Trip costs');
    otherAppId = await draft('Another trip app');
    host = `preview-${appId}.preview.localhost:${new URL(e2eEnv().edge).port}`;
    origin = `http://${host}`;

    cookie = await appUserSession(host, uniqueEmail('traveller'));
  });

  afterAll(async () => {
    await closeBus();
  });

  it('models people, trips and expenses with reference columns, refusing one to an entity the app lacks', async () => {
    const refused = await tool('svc-create-entity', { name: 'expenses', columns: [{ name: 'paid_by', type: 'reference', entity: 'people' }] }).expect(422);
    expect(refused.body.errors).toEqual([{ field: 'params.columns.0.entity', message: 'must be an entity of this app (it has expenses); people is not one' }]);

    await tool('svc-create-entity', { name: 'people', columns: [{ name: 'name', type: 'text', required: true }] }).expect(200);
    await tool('svc-create-entity', { name: 'trips', columns: [{ name: 'title', type: 'text', required: true }] }).expect(200);
    const expenses = await tool('svc-create-entity', {
      name: 'expenses',
      columns: [
        { name: 'label', type: 'text', required: true },
        { name: 'trip', type: 'reference', entity: 'trips', on_delete: 'cascade' },
        { name: 'paid_by', type: 'reference', entity: 'people', required: true },
        { name: 'shared_among', type: 'references', entity: 'people', on_delete: 'set_null' },
      ],
    }).expect(200);
    expect(expenses.body.result.entity.fields.slice(1).map((field: { name: string; entity: string; on_delete: string }) => [field.name, field.entity, field.on_delete])).toEqual([
      ['trip', 'trips', 'cascade'],
      ['paid_by', 'people', 'restrict'],
      ['shared_among', 'people', 'set_null'],
    ]);
    // A required reference cannot be cleared when its row goes.
    const setNull = await tool('svc-create-entity', {
      name: 'refunds',
      columns: [{ name: 'to', type: 'reference', entity: 'people', required: true, on_delete: 'set_null' }],
    }).expect(422);
    expect(setNull.body.errors[0]).toMatchObject({ field: 'params.columns.0.on_delete' });
    await tool('svc-create-entity', { name: 'people', columns: [{ name: 'name', type: 'text', required: true }] }, otherAppId).expect(200);
  });

  it("takes an expense from the app's pages only when the people it names are this app's, and shows them with expand", async () => {
    const [ada, bo, cy] = [await inserted('people', { name: 'Ada' }), await inserted('people', { name: 'Bo' }), await inserted('people', { name: 'Cy' })];
    const stranger = await inserted('people', { name: 'Eve' }, otherAppId);
    const trip = await inserted('trips', { title: 'Lisbon' });

    const missing = await asUser.post('/_api/entities/expenses', { label: 'Taxi', paid_by: 999_999_999 }).expect(422);
    expect(missing.body.errors).toEqual([{ field: 'paid_by', message: 'must be the id of a row of people: there is no people row 999999999' }]);
    const otherApps = await asUser.post('/_api/entities/expenses', { label: 'Taxi', paid_by: ada.id, shared_among: [ada.id, stranger.id] }).expect(422);
    expect(otherApps.body.errors).toEqual([{ field: 'shared_among', message: `must list ids of rows of people: ${stranger.id} is not one` }]);

    const taxi = await asUser.post('/_api/entities/expenses', { label: 'Taxi', trip: trip.id, paid_by: ada.id, shared_among: [ada.id, bo.id] }).expect(201);
    expect(taxi.body.row).toMatchObject({ paid_by: ada.id, shared_among: [ada.id, bo.id] });
    await asUser.post('/_api/entities/expenses', { label: 'Dinner', trip: trip.id, paid_by: bo.id, shared_among: [bo.id, cy.id] }).expect(201);
    await inserted('expenses', { label: 'Museum', paid_by: cy.id, shared_among: [cy.id, ada.id] });

    const page = await asUser.get('/_api/entities/expenses?expand=paid_by,shared_among').expect(200);
    expect(page.body.rows[0]).toMatchObject({
      label: 'Taxi',
      trip: trip.id,
      paid_by: { id: ada.id, name: 'Ada' },
      shared_among: [
        { id: ada.id, name: 'Ada' },
        { id: bo.id, name: 'Bo' },
      ],
    });
    const one = await asUser.get(`/_api/entities/expenses/${taxi.body.row.id}?expand=trip`).expect(200);
    expect(one.body.row.trip).toMatchObject({ id: trip.id, title: 'Lisbon' });
    const notReference = await asUser.get('/_api/entities/expenses?expand=label').expect(422);
    expect(notReference.body.errors).toEqual([{ field: 'expand', message: 'label is not a reference field of expenses: its reference fields are trip, paid_by, shared_among' }]);

    // A person's detail page: what they paid, and what they share.
    const paidByBo = await asUser.get(`/_api/entities/expenses?filters[paid_by]=${bo.id}`).expect(200);
    expect(paidByBo.body.rows.map((row: Row) => row['label'])).toEqual(['Dinner']);
    const sharedWithAda = await asUser.get(`/_api/entities/expenses?filters[shared_among]=${ada.id}&expand=paid_by`).expect(200);
    expect(sharedWithAda.body.rows.map((row: Row) => [row['label'], (row['paid_by'] as Row)['name']])).toEqual([
      ['Taxi', 'Ada'],
      ['Museum', 'Cy'],
    ]);
    // The tools read the same way.
    const viaTool = await tool('svc-query-data', { entity: 'expenses', filters: { trip: trip.id }, expand: ['trip'] }).expect(200);
    expect(viaTool.body.result.rows.map((row: Row) => (row['trip'] as Row)['title'])).toEqual(['Lisbon', 'Lisbon']);
  });

  it('deletes by each column’s rule: a person who paid is kept (409), a trip takes its expenses, a person leaves the lists', async () => {
    const people = (await tool('svc-query-data', { entity: 'people', order_by: 'id' }).expect(200)).body.result.rows as Row[];
    const [ada, bo, cy] = people;
    const [trip] = (await tool('svc-query-data', { entity: 'trips' }).expect(200)).body.result.rows as Row[];
    if (!ada || !bo || !cy || !trip) throw new Error('the rows of the test before are missing');

    const kept = await asUser.delete(`/_api/entities/people/${ada.id}`).expect(409);
    expect(kept.body).toEqual({
      error: 'conflict',
      message: `Person ${ada.id} cannot be deleted: 1 row of expenses (paid_by) still points at it. Delete those rows or change them to point elsewhere first.`,
    });
    const refusedByTool = await tool('svc-delete-data', { entity: 'people', id: bo.id }).expect(409);
    expect(refusedByTool.body.message).toContain('1 row of expenses (paid_by)');

    await asUser.delete(`/_api/entities/trips/${trip.id}`).expect(200);
    expect(await labels()).toEqual(['Museum']);

    // Ada paid nothing that is left: she goes, and the museum is no longer shared with her.
    await asUser.delete(`/_api/entities/people/${ada.id}`).expect(200);
    const museum = await asUser.get('/_api/entities/expenses?expand=shared_among').expect(200);
    expect(museum.body.rows.map((row: Row) => (row['shared_among'] as Row[]).map((person) => person['name']))).toEqual([['Cy']]);
  });
});
