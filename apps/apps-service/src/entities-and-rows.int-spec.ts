import { AppsSubjects, type EntityPlan, type RowActor } from '@appgen/contracts';
import { rpcFailure } from '@appgen/testing';
import { RECIPES, NOTES, rpc, alice, bob, newApp, useAppsServiceUnderTest } from './apps-service-under-test.testing';

describe('apps-service: files, versions, entities, rows, runtime and analytics over NATS', () => {
  useAppsServiceUnderTest();

  describe('entities and rows', () => {
    const visitor: RowActor = { kind: 'visitor' };
    const owner: RowActor = { kind: 'owner' };
    const ann: RowActor = { kind: 'app_user', email: 'Ann@Example.com' };
    const ben: RowActor = { kind: 'app_user', email: 'ben@example.com' };

    it('defines entities by name (upsert), validating names, types and options', async () => {
      const id = await newApp(alice);
      expect((await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: RECIPES })).entity).toEqual({ ...RECIPES, open_writes: false });
      const withCategory = { ...RECIPES, fields: [...RECIPES.fields, { name: 'category', label: 'Category', type: 'text' as const, required: false }] };
      await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: withCategory });
      await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: NOTES });
      const listed = await rpc.request(AppsSubjects.listEntities, { app_id: id, caller: alice });
      expect(listed.entities.map((e) => [e.name, e.fields.length])).toEqual([
        ['recipes', 5],
        ['notes', 1],
      ]);
      expect((await rpc.request(AppsSubjects.listEntities, { app_id: id })).entities).toHaveLength(2);
      // The name's form is the subject schema's to refuse; a select without choices is the service's.
      const badName = await rpcFailure(rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: { ...RECIPES, name: 'My Recipes' } }));
      expect(badName.status).toBe(422);
      expect(badName.body.errors).toEqual([{ field: 'entity.name', message: 'must be snake_case: a lower-case letter, then lower-case letters, digits or _' }]);
      const noChoices = await rpcFailure(
        rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: { ...RECIPES, fields: [{ name: 'kind', label: 'Kind', type: 'select', required: false }] } }),
      );
      expect(noChoices.status).toBe(422);
      expect(noChoices.body.errors).toEqual([{ field: 'fields[0].options', message: 'must list the choices of a select as non-empty strings' }]);
    });

    it('stores, validates, filters, orders and pages rows of a shared entity for app users, visitors (reading) and the owner', async () => {
      const id = await newApp(alice);
      await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: RECIPES });
      const soup = await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', actor: ann, data: { title: 'Soup', cooking_time: 30, course: 'starter' } });
      expect(Object.keys(soup.row)).toEqual(['id', 'title', 'cooking_time', 'rating', 'course', 'created_at', 'updated_at']);
      expect(soup.row).toMatchObject({ title: 'Soup', cooking_time: 30, rating: null, course: 'starter' });
      await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', actor: owner, caller: alice, data: { title: 'Stew', cooking_time: 90, rating: 4.5, course: 'main' } });
      await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', actor: ben, data: { title: 'Cake', cooking_time: 60, rating: 5, course: 'dessert' } });

      const invalid = await rpcFailure(
        rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', actor: ann, data: { cooking_time: 'long', colour: 'red' } }),
      );
      expect(invalid.status).toBe(422);
      expect(invalid.body.errors?.map((e) => e.field)).toEqual(['colour', 'title', 'cooking_time']);
      expect(invalid.body.errors?.[0]?.message).toContain('is not a field of recipes');
      const taken = await rpcFailure(rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', actor: ben, data: { title: 'Soup' } }));
      expect(taken.body.errors).toEqual([{ field: 'title', message: 'is already taken by another row' }]);

      const query = (extra: { filters?: Record<string, string | number | null>; order_by?: string; limit?: number; offset?: number }) =>
        rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'recipes', actor: visitor, limit: 25, offset: 0, ...extra });
      expect((await query({})).rows.map((r) => r.title)).toEqual(['Soup', 'Stew', 'Cake']);
      expect((await query({ order_by: '-cooking_time' })).rows.map((r) => r.title)).toEqual(['Stew', 'Cake', 'Soup']);
      expect((await query({ order_by: 'rating' })).rows.map((r) => r.title)).toEqual(['Stew', 'Cake', 'Soup']);
      expect(await query({ filters: { course: 'main' } })).toMatchObject({ total: 1, rows: [{ title: 'Stew' }] });
      expect(await query({ filters: { rating: null } })).toMatchObject({ total: 1, rows: [{ title: 'Soup' }] });
      expect(await query({ limit: 1, offset: 1 })).toMatchObject({ total: 3, rows: [{ title: 'Stew' }] });
      expect((await rpcFailure(query({ limit: 101 }))).body.errors).toEqual([{ field: 'limit', message: 'must not be greater than 100' }]);
      expect((await rpcFailure(query({ order_by: 'colour' }))).body.errors?.[0]?.field).toBe('order_by');
      expect((await rpcFailure(query({ filters: { colour: 'red' } }))).body.errors?.[0]?.field).toBe('filters.colour');

      // Rows of a shared entity are everyone's: Ben changes and deletes the soup Ann added.
      const updated = await rpc.request(AppsSubjects.updateRow, { app_id: id, entity: 'recipes', actor: ben, id: soup.row.id, data: { rating: 3 } });
      expect(updated.row).toMatchObject({ id: soup.row.id, title: 'Soup', cooking_time: 30, rating: 3 });
      expect(updated.row.updated_at >= soup.row.updated_at).toBe(true);
      const renameClash = await rpcFailure(rpc.request(AppsSubjects.updateRow, { app_id: id, entity: 'recipes', actor: ben, id: soup.row.id, data: { title: 'Cake' } }));
      expect(renameClash.status).toBe(422);
      expect((await rpc.request(AppsSubjects.getRow, { app_id: id, entity: 'recipes', actor: visitor, id: soup.row.id })).row.rating).toBe(3);
      expect(await rpc.request(AppsSubjects.deleteRow, { app_id: id, entity: 'recipes', actor: ben, id: soup.row.id })).toEqual({ success: true });
      expect(await rpcFailure(rpc.request(AppsSubjects.getRow, { app_id: id, entity: 'recipes', actor: visitor, id: soup.row.id }))).toEqual({
        status: 404,
        body: { error: 'not_found', message: `Recipe ${soup.row.id} was not found` },
      });
      expect((await rpcFailure(rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'dishes', actor: visitor, limit: 10, offset: 0 }))).body).toEqual({
        error: 'not_found',
        message: 'Entity dishes was not found',
      });
      expect((await rpcFailure(rpc.request(AppsSubjects.queryRows, { app_id: 'nosuchapp123', entity: 'recipes', actor: visitor, limit: 10, offset: 0 }))).status).toBe(404);
    });

    it('bounds rows by ranges on numbers, dates and instants (whatever their offsets), and orders instants as instants', async () => {
      const id = await newApp(alice);
      const EVENTS: EntityPlan = {
        name: 'events',
        label: 'Events',
        label_singular: 'Event',
        user_scoped: false,
        fields: [
          { name: 'title', label: 'Title', type: 'text', required: true },
          { name: 'day', label: 'Day', type: 'date', required: false },
          { name: 'starts_at', label: 'Starts at', type: 'datetime', required: false },
          { name: 'seats', label: 'Seats', type: 'integer', required: false },
        ],
      };
      await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: EVENTS });
      const add = (data: Record<string, string | number | null>) => rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'events', actor: owner, caller: alice, data });
      // 23:30 in New York on the 31st is 04:30 UTC on April 1st: later than 02:00 UTC that day, though its text sorts first.
      await add({ title: 'Late', day: '2025-03-31', starts_at: '2025-03-31T23:30:00-05:00', seats: 9 });
      await add({ title: 'Early', day: '2025-04-01', starts_at: '2025-04-01T02:00:00Z', seats: 40 });
      await add({ title: 'March', day: '2025-03-02', starts_at: '2025-03-02T10:00:00+01:00', seats: 10 });
      await add({ title: 'Undated', day: null, starts_at: null, seats: null });
      const titles = async (extra: object): Promise<string[]> =>
        (await rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'events', actor: visitor, limit: 25, offset: 0, ...extra })).rows.map((row) => String(row.title));

      expect(await titles({ ranges: { day: { gte: '2025-03-01', lt: '2025-04-01' } }, order_by: 'day' })).toEqual(['March', 'Late']);
      expect(await titles({ ranges: { starts_at: { gte: '2025-04-01T00:00:00Z' } }, order_by: 'starts_at' })).toEqual(['Early', 'Late']);
      expect(await titles({ order_by: '-starts_at' })).toEqual(['Late', 'Early', 'March', 'Undated']);
      // A query string sends text: numbers are read as numbers (9 < 10 < 40, not '10' < '40' < '9').
      expect(await titles({ ranges: { seats: { gt: '9', lte: '40' } }, order_by: 'seats' })).toEqual(['March', 'Early']);

      const refused = await rpcFailure(
        rpc.request(AppsSubjects.queryRows, {
          app_id: id,
          entity: 'events',
          actor: visitor,
          limit: 25,
          offset: 0,
          ranges: { title: { gte: 'A' }, day: { lt: '2025-02-30' }, seats: { gte: 'many' }, colour: { lt: 3 } },
        }),
      );
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([
        { field: 'ranges.colour', message: expect.stringContaining('is not a field of events') },
        { field: 'ranges.title', message: 'is a text field; ranges apply to integer, number, date, datetime fields' },
        { field: 'ranges.day.lt', message: 'must be a date (YYYY-MM-DD)' },
        { field: 'ranges.seats.gte', message: 'must be a whole number' },
      ]);
    });

    it('lets visitors read a shared entity but write only one declared open for writes', async () => {
      const id = await newApp(alice);
      await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: RECIPES });
      const soup = await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', actor: ann, data: { title: 'Soup' } });
      expect((await rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'recipes', actor: visitor, limit: 10, offset: 0 })).total).toBe(1);
      expect((await rpc.request(AppsSubjects.getRow, { app_id: id, entity: 'recipes', actor: visitor, id: soup.row.id })).row.title).toBe('Soup');
      const signIn = (intent: string) => ({ status: 401, body: { error: 'unauthorized', message: `Sign in to ${intent} recipes` } });
      expect(await rpcFailure(rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', actor: visitor, data: { title: 'Cake' } }))).toEqual(signIn('add'));
      expect(await rpcFailure(rpc.request(AppsSubjects.updateRow, { app_id: id, entity: 'recipes', actor: visitor, id: soup.row.id, data: { rating: 1 } }))).toEqual(
        signIn('change'),
      );
      expect(await rpcFailure(rpc.request(AppsSubjects.deleteRow, { app_id: id, entity: 'recipes', actor: visitor, id: soup.row.id }))).toEqual(signIn('change'));
      expect((await rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'recipes', actor: owner, caller: alice, limit: 10, offset: 0 })).rows).toEqual([
        expect.objectContaining({ title: 'Soup', rating: null }),
      ]);
      // The owner, through the API and tools, writes whatever the entity allows visitors.
      await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', actor: owner, caller: alice, data: { title: 'Stew' } });

      const GUESTBOOK: EntityPlan = {
        name: 'entries',
        label: 'Entries',
        label_singular: 'Entry',
        user_scoped: false,
        open_writes: true,
        fields: [{ name: 'message', label: 'Message', type: 'text', required: true }],
      };
      expect((await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: GUESTBOOK })).entity.open_writes).toBe(true);
      expect((await rpc.request(AppsSubjects.listEntities, { app_id: id })).entities.map((e) => [e.name, e.open_writes])).toEqual([
        ['recipes', false],
        ['entries', true],
      ]);
      const hello = await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'entries', actor: visitor, data: { message: 'Hello!' } });
      const edited = await rpc.request(AppsSubjects.updateRow, { app_id: id, entity: 'entries', actor: visitor, id: hello.row.id, data: { message: 'Hello again!' } });
      expect(edited.row.message).toBe('Hello again!');
      expect(await rpc.request(AppsSubjects.deleteRow, { app_id: id, entity: 'entries', actor: visitor, id: hello.row.id })).toEqual({ success: true });

      const scopedAndOpen = await rpcFailure(rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: { ...NOTES, open_writes: true } }));
      expect(scopedAndOpen).toEqual({
        status: 422,
        body: expect.objectContaining({
          error: 'validation_failed',
          errors: [{ field: 'open_writes', message: 'applies to shared entities only: rows of a user_scoped entity belong to signed-in users' }],
        }),
      });
    });

    it('scopes rows of a user_scoped entity to their app user; visitors must sign in; the owner sees all', async () => {
      const id = await newApp(alice);
      await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: NOTES });
      const annNote = await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'notes', actor: ann, data: { body: 'ann’s note' } });
      await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'notes', actor: ben, data: { body: 'ben’s note' } });
      const annAgain: RowActor = { kind: 'app_user', email: 'ann@example.com' };
      expect((await rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'notes', actor: annAgain, limit: 10, offset: 0 })).rows.map((r) => r.body)).toEqual(['ann’s note']);
      expect(await rpcFailure(rpc.request(AppsSubjects.getRow, { app_id: id, entity: 'notes', actor: ben, id: annNote.row.id }))).toMatchObject({ status: 404 });
      expect((await rpcFailure(rpc.request(AppsSubjects.updateRow, { app_id: id, entity: 'notes', actor: ben, id: annNote.row.id, data: { body: 'x' } }))).status).toBe(404);
      expect((await rpcFailure(rpc.request(AppsSubjects.deleteRow, { app_id: id, entity: 'notes', actor: ben, id: annNote.row.id }))).status).toBe(404);

      expect(await rpcFailure(rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'notes', actor: visitor, limit: 10, offset: 0 }))).toEqual({
        status: 401,
        body: { error: 'unauthorized', message: 'Sign in to see notes' },
      });
      expect((await rpcFailure(rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'notes', actor: visitor, data: { body: 'anon' } }))).body).toEqual({
        error: 'unauthorized',
        message: 'Sign in to add notes',
      });

      const all = await rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'notes', actor: owner, caller: alice, limit: 10, offset: 0 });
      expect(all.total).toBe(2);
      // The owner actor needs the owning account: another account, or none, finds no app.
      expect((await rpcFailure(rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'notes', actor: owner, caller: bob, limit: 10, offset: 0 }))).status).toBe(404);
      expect((await rpcFailure(rpc.request(AppsSubjects.queryRows, { app_id: id, entity: 'notes', actor: owner, limit: 10, offset: 0 }))).status).toBe(404);
      expect((await rpcFailure(rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'notes', actor: annAgain, caller: bob, data: { body: 'x' } }))).status).toBe(404);
    });
  });
});
