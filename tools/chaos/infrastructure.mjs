// A private Postgres cluster and a private nats-server with JetStream for the fault campaign: it restarts and
// kills them, which it must never do to the machine's shared ones. Each keeps its port and data directory across
// restarts, as a real server coming back would. Postgres refuses to run as root, so under root both initdb and
// the server run as the `postgres` OS user (Debian's package creates it).
import { execFileSync, spawn } from 'node:child_process';
import { accessSync, chownSync, closeSync, constants, existsSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect } from 'nats';
import pg from 'pg';
import { freePort } from '../platform/platform.mjs';

function findBinary(name, extraDirs = []) {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), ...extraDirs];
  for (const dir of dirs.filter(Boolean)) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not in this one
    }
  }
  return undefined;
}

/** The newest installed Postgres server's bin directory (Debian keeps each major version apart). */
function postgresBinDir() {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin/pg_ctl'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest) return join(root, newest, 'bin');
  const initdb = findBinary('initdb');
  if (initdb) return join(initdb, '..');
  throw new Error('the fault campaign runs a private Postgres and needs its server binaries (initdb, pg_ctl): sudo apt-get install -y postgresql');
}

/** Under root, the uid/gid of the `postgres` user, to run the cluster as; otherwise nothing (run as ourselves). */
function postgresUser() {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

function runAs(user, command, args, logPath) {
  return new Promise((resolveRun, reject) => {
    const log = openSync(logPath, 'a');
    const child = spawn(command, args, { ...user, stdio: ['ignore', log, log] });
    closeSync(log);
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolveRun() : reject(new Error(`${command} ${args[0]} exited with ${code}; see ${logPath}`))));
  });
}

/**
 * initdb + pg_ctl in `dir` on a free port, trust auth on loopback only. `stop({immediate})` is pg_ctl's
 * "immediate" mode (no checkpoint, recovery at next start: as close to a crash as pg_ctl goes) or "fast".
 */
export async function startPrivatePostgres(dir, logDir) {
  const bin = postgresBinDir();
  const user = postgresUser();
  const dataDir = join(dir, 'pgdata');
  const socketDir = join(dir, 'pgsocket');
  mkdirSync(socketDir, { recursive: true });
  if (user.uid !== undefined) {
    chownSync(dir, user.uid, user.gid);
    chownSync(socketDir, user.uid, user.gid);
  }
  const logPath = join(logDir, 'postgres.log');
  // pg_ctl appends the server's own output to it, as the cluster's user.
  closeSync(openSync(logPath, 'a'));
  if (user.uid !== undefined) chownSync(logPath, user.uid, user.gid);
  const port = await freePort();
  await runAs(user, join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], logPath);
  const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`;
  const url = `postgres://postgres@127.0.0.1:${port}/appgen`;

  async function ready() {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        await client.end().catch(() => undefined);
        await sleep(200);
      }
    }
    throw new Error(`the private Postgres did not accept connections on ${port} within 30 s; see ${logPath}`);
  }
  const start = async () => {
    await runAs(user, join(bin, 'pg_ctl'), ['start', '-D', dataDir, '-l', logPath, '-o', options, '-w', '-t', '60'], logPath);
    await ready();
  };
  const stop = (mode) => runAs(user, join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', mode, '-w', '-t', '60'], logPath);

  await start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE appgen');
  await admin.end();
  return {
    url,
    port,
    /** A crash-like stop (immediate: no shutdown checkpoint) and a start on the same port and data. */
    async restart({ immediate = false } = {}) {
      await stop(immediate ? 'immediate' : 'fast');
      await start();
    },
    stop: () => stop('fast').catch(() => undefined),
  };
}

/** nats-server -js on a free port, storing in `dir`; `restart({kill})` is SIGKILL (no goodbye) or SIGTERM. */
export async function startPrivateNats(dir, logDir) {
  const binary = process.env.NATS_SERVER_BIN ?? findBinary('nats-server', ['/usr/sbin', '/usr/local/sbin']);
  if (!binary) throw new Error('the fault campaign runs a private nats-server: sudo apt-get install -y nats-server');
  const port = await freePort();
  const url = `nats://127.0.0.1:${port}`;
  const storeDir = join(dir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  const logPath = join(logDir, 'nats-server.log');
  let child;

  async function start() {
    const log = openSync(logPath, 'a');
    child = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: ['ignore', log, log], detached: true });
    closeSync(log);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`nats-server exited (code ${child.exitCode}); see ${logPath}`);
      try {
        const connection = await connect({ servers: url, timeout: 1000, reconnect: false });
        await connection.jetstreamManager();
        await connection.close();
        return;
      } catch {
        await sleep(100);
      }
    }
    throw new Error(`nats-server did not answer on ${url} within 20 s; see ${logPath}`);
  }
  async function stop(signal) {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill(signal);
    await exited;
  }
  process.once('exit', () => child?.kill('SIGKILL'));

  await start();
  return {
    url,
    port,
    async restart({ kill = false } = {}) {
      await stop(kill ? 'SIGKILL' : 'SIGTERM');
      await start();
    },
    stop: () => stop('SIGTERM'),
  };
}
