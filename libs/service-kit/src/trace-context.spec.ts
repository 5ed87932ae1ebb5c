import fc from 'fast-check';
import { headers as natsHeaders } from 'nats';
import { extractTrace, formatTraceparent, httpHeaders, injectTrace, parseTraceparent, TRACEPARENT_HEADER, type TraceContext } from './trace-context';
import { endSpan, SpanKind, startSpan } from './tracing';

const hex = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length }).filter((value) => !/^0+$/.test(value));
const traceContexts = fc.record({ traceId: hex(32), spanId: hex(16), sampled: fc.boolean() });

describe('W3C trace context', () => {
  it('reads the example of the specification', () => {
    expect(parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toEqual({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      sampled: true,
    });
    expect(parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00')?.sampled).toBe(false);
  });

  it('round-trips any trace through NATS headers and HTTP headers', () => {
    fc.assert(
      fc.property(traceContexts, (context: TraceContext) => {
        const nats = natsHeaders();
        injectTrace(nats, context);
        expect(extractTrace(nats)).toEqual(context);
        const http: Record<string, string> = {};
        injectTrace(httpHeaders(http), context);
        expect(http[TRACEPARENT_HEADER]).toBe(formatTraceparent(context));
        expect(extractTrace(httpHeaders(http))).toEqual(context);
      }),
    );
  });

  it('ignores what is not a valid traceparent, so the receiver starts a trace of its own', () => {
    for (const value of [
      undefined,
      '',
      'garbage',
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01', // all-zero trace id
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01', // all-zero span id
      'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', // forbidden version
      '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01', // upper case
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra', // version 00 has four fields
      '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01', // short trace id
    ]) {
      expect(parseTraceparent(value)).toBeUndefined();
    }
    expect(extractTrace(natsHeaders())).toBeUndefined();
    expect(extractTrace(undefined)).toBeUndefined();
  });

  it('reads a later version by its first four fields', () => {
    expect(parseTraceparent('01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-future')?.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('continues a trace in a child span with a new span id, or starts a new trace without a parent', () => {
    const parent = parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    const child = startSpan('apps.managed_apps.get', SpanKind.SERVER, parent);
    expect(child.context.traceId).toBe(parent?.traceId);
    expect(child.context.spanId).not.toBe(parent?.spanId);
    expect(child.context.spanId).toMatch(/^[0-9a-f]{16}$/);
    endSpan(child);
    const root = startSpan('GET /health', SpanKind.SERVER, undefined);
    expect(root.context.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(root.context.traceId).not.toBe(parent?.traceId);
    endSpan(root);
  });
});
