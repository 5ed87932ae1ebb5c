import { BillingSubjects, CREDIT_PACKS, SIGNUP_GRANT_CREDITS } from '@appgen/contracts';
import { rpcFailure, startFakeStripeApi, testCaller, type FakeStripeApi } from '@appgen/testing';
import { startBillingServiceUnderTest, type BillingServiceUnderTest } from '../billing-service-under-test.testing';

const [starter, builder] = CREDIT_PACKS;
if (!starter || !builder) throw new Error('the packs are starter, builder, studio');
const SITE = 'https://appgen.test';
const TEST_CARD = { number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Ada' };

async function purchases(billing: BillingServiceUnderTest, accountId: number): Promise<Array<{ session_id: string; credits: number }>> {
  const { rows } = await billing.sql.query<{ session_id: string; credits: number }>(
    "SELECT session_id, credits FROM ledger_entries WHERE account_id = $1 AND kind = 'purchase' ORDER BY id",
    [accountId],
  );
  return rows;
}

describe('sandbox checkout sessions', () => {
  let billing: BillingServiceUnderTest;
  beforeAll(async () => {
    billing = await startBillingServiceUnderTest('billing_checkout', { SITE_URL: SITE });
  }, 60_000);
  afterAll(() => billing?.close());

  const open = (accountId: number, packName: 'starter' | 'builder' = 'starter') =>
    billing.rpc.request(BillingSubjects.createCheckout, { caller: testCaller(accountId), pack_name: packName });

  it('opens a session owned by the account, on the sandbox page, for the pack as sold', async () => {
    const opened = await open(11);
    expect(opened).toEqual({ checkout_url: `${SITE}/checkout/${opened.session_id}`, session_id: expect.stringMatching(/^chk_/), pack: starter, expires_at: expect.any(String) });
    const { rows } = await billing.sql.query('SELECT account_id, pack_name, amount_cents, currency, credits, provider, status FROM checkout_sessions WHERE id = $1', [opened.session_id]);
    expect(rows).toEqual([{ account_id: 11, pack_name: 'starter', amount_cents: 4000, currency: 'USD', credits: 400, provider: 'sandbox', status: 'open' }]);
    const { session } = await billing.rpc.request(BillingSubjects.getCheckout, { session_id: opened.session_id });
    expect(session).toMatchObject({ id: opened.session_id, provider: 'sandbox', status: 'open', pack: starter, paid_at: null });
  });

  it('credits a session once when its form is paid by many requests at once, on two replicas', async () => {
    await billing.startReplica({ SITE_URL: SITE });
    const opened = await open(12, 'builder');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => billing.rpc.request(BillingSubjects.paySandboxCheckout, { session_id: opened.session_id, card: TEST_CARD })),
    );
    for (const answer of answers) expect(answer).toMatchObject({ payment: { result: 'paid' }, session: { status: 'paid' } });
    expect(await purchases(billing, 12)).toEqual([{ session_id: opened.session_id, credits: builder.credits }]);
    const { credits } = await billing.rpc.request(BillingSubjects.balance, { account_id: 12 });
    expect(credits).toEqual({ balance: SIGNUP_GRANT_CREDITS + builder.credits, granted: SIGNUP_GRANT_CREDITS, purchased: builder.credits, used: 0 });
    // and again later: still paid, nothing more
    await billing.rpc.request(BillingSubjects.paySandboxCheckout, { session_id: opened.session_id, card: TEST_CARD });
    expect(await purchases(billing, 12)).toHaveLength(1);
  });

  it('charges nothing for a declined or invalid card', async () => {
    const opened = await open(13);
    const declined = await billing.rpc.request(BillingSubjects.paySandboxCheckout, { session_id: opened.session_id, card: { ...TEST_CARD, number: '4000 0000 0000 0002' } });
    expect(declined.payment).toEqual({ result: 'declined', message: 'Your card was declined. Try another card.' });
    const invalid = await billing.rpc.request(BillingSubjects.paySandboxCheckout, { session_id: opened.session_id, card: { ...TEST_CARD, number: '1234' } });
    expect(invalid.payment).toEqual({ result: 'invalid', errors: [{ field: 'number', message: 'Enter a valid card number.' }] });
    expect(invalid.session.status).toBe('open');
    expect(await purchases(billing, 13)).toEqual([]);
  });

  it('expires a session: shown expired, refused with 410, never credited', async () => {
    const opened = await open(14);
    await billing.sql.query("UPDATE checkout_sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [opened.session_id]);
    expect((await billing.rpc.request(BillingSubjects.getCheckout, { session_id: opened.session_id })).session.status).toBe('expired');
    const { rows } = await billing.sql.query('SELECT status FROM checkout_sessions WHERE id = $1', [opened.session_id]);
    expect(rows).toEqual([{ status: 'expired' }]);
    const refused = await rpcFailure(billing.rpc.request(BillingSubjects.paySandboxCheckout, { session_id: opened.session_id, card: TEST_CARD }));
    expect(refused).toMatchObject({ status: 410, body: { error: 'gone' } });
    expect(await purchases(billing, 14)).toEqual([]);
  });

  it('answers an unknown session with 404 and a Stripe webhook with 404 when Stripe is not configured', async () => {
    const unknown = await rpcFailure(billing.rpc.request(BillingSubjects.getCheckout, { session_id: 'chk_000000000000000000000000' }));
    expect(unknown).toMatchObject({ status: 404, body: { error: 'not_found' } });
    const webhook = await rpcFailure(billing.rpc.request(BillingSubjects.stripeWebhook, { payload: '{}', signature: 't=1,v1=00' }));
    expect(webhook).toMatchObject({ status: 404, body: { error: 'not_found' } });
  });

  it('refuses a pack that does not exist at the bus as well', async () => {
    const refused = await rpcFailure(billing.rpc.request(BillingSubjects.createCheckout, { caller: testCaller(15), pack_name: 'mega' as 'starter' }));
    expect(refused.status).toBe(422);
  });
});

describe('Stripe checkout sessions', () => {
  const WEBHOOK_SECRET = 'whsec_integration';
  let billing: BillingServiceUnderTest;
  let fake: FakeStripeApi;
  beforeAll(async () => {
    fake = await startFakeStripeApi();
    billing = await startBillingServiceUnderTest('billing_stripe', { SITE_URL: SITE, STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, ...fake.env });
  }, 60_000);
  afterAll(async () => {
    await billing?.close();
    await fake?.close();
  });

  it('credits once whatever order and number of webhooks and returns arrive in', async () => {
    const opened = await billing.rpc.request(BillingSubjects.createCheckout, { caller: testCaller(21), pack_name: 'starter' });
    const stripeSession = [...fake.sessions.values()].find((each) => each.client_reference_id === opened.session_id);
    expect(opened.checkout_url).toBe(stripeSession?.url);
    const id = stripeSession?.id ?? '';
    // not paid yet: the page shows it open, the webhook of an unpaid completion credits nothing
    expect((await billing.rpc.request(BillingSubjects.getCheckout, { session_id: opened.session_id })).session.status).toBe('open');
    fake.pay(id);
    const event = fake.event(id);
    const signature = fake.sign(event.payload, WEBHOOK_SECRET);
    const deliveries = await Promise.all([
      ...Array.from({ length: 6 }, () => billing.rpc.request(BillingSubjects.stripeWebhook, { payload: event.payload, signature })),
      billing.rpc.request(BillingSubjects.getCheckout, { session_id: opened.session_id }),
    ]);
    // at most one delivery credited (none, when the page's question to Stripe came first)
    expect(deliveries.filter((answer) => 'credited' in answer && answer.credited).length).toBeLessThanOrEqual(1);
    expect(await purchases(billing, 21)).toEqual([{ session_id: opened.session_id, credits: starter.credits }]);
    expect((await billing.rpc.request(BillingSubjects.getCheckout, { session_id: opened.session_id })).session.status).toBe('paid');
  });

  it('refuses a delivery that does not verify with 400 and credits on a paid session only', async () => {
    const opened = await billing.rpc.request(BillingSubjects.createCheckout, { caller: testCaller(22), pack_name: 'starter' });
    const id = [...fake.sessions.values()].find((each) => each.client_reference_id === opened.session_id)?.id ?? '';
    const unpaid = fake.event(id);
    expect(await billing.rpc.request(BillingSubjects.stripeWebhook, { payload: unpaid.payload, signature: fake.sign(unpaid.payload, WEBHOOK_SECRET) })).toEqual({ received: true, credited: false });
    fake.pay(id);
    const paid = fake.event(id);
    const forged = await rpcFailure(billing.rpc.request(BillingSubjects.stripeWebhook, { payload: paid.payload, signature: fake.sign(paid.payload, 'whsec_other') }));
    expect(forged).toMatchObject({ status: 400, body: { error: 'bad_request' } });
    expect(await purchases(billing, 22)).toEqual([]);
    // paid at Stripe after appgen's expiry still credits: the money was taken
    await billing.sql.query("UPDATE checkout_sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [opened.session_id]);
    expect(await billing.rpc.request(BillingSubjects.stripeWebhook, { payload: paid.payload, signature: fake.sign(paid.payload, WEBHOOK_SECRET) })).toEqual({ received: true, credited: true });
    expect(await purchases(billing, 22)).toHaveLength(1);
  });
});
