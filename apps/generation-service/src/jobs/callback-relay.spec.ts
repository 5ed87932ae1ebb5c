import { SCOPE_GRANTS } from '@appgen/contracts';
import { callbackBody } from './callback-relay';
import type { GenerationJobEntity } from './generation-job.entity';
import type { JobApp } from './job-app';

const started = new Date('2026-11-21T10:00:00.000Z');
const completed = new Date('2026-11-21T10:00:02.500Z');

function job(changes: Partial<GenerationJobEntity>): GenerationJobEntity {
  return {
    jobId: 'job_k3x9q2m7w1abcd4e5f6g',
    messageId: 1042,
    accountId: 7,
    caller: { accountId: 7, email: 'owner@example.com', plan: 'free', keyId: 3, scope: 'full_access', grants: [...SCOPE_GRANTS.full_access] },
    appId: 'k3x9q2m7w1ab',
    appCreatedAt: started,
    prompt: 'A recipe manager',
    name: 'Recipe Manager',
    nameGiven: false,
    aiModel: null,
    engine: 'openai',
    callbackUrl: 'https://example.com/done',
    callbackState: 'due',
    callbackError: null,
    metadata: { order: 'A-17' },
    status: 'completed',
    progress: 100,
    message: 'Your app is ready',
    error: null,
    previewUrl: 'http://preview-k3x9q2m7w1ab.preview.localhost:8080',
    attempts: 1,
    availableAt: started,
    heartbeatAt: null,
    tokensInput: 1200,
    tokensOutput: 3400,
    creditsReserved: 10,
    creditsUsed: 1,
    creditsState: 'due',
    requestId: null,
    traceparent: null,
    createdAt: started,
    startedAt: started,
    completedAt: completed,
    cancelledAt: null,
    ...changes,
  };
}

const app: JobApp = {
  id: 'k3x9q2m7w1ab',
  name: 'Recipe Box',
  status: 'generated',
  preview_url: 'http://preview-k3x9q2m7w1ab.preview.localhost:8080',
  production_url: 'http://k3x9q2m7w1ab.apps.localhost:8080',
  created_at: started.toISOString(),
};

describe('the generation callback body (contract section 6)', () => {
  it("tells of a completion with the app's current name and addresses, the tokens used and the caller's metadata", () => {
    expect(callbackBody(job({}), app, 'https://appgen.dev/')).toEqual({
      event: 'app.generation.completed',
      app_id: 'k3x9q2m7w1ab',
      app_name: 'Recipe Box',
      status: 'generated',
      urls: { preview: app.preview_url, production: app.production_url, editor: 'https://appgen.dev/account/apps/k3x9q2m7w1ab/editor' },
      generation: { message_id: 1042, started_at: '2026-11-21T10:00:00.000Z', completed_at: '2026-11-21T10:00:02.500Z' },
      credits_used: 1,
      tokens_used: { input: 1200, output: 3400 },
      metadata: { order: 'A-17' },
    });
  });

  it('tells of a failure with status failed and why', () => {
    const body = callbackBody(job({ status: 'failed', error: 'The planner answered no entities' }), { ...app, status: 'failed', preview_url: null, production_url: null }, 'https://appgen.dev');
    expect(body).toMatchObject({ event: 'app.generation.failed', status: 'failed', error: 'The planner answered no entities' });
    // a failed job's reservation is released: it used nothing
    expect(callbackBody(job({ status: 'failed', creditsUsed: 0 }), app, 'https://appgen.dev').credits_used).toBe(0);
    expect(body.urls).toEqual({ preview: 'http://preview-k3x9q2m7w1ab.preview.localhost:8080', production: null, editor: 'https://appgen.dev/account/apps/k3x9q2m7w1ab/editor' });
  });

  it('tells of a cancelled job as a failure, saying it was cancelled', () => {
    const body = callbackBody(job({ status: 'cancelled', message: 'Cancelled: nothing more will be generated', completedAt: completed }), app, 'https://appgen.dev');
    expect(body).toMatchObject({ event: 'app.generation.failed', status: 'failed', error: 'The generation was cancelled' });
  });
});
