import { CREDIT_PACKS } from '@appgen/contracts';
import { appgenErrorOf, startFakeStripeApi, type FakeStripeApi } from '@appgen/testing';
import { StripeProvider } from './stripe-provider';

const WEBHOOK_SECRET = 'whsec_test_provider';
const [starter] = CREDIT_PACKS;
if (!starter) throw new Error('the packs start with starter');

let fake: FakeStripeApi;
let stripe: StripeProvider;
beforeAll(async () => {
  fake = await startFakeStripeApi();
  stripe = new StripeProvider({
    secretKey: fake.secretKey,
    webhookSecret: WEBHOOK_SECRET,
    api: { host: fake.env.STRIPE_API_HOST, port: Number(fake.env.STRIPE_API_PORT), protocol: 'http' },
  });
});
afterAll(() => fake.close());

const expiresAt = new Date(Math.floor(Date.now() / 1000 + 3600) * 1000);
const open = (sessionId: string) => stripe.open({ sessionId, accountId: 7, pack: starter, expiresAt, returnUrl: `https://appgen.test/checkout/${sessionId}` });

describe('the Stripe adapter', () => {
  it('opens a Checkout Session in payment mode priced from the pack, naming the appgen session and account', async () => {
    const opened = await open('chk_aaaaaaaaaaaaaaaaaaaaaaaa');
    const session = fake.sessions.get(opened.providerSessionId ?? '');
    expect(opened).toEqual({ checkoutUrl: session?.url, providerSessionId: expect.stringMatching(/^cs_test_/), expiresAt });
    const request = fake.requests.find((each) => each.method === 'POST');
    expect(request?.idempotencyKey).toBe('appgen-checkout-chk_aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(request?.body).toMatchObject({
      mode: 'payment',
      client_reference_id: 'chk_aaaaaaaaaaaaaaaaaaaaaaaa',
      metadata: { appgen_session_id: 'chk_aaaaaaaaaaaaaaaaaaaaaaaa', appgen_account_id: '7', pack_name: 'starter' },
      line_items: { 0: { quantity: '1', price_data: { currency: 'usd', unit_amount: '4000', product_data: { name: 'appgen starter credit pack' } } } },
      success_url: 'https://appgen.test/checkout/chk_aaaaaaaaaaaaaaaaaaaaaaaa',
      cancel_url: 'https://appgen.test/checkout/chk_aaaaaaaaaaaaaaaaaaaaaaaa',
      expires_at: String(expiresAt.getTime() / 1000),
    });
  });

  it('asks Stripe whether a session was paid', async () => {
    const opened = await open('chk_bbbbbbbbbbbbbbbbbbbbbbbb');
    const id = opened.providerSessionId ?? '';
    expect(await stripe.isPaid(id)).toBe(false);
    fake.pay(id);
    expect(await stripe.isPaid(id)).toBe(true);
  });

  it('reads a signed checkout.session.completed as the payment of its session', async () => {
    const opened = await open('chk_cccccccccccccccccccccccc');
    const id = opened.providerSessionId ?? '';
    fake.pay(id);
    const event = fake.event(id);
    expect(stripe.readWebhook(event.payload, fake.sign(event.payload, WEBHOOK_SECRET))).toEqual({
      kind: 'paid',
      providerSessionId: id,
      sessionId: 'chk_cccccccccccccccccccccccc',
      amountTotal: 4000,
      currency: 'usd',
    });
    // completed but not yet paid (a delayed method), and other kinds of event, say nothing about a payment
    const unpaid = await open('chk_dddddddddddddddddddddddd');
    const pending = fake.event(unpaid.providerSessionId ?? '');
    expect(stripe.readWebhook(pending.payload, fake.sign(pending.payload, WEBHOOK_SECRET))).toBeNull();
    const other = fake.event(id, 'payment_intent.created');
    expect(stripe.readWebhook(other.payload, fake.sign(other.payload, WEBHOOK_SECRET))).toBeNull();
  });

  it('refuses a delivery whose signature does not verify with 400, never trusting its body', async () => {
    const opened = await open('chk_eeeeeeeeeeeeeeeeeeeeeeee');
    fake.pay(opened.providerSessionId ?? '');
    const event = fake.event(opened.providerSessionId ?? '');
    for (const signature of [fake.sign(event.payload, 'whsec_someone_else'), 'garbage', '', fake.sign(event.payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)]) {
      const refused = appgenErrorOf(() => stripe.readWebhook(event.payload, signature));
      expect(refused.payload).toEqual({ status: 400, body: { error: 'bad_request', message: 'The Stripe-Signature header does not match this payload' } });
    }
    // one changed byte of the body
    const tampered = event.payload.replace('"amount_total": 4000', '"amount_total": 4001');
    expect(() => stripe.readWebhook(tampered, fake.sign(event.payload, WEBHOOK_SECRET))).toThrow();
  });

  it('answers 503 when Stripe cannot open a session, without its words', async () => {
    fake.failWith(500);
    try {
      const refused = await open('chk_ffffffffffffffffffffffff').then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({ payload: { status: 503, body: { error: 'service_unavailable' } } });
    } finally {
      fake.failWith(null);
    }
  }, 20_000);
});
