import { AppsSubjects, type EntityPlan, type RowActor, type RowValue } from '@appgen/contracts';
import { rpcFailure } from '@appgen/testing';
import { acting, alice, ann, ben, bob, db, insertRow as insert, newApp, owner, rpc, useAppsServiceUnderTest, visitor } from '../apps-service-under-test.testing';

const PEOPLE: EntityPlan = {
  name: 'people',
  label: 'People',
  label_singular: 'Person',
  user_scoped: false,
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true },
    // people → trips → people: a cycle, defined in one batch
    { name: 'favourite_trip', label: 'Favourite trip', type: 'reference', required: false, entity: 'trips', on_delete: 'set_null' },
  ],
};
const TRIPS: EntityPlan = {
  name: 'trips',
  label: 'Trips',
  label_singular: 'Trip',
  user_scoped: false,
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true },
    { name: 'organiser', label: 'Organiser', type: 'reference', required: false, entity: 'people', on_delete: 'set_null' },
  ],
};
const EXPENSES: EntityPlan = {
  name: 'expenses',
  label: 'Expenses',
  label_singular: 'Expense',
  user_scoped: false,
  fields: [
    { name: 'label', label: 'Label', type: 'text', required: true },
    { name: 'trip', label: 'Trip', type: 'reference', required: false, entity: 'trips', on_delete: 'cascade' },
    { name: 'paid_by', label: 'Paid by', type: 'reference', required: true, entity: 'people' },
    { name: 'shared_among', label: 'Shared among', type: 'references', required: false, entity: 'people', on_delete: 'set_null' },
  ],
};
/** Each app user's own wallets; an expense may name one of the writer's own only. */
const WALLETS: EntityPlan = {
  name: 'wallets',
  label: 'Wallets',
  label_singular: 'Wallet',
  user_scoped: true,
  fields: [{ name: 'name', label: 'Name', type: 'text', required: true }],
};
const PAYMENTS: EntityPlan = {
  name: 'payments',
  label: 'Payments',
  label_singular: 'Payment',
  user_scoped: false,
  fields: [
    { name: 'amount', label: 'Amount', type: 'number', required: true },
    { name: 'wallet', label: 'Wallet', type: 'reference', required: false, entity: 'wallets', on_delete: 'cascade' },
  ],
};

describe('apps-service: relations between rows (reference and references fields) over NATS', () => {
  useAppsServiceUnderTest();

  async function tripApp(): Promise<string> {
    const id = await newApp(alice, 'Trip costs');
    await rpc.request(AppsSubjects.defineEntities, { caller: alice, id, entities: [PEOPLE, TRIPS, EXPENSES] });
    return id;
  }
  const remove = (app: string, entity: string, id: number, actor: RowActor = owner) => rpc.request(AppsSubjects.deleteRow, { app_id: app, entity, id, ...acting(actor) });
  const rows = async (app: string, entity: string, extra: { filters?: Record<string, RowValue>; expand?: string[] } = {}, actor: RowActor = owner) =>
    (await rpc.request(AppsSubjects.queryRows, { app_id: app, entity, ...acting(actor), limit: 100, offset: 0, ...extra }))
      .rows;

  it('defines entities that point at each other in one batch, and refuses a reference to an entity the app lacks', async () => {
    const id = await newApp(alice, 'Trip costs');
    // One at a time, people cannot name trips before trips exist.
    const alone = await rpcFailure(rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: PEOPLE }));
    expect(alone.status).toBe(422);
    expect(alone.body.errors).toEqual([{ field: 'fields[1].entity', message: 'must be an entity of this app (it has people); trips is not one' }]);

    const defined = await rpc.request(AppsSubjects.defineEntities, { caller: alice, id, entities: [PEOPLE, TRIPS, EXPENSES] });
    expect(defined.entities.map((entity) => entity.name)).toEqual(['people', 'trips', 'expenses']);
    expect(defined.entities[2]?.fields[2]).toEqual({ name: 'paid_by', label: 'Paid by', type: 'reference', required: true, entity: 'people', on_delete: 'restrict' });
    const listed = await rpc.request(AppsSubjects.listEntities, { app_id: id, caller: alice });
    expect(listed.entities.find((entity) => entity.name === 'expenses')?.fields[3]).toMatchObject({ entity: 'people', on_delete: 'set_null' });
    // Once people exist, a single definition may point at them.
    const to = { name: 'to', label: 'To', type: 'reference' as const, required: true, entity: 'people' };
    await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: { ...PAYMENTS, name: 'refunds', fields: [to] } });

    const wrong = await rpcFailure(
      rpc.request(AppsSubjects.defineEntities, {
        caller: alice,
        id,
        entities: [
          { ...TRIPS, fields: [{ name: 'guide', label: 'Guide', type: 'reference', required: true, entity: 'guides', on_delete: 'set_null' }] },
          PEOPLE,
          PEOPLE,
        ],
      }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([
      { field: 'entities[0].fields[0].entity', message: 'must be an entity of this app (it has expenses, people, refunds, trips); guides is not one' },
      {
        field: 'entities[0].fields[0].on_delete',
        message: 'cannot be set_null on a required reference: the row would be left without the value it requires; use restrict or cascade',
      },
      { field: 'entities[2].name', message: 'repeats people' },
    ]);
    // All or nothing: trips kept its definition.
    expect((await rpc.request(AppsSubjects.listEntities, { app_id: id, caller: alice })).entities.find((e) => e.name === 'trips')?.fields).toHaveLength(2);
    // Another account's app is missing, as everywhere.
    expect((await rpcFailure(rpc.request(AppsSubjects.defineEntities, { caller: bob, id, entities: [PEOPLE] }))).status).toBe(404);
  });

  it('takes a reference only to a row of the target entity in the same app, naming the field and the id', async () => {
    const id = await tripApp();
    const other = await tripApp();
    const ada = await insert(id, 'people', { name: 'Ada' });
    const strangerInOtherApp = await insert(other, 'people', { name: 'Eve' });
    const trip = await insert(id, 'trips', { title: 'Lisbon', organiser: ada.id });

    const missing = await rpcFailure(rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'expenses', actor: ann, data: { label: 'Taxi', paid_by: 99999 } }));
    expect(missing).toMatchObject({ status: 422, body: { errors: [{ field: 'paid_by', message: 'must be the id of a row of people: there is no people row 99999' }] } });
    const otherApp = await rpcFailure(
      rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'expenses', actor: ann, data: { label: 'Taxi', paid_by: strangerInOtherApp.id } }),
    );
    expect(otherApp.body.errors).toEqual([{ field: 'paid_by', message: `must be the id of a row of people: there is no people row ${strangerInOtherApp.id}` }]);
    // A trip's id is not a person's.
    const wrongEntity = await rpcFailure(
      rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'expenses', actor: ann, data: { label: 'Taxi', paid_by: trip.id, shared_among: [ada.id, trip.id, 88888] } }),
    );
    expect(wrongEntity.body.errors).toEqual([
      { field: 'paid_by', message: `must be the id of a row of people: there is no people row ${trip.id}` },
      { field: 'shared_among', message: `must list ids of rows of people: ${trip.id}, 88888 are not one` },
    ]);

    const taxi = await insert(id, 'expenses', { label: 'Taxi', trip: trip.id, paid_by: ada.id, shared_among: [ada.id] }, ann);
    expect(taxi).toMatchObject({ trip: trip.id, paid_by: ada.id, shared_among: [ada.id] });
    const moved = await rpcFailure(rpc.request(AppsSubjects.updateRow, { app_id: id, entity: 'expenses', actor: ann, id: taxi.id, data: { paid_by: 77777 } }));
    expect(moved.body.errors).toEqual([{ field: 'paid_by', message: 'must be the id of a row of people: there is no people row 77777' }]);
    expect((await rpc.request(AppsSubjects.getRow, { app_id: id, entity: 'expenses', actor: ann, id: taxi.id })).row.paid_by).toBe(ada.id);
  });

  it("refuses a reference to another app user's row of a user_scoped entity, and expands only what the reader may see", async () => {
    const id = await newApp(alice, 'Wallets');
    await rpc.request(AppsSubjects.defineEntities, { caller: alice, id, entities: [WALLETS, PAYMENTS] });
    const annsWallet = await insert(id, 'wallets', { name: "Ann's card" }, ann);
    const bensWallet = await insert(id, 'wallets', { name: "Ben's cash" }, ben);
    const refused = await rpcFailure(rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'payments', actor: ben, data: { amount: 5, wallet: annsWallet.id } }));
    expect(refused.body.errors).toEqual([{ field: 'wallet', message: `must be the id of a row of wallets: there is no wallets row ${annsWallet.id}` }]);
    await insert(id, 'payments', { amount: 10, wallet: annsWallet.id }, ann);
    await insert(id, 'payments', { amount: 20, wallet: bensWallet.id }, ben);

    // Payments are shared; each reader sees the wallets they may see, and the others' stay ids.
    const asAnn = await rows(id, 'payments', { expand: ['wallet'] }, ann);
    expect(asAnn.map((row) => row.wallet)).toEqual([expect.objectContaining({ id: annsWallet.id, name: "Ann's card" }), bensWallet.id]);
    const asVisitor = await rows(id, 'payments', { expand: ['wallet'] }, visitor);
    expect(asVisitor.map((row) => row.wallet)).toEqual([annsWallet.id, bensWallet.id]);
    const asOwner = await rows(id, 'payments', { expand: ['wallet'] });
    expect(asOwner.map((row) => (row.wallet as { name: string }).name)).toEqual(["Ann's card", "Ben's cash"]);
  });

  it('expands references of a page and of one row, and lists the rows pointing at a row', async () => {
    const id = await tripApp();
    const [ada, bo, cy] = [await insert(id, 'people', { name: 'Ada' }), await insert(id, 'people', { name: 'Bo' }), await insert(id, 'people', { name: 'Cy' })];
    const trip = await insert(id, 'trips', { title: 'Lisbon', organiser: ada.id });
    const taxi = await insert(id, 'expenses', { label: 'Taxi', trip: trip.id, paid_by: ada.id, shared_among: [ada.id, bo.id] });
    await insert(id, 'expenses', { label: 'Dinner', trip: trip.id, paid_by: bo.id, shared_among: [bo.id, cy.id] });
    await insert(id, 'expenses', { label: 'Museum', paid_by: cy.id, shared_among: [] });

    const expanded = await rows(id, 'expenses', { expand: ['paid_by', 'shared_among'] });
    expect(expanded[0]).toMatchObject({
      label: 'Taxi',
      trip: trip.id,
      paid_by: { id: ada.id, name: 'Ada', favourite_trip: null },
      shared_among: [
        { id: ada.id, name: 'Ada' },
        { id: bo.id, name: 'Bo' },
      ],
    });
    expect(Object.keys(expanded[0]?.paid_by as object)).toEqual(['id', 'name', 'favourite_trip', 'created_at', 'updated_at']);
    expect(expanded[2]).toMatchObject({ label: 'Museum', shared_among: [] });
    const one = await rpc.request(AppsSubjects.getRow, { app_id: id, entity: 'expenses', actor: visitor, id: taxi.id, expand: ['trip'] });
    expect(one.row.trip).toMatchObject({ id: trip.id, title: 'Lisbon', organiser: ada.id });

    const notReference = await rpcFailure(rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'expenses', actor: visitor, limit: 10, offset: 0, expand: ['label'] }));
    expect(notReference).toMatchObject({
      status: 422,
      body: { errors: [{ field: 'expand', message: 'label is not a reference field of expenses: its reference fields are trip, paid_by, shared_among' }] },
    });

    // What a detail page lists: the expenses a person paid, and those shared with them (query-string text works too).
    expect((await rows(id, 'expenses', { filters: { paid_by: bo.id } })).map((row) => row.label)).toEqual(['Dinner']);
    expect((await rows(id, 'expenses', { filters: { shared_among: String(bo.id) } })).map((row) => row.label)).toEqual(['Taxi', 'Dinner']);
    expect((await rows(id, 'expenses', { filters: { shared_among: null } })).map((row) => row.label)).toEqual(['Museum']);
    expect((await rows(id, 'expenses', { filters: { trip: trip.id, paid_by: ada.id } })).map((row) => row.label)).toEqual(['Taxi']);
  });

  it('deletes by each rule: restrict refuses with 409, cascade deletes the rows pointing at it, set_null clears them', async () => {
    const id = await tripApp();
    const [ada, bo] = [await insert(id, 'people', { name: 'Ada' }), await insert(id, 'people', { name: 'Bo' })];
    const trip = await insert(id, 'trips', { title: 'Lisbon', organiser: ada.id });
    await rpc.request(AppsSubjects.updateRow, { app_id: id, entity: 'people', actor: owner, caller: alice, id: ada.id, data: { favourite_trip: trip.id } });
    const taxi = await insert(id, 'expenses', { label: 'Taxi', trip: trip.id, paid_by: ada.id, shared_among: [ada.id, bo.id] });
    const museum = await insert(id, 'expenses', { label: 'Museum', paid_by: bo.id, shared_among: [bo.id, ada.id] });

    // Ada paid for the museum? No: Bo did. Ada still paid the taxi, so she cannot go (restrict, the default).
    const restricted = await rpcFailure(remove(id, 'people', ada.id, ann));
    expect(restricted).toEqual({
      status: 409,
      body: {
        error: 'conflict',
        message: `Person ${ada.id} cannot be deleted: 1 row of expenses (paid_by) still points at it. Delete those rows or change them to point elsewhere first.`,
      },
    });
    expect((await rows(id, 'people')).map((row) => row.name)).toEqual(['Ada', 'Bo']);

    // Deleting the trip deletes its expenses (cascade) and clears Ada's favourite trip (set_null), in one go.
    expect(await remove(id, 'trips', trip.id, ann)).toEqual({ success: true });
    expect((await rows(id, 'expenses')).map((row) => row.label)).toEqual(['Museum']);
    expect((await rows(id, 'people')).find((row) => row.id === ada.id)?.favourite_trip).toBeNull();
    expect((await rpcFailure(rpc.request(AppsSubjects.getRow, { app_id: id, entity: 'expenses', actor: ann, id: taxi.id }))).status).toBe(404);

    // Now nothing Ada paid remains: she goes, and leaves the lists she was in (set_null on references).
    expect(await remove(id, 'people', ada.id, ann)).toEqual({ success: true });
    expect((await rows(id, 'expenses')).find((row) => row.id === museum.id)?.shared_among).toEqual([bo.id]);
  });

  it('ends a cascade that comes back to where it started, deleting each row once', async () => {
    const id = await newApp(alice, 'Chains');
    const links: EntityPlan = {
      name: 'links',
      label: 'Links',
      label_singular: 'Link',
      user_scoped: false,
      fields: [
        { name: 'name', label: 'Name', type: 'text', required: true },
        { name: 'next', label: 'Next', type: 'reference', required: false, entity: 'links', on_delete: 'cascade' },
      ],
    };
    await rpc.request(AppsSubjects.defineEntities, { caller: alice, id, entities: [links] });
    const a = await insert(id, 'links', { name: 'a' });
    const b = await insert(id, 'links', { name: 'b', next: a.id });
    const c = await insert(id, 'links', { name: 'c', next: b.id });
    await rpc.request(AppsSubjects.updateRow, { app_id: id, entity: 'links', actor: owner, caller: alice, id: a.id, data: { next: c.id } });
    const keep = await insert(id, 'links', { name: 'kept' });
    expect(await remove(id, 'links', b.id)).toEqual({ success: true });
    expect((await rows(id, 'links')).map((row) => row.id)).toEqual([keep.id]);
  });

  it('never leaves a reference to a deleted row when a write pointing at it and its delete race', async () => {
    const id = await tripApp();
    for (let round = 0; round < 12; round += 1) {
      const person = await insert(id, 'people', { name: `P${round}` });
      const [inserted, deleted] = await Promise.allSettled([
        insert(id, 'expenses', { label: `E${round}`, paid_by: person.id }),
        remove(id, 'people', person.id),
      ]);
      // Either the expense came first and holds the person back (restrict), or the person went first and the expense is refused.
      expect([inserted.status, deleted.status].sort()).toEqual(['fulfilled', 'rejected']);
    }
    const dangling = await db.query(
      `SELECT e.id FROM apps.app_rows e WHERE e.app_id = $1 AND e.entity = 'expenses'
          AND NOT EXISTS (SELECT 1 FROM apps.app_rows p WHERE p.app_id = e.app_id AND p.entity = 'people' AND p.id = (e.data ->> 'paid_by')::bigint)`,
      [id],
    );
    expect(dangling.rows).toEqual([]);
  });
});
