import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/*
 * A local stand-in for Stripe's API servers, for tests of appgen's Stripe adapter: the real SDK is pointed at it
 * (its host, port and protocol options, through STRIPE_API_HOST/PORT/PROTOCOL) and speaks to it exactly as to
 * Stripe: form-encoded bodies with bracketed keys, a Bearer secret key, an Idempotency-Key, Stripe-shaped JSON
 * and error bodies. It knows Checkout Sessions only: create and retrieve. The test plays the buyer (`pay`,
 * `expire`) and Stripe's webhook sender (`event`, `deliver`), signing each delivery as Stripe does.
 */

/** A Checkout Session as Stripe's API answers it (the fields appgen reads, and the usual others). */
export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string | null;
  cancel_url: string | null;
  expires_at: number;
  created: number;
  livemode: false;
  url: string | null;
  payment_intent: string | null;
  line_items_requested: unknown;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** the form body decoded into nested objects (`line_items[0][price_data][currency]` → `line_items[0].price_data.currency`) */
  body: Record<string, unknown>;
}

export interface FakeStripeEvent {
  id: string;
  type: string;
  /** the event's JSON exactly as it is delivered (its signature covers these bytes) */
  payload: string;
}

export interface FakeStripeApi {
  /** STRIPE_API_HOST, STRIPE_API_PORT and STRIPE_API_PROTOCOL for a service that should call this stand-in */
  readonly env: Record<'STRIPE_API_HOST' | 'STRIPE_API_PORT' | 'STRIPE_API_PROTOCOL', string>;
  readonly secretKey: string;
  readonly sessions: ReadonlyMap<string, FakeCheckoutSession>;
  readonly requests: readonly FakeStripeRequest[];
  /** The buyer pays on Stripe's page: the session becomes complete and paid. */
  pay(sessionId: string): FakeCheckoutSession;
  expire(sessionId: string): FakeCheckoutSession;
  /** A Stripe event about a session as it now is (`checkout.session.completed` by default). */
  event(sessionId: string, type?: string): FakeStripeEvent;
  /** The Stripe-Signature header of `payload` signed with `secret` (now, or at `timestamp` in Unix seconds). */
  sign(payload: string, secret: string, timestamp?: number): string;
  /** Posts the event to `url` as Stripe's webhook sender does; `signature` overrides the correct one. */
  deliver(url: string, event: FakeStripeEvent, secret: string, signature?: string): Promise<{ status: number; body: string }>;
  /** Answer every API request with this HTTP status and a Stripe `api_error` (null: answer normally). */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

function setPath(target: Record<string, unknown>, keys: string[], value: string): void {
  let node: Record<string, unknown> = target;
  keys.forEach((key, index) => {
    if (index === keys.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next === 'object' && next !== null) node = next as Record<string, unknown>;
    else {
      const created: Record<string, unknown> = {};
      node[key] = created;
      node = created;
    }
  });
}

/** Stripe's form encoding (`a[b][0][c]=v`) decoded into nested objects; list indexes stay object keys. */
export function decodeStripeForm(text: string): Record<string, unknown> {
  const decoded: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const keys = name.split('[').map((part, index) => (index === 0 ? part : part.replace(/\]$/, '')));
    setPath(decoded, keys, value);
  }
  return decoded;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

function stripeError(response: ServerResponse, status: number, type: string, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(7).toString('hex')}` });
  response.end(JSON.stringify({ error: { type, message } }));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeStripeApi(options: { secretKey?: string } = {}): Promise<FakeStripeApi> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const sessions = new Map<string, FakeCheckoutSession>();
  const byIdempotencyKey = new Map<string, FakeCheckoutSession>();
  const requests: FakeStripeRequest[] = [];
  let failure: number | null = null;
  let base = '';

  function create(body: Record<string, unknown>): FakeCheckoutSession {
    const items = Object.values(record(body['line_items'])).map(record);
    const amount = items.reduce((sum, item) => {
      const price = record(item['price_data']);
      return sum + Number(text(price['unit_amount']) ?? 0) * Number(text(item['quantity']) ?? 1);
    }, 0);
    const currency = text(record(items[0]?.['price_data'])['currency']) ?? 'usd';
    const now = Math.floor(Date.now() / 1000);
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const metadata = Object.fromEntries(Object.entries(record(body['metadata'])).map(([key, value]) => [key, String(value)]));
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode: text(body['mode']) ?? 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: amount,
      amount_total: amount,
      currency,
      client_reference_id: text(body['client_reference_id']),
      metadata,
      success_url: text(body['success_url']),
      cancel_url: text(body['cancel_url']),
      expires_at: Number(text(body['expires_at']) ?? now + 24 * 3600),
      created: now,
      livemode: false,
      url: `${base}/c/pay/${id}`,
      payment_intent: null,
      line_items_requested: body['line_items'],
    };
    sessions.set(id, session);
    return session;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const raw = await readBody(request);
    const idempotencyKey = text(request.headers['idempotency-key']) ?? undefined;
    const body = decodeStripeForm(raw);
    requests.push({ method: request.method ?? 'GET', path, idempotencyKey, body });
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(response, 401, 'invalid_request_error', 'Invalid API Key provided');
    }
    if (failure !== null) return stripeError(response, failure, 'api_error', 'The fake Stripe API was told to fail');
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(7).toString('hex')}` });
      response.end(JSON.stringify(value));
    };
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const earlier = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (earlier) return json(200, earlier);
      if (text(body['mode']) !== 'payment') return stripeError(response, 400, 'invalid_request_error', 'mode must be payment here');
      const session = create(body);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
      return json(200, session);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && retrieve) {
      const session = sessions.get(decodeURIComponent(retrieve[1] ?? ''));
      if (!session) return stripeError(response, 404, 'invalid_request_error', `No such checkout.session: '${retrieve[1]}'`);
      return json(200, session);
    }
    return stripeError(response, 404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${path})`);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => stripeError(response, 500, 'api_error', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;

  function session(sessionId: string): FakeCheckoutSession {
    const found = sessions.get(sessionId);
    if (!found) throw new Error(`the fake Stripe API has no Checkout Session ${sessionId}`);
    return found;
  }

  const sign = (payload: string, secret: string, timestamp?: number): string =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });

  return {
    env: { STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(port), STRIPE_API_PROTOCOL: 'http' },
    secretKey,
    sessions,
    requests,
    pay(sessionId) {
      const paid = session(sessionId);
      paid.status = 'complete';
      paid.payment_status = 'paid';
      paid.payment_intent = `pi_test_${randomBytes(12).toString('hex')}`;
      return paid;
    },
    expire(sessionId) {
      const expired = session(sessionId);
      expired.status = 'expired';
      expired.url = null;
      return expired;
    },
    event(sessionId, type = 'checkout.session.completed') {
      const id = `evt_test_${randomBytes(12).toString('hex')}`;
      const event = {
        id,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: { ...session(sessionId) } },
      };
      return { id, type, payload: JSON.stringify(event, null, 2) };
    },
    sign,
    async deliver(url, event, secret, signature) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature ?? sign(event.payload, secret), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: event.payload,
      });
      return { status: response.status, body: await response.text() };
    },
    failWith(status) {
      failure = status;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
