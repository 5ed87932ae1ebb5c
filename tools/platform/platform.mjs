/**
 * Runs the appgen processes from their compiled entries (`npm run build` first). Used by `npm start`, the
 * end-to-end harness (apps/e2e) and the benchmarks; Node builtins only.
 *
 *   const platform = await startPlatform({ env, ports, logDir, services, gatewayReplicas, quiet });
 *     env              variables for every process, over process.env (DATABASE_URL, NATS_URL, SECRETS_KEY, ...);
 *                      DATABASE_URL is the database as its administrator (default: postgres@127.0.0.1/appgen):
 *                      before starting anything the runner provisions every service's own role and schema there
 *                      (libs/service-kit/src/database-roles.ts) and hands each service that stores data a
 *                      DATABASE_URL as its role; the gateway and the edge, which hold no data, get none.
 *                      without SECRETS_KEY anywhere the run gets a random one (its sealed values die with it).
 *                      SITE_URL defaults to the first gateway's address, EDGE_PORT to 8080, EDGE_TLS_PORT to 8443, PUBLIC_URL_PORT
 *                      (the port in the app addresses the services hand out) to EDGE_PORT.
 *     ports            { [service]: port } for each service's own port variable (see SERVICES); `gateway` may
 *                      be an array with one port per replica. Missing ones use the defaults (replicas: +1 each).
 *     metricsPorts     { gateway: port or [port, ...] } for the gateway's internal METRICS_PORT (its own port is
 *                      public); default 3100, replicas +10 each. Every other process serves /metrics on its port.
 *     logDir           each process writes stdout and stderr to <logDir>/<instance>.log (truncated at start).
 *     services         names to run (default: all); a service whose dist entry does not exist is skipped
 *                      with a message and listed in `platform.skipped`.
 *     gatewayReplicas  gateway processes to run; instances are `gateway`, `gateway-2`, `gateway-3`, ...
 *     quiet            no progress lines on stdout.
 *     launch           (service name) => { command, args, cwd, env?, uid?, gid? }: how to run a process instead of this Node
 *                      with NODE_FLAGS and its dist entry from the checkout (tools/image runs the images' contents
 *                      this way, as their user).
 *     supervise        restart a process that exits on its own once it has been healthy (npm start, e2e): after
 *                      0.5 s, doubling up to 15 s while it keeps dying, back to 0.5 s once it stayed up 30 s.
 *                      One line per exit (instance, code or signal, next try, log file) and one when it is healthy
 *                      again. Processes stopped through kill() or stop() are not restarted.
 *   Resolves once every /health answers 200 (60 s at most). If a process exits or times out it rejects with
 *   its name and the last 30 lines of its log, after stopping whatever it started (no restarts while starting).
 *
 *   platform.urls      { api, site, edge, edgeTls, gateways: [url, ...], health: { [instance]: url }, metrics: { [instance]: url } }
 *   platform.env       the variables every process was given (without the per-process port and DATABASE_URL)
 *   platform.databaseUrls  { [service]: the DATABASE_URL it connects with, as its own role }
 *   platform.instances running instance names; platform.skipped: services not built
 *   platform.stop()                       SIGTERM to all, SIGKILL after 15 s; resolves when all exited
 *   platform.kill(instance, signal?)      one process (default SIGTERM, SIGKILL after 15 s); resolves on exit
 *   platform.start(instance, env?)        starts a stopped instance again, env overriding; resolves when healthy
 *                                         (supervised restarts reuse the env of the last start)
 *   platform.restart(instance, env?)      kill then start
 *   platform.pids()                       { [instance]: pid, or null while it is down }
 *   platform.logPath(instance)
 *
 * Children run in their own process group so that Ctrl-C in a terminal reaches only the runner, which then
 * shuts them down once, in order; if the runner itself exits they are killed with it.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, portTaken } from '../../libs/testing/src/free-port.cjs';

export { freePort, portTaken };

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Every process: `portVar` is the variable the process reads for its HTTP port (health, or the public
 * surface for the gateway), `devVar` the one `npm start` reads to move that port.
 */
export const SERVICES = [
  { name: 'gateway', entry: 'dist/apps/gateway/src/main.js', portVar: 'PORT', port: 3000, devVar: 'PORT', metricsPortVar: 'METRICS_PORT', metricsPort: 3100 },
  { name: 'apps-service', entry: 'dist/apps/apps-service/src/main.js', portVar: 'HEALTH_PORT', port: 3101, devVar: 'APPS_SERVICE_HEALTH_PORT' },
  { name: 'generation-service', entry: 'dist/apps/generation-service/src/main.js', portVar: 'HEALTH_PORT', port: 3102, devVar: 'GENERATION_SERVICE_HEALTH_PORT' },
  { name: 'deployment-service', entry: 'dist/apps/deployment-service/src/main.js', portVar: 'HEALTH_PORT', port: 3103, devVar: 'DEPLOYMENT_SERVICE_HEALTH_PORT' },
  { name: 'edge', entry: 'dist/apps/edge/src/main.js', portVar: 'HEALTH_PORT', port: 3104, devVar: 'EDGE_HEALTH_PORT' },
  { name: 'users-service', entry: 'dist/apps/users-service/src/main.js', portVar: 'HEALTH_PORT', port: 3105, devVar: 'USERS_SERVICE_HEALTH_PORT' },
  { name: 'webhooks-service', entry: 'dist/apps/webhooks-service/src/main.js', portVar: 'HEALTH_PORT', port: 3106, devVar: 'WEBHOOKS_SERVICE_HEALTH_PORT' },
  { name: 'domains-service', entry: 'dist/apps/domains-service/src/main.js', portVar: 'HEALTH_PORT', port: 3107, devVar: 'DOMAINS_SERVICE_HEALTH_PORT' },
  { name: 'billing-service', entry: 'dist/apps/billing-service/src/main.js', portVar: 'HEALTH_PORT', port: 3108, devVar: 'BILLING_SERVICE_HEALTH_PORT' },
  { name: 'claim-service', entry: 'dist/apps/claim-service/src/main.js', portVar: 'HEALTH_PORT', port: 3109, devVar: 'CLAIM_SERVICE_HEALTH_PORT' },
];

/**
 * Node's flags for every process, as the image runs them (docker/Dockerfile's CMD): a young generation of at most
 * 2 x 16 MB (V8 sizes it by the heap otherwise), which the gateway's read path needs (at 4 MB it scavenged so often
 * that gateway-read lost a twentieth of its throughput); `--expose-gc` lets a process hand its heap back once it goes
 * quiet after work (service-kit's quiet-collector), which keeps it idling under 120 MB;
 * `--no-allocation-site-pretenuring`: V8 otherwise decides, from a burst in which many objects of one allocation site
 * outlive a scavenge, to allocate that site's objects in the old generation from then on. For a service every
 * request's objects are short-lived: once pretenured, apps-service put each read's parsed Postgres row straight into
 * the old generation (0.27 MB a scavenge in gateway-read, none without pretenuring) and ran a full collection every
 * few seconds of traffic. `--single-threaded-gc`: V8 otherwise runs its collections with helper threads on the other
 * cores, which a service shares with the others (a pod gets one CPU at most, k8s/base): on two cores the helpers
 * competed with the next process on the request's path, and the gateway's p99 at half load missed the baseline's in
 * each of three gateway-read runs (1.27 to 1.50 times it) against three of four met with the flag (0.72 to 1.18).
 */
export const NODE_FLAGS = ['--max-semi-space-size=16', '--expose-gc', '--no-allocation-site-pretenuring', '--single-threaded-gc'];

/** The edge's second port, where it serves generated apps; every process reads it to build preview URLs. */
export const EDGE_APPS = { portVar: 'EDGE_PORT', port: 8080 };
/** The edge's HTTPS port, where custom domains are served with their certificates (chosen by SNI). */
export const EDGE_TLS = { portVar: 'EDGE_TLS_PORT', port: 8443 };

/** What the services connect as when no DATABASE_URL is given: the service kit's own default. */
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/appgen';

const READY_TIMEOUT_MS = 60_000;
const KILL_AFTER_MS = 15_000;
// Quick enough that a crash costs users a second or two; the cap keeps a process that dies at start (a bad
// variable, its database away) from spinning the CPU; the reset keeps a rare crash from inheriting old waits.
const RESTART_FIRST_DELAY_MS = 500;
const RESTART_MAX_DELAY_MS = 15_000;
const RESTART_RESET_AFTER_MS = 30_000;

export class PortTakenError extends Error {
  constructor(taken) {
    super(taken.map((t) => `port ${t.port} (${t.what}) is already in use`).join('\n'));
    this.taken = taken;
  }
}

function withoutDatabaseUrl(variables) {
  const { DATABASE_URL: _unused, ...rest } = variables;
  return rest;
}

/**
 * Creates the role and schema of every service in `names` that stores data (idempotent, safe beside other runs on
 * the same server) and returns { [service]: its DATABASE_URL }. The code is the service kit's, from dist/.
 */
async function provisionDatabase(adminUrl, names) {
  const rolesModule = join(ROOT, 'dist/libs/service-kit/src/database-roles.js');
  if (!existsSync(rolesModule)) throw new Error(`${rolesModule} does not exist: build first (npm run build)`);
  const { SERVICE_SCHEMAS, localServiceDatabaseUrl, localServiceRoles, provisionServiceRoles } = (await import(pathToFileURL(rolesModule).href)).default;
  const owning = names.filter((name) => SERVICE_SCHEMAS[name]);
  if (owning.length === 0) return {};
  try {
    await provisionServiceRoles(adminUrl, localServiceRoles(adminUrl));
  } catch (error) {
    throw new Error(
      `Could not create the services' database roles in ${new URL(adminUrl).pathname.slice(1)}: ${error.message}\n` +
        'DATABASE_URL must name a role that may create roles and schemas there (a superuser, or CREATEROLE and owner of the database).',
    );
  }
  return Object.fromEntries(owning.map((name) => [name, localServiceDatabaseUrl(adminUrl, SERVICE_SCHEMAS[name])]));
}

function tail(path, lines = 30) {
  if (!existsSync(path)) return '(no log written)';
  const text = readFileSync(path, 'utf8').trimEnd();
  return text.split('\n').slice(-lines).join('\n') || '(log is empty)';
}

export async function startPlatform(options = {}) {
  // sourceMaps: stack traces name the TypeScript source (local runs); the image runs without, and so does the
  // memory benchmark, since Node then keeps every loaded module's source map (about 20 MB a process).
  const { logDir = join(ROOT, '.data/logs'), gatewayReplicas = 1, quiet = false, supervise = false, sourceMaps = true } = options;
  const launch =
    options.launch ??
    ((name) => ({
      command: process.execPath,
      args: [...NODE_FLAGS, ...(sourceMaps ? ['--enable-source-maps'] : []), SERVICES.find((s) => s.name === name).entry],
      cwd: ROOT,
    }));
  const say = quiet ? () => undefined : (line) => console.log(line);
  const wanted = options.services ?? SERVICES.map((s) => s.name);
  for (const name of wanted) {
    if (!SERVICES.some((s) => s.name === name)) throw new Error(`unknown service "${name}"`);
  }

  const skipped = [];
  const instances = new Map();
  for (const service of SERVICES.filter((s) => wanted.includes(s.name))) {
    if (!options.launch && !existsSync(join(ROOT, service.entry))) {
      skipped.push(service.name);
      say(`skipping ${service.name}: ${service.entry} does not exist (not built yet, or not written yet)`);
      continue;
    }
    const replicas = service.name === 'gateway' ? gatewayReplicas : 1;
    const configured = options.ports?.[service.name];
    for (let i = 0; i < replicas; i += 1) {
      const port = Array.isArray(configured) ? configured[i] : (configured ?? service.port) + i;
      if (port === undefined) throw new Error(`ports.gateway has fewer entries than gatewayReplicas (${replicas})`);
      const name = i === 0 ? service.name : `${service.name}-${i + 1}`;
      const configuredMetrics = options.metricsPorts?.[service.name];
      const metricsPort = service.metricsPortVar
        ? (Array.isArray(configuredMetrics) ? configuredMetrics[i] : (configuredMetrics ?? service.metricsPort) + 10 * i)
        : undefined;
      instances.set(name, {
        name,
        service,
        port,
        metricsPort,
        child: undefined,
        exited: undefined,
        stopping: false,
        // Supervision: restarted only once it has been healthy, so a process that cannot start is reported, not retried.
        supervised: false,
        overrides: {},
        startedAt: 0,
        restarts: 0,
        restartTimer: undefined,
      });
    }
  }

  const gateways = [...instances.values()].filter((i) => i.service.name === 'gateway');
  const env = {
    // Logs go to files, where colour codes are only noise.
    NO_COLOR: '1',
    SITE_URL: `http://localhost:${gateways[0]?.port ?? 3000}`,
    [EDGE_APPS.portVar]: String(EDGE_APPS.port),
    [EDGE_TLS.portVar]: String(EDGE_TLS.port),
    // Services that store secrets refuse to start without a key; a run that names none (a benchmark) gets one of its own.
    ...(process.env.SECRETS_KEY ? {} : { SECRETS_KEY: randomBytes(32).toString('base64') }),
    ...options.env,
  };
  const edgePort = Number(env[EDGE_APPS.portVar]);
  // The addresses handed out (preview_url, production_url) must name the port the edge really listens on.
  if (env.PUBLIC_URL_PORT === undefined && process.env.PUBLIC_URL_PORT === undefined) env.PUBLIC_URL_PORT = String(edgePort);

  const taken = [];
  for (const instance of instances.values()) {
    if (await portTaken(instance.port)) taken.push({ port: instance.port, what: `${instance.name} ${instance.service.portVar}`, instance: instance.name, devVar: instance.service.devVar });
    if (instance.metricsPort !== undefined && (await portTaken(instance.metricsPort))) {
      taken.push({ port: instance.metricsPort, what: `${instance.name} ${instance.service.metricsPortVar}`, instance: instance.name, devVar: instance.service.metricsPortVar });
    }
  }
  if (instances.has('edge') && (await portTaken(edgePort))) {
    taken.push({ port: edgePort, what: `edge ${EDGE_APPS.portVar}`, instance: 'edge', devVar: EDGE_APPS.portVar });
  }
  const edgeTlsPort = Number(env[EDGE_TLS.portVar]);
  if (instances.has('edge') && (await portTaken(edgeTlsPort))) {
    taken.push({ port: edgeTlsPort, what: `edge ${EDGE_TLS.portVar}`, instance: 'edge', devVar: EDGE_TLS.portVar });
  }
  if (taken.length > 0) throw new PortTakenError(taken);

  // Each service connects as its own role, which can use only its own schema; the administrator's URL stays here.
  const adminDatabaseUrl = env.DATABASE_URL || process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  delete env.DATABASE_URL;
  const databaseUrls = await provisionDatabase(adminDatabaseUrl, [...new Set([...instances.values()].map((i) => i.service.name))]);

  mkdirSync(logDir, { recursive: true });
  const logPath = (name) => join(logDir, `${name}.log`);
  const healthUrl = (instance) => `http://127.0.0.1:${instance.port}/health`;
  const metricsUrl = (instance) => `http://127.0.0.1:${instance.metricsPort ?? instance.port}/metrics`;

  function instanceOf(name) {
    const instance = instances.get(name);
    if (!instance) throw new Error(`no instance "${name}" (running: ${[...instances.keys()].join(', ')})`);
    return instance;
  }

  let stoppingAll = false;
  const seconds = (ms) => `${Number((ms / 1000).toFixed(1))} s`;

  function spawnInstance(instance, overrides = {}, truncate = false) {
    const log = openSync(logPath(instance.name), truncate ? 'w' : 'a');
    const { command, args, cwd, env: launchEnv = {}, uid, gid } = launch(instance.service.name);
    const child = spawn(command, args, {
      cwd,
      ...(uid === undefined ? {} : { uid, gid }),
      env: {
        ...withoutDatabaseUrl(process.env),
        ...env,
        ...launchEnv,
        ...(databaseUrls[instance.service.name] ? { DATABASE_URL: databaseUrls[instance.service.name] } : {}),
        ...overrides,
        [instance.service.portVar]: String(instance.port),
        ...(instance.metricsPort === undefined ? {} : { [instance.service.metricsPortVar]: String(instance.metricsPort) }),
      },
      stdio: ['ignore', log, log],
      detached: true,
    });
    closeSync(log);
    instance.child = child;
    instance.stopping = false;
    instance.overrides = overrides;
    instance.startedAt = Date.now();
    instance.exited = new Promise((resolveExit) => {
      child.once('exit', (code, signal) => {
        if (instance.child === child) instance.child = undefined;
        if (instance.stopping) {
          // stopped on purpose: kill() or stop()
        } else if (supervise && instance.supervised && !stoppingAll) {
          scheduleRestart(instance, signal ?? `code ${code}`);
        } else {
          say(`${instance.name} exited (${signal ?? `code ${code}`}); see ${logPath(instance.name)}`);
        }
        resolveExit({ code, signal });
      });
    });
  }

  function scheduleRestart(instance, how) {
    const upFor = Date.now() - instance.startedAt;
    if (upFor >= RESTART_RESET_AFTER_MS) instance.restarts = 0;
    const delay = Math.min(RESTART_FIRST_DELAY_MS * 2 ** instance.restarts, RESTART_MAX_DELAY_MS);
    instance.restarts += 1;
    say(`${instance.name} exited (${how}) after ${seconds(upFor)} up; restarting in ${seconds(delay)}. Log: ${logPath(instance.name)}`);
    instance.restartTimer = setTimeout(() => {
      instance.restartTimer = undefined;
      if (stoppingAll || instance.child) return;
      spawnInstance(instance, instance.overrides);
      const child = instance.child;
      const began = Date.now();
      waitHealthy(instance).then(
        () => say(`${instance.name} restarted (pid ${child.pid}), healthy after ${seconds(Date.now() - began)}`),
        // An exit is reported by the exit handler (with the next restart); a process still up but not healthy is
        // worth a line, as nothing else would say so.
        (error) => {
          if (instance.child === child && !instance.stopping) say(error.message.split('\n')[0]);
        },
      );
    }, delay);
  }

  function cancelRestart(instance) {
    clearTimeout(instance.restartTimer);
    instance.restartTimer = undefined;
  }

  async function waitHealthy(instance) {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    const child = instance.child;
    let exit;
    void instance.exited.then((e) => (exit = e));
    while (Date.now() < deadline) {
      if (exit || instance.child !== child) {
        const how = exit?.signal ?? `code ${exit?.code}`;
        throw new Error(`${instance.name} exited (${how}) before it was healthy. Last lines of ${logPath(instance.name)}:\n${tail(logPath(instance.name))}`);
      }
      try {
        const response = await fetch(healthUrl(instance), { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error(`${instance.name} was not healthy within ${READY_TIMEOUT_MS / 1000} s (${healthUrl(instance)}). Last lines of ${logPath(instance.name)}:\n${tail(logPath(instance.name))}`);
  }

  async function kill(name, signal = 'SIGTERM') {
    const instance = instanceOf(name);
    // Stopped on purpose stays stopped, even if it was waiting to be restarted.
    cancelRestart(instance);
    instance.supervised = false;
    const child = instance.child;
    if (!child) return;
    instance.stopping = true;
    const exited = instance.exited;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
    await exited;
    clearTimeout(timer);
  }

  async function start(name, overrides = {}) {
    const instance = instanceOf(name);
    if (instance.child) throw new Error(`${name} is already running`);
    cancelRestart(instance);
    instance.supervised = false;
    instance.restarts = 0;
    spawnInstance(instance, overrides);
    await waitHealthy(instance);
    instance.supervised = true;
  }

  async function stop() {
    stoppingAll = true;
    await Promise.all([...instances.keys()].map((name) => kill(name)));
  }

  const killAllNow = () => {
    for (const instance of instances.values()) instance.child?.kill('SIGKILL');
  };
  process.on('exit', killAllNow);

  say(`starting ${[...instances.keys()].join(', ')}; logs in ${logDir}`);
  for (const instance of instances.values()) spawnInstance(instance, {}, true);
  try {
    await Promise.all([...instances.values()].map((instance) => waitHealthy(instance)));
    for (const instance of instances.values()) instance.supervised = true;
  } catch (error) {
    await stop();
    process.off('exit', killAllNow);
    throw error;
  }

  const gatewayUrls = gateways.map((g) => `http://127.0.0.1:${g.port}`);
  return {
    urls: {
      api: gatewayUrls[0] ? `${gatewayUrls[0]}/api/v1` : undefined,
      site: env.SITE_URL,
      edge: `http://127.0.0.1:${edgePort}`,
      edgeTls: `https://127.0.0.1:${edgeTlsPort}`,
      gateways: gatewayUrls,
      health: Object.fromEntries([...instances.values()].map((i) => [i.name, healthUrl(i)])),
      metrics: Object.fromEntries([...instances.values()].map((i) => [i.name, metricsUrl(i)])),
    },
    env,
    databaseUrls,
    instances: [...instances.keys()],
    skipped,
    stop: async () => {
      await stop();
      process.off('exit', killAllNow);
    },
    kill,
    start,
    restart: async (name, overrides) => {
      await kill(name);
      await start(name, overrides);
    },
    logPath,
    pids: () => Object.fromEntries([...instances.values()].map((i) => [i.name, i.child?.pid ?? null])),
  };
}
