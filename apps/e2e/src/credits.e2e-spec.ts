import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Browser } from 'playwright-core';
import { BillingSubjects, CREDIT_PACKS, GENERATION_CREDIT_COSTS } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { startFakeStripeApi, type FakeStripeApi } from '@appgen/testing';
import { adminAccount, api, bus, closeBus, e2eEnv, generatedApp, launchChromium, platformControl, type TestAccount } from './support';

/*
 * Credits as a user meets them: a generation holds and spends them, a short balance refuses one with 402, and a
 * pack bought through the hosted checkout (the sandbox in a real browser, and Stripe's adapter against a local
 * stand-in for Stripe's API with real signatures) adds its credits exactly once.
 */

const [starter, builder] = CREDIT_PACKS;
if (!starter || !builder) throw new Error('the packs are starter, builder, studio');

interface Usage {
  credits: { balance: number; purchased: number; granted: number; used: number };
  usage: { generations: number; credits_used: number };
}

async function usageOf(key: string): Promise<Usage> {
  return (await api().get('/api/v1/usage').set('X-API-Key', key).expect(200)).body;
}

async function checkout(key: string, packName: string): Promise<{ checkout_url: string; session_id: string }> {
  return (await api().post('/api/v1/credit_packs/checkout').set('X-API-Key', key).send({ pack_name: packName }).expect(200)).body;
}

/** An operator's correction (the admin command's subject), to bring a balance down to what a test needs. */
async function setBalance(account: TestAccount, balance: number): Promise<void> {
  const rpc = new RpcClient(await bus(), 10_000);
  const { credits } = await rpc.request(BillingSubjects.balance, { account_id: account.account.id });
  if (credits.balance !== balance) {
    await rpc.request(BillingSubjects.grant, { account_id: account.account.id, credits: balance - credits.balance, reason: 'e2e: set the balance' });
  }
}

/** The sandbox page as a browser without script sees it: the page, its CSRF cookie and the form's token. */
async function openForm(checkoutUrl: string): Promise<{ cookie: string; csrf: string; path: string }> {
  const url = new URL(checkoutUrl);
  const page = await fetch(`${e2eEnv().gateways[0]}${url.pathname}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  const cookie = page.headers.get('set-cookie')?.split(';')[0];
  if (!csrf || !cookie) throw new Error(`no form on ${url.pathname}: ${html}`);
  return { cookie, csrf, path: url.pathname };
}

function submitForm(form: { cookie: string; csrf: string; path: string }, card: Record<string, string>): Promise<Response> {
  return fetch(`${e2eEnv().gateways[0]}${form.path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie },
    body: new URLSearchParams({ csrf: form.csrf, ...card }).toString(),
  });
}

const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' };

let database: Client;
beforeAll(async () => {
  database = new Client({ connectionString: e2eEnv().databaseUrl });
  await database.connect();
});
afterAll(async () => {
  await database?.end();
  await closeBus();
});

describe('credits across a generation', () => {
  it('spends a generation\'s cost once it is done, and refuses a generation the balance cannot cover with 402 until a pack is bought', async () => {
    const owner = await adminAccount();
    const before = await usageOf(owner.key);
    expect(before.credits).toEqual({ balance: 50, purchased: 0, granted: 50, used: 0 });

    await generatedApp(owner.key, 'A reading list with books and authors');
    const after = await usageOf(owner.key);
    expect(after.credits).toEqual({ balance: 50 - GENERATION_CREDIT_COSTS.blueprint, purchased: 0, granted: 50, used: GENERATION_CREDIT_COSTS.blueprint });
    expect(after.usage).toMatchObject({ generations: 1, credits_used: GENERATION_CREDIT_COSTS.blueprint });

    await setBalance(owner, 0);
    const refused = await api().post('/api/v1/generation_queue').set('X-API-Key', owner.key).send({ prompt: 'A todo list' });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ error: 'insufficient_credits', message: expect.stringContaining('credit_packs/checkout') });
    expect((await usageOf(owner.key)).credits.balance).toBe(0);

    // A pack bought, the same generation goes through.
    const form = await openForm((await checkout(owner.key, starter.name)).checkout_url);
    expect((await submitForm(form, TEST_CARD)).status).toBe(303);
    expect((await usageOf(owner.key)).credits.balance).toBe(starter.credits);
    await generatedApp(owner.key, 'A todo list');
    expect((await usageOf(owner.key)).credits.balance).toBe(starter.credits - GENERATION_CREDIT_COSTS.blueprint);
  }, 120_000);
});

describe('POST /credit_packs/checkout', () => {
  it('needs a credential (401)', async () => {
    const response = await api().post('/api/v1/credit_packs/checkout').send({ pack_name: 'starter' });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ error: 'unauthorized' });
  });

  it('answers a missing or unknown pack_name with 422 unknown_pack listing the packs', async () => {
    const owner = await adminAccount();
    const allowed = CREDIT_PACKS.map((pack) => pack.name);
    for (const body of [{}, { pack_name: 'mega' }, { pack_name: 7 }]) {
      const response = await api().post('/api/v1/credit_packs/checkout').set('X-API-Key', owner.key).send(body);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ error: 'unknown_pack', message: expect.stringContaining('starter, builder, studio'), errors: [{ field: 'pack_name', message: expect.any(String) }], allowed });
    }
    const extra = await api().post('/api/v1/credit_packs/checkout').set('X-API-Key', owner.key).send({ pack_name: 'starter', coupon: 'FREE' });
    expect(extra.status).toBe(422);
    expect(extra.body.error).toBe('validation_failed');
    // the card form's encoding is taken by the checkout page alone: the API still takes JSON only
    const form = await api().post('/api/v1/credit_packs/checkout').set('X-API-Key', owner.key).type('form').send('pack_name=starter');
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ error: 'unsupported_media_type', message: 'Request bodies must be JSON (Content-Type: application/json)' });
  });

  it('opens a session on the sandbox page for any credential, read_only included', async () => {
    const owner = await adminAccount();
    const readOnly = (await api().post('/api/v1/api_keys').set('X-API-Key', owner.key).send({ scope: 'read_only' }).expect(201)).body.raw_key as string;
    const response = await api().post('/api/v1/credit_packs/checkout').set('X-API-Key', readOnly).send({ pack_name: 'builder' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      checkout_url: `${e2eEnv().site}/checkout/${response.body.session_id}`,
      session_id: expect.stringMatching(/^chk_[A-Za-z0-9_-]{24}$/),
      pack: { name: 'builder', price: '100.00', currency: 'USD', credits: 1100 },
      expires_at: expect.any(String),
    });
    const minutes = (Date.parse(response.body.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(50);
    expect(minutes).toBeLessThanOrEqual(60);
    // nothing is credited before it is paid
    expect((await usageOf(owner.key)).credits.purchased).toBe(0);
  });
});

describe('the sandbox checkout page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  async function payInBrowser(checkoutUrl: string, number: string) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(checkoutUrl);
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    const [response] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: /^Pay / }).click()]);
    return { page, context, problems, response };
  }

  it('pays with the test card in a browser, shows it paid, and adds the pack to the balance once', async () => {
    const owner = await adminAccount();
    const session = await checkout(owner.key, starter.name);
    const { page, context, problems } = await payInBrowser(session.checkout_url, TEST_CARD.number);
    try {
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Payment received');
      await expect(page.getByRole('status').textContent()).resolves.toBe('400 credits were added to your appgen balance.');
      // the page ran under its policy: no violation, no error
      expect(problems).toEqual([]);
      const usage = await usageOf(owner.key);
      expect(usage.credits).toEqual({ balance: 50 + starter.credits, purchased: starter.credits, granted: 50, used: 0 });
      // reloading, or coming back to the address, shows the paid page and credits nothing more
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Payment received');
      expect((await usageOf(owner.key)).credits.purchased).toBe(starter.credits);
    } finally {
      await context.close();
    }
  });

  it('shows a declined card on the form and credits nothing', async () => {
    const owner = await adminAccount();
    const session = await checkout(owner.key, starter.name);
    const { page, context, response } = await payInBrowser(session.checkout_url, '4000 0000 0000 0002');
    try {
      expect(response?.status()).toBe(402);
      await expect(page.getByRole('alert').textContent()).resolves.toBe('Your card was declined. Try another card.');
      // the form is there to try again, the name kept, the card number not
      await expect(page.getByLabel('Name on card').inputValue()).resolves.toBe('Ada Lovelace');
      await expect(page.getByLabel('Card number').inputValue()).resolves.toBe('');
      expect((await usageOf(owner.key)).credits).toMatchObject({ balance: 50, purchased: 0 });
    } finally {
      await context.close();
    }
  });

  it('tells which field is wrong when the number fails the Luhn check', async () => {
    const owner = await adminAccount();
    const form = await openForm((await checkout(owner.key, starter.name)).checkout_url);
    const response = await submitForm(form, { ...TEST_CARD, number: '4242 4242 4242 4241' });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('<p class="field-error" id="number-error">Enter a valid card number.</p>');
    expect((await usageOf(owner.key)).credits.purchased).toBe(0);
  });

  it('credits once when the form is submitted twice at once', async () => {
    const owner = await adminAccount();
    const form = await openForm((await checkout(owner.key, builder.name)).checkout_url);
    const answers = await Promise.all([submitForm(form, TEST_CARD), submitForm(form, TEST_CARD), submitForm(form, TEST_CARD)]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303]);
    expect(answers.map((answer) => answer.headers.get('location'))).toEqual([form.path, form.path, form.path]);
    expect((await usageOf(owner.key)).credits).toMatchObject({ balance: 50 + builder.credits, purchased: builder.credits });
    const { rows } = await database.query("SELECT count(*)::int AS n FROM billing.ledger_entries WHERE account_id = $1 AND kind = 'purchase'", [owner.account.id]);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('refuses a form posted without the page’s cookie (CSRF) and credits nothing', async () => {
    const owner = await adminAccount();
    const form = await openForm((await checkout(owner.key, starter.name)).checkout_url);
    const forged = await submitForm({ ...form, cookie: 'appgen_checkout_csrf=forged' }, TEST_CARD);
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('This form was not sent from its checkout page');
    const crossSite = await fetch(`${e2eEnv().gateways[0]}${form.path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie, 'sec-fetch-site': 'cross-site' },
      body: new URLSearchParams({ csrf: form.csrf, ...TEST_CARD }).toString(),
    });
    expect(crossSite.status).toBe(403);
    expect((await usageOf(owner.key)).credits.purchased).toBe(0);
  });

  it('answers an unknown session with a 404 page and an expired one with a 410 page', async () => {
    const unknown = await fetch(`${e2eEnv().gateways[0]}/checkout/chk_${randomBytes(18).toString('base64url')}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<h1>Checkout not found</h1>');
    expect((await fetch(`${e2eEnv().gateways[0]}/checkout/not-a-session`)).status).toBe(404);

    const owner = await adminAccount();
    const session = await checkout(owner.key, starter.name);
    const form = await openForm(session.checkout_url);
    await database.query("UPDATE billing.checkout_sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [session.session_id]);
    const expired = await fetch(`${e2eEnv().gateways[0]}${form.path}`);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('<h1>This checkout has expired</h1>');
    const late = await submitForm(form, TEST_CARD);
    expect(late.status).toBe(410);
    expect((await usageOf(owner.key)).credits.purchased).toBe(0);
  });
});

describe('checkout with Stripe', () => {
  const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
  let fake: FakeStripeApi;
  const webhookUrl = () => `${e2eEnv().gateways[0]}/api/v1/billing/stripe/webhook`;

  beforeAll(async () => {
    fake = await startFakeStripeApi();
    await platformControl().restart('billing-service', { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, ...fake.env });
  }, 60_000);
  afterAll(async () => {
    // The next file meets the platform as it was: the sandbox.
    await platformControl().restart('billing-service');
    await fake?.close();
  }, 60_000);

  async function stripeCheckout(owner: TestAccount, packName: string) {
    const opened = await checkout(owner.key, packName);
    const stripeSession = [...fake.sessions.values()].find((each) => each.client_reference_id === opened.session_id);
    if (!stripeSession) throw new Error(`no Stripe Checkout Session names ${opened.session_id}`);
    return { opened, stripeSession };
  }

  it('opens a Stripe Checkout Session for the pack and answers its url', async () => {
    const owner = await adminAccount();
    const { opened, stripeSession } = await stripeCheckout(owner, starter.name);
    expect(opened.checkout_url).toBe(stripeSession.url);
    expect(stripeSession).toMatchObject({
      mode: 'payment',
      amount_total: 4000,
      currency: 'usd',
      metadata: { appgen_session_id: opened.session_id, appgen_account_id: String(owner.account.id), pack_name: 'starter' },
      success_url: `${e2eEnv().site}/checkout/${opened.session_id}`,
    });
    // appgen's page of the session sends the buyer to Stripe's
    const page = await fetch(`${e2eEnv().gateways[0]}/checkout/${opened.session_id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<a href="${stripeSession.url}">Continue to payment</a>`);
  });

  it('credits the pack once from a signed checkout.session.completed, however often it is delivered, and refuses a bad signature', async () => {
    const owner = await adminAccount();
    const { opened, stripeSession } = await stripeCheckout(owner, builder.name);
    fake.pay(stripeSession.id);
    const event = fake.event(stripeSession.id);

    const forged = await fake.deliver(webhookUrl(), event, 'whsec_not_the_endpoints');
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toEqual({ error: 'bad_request', message: 'The Stripe-Signature header does not match this payload' });
    const unsigned = await fetch(webhookUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: event.payload });
    expect(unsigned.status).toBe(400);
    expect((await usageOf(owner.key)).credits.purchased).toBe(0);

    const delivered = await fake.deliver(webhookUrl(), event, WEBHOOK_SECRET);
    expect(delivered).toEqual({ status: 200, body: JSON.stringify({ received: true }) });
    expect((await usageOf(owner.key)).credits).toMatchObject({ balance: 50 + builder.credits, purchased: builder.credits });

    // Stripe retries, and sends a second event about the same session: still once
    const replays = await Promise.all([fake.deliver(webhookUrl(), event, WEBHOOK_SECRET), fake.deliver(webhookUrl(), fake.event(stripeSession.id), WEBHOOK_SECRET)]);
    expect(replays.map((replay) => replay.status)).toEqual([200, 200]);
    expect((await usageOf(owner.key)).credits.purchased).toBe(builder.credits);

    const page = await fetch(`${e2eEnv().gateways[0]}/checkout/${opened.session_id}`);
    expect(await page.text()).toContain('<h1>Payment received</h1>');
  });

  it('credits a buyer back from Stripe before the webhook, and the later webhook adds nothing', async () => {
    const owner = await adminAccount();
    const { opened, stripeSession } = await stripeCheckout(owner, starter.name);
    fake.pay(stripeSession.id);
    // Stripe's success_url: appgen's page asks Stripe and finds the session paid
    const back = await fetch(`${e2eEnv().gateways[0]}/checkout/${opened.session_id}`);
    expect(await back.text()).toContain('<h1>Payment received</h1>');
    expect((await usageOf(owner.key)).credits.purchased).toBe(starter.credits);
    expect((await fake.deliver(webhookUrl(), fake.event(stripeSession.id), WEBHOOK_SECRET)).status).toBe(200);
    expect((await usageOf(owner.key)).credits.purchased).toBe(starter.credits);
  });
});
