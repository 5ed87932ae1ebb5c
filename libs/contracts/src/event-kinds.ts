// Imports nothing: @appgen/sdk and the web console take this file alone (as `@appgen/contracts/event-kinds`), without
// the schema libraries of the rest of the contracts.

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
