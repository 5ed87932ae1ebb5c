import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type Attributes, type Span, type Tracer } from '@opentelemetry/api';
import type { TraceContext } from './trace-context';

export { SpanKind };

/**
 * OpenTelemetry spans for what crosses a process boundary: HTTP requests (gateway, edge), RPC client and
 * server, event publish and consume, outbound webhook and callback requests. Span ids always exist, propagate
 * and reach the logs; spans are recorded and exported (OTLP over HTTP, batched) only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set. The exporter reads the standard OTEL_EXPORTER_OTLP_* variables itself
 * (headers, timeout, a traces-only endpoint).
 *
 * Without an endpoint nothing would read a recorded span, so none is recorded: a span is its ids alone
 * (OpenTelemetry's non-recording span), and the SDK and the exporter are not even loaded. Recording spans that
 * go nowhere cost a few percent of every request's CPU and their modules about 10 MB of each process's memory.
 *
 * The current span lives in the request context (request-context.ts) rather than in OpenTelemetry's context
 * manager: appgen already carries that context through every async path, and no global context manager is
 * then needed.
 */

/** Set while spans are exported; unset, spans are ids only. */
let exporting: { tracer: Tracer; shutdown(): Promise<void> } | undefined;

export interface TracingOptions {
  service: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT; unset: spans carry ids but are neither recorded nor exported */
  otlpEndpoint?: string;
}

/** Sets up this process's tracing; runService calls it once before anything starts. */
export function startTracing(options: TracingOptions): void {
  if (!options.otlpEndpoint) {
    exporting = undefined;
    return;
  }
  // Loaded only here, when spans are exported (see above).
  const { BasicTracerProvider, BatchSpanProcessor } = require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { ATTR_SERVICE_NAME } = require('@opentelemetry/semantic-conventions') as typeof import('@opentelemetry/semantic-conventions');
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.service }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  exporting = { tracer: provider.getTracer('appgen'), shutdown: () => provider.shutdown() };
}

/** Sends the spans still buffered; on shutdown, so the last requests' spans are not lost. */
export async function stopTracing(): Promise<void> {
  await exporting?.shutdown().catch(() => undefined);
}

/** `bytes` (a multiple of 4) random bytes as lowercase hex, never all zeros (W3C Trace Context refuses an all-zero id). */
function randomHexId(bytes: number): string {
  let id = '';
  // 32 bits a draw (Math.random carries 52): every request makes three ids.
  for (let i = 0; i < bytes; i += 4) {
    const n = Math.floor(Math.random() * 0x1_0000_0000);
    id += `${HEX_BYTES[n >>> 24]}${HEX_BYTES[(n >>> 16) & 0xff]}${HEX_BYTES[(n >>> 8) & 0xff]}${HEX_BYTES[n & 0xff]}`;
  }
  return /[^0]/.test(id) ? id : randomHexId(bytes);
}
const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

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
  if (!exporting) {
    // As the SDK's default sampler (parent-based, else always on) would decide, with ids made the way its
    // generator makes them (Math.random: trace ids need to be unique, not secret).
    const context = { traceId: parent?.traceId ?? randomHexId(16), spanId: randomHexId(8), sampled: parent?.sampled ?? true };
    const span = trace.wrapSpanContext({ traceId: context.traceId, spanId: context.spanId, traceFlags: context.sampled ? TraceFlags.SAMPLED : TraceFlags.NONE });
    return { span, context };
  }
  const parentContext = parent
    ? trace.setSpanContext(ROOT_CONTEXT, {
        traceId: parent.traceId,
        spanId: parent.spanId,
        traceFlags: parent.sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
        isRemote: true,
      })
    : ROOT_CONTEXT;
  const span = exporting.tracer.startSpan(name, { kind, attributes }, parentContext);
  const { traceId, spanId, traceFlags } = span.spanContext();
  return { span, context: { traceId, spanId, sampled: (traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED } };
}

/** Ends a span, marked failed when `error` is given (its message only: never a body). */
export function endSpan(active: ActiveSpan, error?: string): void {
  if (error !== undefined) active.span.setStatus({ code: SpanStatusCode.ERROR, message: error });
  active.span.end();
}
