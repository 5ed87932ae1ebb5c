import 'reflect-metadata';
import { WebhooksSubjects, type EventKind } from '@appgen/contracts';
import { rpcFailure, testCaller } from '@appgen/testing';
import { OTHER_ACCOUNT, caller, page, rpc, sql, receiverUrl, useWebhooksServiceUnderTest } from './webhooks-service-under-test.testing';

useWebhooksServiceUnderTest();

describe('subscriptions', () => {
  it('creates with a generated secret, lists without it, reads, updates and deletes; other accounts see 404', async () => {
    const created = await rpc.request(WebhooksSubjects.create, { caller, url: receiverUrl('/crud'), events: ['app.created', 'app.deleted'] });
    expect(created.webhook).toMatchObject({ url: receiverUrl('/crud'), name: 'Webhook', description: null, enabled: true, source: 'api', events: ['app.created', 'app.deleted'] });
    expect(created.webhook.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    const stored = await sql.query<{ secret_sealed: string }>('SELECT secret_sealed FROM subscriptions WHERE id = $1', [created.webhook.id]);
    expect(stored.rows[0]?.secret_sealed).not.toContain(created.webhook.secret?.slice(6));

    const listed = await rpc.request(WebhooksSubjects.list, { caller, ...page });
    const inList = listed.webhooks.find((webhook) => webhook.id === created.webhook.id);
    expect(inList).toBeDefined();
    expect(inList).not.toHaveProperty('secret');

    const read = await rpc.request(WebhooksSubjects.get, { caller, id: created.webhook.id });
    expect(read.webhook.secret).toBe(created.webhook.secret);
    expect(await rpcFailure(rpc.request(WebhooksSubjects.get, { caller: testCaller(OTHER_ACCOUNT), id: created.webhook.id }))).toMatchObject({ status: 404 });

    const updated = await rpc.request(WebhooksSubjects.update, { caller, id: created.webhook.id, changes: { name: 'Orders', enabled: false, secret: 'whsec_mychosensecret123' } });
    expect(updated.webhook).toMatchObject({ name: 'Orders', enabled: false, secret: 'whsec_mychosensecret123' });

    expect(await rpc.request(WebhooksSubjects.delete, { caller, id: created.webhook.id })).toEqual({ success: true, message: expect.any(String) });
    expect(await rpcFailure(rpc.request(WebhooksSubjects.get, { caller, id: created.webhook.id }))).toMatchObject({ status: 404 });
  });

  it('refuses unknown, duplicate or missing event kinds and non-http URLs with 422', async () => {
    const bad = await rpcFailure(rpc.request(WebhooksSubjects.create, { caller, url: receiverUrl('/x'), events: ['app.created', 'app.exploded' as EventKind] }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([{ field: 'events.1', message: expect.stringMatching(/^must be one of app\.created, /) }]);
    expect((await rpcFailure(rpc.request(WebhooksSubjects.create, { caller, url: receiverUrl('/x'), events: [] }))).status).toBe(422);
    expect((await rpcFailure(rpc.request(WebhooksSubjects.create, { caller, url: receiverUrl('/x'), events: ['app.created', 'app.created'] }))).status).toBe(422);
    const ftp = await rpcFailure(rpc.request(WebhooksSubjects.create, { caller, url: 'ftp://example.com/', events: ['app.created'] }));
    expect(ftp.body.errors).toEqual([{ field: 'url', message: 'must be an http or https URL' }]);
  });

  it('refuses control and bidi characters and oversize text in every stored field, whoever sends them', async () => {
    const refused = await rpcFailure(
      rpc.request(WebhooksSubjects.create, {
        caller,
        url: `${receiverUrl('/x')}\r\nX-Injected: 1`,
        events: ['app.created'],
        name: 'Deploys \u202Eevil',
        description: 'd'.repeat(501),
        secret: `${'s'.repeat(16)}\u0007`,
      }),
    );
    expect(refused).toMatchObject({ status: 422, body: { error: 'validation_failed' } });
    expect(refused.body.errors).toEqual([
      { field: 'url', message: expect.stringMatching(/^must not contain line breaks \(U\+000D at character \d+\)$/) },
      { field: 'name', message: 'must not contain bidirectional text controls (U+202E at character 9)' },
      { field: 'secret', message: 'must not contain control characters (U+0007 at character 17)' },
      { field: 'description', message: 'must be at most 500 characters' },
    ]);
    const { webhook } = await rpc.request(WebhooksSubjects.create, { caller, url: receiverUrl('/x'), events: ['app.created'], description: 'Two\nlines' });
    expect(webhook.description).toBe('Two\nlines');
    const renamed = await rpcFailure(rpc.request(WebhooksSubjects.update, { caller, id: webhook.id, changes: { name: 'n'.repeat(101), description: 'a\u2028b' } }));
    expect(renamed.body.errors).toEqual([
      { field: 'changes.name', message: 'must be at most 100 characters' },
      { field: 'changes.description', message: 'must not contain line or paragraph separators (U+2028 at character 2)' },
    ]);
    await rpc.request(WebhooksSubjects.delete, { caller, id: webhook.id });
  });
});
