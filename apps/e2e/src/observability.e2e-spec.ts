import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import supertest from 'supertest';
import {
  adminAccount,
  api,
  closeBus,
  e2eEnv,
  generatedApp,
  throughEdge,
  startWebhookReceiver,
  waitFor,
  type TestAccount,
  type WebhookReceiver,
} from './support';

/** The value of one series of a scrape, by metric name and the labels it must have (others may be there too). */
function sample(scrape: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of scrape.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([label, value]) => line.includes(`${label}="${value}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

async function scrape(instance: string): Promise<string> {
  const response = await fetch(e2eEnv().metrics[instance] ?? '');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/**
 * What operators watch and search: every process serves Prometheus metrics on its internal port with real values
 * once traffic has passed, and one W3C trace id, given at the gateway, is found in the logs of every process the
 * request reached and on the webhook it caused.
 */
describe('observability', () => {
  let owner: TestAccount;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'observed');
    receiver = await startWebhookReceiver();
    await api().post('/api/v1/webhooks').set('X-API-Key', owner.key).send({ url: receiver.url, events: ['app.created'], name: 'observed' }).expect(201);
  });
  afterAll(async () => {
    await receiver?.close();
    await closeBus();
  });

  const logOf = (instance: string) => readFileSync(join(e2eEnv().logDir, `${instance}.log`), 'utf8');
  const linesWith = (instance: string, text: string) => logOf(instance).split('\n').filter((line) => line.includes(text));

  it('follows a traceparent from the gateway through the answering service to the webhook it caused', async () => {
    const traceId = randomBytes(16).toString('hex');
    const parentSpan = randomBytes(8).toString('hex');
    const created = await api()
      .post('/api/v1/managed_apps')
      .set('X-API-Key', owner.key)
      .set('traceparent', `00-${traceId}-${parentSpan}-01`)
      .send({ name: 'Traced' })
      .expect(201);
    const appId: string = created.body.app.id;

    const gatewayLine = await waitFor(() => linesWith('gateway', `trace=${traceId}`)[0]);
    expect(gatewayLine).toMatch(/POST \/api\/v1\/managed_apps 201 /);
    const serviceLine = await waitFor(() => linesWith('apps-service', `trace=${traceId}`)[0]);
    expect(serviceLine).toMatch(/apps\.managed_apps\.create 200 /);

    // The event recorded in that request carries the trace through the outbox and JetStream to the delivery.
    const delivery = await waitFor(() => receiver.received.find((r) => r.raw.includes(appId)));
    const traceparent = String(delivery.headers['traceparent']);
    expect(traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    expect(traceparent).not.toContain(parentSpan);
    expect(await waitFor(() => linesWith('webhooks-service', `trace=${traceId}`)[0])).toContain('events.app.created fanned-out');
  });

  it('carries the trace of the request that queued a generation onto the callback telling how it ended', async () => {
    const traceId = randomBytes(16).toString('hex');
    const parentSpan = randomBytes(8).toString('hex');
    const queued = await api()
      .post('/api/v1/generation_queue')
      .set('X-API-Key', owner.key)
      .set('traceparent', `00-${traceId}-${parentSpan}-01`)
      .send({ prompt: 'A reading list to track books I want to read', callback_url: receiver.urlFor('/traced/callback') })
      .expect(202);

    // The job runs later, in generation-service's worker, and webhooks-service posts the callback: two hops after
    // the request ended, through the job's stored trace and a NATS request.
    const callback = await waitFor(() => receiver.received.find((r) => r.path === '/traced/callback'), 30_000, 'no callback arrived');
    expect(JSON.parse(callback.raw)).toMatchObject({ app_id: queued.body.app_id, event: 'app.generation.completed' });
    const traceparent = String(callback.headers['traceparent']);
    expect(traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    expect(traceparent).not.toContain(parentSpan);
    expect(await waitFor(() => linesWith('generation-service', `trace=${traceId}`)[0])).toBeDefined();
  });

  it('starts a trace at the gateway when the client sends none, and ignores a malformed one', async () => {
    const answered = await api().get('/api/v1/managed_apps').set('X-API-Key', owner.key).set('traceparent', 'not-a-trace').expect(200);
    const requestId = String(answered.headers['x-request-id']);
    const line = await waitFor(() => linesWith('gateway', `request=${requestId}`)[0]);
    expect(line).toMatch(/ trace=[0-9a-f]{32}$/);
    expect(line).not.toContain('not-a-trace');
  });

  it('serves metrics with real values on every process, and none on the public API port', async () => {
    // Traffic of every kind the metrics count: API calls, a generation, events, a webhook, the edge's caches.
    const { previewUrl } = await generatedApp(owner.key, 'A reading list to track books I want to read');
    await throughEdge(previewUrl).expect(200);
    await throughEdge(previewUrl).expect(200);
    await api().get('/api/v1/managed_apps/nosuchapp1').set('X-API-Key', owner.key).expect(404);

    const instances = Object.keys(e2eEnv().metrics);
    expect(instances).toEqual(expect.arrayContaining(['gateway', 'gateway-2', 'apps-service', 'generation-service', 'edge', 'webhooks-service']));
    const scrapes = Object.fromEntries(await Promise.all(instances.map(async (instance) => [instance, await scrape(instance)] as const)));
    for (const [instance, text] of Object.entries(scrapes)) {
      const service = instance.replace(/-\d+$/, '');
      // Node's own process metrics, labelled with the service.
      expect({ instance, rss: sample(text, 'process_resident_memory_bytes', { service }) }).toEqual({ instance, rss: expect.any(Number) });
      expect(sample(text, 'nodejs_eventloop_lag_seconds', { service })).toBeGreaterThanOrEqual(0);
    }

    const gateway = (name: string, labels: Record<string, string>) =>
      Math.max(sample(scrapes['gateway'] ?? '', name, labels) ?? 0, sample(scrapes['gateway-2'] ?? '', name, labels) ?? 0);
    expect(gateway('appgen_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/managed_apps', status: '201' })).toBeGreaterThan(0);
    expect(gateway('appgen_http_request_duration_seconds_count', { route: '/api/v1/managed_apps/:id', status: '404' })).toBeGreaterThan(0);
    expect(gateway('appgen_rpc_client_duration_seconds_count', { subject: 'apps.managed_apps.create', outcome: 'ok' })).toBeGreaterThan(0);
    expect(sample(scrapes['gateway'] ?? '', 'appgen_rpc_client_timeouts_total') ?? 0).toBeGreaterThanOrEqual(0);

    const apps = scrapes['apps-service'] ?? '';
    expect(sample(apps, 'appgen_rpc_server_duration_seconds_count', { subject: 'apps.managed_apps.create', status: '200' })).toBeGreaterThan(0);
    expect(sample(apps, 'appgen_rpc_server_duration_seconds_count', { subject: 'apps.managed_apps.get', status: '404' })).toBeGreaterThan(0);
    expect(sample(apps, 'appgen_outbox_published_total', { kind: 'app.created' })).toBeGreaterThan(0);
    expect(sample(apps, 'appgen_outbox_oldest_unpublished_seconds')).toBeGreaterThanOrEqual(0);

    const generation = scrapes['generation-service'] ?? '';
    expect(sample(generation, 'appgen_generation_jobs', { status: 'queued' })).toBeGreaterThanOrEqual(0);
    expect(sample(generation, 'appgen_generation_job_duration_seconds_count', { engine: 'blueprint', outcome: 'completed' })).toBeGreaterThan(0);

    const webhooks = scrapes['webhooks-service'] ?? '';
    expect(sample(webhooks, 'appgen_webhook_delivery_attempts_total', { kind: 'webhook', outcome: 'delivered' })).toBeGreaterThan(0);
    expect(sample(webhooks, 'appgen_webhook_delivery_duration_seconds_count', { kind: 'webhook', outcome: 'delivered' })).toBeGreaterThan(0);
    expect(sample(webhooks, 'appgen_events_consumer_pending', { durable: 'webhooks-fanout', state: 'waiting' })).toBeGreaterThanOrEqual(0);

    const edge = scrapes['edge'] ?? '';
    expect(sample(edge, 'appgen_http_request_duration_seconds_count', { route: '/*', status: '200' })).toBeGreaterThan(0);
    expect(sample(edge, 'appgen_edge_cache_requests_total', { cache: 'app', result: 'hit' })).toBeGreaterThan(0);
    expect(sample(edge, 'appgen_edge_cache_requests_total', { cache: 'file', result: 'miss' })).toBeGreaterThan(0);

    // The gateway's public port is the API's: nothing there says how the platform runs.
    const publicScrape = await supertest(e2eEnv().gateways[0] ?? '').get('/metrics');
    expect(publicScrape.status).not.toBe(200);
    expect(publicScrape.text).not.toContain('appgen_');
  });
});
