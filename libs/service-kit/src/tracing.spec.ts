import { SpanKind, startSpan, startTracing, stopTracing } from './tracing';

describe('spans without an OTLP endpoint', () => {
  beforeAll(() => startTracing({ service: 'test' }));

  it('continue the caller\'s trace under a new span id, keeping its sampled flag', () => {
    const parent = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', sampled: false };
    const { context } = startSpan('users.api_keys.resolve', SpanKind.CLIENT, parent);
    expect(context.traceId).toBe(parent.traceId);
    expect(context.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(context.spanId).not.toBe(parent.spanId);
    expect(context.sampled).toBe(false);
  });

  it('start a sampled trace of their own without a caller, with ids no other span has', () => {
    const spans = Array.from({ length: 200 }, () => startSpan('GET', SpanKind.SERVER, undefined).context);
    for (const context of spans) {
      expect(context.traceId).toMatch(/^(?!0+$)[0-9a-f]{32}$/);
      expect(context.spanId).toMatch(/^(?!0+$)[0-9a-f]{16}$/);
      expect(context.sampled).toBe(true);
    }
    expect(new Set(spans.map((c) => c.traceId)).size).toBe(spans.length);
  });

  it('hand back a span that OpenTelemetry callers can name, annotate and end, carrying the same ids', () => {
    const { span, context } = startSpan('GET', SpanKind.SERVER, undefined);
    span.updateName('GET /managed_apps/:id');
    span.setAttributes({ 'http.response.status_code': 200 });
    span.end();
    expect(span.spanContext()).toMatchObject({ traceId: context.traceId, spanId: context.spanId });
    expect(span.isRecording()).toBe(false);
  });
});

describe('spans with an OTLP endpoint', () => {
  afterAll(async () => {
    await stopTracing();
    startTracing({ service: 'test' });
  });

  it('are recorded (for the exporter) under the same trace as their caller', () => {
    startTracing({ service: 'test', otlpEndpoint: 'http://127.0.0.1:9' });
    const parent = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', sampled: true };
    const { span, context } = startSpan('apps.get', SpanKind.SERVER, parent);
    expect(span.isRecording()).toBe(true);
    expect(context).toMatchObject({ traceId: parent.traceId, sampled: true });
    expect(context.spanId).toMatch(/^[0-9a-f]{16}$/);
    span.end();
  });
});
