/**
 * Checks that the infrastructure appgen runs on is there, and says exactly how to get it on Debian when it
 * is not. Never installs or starts anything with elevated rights itself. Needs node_modules (pg, nats, ioredis).
 */
import pg from 'pg';
import { connect } from 'nats';
import Redis from 'ioredis';

export const DEFAULTS = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/appgen',
  NATS_URL: 'nats://127.0.0.1:4222',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

const AUTH_CODES = new Set(['28P01', '28000']);

function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

function describe(error) {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0]);
  const message = error instanceof Error ? error.message || error.code || error.name : String(error);
  return message.replace(/\.$/, '');
}

function databaseName(url) {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

/** The same server, connected to its `postgres` maintenance database (to create or drop others). */
export function maintenanceUrl(url) {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

/** Same server and credentials, another database. */
export function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function pgQuery(url, sql, params) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return await client.query(sql, params);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Returns undefined when Postgres at `url` accepts us (its database may still be missing), else how to fix it. */
export async function checkPostgres(url) {
  try {
    await pgQuery(maintenanceUrl(url), 'SELECT 1');
    return undefined;
  } catch (error) {
    const message = describe(error);
    const passwordless = /client password must be a string|SASL/i.test(message);
    if (AUTH_CODES.has(error.code) || passwordless) {
      return [
        `Postgres at ${redact(url)} refused the connection: ${message}.`,
        'Either give appgen a user and password it can log in with:',
        `  sudo -u postgres psql -c "ALTER USER postgres PASSWORD 'appgen'"`,
        '  export DATABASE_URL=postgres://postgres:appgen@127.0.0.1:5432/appgen',
        'or, on a development machine only, let local connections in without a password: in',
        '/etc/postgresql/*/main/pg_hba.conf set the METHOD of the `host all all 127.0.0.1/32` and',
        '`host all all ::1/128` lines to `trust`, then: sudo systemctl reload postgresql',
      ].join('\n');
    }
    return [
      `Postgres is not reachable at ${redact(url)}: ${message}.`,
      'appgen keeps its data in Postgres (one database, one schema per service). On Debian:',
      '  sudo apt-get install -y postgresql',
      '  sudo systemctl start postgresql        (without systemd: sudo service postgresql start)',
      'or point DATABASE_URL at a Postgres you already have, e.g.',
      '  export DATABASE_URL=postgres://user:password@host:5432/appgen',
    ].join('\n');
  }
}

/** Creates the database named in `url` when it does not exist yet. Returns true if it created it. */
export async function ensureDatabase(url) {
  const name = databaseName(url);
  const existing = await pgQuery(maintenanceUrl(url), 'SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (existing.rowCount > 0) return false;
  await pgQuery(maintenanceUrl(url), `CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  return true;
}

export async function dropDatabase(url) {
  const name = databaseName(url);
  await pgQuery(maintenanceUrl(url), `DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
}

// Debian's nats-server package runs a systemd service on 127.0.0.1:4222 from /etc/nats-server.conf,
// without JetStream; turning it on there is the least surprising fix.
const JETSTREAM_HOWTO = [
  'On Debian, turn JetStream on in the packaged service:',
  `  printf 'jetstream {\\n  store_dir: "/var/lib/nats-server"\\n}\\n' | sudo tee -a /etc/nats-server.conf`,
  '  sudo install -d -o nats -g nats /var/lib/nats-server && sudo systemctl restart nats-server',
  'or, without systemd, run one yourself (in its own terminal or with &):',
  '  mkdir -p ~/.local/share/nats && nats-server -a 127.0.0.1 -p 4222 -js -sd ~/.local/share/nats',
  'or point NATS_URL at a NATS server with JetStream you already have.',
];

/** Returns undefined when NATS at `url` answers and has JetStream, else how to fix it. */
export async function checkNats(url) {
  let connection;
  try {
    connection = await connect({ servers: url, timeout: 5000, reconnect: false });
  } catch (error) {
    return [
      `NATS is not reachable at ${url}: ${describe(error)}.`,
      'appgen services talk to each other over NATS, with JetStream for events. On Debian:',
      '  sudo apt-get install -y nats-server',
      'then turn JetStream on in its service:',
      ...JETSTREAM_HOWTO.slice(1),
    ].join('\n');
  }
  try {
    await connection.jetstreamManager();
    return undefined;
  } catch (error) {
    return [`NATS at ${url} answers but JetStream is not enabled (${describe(error)}); appgen keeps its events there.`, ...JETSTREAM_HOWTO].join('\n');
  } finally {
    await connection.close().catch(() => undefined);
  }
}

/** Returns undefined when Redis at `url` answers PING, else how to fix it. */
export async function checkRedis(url) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 5000 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return undefined;
  } catch (error) {
    return [
      `Redis is not reachable at ${url}: ${describe(error)}.`,
      'The tests check that rate limits are shared between gateway replicas through Redis. On Debian:',
      '  sudo apt-get install -y redis-server       (it starts by itself; otherwise: sudo systemctl start redis-server)',
      'or point REDIS_URL at a Redis you already have.',
    ].join('\n');
  } finally {
    redis.disconnect();
  }
}

/** Deletes the keys under `prefix` (the harness gives every run its own). */
export async function deleteRedisKeys(url, prefix) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Runs the named checks together; returns the list of problems (empty when all is well). */
export async function preflight({ postgres, nats, redis }) {
  const checks = [];
  if (postgres) checks.push(checkPostgres(postgres));
  if (nats) checks.push(checkNats(nats));
  if (redis) checks.push(checkRedis(redis));
  return (await Promise.all(checks)).filter((problem) => problem !== undefined);
}
