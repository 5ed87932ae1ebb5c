import { startFakeApi, type FakeApi } from '@appgen/testing';
import { createAppgenClient } from './client';
import { AppgenApiError, AppgenTimeoutError } from './errors';
import { waitForDeployment, waitForJob, type GenerationJob } from './wait';

type JobState = Pick<GenerationJob, 'status' | 'progress' | 'message'>;

function job(state: JobState): GenerationJob {
  return {
    job_id: 'job_1',
    app_id: 'app1',
    message_id: 1,
    ...state,
    app: { id: 'app1', name: 'Recipe Box', status: 'generating', preview_url: null, production_url: null, created_at: '2026-01-01T00:00:00Z' },
    started_at: null,
    completed_at: null,
    estimated_time_seconds: 45,
    status_url: 'http://x/api/v1/generation_queue/job_1',
    app_url: 'http://x/account/apps/app1/editor',
    error: null,
    callback: null,
  } as GenerationJob;
}

describe('waitForJob', () => {
  let api: FakeApi | undefined;
  afterEach(() => api?.close());

  it('polls until a final status, reports each change once, and waits out a busy or absent service', async () => {
    const script: Array<{ status: number; body: unknown; headers?: Record<string, string> }> = [
      { status: 200, body: job({ status: 'queued', progress: 5, message: 'Queued' }) },
      { status: 200, body: job({ status: 'queued', progress: 5, message: 'Queued' }) },
      { status: 503, body: { error: 'service_unavailable', message: 'generation service is not answering' } },
      { status: 429, body: { error: 'rate_limited', message: 'slow down' }, headers: { 'Retry-After': '0' } },
      { status: 200, body: job({ status: 'processing', progress: 50, message: 'Writing the pages' }) },
      { status: 200, body: job({ status: 'completed', progress: 100, message: 'Your app is ready' }) },
    ];
    api = await startFakeApi(() => script.shift() ?? { status: 500, body: { error: 'internal_error', message: 'read too often' } });
    const seen: string[] = [];
    const client = createAppgenClient({ baseUrl: api.url, apiKey: 'svc_test' });
    const final = await waitForJob(client, 'job_1', { intervalMs: 5, maxIntervalMs: 20, onProgress: (j) => seen.push(`${j.progress} ${j.message}`) });
    expect(final.status).toBe('completed');
    expect(seen).toEqual(['5 Queued', '50 Writing the pages', '100 Your app is ready']);
    expect(api.requests.map((r) => `${r.method} ${r.url} ${r.headers['x-api-key']}`)).toEqual(Array(6).fill('GET /api/v1/generation_queue/job_1 svc_test'));
  });

  it('answers a failed job as it is, for the caller to report', async () => {
    api = await startFakeApi(() => ({ body: job({ status: 'failed', progress: 75, message: 'The build failed' }) }));
    const final = await waitForJob(createAppgenClient({ baseUrl: api.url }), 'job_1', { intervalMs: 5 });
    expect(final).toMatchObject({ status: 'failed', message: 'The build failed' });
  });

  it('throws the API error of any other failure', async () => {
    api = await startFakeApi(() => ({ status: 404, body: { error: 'not_found', message: 'Job job_1 was not found' } }));
    const failure = await waitForJob(createAppgenClient({ baseUrl: api.url }), 'job_1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppgenApiError);
    expect(failure).toMatchObject({ status: 404, code: 'not_found', message: 'Job job_1 was not found' });
  });

  it('gives up after the timeout with the last state it read', async () => {
    api = await startFakeApi(() => ({ body: job({ status: 'processing', progress: 10, message: 'Planning' }) }));
    const started = Date.now();
    const failure = await waitForJob(createAppgenClient({ baseUrl: api.url }), 'job_1', { timeoutMs: 120, intervalMs: 10 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppgenTimeoutError);
    expect((failure as AppgenTimeoutError<GenerationJob>).last?.message).toBe('Planning');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('stops when its signal aborts, with the signal reason', async () => {
    api = await startFakeApi(() => ({ body: job({ status: 'processing', progress: 10, message: 'Planning' }) }));
    const controller = new AbortController();
    const waiting = waitForJob(createAppgenClient({ baseUrl: api.url }), 'job_1', { intervalMs: 1000, signal: controller.signal, onProgress: () => controller.abort(new Error('user pressed Ctrl-C')) });
    await expect(waiting).rejects.toThrow('user pressed Ctrl-C');
  });
});

describe('waitForDeployment', () => {
  let api: FakeApi | undefined;
  afterEach(() => api?.close());

  it('waits until its own deployment (not an earlier one) is final', async () => {
    const deployments = [
      { id: 3, status: 'deployed' },
      { id: 4, status: 'building' },
      { id: 4, status: 'deployed' },
    ];
    api = await startFakeApi(() => {
      const deployment = deployments.shift();
      return { body: { app_id: 'app1', name: 'Recipe Box', status: 'published', deployment: { ...deployment, environment: 'production', deployed_at: null }, generation: null, urls: { preview: null, production: null, editor: 'e' } } };
    });
    const statuses: string[] = [];
    const final = await waitForDeployment(createAppgenClient({ baseUrl: api.url }), 'app1', 4, { intervalMs: 5, onProgress: (s) => statuses.push(`${s.deployment?.id} ${s.deployment?.status}`) });
    expect(final.deployment).toMatchObject({ id: 4, status: 'deployed' });
    expect(statuses).toEqual(['3 deployed', '4 building', '4 deployed']);
    expect(api.requests[0]?.url).toBe('/api/v1/managed_apps/app1/status');
  });
});
