/**
 * Environment validation: every service declares the variables it reads, with their defaults,
 * and refuses to start naming each variable that is wrong rather than failing later.
 */
import { LOG_FORMATS } from './logger';
import { DEFAULT_MAX_REPLY_BYTES } from './message-parts';

export interface EnvVar<T> {
  description: string;
  parse(raw: string | undefined): T;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
}

class InvalidValue extends Error {}

function withDefault(raw: string | undefined, fallback: string | undefined): string | undefined {
  return raw === undefined || raw === '' ? fallback : raw;
}

export const env = {
  string(description: string, options: { default?: string } = {}): EnvVar<string> {
    return {
      description,
      parse(raw) {
        const value = withDefault(raw, options.default);
        if (value === undefined) throw new InvalidValue('is required');
        return value;
      },
    };
  },
  optionalString(description: string): EnvVar<string | undefined> {
    return { description, parse: (raw) => (raw === '' ? undefined : raw) };
  },
  url(description: string, options: { default?: string; protocols: string[] }): EnvVar<string> {
    return {
      description,
      parse(raw) {
        const value = withDefault(raw, options.default);
        if (value === undefined) throw new InvalidValue('is required');
        let parsed: URL;
        try {
          parsed = new URL(value);
        } catch {
          throw new InvalidValue(`must be a URL (${options.protocols.join(' or ')}), got "${value}"`);
        }
        if (!options.protocols.includes(parsed.protocol.replace(/:$/, ''))) {
          throw new InvalidValue(`must use ${options.protocols.join(' or ')}, got "${parsed.protocol}"`);
        }
        return value;
      },
    };
  },
  optionalUrl(description: string, options: { protocols: string[] }): EnvVar<string | undefined> {
    const required = env.url(description, options);
    return { description, parse: (raw) => (raw === undefined || raw === '' ? undefined : required.parse(raw)) };
  },
  int(description: string, options: { default?: number; min?: number; max?: number } = {}): EnvVar<number> {
    return {
      description,
      parse(raw) {
        const value = withDefault(raw, options.default?.toString());
        if (value === undefined) throw new InvalidValue('is required');
        if (!/^-?\d+$/.test(value)) throw new InvalidValue(`must be an integer, got "${value}"`);
        const parsed = Number(value);
        if (options.min !== undefined && parsed < options.min) throw new InvalidValue(`must be at least ${options.min}`);
        if (options.max !== undefined && parsed > options.max) throw new InvalidValue(`must be at most ${options.max}`);
        return parsed;
      },
    };
  },
  /** A finite number, fractions allowed (e.g. hours: `0.5`). */
  number(description: string, options: { default?: number; min?: number; max?: number } = {}): EnvVar<number> {
    return {
      description,
      parse(raw) {
        const value = withDefault(raw, options.default?.toString());
        if (value === undefined) throw new InvalidValue('is required');
        if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(value.trim())) throw new InvalidValue(`must be a number, got "${value}"`);
        const parsed = Number(value);
        if (options.min !== undefined && parsed < options.min) throw new InvalidValue(`must be at least ${options.min}`);
        if (options.max !== undefined && parsed > options.max) throw new InvalidValue(`must be at most ${options.max}`);
        return parsed;
      },
    };
  },
  /**
   * The port of the public app addresses: unset means `fallback` (the local edge's), set empty means none (https on
   * 443 in production), which `int` cannot express as it treats empty as unset.
   */
  publicPort(description: string, fallback: string): EnvVar<string> {
    return {
      description,
      parse(raw) {
        const value = raw === undefined ? fallback : raw.trim();
        if (value !== '' && (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > 65535)) {
          throw new InvalidValue(`must be a port number or empty, got "${value}"`);
        }
        return value;
      },
    };
  },
  bool(description: string, options: { default: boolean }): EnvVar<boolean> {
    return {
      description,
      parse(raw) {
        const value = withDefault(raw, String(options.default));
        if (value === 'true' || value === '1') return true;
        if (value === 'false' || value === '0') return false;
        throw new InvalidValue(`must be true or false, got "${value}"`);
      },
    };
  },
  oneOf<const T extends string>(description: string, values: readonly T[], options: { default?: T } = {}): EnvVar<T> {
    return {
      description,
      parse(raw) {
        const value = withDefault(raw, options.default);
        if (value === undefined) throw new InvalidValue('is required');
        if (!(values as readonly string[]).includes(value)) {
          throw new InvalidValue(`must be one of ${values.join(', ')}, got "${value}"`);
        }
        return value as T;
      },
    };
  },
};

export type EnvSpec = Record<string, EnvVar<unknown>>;
export type ConfigOf<S extends EnvSpec> = { readonly [K in keyof S]: S[K] extends EnvVar<infer T> ? T : never };

export function loadConfig<S extends EnvSpec>(spec: S, source: NodeJS.ProcessEnv = process.env): ConfigOf<S> {
  const problems: string[] = [];
  const config: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(spec)) {
    try {
      config[name] = variable.parse(source[name]);
    } catch (error) {
      if (!(error instanceof InvalidValue)) throw error;
      problems.push(`${name} ${error.message} (${variable.description})`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config as ConfigOf<S>;
}

/** Variables every backend service reads. */
export const serviceEnv = {
  DATABASE_URL: env.url('Postgres database; each service owns one schema in it', {
    default: 'postgres://postgres@127.0.0.1:5432/appgen',
    protocols: ['postgres', 'postgresql'],
  }),
  NATS_URL: env.url('NATS server with JetStream', { default: 'nats://127.0.0.1:4222', protocols: ['nats', 'tls'] }),
  EVENTS_STREAM_REPLICAS: env.int(
    'servers of the NATS JetStream cluster that keep the EVENTS stream; an existing stream with fewer is raised at start, never lowered',
    { default: 1, min: 1, max: 5 },
  ),
  RPC_TIMEOUT_MS: env.int('how long a request to another service may take before it fails with 504', {
    default: 5000,
    min: 100,
  }),
  RPC_MAX_REPLY_BYTES: env.int(
    'largest reply one request between services may get; a reply larger than the NATS max_payload travels in parts',
    { default: DEFAULT_MAX_REPLY_BYTES, min: 1024 * 1024 },
  ),
  SHUTDOWN_TIMEOUT_MS: env.int('how long in-flight work may run after SIGTERM', { default: 10000, min: 0 }),
  CONTRACT_CHECK_REPLIES: env.bool(
    "check every reply against its subject's reply schema and answer 500 (logged) when it breaks it; for tests, since it costs time on every reply",
    { default: false },
  ),
  LOG_LEVEL: env.oneOf('least severe log level printed', ['debug', 'log', 'warn', 'error'] as const, {
    default: 'log',
  }),
  LOG_FORMAT: optionalOneOf('json: one JSON object a line; text: readable lines. Unset: json when NODE_ENV=production, else text', LOG_FORMATS),
  OTEL_EXPORTER_OTLP_ENDPOINT: env.optionalUrl(
    'OpenTelemetry collector (OTLP over HTTP, e.g. http://otel-collector:4318) spans are exported to; unset: none are exported, trace ids still propagate and are logged',
    { protocols: ['http', 'https'] },
  ),
};

function optionalOneOf<const T extends string>(description: string, values: readonly T[]): EnvVar<T | undefined> {
  const required = env.oneOf(description, values);
  return { description, parse: (raw) => (raw === undefined || raw === '' ? undefined : required.parse(raw)) };
}
