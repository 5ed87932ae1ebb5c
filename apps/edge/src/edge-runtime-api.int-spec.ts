import 'reflect-metadata';
import { type QueryRowsRequest } from '@appgen/contracts';
import { PUBLIC_APP, preview, production, rowRequests, codeRequests, Answer, call, json, cookiesOf, signIn, useEdgeUnderTest } from './edge-under-test.testing';

useEdgeUnderTest();

describe('/_api rows', () => {
  it('reads rows as a visitor without a session', async () => {
    const listed = await json(preview(PUBLIC_APP), '/_api/entities/recipes?limit=5&order_by=-created_at');
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.body)).toEqual({ rows: [expect.objectContaining({ id: 1, title: 'Soup' })], total: 1, next_offset: null });
    const seen = rowRequests.at(-1);
    expect(seen?.actor).toEqual({ kind: 'visitor' });
    expect(seen?.request).toMatchObject<Partial<QueryRowsRequest>>({
      app_id: PUBLIC_APP,
      entity: 'recipes',
      limit: 5,
      offset: 0,
      order_by: '-created_at',
    });
  });

  it('passes expand and filters[<field>] on to the rows query, and expand to a single row read', async () => {
    const url = '/_api/entities/expenses?expand=paid_by,%20shared_among,&filters[paid_by]=7&filters%5Bshared_among%5D=3&filters[bad%20name]=1&theme=dark';
    expect((await json(preview(PUBLIC_APP), url)).status).toBe(200);
    const listed = rowRequests.at(-1)?.request;
    expect(listed).toMatchObject({ entity: 'expenses', expand: ['paid_by', 'shared_among'], filters: { paid_by: '7', shared_among: '3' } });
    expect(Object.keys(listed?.['filters'] as object)).toEqual(['paid_by', 'shared_among']);
    await json(preview(PUBLIC_APP), '/_api/entities/expenses/4?expand=trip');
    expect(rowRequests.at(-1)).toMatchObject({ subject: 'get', request: { id: 4, expand: ['trip'] } });
    // Without them the requests stay as they were.
    await json(preview(PUBLIC_APP), '/_api/entities/expenses/4?expand=');
    expect(Object.keys(rowRequests.at(-1)?.request ?? {})).not.toContain('expand');
  });

  it("refuses a page query the rows subject's schema refuses, naming the field, before asking apps-service", async () => {
    const before = rowRequests.length;
    const notANumber = await json(preview(PUBLIC_APP), '/_api/entities/recipes?limit=many');
    expect(notANumber.status).toBe(422);
    expect(JSON.parse(notANumber.body)).toMatchObject({ error: 'validation_failed', errors: [{ field: 'limit', message: 'must be an integer' }] });
    const tooMany = await json(preview(PUBLIC_APP), '/_api/entities/recipes?limit=101&offset=-1');
    expect(JSON.parse(tooMany.body).errors).toEqual([
      { field: 'limit', message: 'must not be greater than 100' },
      { field: 'offset', message: 'must not be less than 0' },
    ]);
    expect(rowRequests.length).toBe(before);
  });

  it('asks for totals with sum, group_by and the filters of a rows query, as the reader, and answers them unchanged', async () => {
    const url = '/_api/entities/expenses/totals?sum=amount,%20nights,&group_by=stage&filters[trip]=7&filters[spent_on][gte]=2025-03-01&limit=5';
    const answered = await json(preview(PUBLIC_APP), url);
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toEqual({ count: 3, sum: { amount: 12.5 }, groups: [{ value: 'paid', count: 3, sum: { amount: 12.5 } }], groups_total: 1 });
    expect(rowRequests.at(-1)).toEqual({
      subject: 'totals',
      actor: { kind: 'visitor' },
      request: {
        app_id: PUBLIC_APP,
        entity: 'expenses',
        actor: { kind: 'visitor' },
        sum: ['amount', 'nights'],
        group_by: 'stage',
        filters: { trip: '7' },
        ranges: { spent_on: { gte: '2025-03-01' } },
      },
    });
    // Only counting: neither sum nor group_by is sent.
    await json(preview(PUBLIC_APP), '/_api/entities/expenses/totals?sum=');
    expect(Object.keys(rowRequests.at(-1)?.request ?? {}).sort()).toEqual(['actor', 'app_id', 'entity']);

    const cookie = await signIn(preview(PUBLIC_APP), 'cook@example.com');
    await json(preview(PUBLIC_APP), '/_api/entities/hours/totals?sum=spent', 'GET', undefined, cookie);
    expect(rowRequests.at(-1)).toMatchObject({ subject: 'totals', actor: { kind: 'app_user', email: 'cook@example.com' } });

    const before = rowRequests.length;
    const posted = await json(preview(PUBLIC_APP), '/_api/entities/expenses/totals', 'POST', {});
    expect(posted.status).toBe(405);
    const tooLong = await json(preview(PUBLIC_APP), `/_api/entities/expenses/totals?group_by=${'x'.repeat(71)}`);
    expect(tooLong.status).toBe(422);
    expect(JSON.parse(tooLong.body).errors).toEqual([{ field: 'group_by', message: expect.any(String) }]);
    expect(rowRequests.length).toBe(before);
  });

  it('writes rows as the signed-in app user', async () => {
    const cookie = await signIn(preview(PUBLIC_APP), 'cook@example.com');
    const created = await json(preview(PUBLIC_APP), '/_api/entities/recipes', 'POST', { title: 'Bread' }, cookie);
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body)).toEqual({ row: expect.objectContaining({ id: 2, title: 'Bread' }) });
    expect(rowRequests.at(-1)).toMatchObject({ subject: 'insert', actor: { kind: 'app_user', email: 'cook@example.com' } });

    const removed = await json(preview(PUBLIC_APP), '/_api/entities/recipes/2', 'DELETE', undefined, cookie);
    expect(removed.status).toBe(200);
    expect(JSON.parse(removed.body)).toEqual({ success: true });
    expect(rowRequests.at(-1)).toMatchObject({ subject: 'delete', request: { id: 2 } });
  });

  it("refuses writes from another app's pages (403) and bodies that are not JSON (415) before asking apps-service", async () => {
    const cookie = await signIn(preview(PUBLIC_APP), 'cook@example.com');
    const own = `http://${preview(PUBLIC_APP)}`;
    const refused = { error: 'forbidden', message: `This app accepts changes only from its own pages at ${own}.` };
    const before = rowRequests.length;
    const post = (headers: Record<string, string>, body = JSON.stringify({ title: 'Forged' })): Promise<Answer> =>
      call(preview(PUBLIC_APP), '/_api/entities/recipes', { method: 'POST', headers: { cookie, 'content-type': 'application/json', ...headers }, body });

    const otherApp = await post({ origin: `http://${preview('other0000005')}` });
    expect(otherApp.status).toBe(403);
    expect(JSON.parse(otherApp.body)).toEqual(refused);
    expect((await post({ origin: `http://${production(PUBLIC_APP)}` })).status).toBe(403);
    expect((await post({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
    const deleted = await call(preview(PUBLIC_APP), '/_api/entities/recipes/1', { method: 'DELETE', headers: { cookie, origin: 'null' } });
    expect(deleted.status).toBe(403);

    const plain = await post({ origin: own, 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
    expect(JSON.parse(plain.body)).toEqual({ error: 'unsupported_media_type', message: 'Send the request body as JSON, with Content-Type: application/json.' });
    const form = await post({ origin: own, 'content-type': 'application/x-www-form-urlencoded' }, 'title=Forged');
    expect(form.status).toBe(415);
    const untyped = await call(preview(PUBLIC_APP), '/_api/entities/recipes', { method: 'POST', headers: { cookie, origin: own }, body: '{"title":"Forged"}' });
    expect(untyped.status).toBe(415);
    expect(rowRequests.length).toBe(before);

    const accepted = await post({ origin: own, 'sec-fetch-site': 'same-origin' }, JSON.stringify({ title: 'Bread' }));
    expect(accepted.status).toBe(201);
    expect(rowRequests.at(-1)).toMatchObject({ subject: 'insert', actor: { kind: 'app_user', email: 'cook@example.com' } });
  });

  it('passes a service failure through with its status and body', async () => {
    const invalid = await json(preview(PUBLIC_APP), '/_api/entities/recipes', 'POST', { rating: 5 });
    expect(invalid.status).toBe(422);
    expect(JSON.parse(invalid.body)).toEqual({
      error: 'validation_failed',
      message: 'title is required',
      errors: [{ field: 'title', message: 'is required' }],
    });
    const missing = await json(preview(PUBLIC_APP), '/_api/entities/recipes/999');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toEqual({ error: 'not_found', message: 'recipes row 999 was not found' });
  });

  it('answers unreadable bodies, unknown routes and oversized bodies with error bodies', async () => {
    const broken = await call(preview(PUBLIC_APP), '/_api/entities/recipes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toEqual({ error: 'invalid_json', message: 'The request body is not valid JSON.' });

    const nowhere = await json(preview(PUBLIC_APP), '/_api/nothing/here');
    expect(nowhere.status).toBe(404);
    expect(JSON.parse(nowhere.body).error).toBe('not_found');

    const big = await call(preview(PUBLIC_APP), '/_api/entities/recipes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(1_100_000) }),
    });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body)).toEqual({ error: 'payload_too_large', message: 'The request body is too large.' });
  });
});

describe('/_api/auth', () => {
  it('asks users-service to mail a code naming the app', async () => {
    const requested = await json(preview(PUBLIC_APP), '/_api/auth/request_code', 'POST', { email: 'cook@example.com' });
    expect(requested.status).toBe(200);
    expect(JSON.parse(requested.body)).toEqual({ message: 'A 6-digit sign-in code is on its way to cook@example.com.' });
    expect(codeRequests.at(-1)).toEqual({ app_id: PUBLIC_APP, account_id: 7, app_name: 'Recipe Box', email: 'cook@example.com' });
  });

  it('sets the session cookie on sign-in, knows the user, and clears it on sign-out', async () => {
    const wrong = await json(preview(PUBLIC_APP), '/_api/auth/verify', 'POST', { email: 'cook@example.com', code: '000000' });
    expect(wrong.status).toBe(401);
    expect(cookiesOf(wrong)).toEqual([]);

    const verified = await json(preview(PUBLIC_APP), '/_api/auth/verify', 'POST', { email: 'cook@example.com', code: '123456' });
    expect(verified.status).toBe(200);
    expect(JSON.parse(verified.body)).toEqual({ user: { email: 'cook@example.com', tier: 'free' } });
    const [setCookie] = cookiesOf(verified);
    expect(setCookie).toMatch(/^appgen_session=as_[0-9A-Za-z]{40}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = (setCookie ?? '').split(';')[0] ?? '';

    const me = await json(preview(PUBLIC_APP), '/_api/auth/me', 'GET', undefined, cookie);
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toEqual({ user: { email: 'cook@example.com', tier: 'free' } });

    const out = await json(preview(PUBLIC_APP), '/_api/auth/sign_out', 'POST', undefined, cookie);
    expect(out.status).toBe(200);
    expect(JSON.parse(out.body)).toEqual({ success: true });
    expect(cookiesOf(out)).toEqual(['appgen_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax']);

    const after = await json(preview(PUBLIC_APP), '/_api/auth/me', 'GET', undefined, cookie);
    expect(after.status).toBe(401);
    expect(JSON.parse(after.body)).toEqual({ error: 'unauthorized', message: 'Not signed in.' });
  });
});
