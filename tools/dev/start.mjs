// `npm start`: installs what is missing, checks Postgres and NATS, builds, provisions each service's own database
// role (the platform runner does, as DATABASE_URL's role), and runs every appgen process in the foreground until
// Ctrl-C. Only Node builtins are imported before the dependencies are installed.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureInstalled, requireNodeVersion } from '../platform/install.mjs';
import { EDGE_APPS, EDGE_TLS, PortTakenError, ROOT, SERVICES, startPlatform } from '../platform/platform.mjs';

requireNodeVersion();
if (!ensureInstalled()) {
  console.error('npm ci failed (see above); fix that and run npm start again.');
  process.exit(1);
}

const { DEFAULTS, checkNats, checkPostgres, ensureDatabase } = await import('../platform/preflight.mjs');

const dataDir = join(ROOT, '.data');
const logDir = join(dataDir, 'logs');
const mailDir = process.env.MAIL_DIR || join(dataDir, 'mail');
const show = (path) => {
  const rel = relative(process.cwd(), path);
  return rel.startsWith('..') ? path : rel || '.';
};

const databaseUrl = process.env.DATABASE_URL || DEFAULTS.DATABASE_URL;
const natsUrl = process.env.NATS_URL || DEFAULTS.NATS_URL;
const problems = (await Promise.all([checkPostgres(databaseUrl), checkNats(natsUrl)])).filter(Boolean);
if (problems.length > 0) {
  console.error(`\nappgen cannot start yet:\n\n${problems.join('\n\n')}\n\nThen run npm start again.`);
  process.exit(1);
}
try {
  if (await ensureDatabase(databaseUrl)) console.log(`Created database ${new URL(databaseUrl).pathname.slice(1)}.`);
} catch (error) {
  console.error(
    `Could not create the database of ${databaseUrl}: ${error.message}\n` +
      'Create it yourself (sudo -u postgres createdb appgen) or give the user the CREATEDB right.',
  );
  process.exit(1);
}

mkdirSync(dataDir, { recursive: true });
mkdirSync(mailDir, { recursive: true });
const keyFile = join(dataDir, 'secrets.key');
if (!process.env.SECRETS_KEY && !existsSync(keyFile)) {
  writeFileSync(keyFile, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  console.log(`Generated ${show(keyFile)} (the key for values stored encrypted; keep it with the database).`);
}
const secretsKey = process.env.SECRETS_KEY || readFileSync(keyFile, 'utf8').trim();

console.log('Building...');
const build = spawnSync(process.execPath, [join(ROOT, 'tools/build/build.mjs')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
if (build.status !== 0) process.exit(1);

// Each port can be moved by its own variable, so that two services never fight over HEALTH_PORT.
const ports = {};
for (const service of SERVICES) {
  const value = process.env[service.devVar];
  if (value) ports[service.name] = Number(value);
}
// The gateway's internal metrics port, as in a deployment: METRICS_PORT moves it.
const metricsPorts = process.env.METRICS_PORT ? { gateway: Number(process.env.METRICS_PORT) } : {};
const gatewayPort = ports.gateway ?? SERVICES.find((s) => s.name === 'gateway').port;
const edgePort = Number(process.env[EDGE_APPS.portVar] || EDGE_APPS.port);
const edgeTlsPort = Number(process.env[EDGE_TLS.portVar] || EDGE_TLS.port);

let platform;
try {
  platform = await startPlatform({
    ports,
    metricsPorts,
    logDir,
    // A process that dies (a crash, the OOM killer, kill -9) comes back on its own instead of leaving every
    // route that needs it answering 503 until someone notices.
    supervise: true,
    env: {
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      SECRETS_KEY: secretsKey,
      MAIL_DIR: mailDir,
      [EDGE_APPS.portVar]: String(edgePort),
      [EDGE_TLS.portVar]: String(edgeTlsPort),
      SITE_URL: process.env.SITE_URL || `http://localhost:${gatewayPort}`,
    },
  });
} catch (error) {
  if (error instanceof PortTakenError) {
    for (const t of error.taken) {
      console.error(`Port ${t.port} (${t.instance}) is already in use. Stop what listens there (ss -ltnp 'sport = :${t.port}' shows it) or move it: ${t.devVar}=<free port> npm start`);
    }
  } else {
    console.error(`\n${error.message}`);
  }
  process.exit(1);
}

const site = `http://localhost:${gatewayPort}`;
const lines = [
  '',
  'appgen is running.',
  `  API        ${site}/api/v1`,
  `  Reference  ${site}/docs   (OpenAPI: ${site}/openapi.json)`,
  `  Apps       http://preview-<app_id>.${process.env.PREVIEW_HOST || 'preview.localhost'}:${edgePort} (edge on port ${edgePort})`,
  `  Database   ${new URL(databaseUrl).pathname.slice(1)}: each service connects as its own role (${Object.values(platform.databaseUrls).map((url) => new URL(url).username).join(', ')})`,
  `  Logs       ${show(logDir)}/<service>.log`,
  `  Mail       ${show(mailDir)}/*.eml (sign-in codes land here; set MAIL_URL=smtp://... to send real mail)`,
  '',
  'Get an API key:',
  '  npm run admin -- create-account you@example.com        (prints a full_access key)',
  `  or: curl -X POST ${site}/api/v1/accounts -H 'content-type: application/json' -d '{"email":"you@example.com"}'`,
  `      then sign in with the 6-digit code from ${show(mailDir)}: POST ${site}/api/v1/auth/magic_code {"email","code"}`,
];
if (platform.skipped.length > 0) lines.push('', `Not started (not written yet): ${platform.skipped.join(', ')}`);
lines.push(
  '',
  'A process that exits is restarted (after 0.5 s, up to 15 s apart while it keeps failing); each exit and',
  `restart is reported here, and ${site}/health says "degraded" while a service is down.`,
  'Ctrl-C stops everything.',
);
console.log(lines.join('\n'));

let stopping = 0;
async function shutdown(signal) {
  const now = Date.now();
  if (stopping) {
    // A terminal delivers Ctrl-C to npm and to us; only a deliberate second press forces it.
    if (now - stopping < 1000) return;
    console.log('Forcing: killing every process now.');
    process.exit(130);
  }
  stopping = now;
  console.log(`\n${signal}: stopping every process (Ctrl-C again to force)...`);
  await platform.stop();
  console.log('Stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// `npm start` runs us under `sh -c`, which dies on SIGTERM without passing it on; a runner whose parent
// went away stops its processes rather than leaving them running unattended.
const parent = process.ppid;
process.stdout.on('error', () => undefined);
setInterval(() => {
  if (process.ppid !== parent) void shutdown('parent exited');
}, 1000).unref();
