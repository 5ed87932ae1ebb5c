import type { AppSummary } from './apps.contract';
import type { DeploymentEventData, DomainEvent, EventDataMap, EventKind, GenerationEventData } from './events';

const SAMPLE_APP_ID = 'k3x9q2m7w1ab';
const SAMPLE_TIME = '2026-11-21T10:00:00.000Z';

const sampleApp: AppSummary = {
  id: SAMPLE_APP_ID,
  name: 'Recipe Manager',
  description: 'Save recipes with ingredients and cooking time, and rate them',
  status: 'generated',
  visibility: 'public',
  ai_model: 'blueprint',
  preview_url: `https://preview-${SAMPLE_APP_ID}.preview.appgen.dev`,
  production_url: null,
  published_at: null,
  created_at: SAMPLE_TIME,
  updated_at: SAMPLE_TIME,
};

const generation = (status: string, progress: number, message: string): GenerationEventData => ({
  job_id: 'job_k3x9q2m7w1abcd4e5f6g',
  message_id: 1042,
  status,
  progress,
  message,
});

const deployment = (status: string): DeploymentEventData => ({
  deployment_id: 17,
  environment: 'production',
  status,
  production_url: `https://${SAMPLE_APP_ID}.appgen.app`,
});

const appUser = (accessTier: string): EventDataMap['app.user.created'] => ({
  app_user: { id: 5, app_id: SAMPLE_APP_ID, email: 'member@example.com', access_tier: accessTier },
});

/** What each kind's `data` looks like, for people and automation tools (Zapier) setting up a subscription. */
const SAMPLE_DATA: { [K in EventKind]: EventDataMap[K] } = {
  'app.created': { app: { ...sampleApp, status: 'draft', preview_url: null } },
  'app.updated': { app: { ...sampleApp, name: 'Family Recipes' }, changed: ['name'] },
  'app.deleted': { app: { id: SAMPLE_APP_ID, name: 'Recipe Manager' } },
  'app.generation.started': generation('processing', 10, 'Reading your prompt'),
  'app.generation.progress': generation('processing', 50, 'Writing 23 files for Recipe Manager'),
  'app.generation.completed': generation('completed', 100, `Your app is ready at ${sampleApp.preview_url}`),
  'app.generation.failed': { ...generation('failed', 75, 'Failed: the build failed'), error: 'The build failed: src/App.tsx:12 unexpected token' },
  'app.deployment.started': deployment('building'),
  'app.deployment.completed': deployment('deployed'),
  'app.user.created': appUser('free'),
  'app.user.access_granted': appUser('premium'),
  'app.user.access_revoked': appUser('free'),
};

/** A sample delivery body (the event envelope) of `kind`; its ids are examples, not real resources. */
export function eventSample<K extends EventKind>(kind: K, accountId = 1): DomainEvent<K> {
  return {
    id: '3f1c2a9e-6b7d-4e2f-9a51-0c8d7e6b5a4f',
    event: kind,
    timestamp: SAMPLE_TIME,
    account_id: accountId,
    app_id: SAMPLE_APP_ID,
    data: SAMPLE_DATA[kind],
  };
}
