import type { AppSummary } from './apps.contract';

/** The JetStream stream holding every domain event, on subjects `events.<kind>`. */
export const EVENTS_STREAM = 'EVENTS';
export const EVENTS_SUBJECT_PREFIX = 'events.';

/** The twelve event kinds of the contract's section 6, and no others. */
export const EVENT_KINDS = [
  'app.created',
  'app.updated',
  'app.deleted',
  'app.generation.started',
  'app.generation.progress',
  'app.generation.completed',
  'app.generation.failed',
  'app.deployment.started',
  'app.deployment.completed',
  'app.user.created',
  'app.user.access_granted',
  'app.user.access_revoked',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export function isEventKind(value: unknown): value is EventKind {
  return typeof value === 'string' && (EVENT_KINDS as readonly string[]).includes(value);
}

export function eventSubject(kind: EventKind): string {
  return `${EVENTS_SUBJECT_PREFIX}${kind}`;
}

export interface GenerationEventData {
  job_id: string;
  message_id: number;
  status: string;
  progress: number;
  message: string;
}

export interface DeploymentEventData {
  deployment_id: number;
  environment: string;
  status: string;
  production_url: string | null;
}

export interface AppUserEventData {
  app_user: { id: number; app_id: string; email: string; access_tier: string };
}

/** The `data` of each event kind. */
export interface EventDataMap {
  'app.created': { app: AppSummary };
  'app.updated': { app: AppSummary; changed: string[] };
  'app.deleted': { app: { id: string; name: string } };
  'app.generation.started': GenerationEventData;
  'app.generation.progress': GenerationEventData;
  'app.generation.completed': GenerationEventData;
  'app.generation.failed': GenerationEventData & { error: string };
  'app.deployment.started': DeploymentEventData;
  'app.deployment.completed': DeploymentEventData;
  'app.user.created': AppUserEventData;
  'app.user.access_granted': AppUserEventData;
  'app.user.access_revoked': AppUserEventData;
}

/** The envelope on the bus and in webhook deliveries (decisions.md, "Events"). */
export interface DomainEvent<K extends EventKind = EventKind> {
  /** UUID; also the JetStream message id, so a republished event is dropped as a duplicate. */
  id: string;
  event: K;
  /** ISO 8601 UTC */
  timestamp: string;
  account_id: number;
  app_id: string | null;
  data: EventDataMap[K];
}
