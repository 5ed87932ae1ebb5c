import type { LoggerService, LogLevel } from '@nestjs/common';
import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
import { currentRequestContext } from './request-context';

/** `json`: one JSON object a line, for a log pipeline; `text`: readable lines, for a terminal or a log file read by people. */
export const LOG_FORMATS = ['json', 'text'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** LOG_FORMAT when set; otherwise json in production (NODE_ENV=production) and text elsewhere. */
export function logFormatOf(configured: LogFormat | undefined, nodeEnv: string | undefined = process.env['NODE_ENV']): LogFormat {
  return configured ?? (nodeEnv === 'production' ? 'json' : 'text');
}

/** Nest's levels, least verbose first; LOG_LEVEL names the most verbose one printed. */
const NEST_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
const PINO_LEVEL: Record<LogLevel, pino.Level> = { fatal: 'fatal', error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' };

/**
 * Field names that must never reach a log line, at the top of the fields or one level down, whatever a caller
 * passes. Messages are written not to hold them in the first place (routes, never URLs; no bodies).
 */
const SECRET_FIELDS = ['authorization', 'cookie', 'password', 'secret', 'token', 'api_key', 'apiKey', 'x-api-key', 'body'];

export interface AppgenLoggerOptions {
  service: string;
  format: LogFormat;
  /** the most verbose level printed (LOG_LEVEL) */
  level: LogLevel;
  /** where lines go (tests); standard output by default, written synchronously so the last lines before an exit are kept */
  destination?: DestinationStream;
}

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Error);
}

/**
 * Nest's LoggerService for every appgen process, through pino. Each line names the service, the logger's
 * context (`Access`, `OutboxRelay`, ...) and, inside a request or message, the request id, the account and the
 * trace and span ids (the request context, request-context.ts), so one request's lines are found in every
 * process by its request id or its trace id.
 *
 * In JSON those are fields (`service`, `context`, `request_id`, `account_id`, `trace_id`, `span_id`, plus any
 * fields object the call passed, like an access line's `route`, `status`, `duration_ms`). In text they follow
 * the message: `... POST /api/v1/managed_apps 201 12.3ms account=7 request=<id> trace=<trace id>`.
 */
export class AppgenLogger implements LoggerService {
  private readonly pino: PinoLogger;
  private readonly format: LogFormat;
  private readonly service: string;
  private readonly destination: DestinationStream;
  private threshold: number;

  constructor(options: AppgenLoggerOptions) {
    this.format = options.format;
    this.service = options.service;
    this.threshold = NEST_LEVELS.indexOf(options.level);
    this.destination = options.destination ?? pino.destination({ dest: 1, sync: true });
    this.pino = pino(
      {
        level: 'trace',
        base: { service: options.service },
        messageKey: 'msg',
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        redact: { paths: SECRET_FIELDS.flatMap((name) => [`["${name}"]`, `*["${name}"]`]), censor: '[redacted]' },
      },
      this.destination,
    );
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('log', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('verbose', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /** Nest passes the levels it was given; the most verbose of them becomes the threshold. */
  setLogLevels(levels: LogLevel[]): void {
    this.threshold = Math.max(-1, ...levels.map((level) => NEST_LEVELS.indexOf(level)));
  }

  private write(level: LogLevel, message: unknown, params: unknown[]): void {
    if (NEST_LEVELS.indexOf(level) > this.threshold) return;
    // Nest's Logger appends its context as the last parameter (undefined-padded); an error's stack comes before it.
    const rest = params.filter((param) => param !== undefined);
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const fields: Fields = {};
    let stack: string | undefined;
    for (const param of rest) {
      if (isFields(param)) Object.assign(fields, param);
      else if (typeof param === 'string' && (level === 'error' || level === 'fatal')) stack = param;
    }
    let text: string;
    if (message instanceof Error) {
      text = message.message;
      stack ??= message.stack;
    } else {
      text = typeof message === 'string' ? message : JSON.stringify(message);
    }
    const request = currentRequestContext();
    if (this.format === 'json') {
      const line: Fields = { ...fields };
      if (context) line['context'] = context;
      if (request) {
        line['request_id'] = request.requestId;
        if (request.accountId !== undefined) line['account_id'] = request.accountId;
        if (request.trace) {
          line['trace_id'] = request.trace.traceId;
          line['span_id'] = request.trace.spanId;
        }
      }
      if (stack) line['stack'] = stack;
      this.pino[PINO_LEVEL[level]](line, text);
      return;
    }
    let suffix = '';
    if (request) {
      suffix = ` request=${request.requestId}`;
      if (request.trace) suffix += ` trace=${request.trace.traceId}`;
    }
    const head = `${new Date().toISOString()} ${level.toUpperCase().padStart(7)} ${this.service}${context ? ` [${context}]` : ''}`;
    this.destination.write(`${head} ${text}${suffix}\n${stack ? `${stack}\n` : ''}`);
  }
}
