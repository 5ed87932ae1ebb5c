import { Counter, Histogram, LATENCY_BUCKETS, metricsRegistry } from '@appgen/service-kit';
import type { SendResult } from './http-sender';

/** What a delivery attempt came to, for operators: delivered, refused by the receiver, or no answer at all. */
export type AttemptOutcome = 'delivered' | 'http_error' | 'no_response';

export function outcomeOf(result: SendResult): AttemptOutcome {
  if (result.status === null) return 'no_response';
  return result.status >= 200 && result.status < 300 ? 'delivered' : 'http_error';
}

export const deliveryAttempts = new Counter({
  name: 'appgen_webhook_delivery_attempts_total',
  help: 'Webhook and generation-callback delivery attempts by kind (webhook, callback) and outcome (delivered, http_error, no_response)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const deliveryDuration = new Histogram({
  name: 'appgen_webhook_delivery_duration_seconds',
  help: 'How long receivers took to answer a delivery attempt (to the timeout when they did not), by kind and outcome',
  labelNames: ['kind', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});
