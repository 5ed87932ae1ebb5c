import { Logger } from '@nestjs/common';
import { AppgenLogger, logFormatOf, type LogFormat } from './logger';
import { runInRequestContext } from './request-context';

function capture(format: LogFormat, level: 'debug' | 'log' | 'warn' | 'error' = 'log') {
  const lines: string[] = [];
  const logger = new AppgenLogger({ service: 'apps-service', format, level, destination: { write: (line: string) => void lines.push(line) } });
  return { logger, lines };
}

const request = { requestId: 'req-1', accountId: 7, trace: { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', sampled: true } };

describe('log lines', () => {
  it('are JSON in production and readable lines elsewhere, unless LOG_FORMAT says', () => {
    expect(logFormatOf(undefined, 'production')).toBe('json');
    expect(logFormatOf(undefined, undefined)).toBe('text');
    expect(logFormatOf('text', 'production')).toBe('text');
    expect(logFormatOf('json', 'development')).toBe('json');
  });

  it('carry the service, context, request id, account and trace as JSON fields', () => {
    const { logger, lines } = capture('json');
    runInRequestContext(request, () => logger.log('apps.managed_apps.get 200 1.2ms account=7', { status: 200 }, 'Access'));
    const line = JSON.parse(lines[0] ?? '{}');
    expect(line).toMatchObject({
      level: 'info',
      service: 'apps-service',
      context: 'Access',
      msg: 'apps.managed_apps.get 200 1.2ms account=7',
      request_id: 'req-1',
      account_id: 7,
      trace_id: request.trace.traceId,
      span_id: request.trace.spanId,
      status: 200,
    });
    expect(typeof line.time).toBe('string');
  });

  it('append the request and trace ids to a readable line, and nothing outside a request', () => {
    const { logger, lines } = capture('text');
    runInRequestContext(request, () => logger.log('GET /api/v1/managed_apps/:id 200 3.0ms account=7', 'Access'));
    logger.log('apps-service ready on port 3101', 'apps-service');
    expect(lines[0]).toMatch(/ LOG apps-service \[Access\] GET \/api\/v1\/managed_apps\/:id 200 3\.0ms account=7 request=req-1 trace=4bf92f3577b34da6a3ce929d0e0e4736\n$/);
    expect(lines[1]).toMatch(/\[apps-service\] apps-service ready on port 3101\n$/);
  });

  it('never print fields that hold secrets, and keep an error stack', () => {
    const { logger, lines } = capture('json');
    logger.warn('refused', { authorization: 'Bearer abc', nested: { password: 'hunter2' }, body: { name: 'x' } }, 'Gate');
    expect(lines[0]).not.toContain('abc');
    expect(lines[0]).not.toContain('hunter2');
    expect(lines[0]).not.toContain('"name"');
    logger.error('failed', 'Error: boom\n    at somewhere', 'Relay');
    expect(JSON.parse(lines[1] ?? '{}')).toMatchObject({ level: 'error', msg: 'failed', stack: 'Error: boom\n    at somewhere', context: 'Relay' });
  });

  it('print only levels at least as severe as LOG_LEVEL, also through Nest\'s Logger', () => {
    const { logger, lines } = capture('text', 'warn');
    Logger.overrideLogger(logger);
    new Logger('Relay').log('quiet');
    new Logger('Relay').warn('loud');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('WARN apps-service [Relay] loud');
  });
});
