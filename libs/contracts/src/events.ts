import type { AppSummary } from './apps.contract';
import { OwnerAccountId } from './caller';
import { EVENT_KINDS, type EventKind } from './event-kinds';
import { Named, Nullable, StringEnum, Timestamp, Type, type Static } from './schema';

/** The JetStream stream holding every domain event, on subjects `events.<kind>`. */
export const EVENTS_STREAM = 'EVENTS';
export const EVENTS_SUBJECT_PREFIX = 'events.';

export { EVENT_KINDS, type EventKind } from './event-kinds';

/** What each kind means, in the contract's words (section 6), for the references that list them. */
export const EVENT_KIND_DESCRIPTIONS: Readonly<Record<EventKind, string>> = {
  'app.created': 'new app created',
  'app.updated': 'app updated',
  'app.deleted': 'app deleted',
  'app.generation.started': 'generation started',
  'app.generation.progress': 'generation progress update',
  'app.generation.completed': 'generation completed',
  'app.generation.failed': 'generation failed',
  'app.deployment.started': 'deployment started',
  'app.deployment.completed': 'deployment completed',
  'app.user.created': 'a new user accessed the app',
  'app.user.access_granted': 'user granted access (emitted by grant_access)',
  'app.user.access_revoked': 'user access revoked (emitted by revoke)',
};

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

/**
 * The envelope on the bus and in webhook deliveries (decisions.md, "Events"): the one definition of its fields,
 * which webhooks-service checks every event against before fanning it out, and which the Zapier samples publish.
 * Open to fields it does not name, so that an event written by a newer service is still delivered.
 */
export const EventEnvelope = Named(
  'Event',
  Type.Object({
    /** UUID; also the JetStream message id, so a republished event is dropped as a duplicate. */
    id: Type.String({ minLength: 1, format: 'uuid' }),
    event: StringEnum(EVENT_KINDS),
    /** ISO 8601 UTC */
    timestamp: Timestamp,
    /** 0 while the app is an anonymous build no account has claimed yet (no subscriber hears those) */
    account_id: OwnerAccountId,
    app_id: Nullable(Type.String()),
    data: Type.Record(Type.String(), Type.Unknown(), { description: "the event's own fields (section 6 of the contract)" }),
  }),
);

/** An event of kind K as it travels: the envelope with that kind's `data`. */
export type DomainEvent<K extends EventKind = EventKind> = Omit<Static<typeof EventEnvelope>, 'event' | 'data'> & {
  event: K;
  data: EventDataMap[K];
};
