import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type Attributes, type Span, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { TraceContext } from './trace-context';

export { SpanKind };

/**
 * OpenTelemetry spans for what crosses a process boundary: HTTP requests (gateway, edge), RPC client and
 * server, event publish and consume, outbound webhook and callback requests. Spans are always made, so trace
 * ids exist, propagate and reach the logs; they are exported (OTLP over HTTP, batched) only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set. The exporter reads the standard OTEL_EXPORTER_OTLP_* variables itself
 * (headers, timeout, a traces-only endpoint).
 *
 * The current span lives in the request context (request-context.ts) rather than in OpenTelemetry's context
 * manager: appgen already carries that context through every async path, and no global context manager is
 * then needed.
 */

let provider: BasicTracerProvider | undefined;
let tracer: Tracer | undefined;

export interface TracingOptions {
  service: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT; unset: spans are made (for their ids) but not exported */
  otlpEndpoint?: string;
}

/** Sets up this process's tracer; runService calls it once before anything starts. */
export function startTracing(options: TracingOptions): void {
  provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.service }),
    spanProcessors: options.otlpEndpoint ? [new BatchSpanProcessor(new OTLPTraceExporter())] : [],
  });
  tracer = provider.getTracer('appgen');
}

/** Sends the spans still buffered; on shutdown, so the last requests' spans are not lost. */
export async function stopTracing(): Promise<void> {
  await provider?.shutdown().catch(() => undefined);
}

function currentTracer(): Tracer {
  // Tests and tools that never call startTracing still get ids (and no export).
  if (!tracer) startTracing({ service: 'appgen' });
  return tracer as Tracer;
}

/** A span in progress and the context its children (and the headers it sends) carry. */
export interface ActiveSpan {
  span: Span;
  context: TraceContext;
}

/**
 * Starts a span under `parent` (a remote caller's, or the current request's), or a new trace without one.
 * The span's own ids are what the work inside it logs and passes on.
 */
export function startSpan(name: string, kind: SpanKind, parent: TraceContext | undefined, attributes: Attributes = {}): ActiveSpan {
  const parentContext = parent
    ? trace.setSpanContext(ROOT_CONTEXT, {
        traceId: parent.traceId,
        spanId: parent.spanId,
        traceFlags: parent.sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
        isRemote: true,
      })
    : ROOT_CONTEXT;
  const span = currentTracer().startSpan(name, { kind, attributes }, parentContext);
  const { traceId, spanId, traceFlags } = span.spanContext();
  return { span, context: { traceId, spanId, sampled: (traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED } };
}

/** Ends a span, marked failed when `error` is given (its message only: never a body). */
export function endSpan(active: ActiveSpan, error?: string): void {
  if (error !== undefined) active.span.setStatus({ code: SpanStatusCode.ERROR, message: error });
  active.span.end();
}
