/** Every deployable backend process; each is also its NATS queue group. */
export const SERVICE_NAMES = [
  'gateway',
  'apps-service',
  'generation-service',
  'deployment-service',
  'edge',
  'users-service',
  'webhooks-service',
  'domains-service',
  'billing-service',
  'claim-service',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Subject every service answers with its health, for operators and the dev runner. */
export function healthSubject(service: ServiceName): string {
  return `health.${service}`;
}

export interface HealthReport {
  service: ServiceName;
  status: 'ok' | 'degraded';
  checks: Record<string, 'ok' | 'failing'>;
  uptime_seconds: number;
}
