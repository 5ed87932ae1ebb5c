import { Histogram, Gauge, LATENCY_BUCKETS, metricsRegistry, parseTraceparent, SpanKind, startSpan, type ActiveSpan, type RequestContext } from '@appgen/service-kit';
import type { GenerationJobEntity } from './generation-job.entity';

/**
 * A job's work runs long after the request that queued it, in another loop: it runs in that request's context
 * again (request id, and a span under its trace), so its log lines, the requests it makes and its callback
 * belong to the request.
 */
export function jobContext(job: GenerationJobEntity, spanName: string): { context: RequestContext; span: ActiveSpan } {
  const span = startSpan(spanName, SpanKind.INTERNAL, parseTraceparent(job.traceparent), { 'appgen.job.id': job.jobId });
  return { context: { requestId: job.requestId ?? job.jobId, accountId: job.accountId, trace: span.context }, span };
}

let queueDepth: (() => Promise<Array<{ status: string; count: number }>>) | undefined;

/** The worker reports the queue through it (read when Prometheus scrapes). */
export function reportQueueDepth(read: () => Promise<Array<{ status: string; count: number }>>): void {
  queueDepth = read;
}

new Gauge({
  name: 'appgen_generation_jobs',
  help: 'Generation jobs waiting (queued) or running (processing), across every replica',
  labelNames: ['status'] as const,
  registers: [metricsRegistry],
  async collect() {
    if (!queueDepth) return;
    const counts = await queueDepth();
    for (const status of ['queued', 'processing']) this.set({ status }, counts.find((row) => row.status === status)?.count ?? 0);
  },
});

/** Minutes, for a job that plans and writes with a model; seconds, for the built-in engine. */
export const jobRunDuration = new Histogram({
  name: 'appgen_generation_job_duration_seconds',
  help: 'How long one run of a generation job took, by engine and outcome (completed, failed: failed, retried or stopped)',
  labelNames: ['engine', 'outcome'] as const,
  buckets: [...LATENCY_BUCKETS, 30, 60, 120, 300, 600],
  registers: [metricsRegistry],
});
