// `node tools/image/check.mjs`: runs what the images hold, as they run it, without Docker (none runs here or on CI's
// machines). For every app it lays out the image's files the way docker/Dockerfile builds them (dockerfile.mjs): the
// production dependencies installed by the prod-deps stage's own commands, this app's build and the shared libraries
// only, healthcheck.mjs, main.js. The build stage is the checkout after `npm run build`, which runs the same command.
// Then it starts every process from its layout as the image's USER with the image's CMD, ENV and WORKDIR on Node
// NODE_24 (the image's release), the layouts owned by root so that nothing but `.data` is writable, as under a
// read-only root filesystem, and checks what an operator relies on:
//   - each process runs as that user, becomes healthy, serves /metrics, and passes the image's HEALTHCHECK;
//   - a prompt becomes an app that is generated, deployed and served by the edge, whose data API takes a row.
// Exits non-zero, saying what failed, when any of it does. What it cannot show: the base image's own files.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect } from 'nats';
import { build } from '../build/build.mjs';
import { ensureNode24, NODE_24 } from '../platform/install.mjs';
import { freePort, ROOT, SERVICES, startPlatform } from '../platform/platform.mjs';
import { layOutStage, readDockerfile } from './dockerfile.mjs';

// The fault campaign's app too: its one table, guest_books, takes a name and a message.
const PROMPT = 'A guest book where visitors leave a message with their name';
const WAIT_MS = 120_000;

await build();
const require = createRequire(import.meta.url);
const { BillingSubjects, UsersSubjects } = require(join(ROOT, 'dist/libs/contracts/src/index.js'));
const { RpcClient } = require(join(ROOT, 'dist/libs/service-kit/src/index.js'));
const { createScratchDatabase, startNatsServer } = require(join(ROOT, 'dist/libs/testing/src/index.js'));

const node24 = ensureNode24();
if (!node24) process.exit(1);

const work = mkdtempSync(join(tmpdir(), 'appgen-image-'));
// The image's user must reach its layout and the Node inside it.
chmodSync(work, 0o755);
const dockerfile = readDockerfile(readFileSync(join(ROOT, 'docker/Dockerfile'), 'utf8'));
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok    ' : 'FAILED'}  ${what}`);
  if (!ok) failures.push(what);
};

console.log(`laying out the images of docker/Dockerfile in ${work}`);
// npm's cache for the stage's `npm ci ... && npm cache clean`: its own, so the clean empties nothing of the machine's.
const prodDeps = layOutStage(dockerfile, 'prod-deps', { root: join(work, 'prod-deps'), context: ROOT, env: { npm_config_cache: join(work, 'npm-cache') } });
const stageRoots = {
  'prod-deps': { pathOf: (path) => join(prodDeps.root, path), link: true },
  // The build stage's /app is the checkout, built.
  build: { pathOf: (path) => join(ROOT, path.replace(/^\/app\/?/, '')), link: false },
};
const images = {};
for (const { name } of SERVICES) {
  const image = layOutStage(dockerfile, 'runtime', { root: join(work, name), buildArgs: { APP: name }, context: ROOT, stageRoots });
  // The base image's node, where the image's PATH finds it.
  mkdirSync(join(image.root, 'usr/local/bin'), { recursive: true });
  copyFileSync(node24, join(image.root, 'usr/local/bin/node'));
  chmodSync(join(image.root, 'usr/local/bin/node'), 0o755);
  images[name] = image;
}
const runtime = images.gateway;
check(runtime.user !== undefined && runtime.user.uid !== 0, `the images run as a user other than root (USER ${runtime.user?.uid}:${runtime.user?.gid})`);
check(runtime.cmd?.[0] === 'node', `CMD starts node itself, as PID 1 (${JSON.stringify(runtime.cmd)})`);

/** An image's command with its `node` as the base image's and its absolute paths inside the layout. */
const inImage = (image, command) => [join(image.root, 'usr/local/bin/node'), ...command.slice(1).map((part) => (part.startsWith('/') ? join(image.root, part) : part))];

const nats = await startNatsServer();
const database = await createScratchDatabase('appgen_image');
let platform;
try {
  const edgePort = await freePort();
  const ports = Object.fromEntries(await Promise.all(SERVICES.map(async ({ name }) => [name, await freePort()])));
  platform = await startPlatform({
    env: {
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      REDIS_URL: '',
      MAIL_URL: '',
      EDGE_PORT: String(edgePort),
      EDGE_TLS_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    },
    ports,
    metricsPorts: { gateway: await freePort() },
    logDir: join(work, 'logs'),
    quiet: true,
    launch: (name) => {
      const image = images[name];
      const [command, ...args] = inImage(image, image.cmd);
      return { command, args, cwd: image.imagePath('.'), env: image.env, uid: image.user.uid, gid: image.user.gid };
    },
  });
  check(true, `every process became healthy from its image's files, on Node ${NODE_24}`);

  for (const [name, pid] of Object.entries(platform.pids())) {
    const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    check(Number(uid) === images[name].user.uid, `${name} runs as uid ${uid}`);
    const metrics = await fetch(platform.urls.metrics[name]);
    check(metrics.status === 200 && (await metrics.text()).includes('process_cpu_seconds_total'), `${name} serves /metrics`);
    const service = SERVICES.find((s) => s.name === name);
    const [command, ...args] = inImage(images[name], images[name].healthcheck);
    const probe = spawnSync(command, args, {
      cwd: images[name].imagePath('.'),
      uid: images[name].user.uid,
      gid: images[name].user.gid,
      env: { ...images[name].env, [service.portVar]: String(ports[name]) },
      encoding: 'utf8',
    });
    check(probe.status === 0, `${name} passes the image's HEALTHCHECK${probe.status === 0 ? '' : `: ${probe.stderr.trim()}`}`);
  }

  await theProductLoop(platform, check);
} catch (error) {
  check(false, error instanceof Error ? error.message : String(error));
} finally {
  await platform?.stop();
  await database.drop();
  await nats.stop();
}

if (failures.length > 0) {
  console.error(`\nthe images' contents do not run as they must (layouts and logs kept in ${work}):\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
rmSync(work, { recursive: true, force: true });
console.log('\nevery image runs as its user from its own files, and a prompt became an app served by the edge');

/** An account builds an app from a prompt, deploys it, and a visitor reads it and writes a row through the edge. */
async function theProductLoop({ urls }, check) {
  const bus = await connect({ servers: nats.url });
  const rpc = new RpcClient(bus, 10_000);
  const { account, raw_key: key } = await rpc.request(UsersSubjects.adminCreateAccount, { email: 'image-check@example.com', plan: 'pro' });
  await rpc.request(BillingSubjects.grant, { account_id: account.id, credits: 1_000, reason: 'image check' });
  await bus.close();
  const api = async (method, path, body) => {
    const response = await fetch(`${urls.api}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: await response.json() };
  };
  const until = async (read, done) => {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const answer = await read();
      if (done(answer) || Date.now() > deadline) return answer;
      await sleep(500);
    }
  };

  // A sign-in code goes out as mail: with no MAIL_URL, users-service writes it under .data, the image's one writable folder.
  const codeSent = await fetch(`${urls.api}/auth/magic_code`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email }) });
  check(codeSent.status === 200, `POST /auth/magic_code answered ${codeSent.status}`);
  const mailDir = images['users-service'].imagePath('.data/mail');
  const mails = await until(async () => (existsSync(mailDir) ? readdirSync(mailDir) : []), (files) => files.length > 0);
  check(mails.length === 1, `users-service wrote the sign-in mail under .data (${mails.length} file(s))`);

  const queued = await api('POST', '/generation_queue', { prompt: PROMPT });
  check(queued.status === 202, `POST /generation_queue answered ${queued.status}`);
  const job = await until(() => api('GET', `/generation_queue/${queued.body.job_id}`), (j) => !['queued', 'processing'].includes(j.body.status));
  check(job.body.status === 'completed', `the generation ended ${job.body.status}${job.body.error ? `: ${JSON.stringify(job.body.error)}` : ''}`);
  const appId = queued.body.app_id;
  const deploy = await api('POST', `/managed_apps/${appId}/deploy`);
  check(deploy.status === 202, `POST /managed_apps/:id/deploy answered ${deploy.status}`);
  const deployed = await until(() => api('GET', `/managed_apps/${appId}`), (a) => Boolean(a.body.app?.urls?.production));
  const production = deployed.body.app?.urls?.production;
  check(Boolean(production), `the app was deployed (${production ?? 'no production address'})`);
  if (!production) return;

  const host = new URL(production).host;
  const page = await edge('GET', '/', host);
  check(page.status === 200 && page.body.includes('<html'), `the edge serves the app's page (${page.status})`);
  const written = await edge('POST', '/_api/entities/guest_books', host, { name: 'Ada', message: 'Signed from the image check' });
  check(written.status === 201, `the app's data API took a row (${written.status}: ${written.body.slice(0, 200)})`);
}

/** One request to the edge with the app's Host (fetch may not set Host, which the edge routes by). */
function edge(method, path, host, body) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const url = new URL(path, platform.urls.edge);
  return new Promise((resolveCall, reject) => {
    const request = httpRequest(
      url,
      { method, headers: { Host: host, Origin: `http://${host}`, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolveCall({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
