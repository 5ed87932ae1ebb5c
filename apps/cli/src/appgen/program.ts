import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { resolve } from 'node:path';
import { AppgenApiError, AppgenTimeoutError, dataOf, errorBody, paginate, waitForDeployment, waitForJob, type AppgenClient, type components } from '@appgen/sdk';
import { configPath, readConfig, removeConfig, writeConfig } from './config-file';
import { CliError, EXIT, type ExitCode } from './exit-codes';
import { localPathOf, planPush, readLocalFiles, writeLocalFiles } from './files-sync';
import { signInWithBrowser } from './oauth-login';
import { Output, table } from './output';
import { ProgressView } from './progress';
import { CLI_VERSION, Session, type CliIo, type GlobalOptions } from './session';

type Schemas = components['schemas'];
type Handler = (session: Session, command: Command) => Promise<void>;

const JOB_PHASE = 'generation';
const API_KEY_SCOPES = ['read_only', 'read_write', 'full_access'] as const;

/** Runs `appgen <argv>`; answers the exit code. Every failure is one `{error, message}` line, never a stack trace. */
export async function runAppgen(argv: readonly string[], io: CliIo): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    const json = argv.includes('--json');
    return reportFailure(error, new Output(io.stdout, io.stderr, json));
  }
}

/** Prints a failure as the API's one-line body and answers its exit code. */
export function reportFailure(error: unknown, out: Output): ExitCode {
  if (error instanceof CommanderError) {
    if (error.exitCode === 0) return EXIT.ok; // --help, --version
    const message = error.code === 'commander.help' ? 'a command is missing: see the list above' : `${error.message.replace(/^error: /, '')} (see appgen --help)`;
    out.failure({ error: 'usage_error', message });
    return EXIT.usage;
  }
  const failure = describeFailure(error);
  if (!(error instanceof FinishedUnsuccessfully)) out.failure(failure.body);
  return failure.exitCode;
}

function describeFailure(error: unknown): { exitCode: ExitCode; body: { error: string; message: string } } {
  if (error instanceof CliError) return { exitCode: error.exitCode, body: error.body };
  if (error instanceof AppgenApiError) {
    const exitCode = error.status === 401 || error.status === 403 ? EXIT.auth : EXIT.apiError;
    return { exitCode, body: { ...error.body, message: error.body.message } };
  }
  if (error instanceof AppgenTimeoutError) return { exitCode: EXIT.timeout, body: { error: 'timeout', message: error.message } };
  if (error instanceof Error && error.name === 'AbortError') return { exitCode: EXIT.interrupted, body: { error: 'interrupted', message: 'Stopped waiting (the work goes on)' } };
  if (error instanceof TypeError && error.message === 'fetch failed') {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { exitCode: EXIT.apiError, body: { error: 'network_error', message: `Could not reach the appgen API: ${cause?.code ?? cause?.message ?? error.message}` } };
  }
  return { exitCode: EXIT.apiError, body: { error: 'internal_error', message: error instanceof Error ? error.message : String(error) } };
}

function buildProgram(io: CliIo): Command {
  const program = new Command('appgen')
    .description('appgen from the command line: generate, deploy and manage full-stack web apps from a prompt')
    .version(CLI_VERSION, '-V, --version')
    .addOption(jsonOption())
    .addOption(apiUrlOption())
    // Options before a command are appgen's, after it the command's: so `rollback --version 2` is rollback's.
    .enablePositionalOptions()
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      // Help asked for by mistake (`appgen apps`) goes to stderr; errors are printed once, as JSON, by runAppgen.
      writeErr: (text) => io.stderr.write(text),
      outputError: () => undefined,
    });

  const action = (handler: Handler) =>
    async function (this: Command): Promise<void> {
      await handler(new Session(io, this.optsWithGlobals<GlobalOptions>()), this);
    };

  program
    .command('login')
    .description('store an API key for the next commands (checked first; from --api-key, APPGEN_API_KEY, the terminal or stdin), or sign in in the browser with --web')
    .option('--api-key <key>', 'the key (svc_...); safer typed at the prompt or piped in')
    .option('--web', 'sign in in the browser instead (OAuth, a loopback redirect to this machine)')
    .option('--no-browser', 'with --web: only print the address to open')
    .addOption(new Option('--timeout <seconds>', 'with --web: how long to wait for the browser').default(300).argParser(positiveInteger))
    .action(action(login));
  program.command('logout').description('forget the stored API key').action(action(logout));
  program.command('whoami').description('the account and credential in use').action(action(whoami));

  program
    .command('generate')
    .description('generate an app from a prompt, or change an app with --app')
    .argument('<prompt>', 'what the app should be, or what to change')
    .option('--app <id>', 'change this app instead of making a new one')
    .option('--name <name>', 'the new app\'s name')
    .option('--wait', 'wait until the generation ends, showing its progress')
    .addOption(timeoutOption())
    .action(action(generate));

  const apps = program.command('apps').description('list, show and delete apps');
  apps
    .command('ls')
    .description('every app of the account')
    .addOption(new Option('--status <status>', 'only apps in this status').choices(['draft', 'generating', 'generated', 'published', 'failed']))
    .option('--name <text>', 'only apps whose name contains this')
    .action(action(listApps));
  apps.command('show').description('an app in detail').argument('<app>', 'app id').action(action(showApp));
  apps.command('rm').description('delete an app and everything of it').argument('<app>', 'app id').option('-y, --yes', 'do not ask').action(action(removeApp));

  program
    .command('deploy')
    .description('deploy an app\'s newest successful build to production')
    .argument('<app>', 'app id')
    .option('--wait', 'wait until the deployment is live (or failed)')
    .addOption(timeoutOption())
    .action(action(deploy));
  program
    .command('rollback')
    .description('restore an earlier version (a new version; preview and production serve it)')
    .argument('<app>', 'app id')
    .option('--version <n>', 'the version number to restore (default: the one before the newest)', positiveInteger)
    .action(action(rollback));
  program.command('versions').description('an app\'s versions').argument('<app>', 'app id').action(action(listVersions));

  const files = program.command('files').description('copy an app\'s source files to and from a folder');
  files
    .command('pull')
    .description('write the app\'s files into a folder')
    .argument('<app>', 'app id')
    .argument('[dir]', 'the folder (default: one named after the app id)')
    .option('--path <text>', 'only files whose path contains this')
    .action(action(pullFiles));
  files
    .command('push')
    .description('send the folder\'s new and changed files to the app (each rebuilds the preview)')
    .argument('<app>', 'app id')
    .argument('[dir]', 'the folder (default: one named after the app id)')
    .option('--delete', 'also delete the app\'s files that are not in the folder')
    .option('--dry-run', 'show what would be sent, send nothing')
    .action(action(pushFiles));

  program.command('errors').description('an app\'s build errors and what to do about them').argument('<app>', 'app id').action(action(buildErrors));

  const domains = program.command('domains').description('custom domains of an app');
  domains.command('ls').description('the app\'s custom domains').argument('<app>', 'app id').action(action(listDomains));
  domains.command('add').description('add a domain; prints the DNS record to create').argument('<app>', 'app id').argument('<domain>', 'e.g. shop.example.com').action(action(addDomain));
  domains.command('check').description('re-check DNS and TLS of a domain').argument('<app>', 'app id').argument('<domain>', 'the domain or its id').action(action(checkDomain));

  const keys = program.command('keys').description('API keys of the account');
  keys.command('ls').description('every key (masked)').action(action(listKeys));
  keys
    .command('create')
    .description('make a key; it is shown once')
    .option('--name <name>', 'what it is for')
    .addOption(new Option('--scope <scope>', 'what it may do').choices(API_KEY_SCOPES).default('read_only'))
    .option('--expires-in-days <days>', 'expire after this many days', positiveInteger)
    .action(action(createKey));
  keys.command('revoke').description('stop a key at once').argument('<id>', 'key id', positiveInteger).action(action(revokeKey));

  const webhooks = program.command('webhooks').description('webhook subscriptions');
  webhooks.command('ls').description('every subscription').action(action(listWebhooks));
  webhooks
    .command('create')
    .description('subscribe a URL to events; prints the signing secret')
    .argument('<url>', 'the receiving https URL')
    .requiredOption('--events <kinds>', 'comma-separated event kinds, e.g. app.generation.completed,app.deployment.completed')
    .option('--name <name>', 'a name')
    .action(action(createWebhook));
  webhooks.command('rm').description('delete a subscription').argument('<id>', 'webhook id', positiveInteger).action(action(removeWebhook));
  webhooks.command('test').description('send a signed test event').argument('<id>', 'webhook id', positiveInteger).action(action(testWebhook));
  webhooks.command('deliveries').description('delivery history').argument('<id>', 'webhook id', positiveInteger).action(action(listDeliveries));

  program.command('usage').description('credits, usage this month and the rate limit').action(action(usage));
  // Every command takes the global options after it too (`appgen apps ls --json`).
  const leaves = (command: Command): Command[] => (command.commands.length === 0 ? [command] : command.commands.flatMap(leaves));
  for (const leaf of leaves(program)) leaf.addOption(jsonOption()).addOption(apiUrlOption()).exitOverride();
  return program;
}

function jsonOption(): Option {
  return new Option('--json', 'print the result as JSON, on the last line of output');
}

function apiUrlOption(): Option {
  return new Option('--api-url <url>', 'the appgen API (default APPGEN_API_URL, the login, or http://localhost:3000)');
}

function timeoutOption(): Option {
  return new Option('--timeout <seconds>', 'give up waiting after this long (exit 4)').default(600).argParser(positiveInteger);
}

function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(parsed) || parsed < 1) throw new InvalidArgumentError('must be a positive whole number');
  return parsed;
}

/** openapi-fetch calls answer `{data, error}`; the CLI throws the error with its body. */
const call = dataOf;

/** Every item of a list: the CLI shows whole lists (Node 20 has no Array.fromAsync). */
async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

// ---- account ----

async function login(session: Session, command: Command): Promise<void> {
  const { io, out } = session;
  const options = command.opts<{ apiKey?: string; web?: boolean; browser: boolean; timeout: number }>();
  if (options.web) return loginWithBrowser(session, options);
  const given: string | undefined = options.apiKey ?? io.env['APPGEN_API_KEY'];
  const key = (given ?? (io.ask ? await io.ask('API key (svc_...): ', { hidden: true }) : await io.readStdin?.()) ?? '').trim();
  if (!key) throw CliError.usage('No API key given: pass --api-key, set APPGEN_API_KEY, or pipe it in');
  const apiUrl = await session.apiUrl();
  const who = await call(session.clientWith({ apiKey: key }, apiUrl).GET('/account'));
  const path = configPath(io.env, io.home);
  await writeConfig(path, { api_url: apiUrl, api_key: key });
  out.result({ account: who.account, credential: who.credential, api_url: apiUrl, config_path: path }, () => [
    `Logged in to ${apiUrl} as ${who.account.email} (plan ${who.account.plan}, ${who.credential.scopes.join(' ')}).`,
    `The key is stored in ${path} (readable by you only).`,
  ]);
}

async function loginWithBrowser(session: Session, options: { browser: boolean; timeout: number }): Promise<void> {
  const { io, out } = session;
  const apiUrl = await session.apiUrl();
  const path = configPath(io.env, io.home);
  const before = await readConfig(path);
  const oauth = await signInWithBrowser(
    apiUrl,
    {
      fetch: session.fetch,
      say: (line) => io.stderr.write(`${line}\n`),
      ...(options.browser && io.openUrl ? { openUrl: io.openUrl } : {}),
      timeoutMs: options.timeout * 1000,
      signal: io.signal,
    },
    // The client registered at the last browser sign-in on this API, if any: no new registration each time.
    before.api_url === apiUrl ? before.oauth?.client_id : undefined,
  );
  const who = await call(session.clientWith({ accessToken: oauth.access_token }, apiUrl).GET('/account'));
  await writeConfig(path, { api_url: apiUrl, oauth });
  out.result({ account: who.account, credential: who.credential, api_url: apiUrl, config_path: path }, () => [
    `Signed in to ${apiUrl} as ${who.account.email} (plan ${who.account.plan}).`,
    `The tokens are stored in ${path} (readable by you only); the access token is renewed as it expires.`,
  ]);
}

async function logout(session: Session): Promise<void> {
  await removeConfig(session.configPath);
  session.out.result({ success: true, config_path: session.configPath }, () => `Forgot the stored key (${session.configPath}).`);
}

async function whoami(session: Session): Promise<void> {
  const who = await call((await session.client()).GET('/account'));
  session.out.result(who, () => [`${who.account.email} (account ${who.account.id}, plan ${who.account.plan}, ${who.account.credits} credits)`, `Credential: ${who.credential.type}, ${who.credential.scopes.join(' ')}`]);
}

async function usage(session: Session): Promise<void> {
  const used = await call((await session.client()).GET('/usage'));
  session.out.result(used, () => [
    `Plan ${used.plan}: ${used.credits.balance} credits left (${used.credits.granted} granted, ${used.credits.purchased} bought, ${used.credits.used} used)`,
    `${used.usage.period}: ${used.usage.generations} generations, ${used.usage.credits_used} credits, ${used.usage.tokens_used.input} + ${used.usage.tokens_used.output} tokens`,
    `Rate limit: ${used.rate_limit.remaining} of ${used.rate_limit.limit} requests left this minute`,
  ]);
}

// ---- generation ----

async function generate(session: Session, command: Command): Promise<void> {
  const [prompt] = command.processedArgs as [string];
  const options = command.opts<{ app?: string; name?: string; wait?: boolean; timeout: number }>();
  const client = await session.client();
  const queued = await call(
    client.POST('/generation_queue', { body: { prompt, ...(options.app ? { app_id: options.app } : {}), ...(options.name ? { name: options.name } : {}) } }),
  );
  if (!options.wait) {
    session.out.result(queued, () => [`Queued job ${queued.job_id} for app ${queued.app_id} (about ${queued.estimated_time_seconds} s).`, `Follow it: appgen generate --wait, or ${queued.status_url}`]);
    return;
  }
  session.out.line(`Generating app ${queued.app_id} (job ${queued.job_id})…`);
  const progress = new ProgressView(session.io.stderr);
  let job: Schemas['GenerationJob'];
  try {
    job = await waitForJob(client, queued.job_id, {
      timeoutMs: options.timeout * 1000,
      signal: session.io.signal,
      ...(session.io.pollIntervalMs ? { intervalMs: session.io.pollIntervalMs } : {}),
      onProgress: (update) => progress.update(update.progress, update.message),
    });
  } finally {
    progress.done();
  }
  session.out.result(job, () =>
    job.status === 'completed'
      ? [`Done: ${job.app.name} (${job.app_id})`, `Preview: ${job.app.preview_url ?? '—'}`, `Editor:  ${job.app_url}`]
      : [`The generation ${job.status}: ${job.error ?? job.message}`, `See: appgen errors ${job.app_id}`],
  );
  if (job.status !== 'completed') throw new FinishedUnsuccessfully(JOB_PHASE);
}

/** A --wait that ended in failure: the result (the failed job or deployment) is printed; only the exit code remains. */
class FinishedUnsuccessfully extends CliError {
  constructor(what: string) {
    super(EXIT.failed, { error: `${what}_failed`, message: `The ${what} did not succeed` });
  }
}

// ---- apps ----

async function listApps(session: Session, command: Command): Promise<void> {
  const { status, name } = command.opts<{ status?: Schemas['AppSummary']['status']; name?: string }>();
  const client = await session.client();
  const apps = await collect(paginate((page) => client.GET('/managed_apps', { params: { query: { ...page, ...(status ? { status } : {}), ...(name ? { name } : {}) } } }), 'apps'));
  session.out.result({ apps, count: apps.length }, () =>
    apps.length === 0 ? 'No apps.' : table(['ID', 'NAME', 'STATUS', 'URL'], apps.map((app) => [app.id, app.name, app.status, app.production_url ?? app.preview_url])),
  );
}

async function showApp(session: Session, command: Command): Promise<void> {
  const [id] = command.processedArgs as [string];
  const { app } = await call((await session.client()).GET('/managed_apps/{id}', { params: { path: { id } } }));
  session.out.result(app, () => [
    `${app.name} (${app.id})`,
    `Status:      ${app.status}, ${app.visibility}`,
    `Preview:     ${app.urls.preview ?? '—'}`,
    `Production:  ${app.urls.production ?? '—'}`,
    `Editor:      ${app.urls.editor}`,
    `Versions ${app.versions_count}, files ${app.files_count}, users ${app.users_count}; created ${app.created_at}`,
  ]);
}

async function removeApp(session: Session, command: Command): Promise<void> {
  const [id] = command.processedArgs as [string];
  if (!command.opts()['yes']) {
    if (!session.io.ask) throw CliError.usage(`Deleting app ${id} removes it and everything of it: add --yes to confirm`);
    const answer = await session.io.ask(`Delete app ${id} and all its files, versions and deployments? [y/N] `);
    if (!/^y(es)?$/i.test(answer.trim())) {
      session.out.result({ success: false, message: 'Not deleted' }, () => 'Not deleted.');
      return;
    }
  }
  const deleted = await call((await session.client()).DELETE('/managed_apps/{id}', { params: { path: { id } } }));
  session.out.result(deleted, () => deleted.message);
}

// ---- deploy, versions ----

async function deploy(session: Session, command: Command): Promise<void> {
  const [id] = command.processedArgs as [string];
  const options = command.opts<{ wait?: boolean; timeout: number }>();
  const client = await session.client();
  const queued = await call(client.POST('/managed_apps/{id}/deploy', { params: { path: { id } } }));
  if (!options.wait) {
    session.out.result(queued, () => [`${queued.message} (deployment ${queued.deployment_id})`, `It will serve ${queued.production_url}`]);
    return;
  }
  session.out.line(`Deploying app ${id} (deployment ${queued.deployment_id})…`);
  const progress = new ProgressView(session.io.stderr);
  const steps = ['pending', 'building', 'deploying', 'deployed'];
  let status: Schemas['AppStatus'];
  try {
    status = await waitForDeployment(client, id, queued.deployment_id, {
      timeoutMs: options.timeout * 1000,
      signal: session.io.signal,
      ...(session.io.pollIntervalMs ? { intervalMs: session.io.pollIntervalMs } : {}),
      onProgress: (update) => {
        const state = update.deployment?.status ?? 'pending';
        progress.update(Math.round((Math.max(0, steps.indexOf(state)) / (steps.length - 1)) * 100), state);
      },
    });
  } finally {
    progress.done();
  }
  const deployment = status.deployment;
  session.out.result({ app_id: id, deployment, urls: status.urls }, () =>
    deployment?.status === 'deployed' ? `Live at ${status.urls.production}` : `The deployment ${deployment?.status}: see appgen errors ${id}`,
  );
  if (deployment?.status !== 'deployed') throw new FinishedUnsuccessfully('deployment');
}

function allVersions(client: AppgenClient, id: string): Promise<Schemas['AppVersion'][]> {
  return collect(paginate((page) => client.GET('/managed_apps/{id}/versions', { params: { path: { id }, query: page } }), 'versions'));
}

async function listVersions(session: Session, command: Command): Promise<void> {
  const [id] = command.processedArgs as [string];
  const versions = await allVersions(await session.client(), id);
  session.out.result({ versions }, () =>
    table(
      ['VERSION', 'SOURCE', 'BUILD', 'LIVE', 'CREATED', 'SUMMARY'],
      versions.map((v) => [v.number, v.source, v.build_status, [v.live.preview ? 'preview' : '', v.live.production ? 'production' : ''].filter(Boolean).join(','), v.created_at, v.summary]),
    ),
  );
}

async function rollback(session: Session, command: Command): Promise<void> {
  const [id] = command.processedArgs as [string];
  const { version } = command.opts<{ version?: number }>();
  const client = await session.client();
  let versionId: number | undefined;
  if (version !== undefined) {
    versionId = (await allVersions(client, id)).find((v) => v.number === version)?.id;
    if (versionId === undefined) throw new CliError(EXIT.apiError, { error: 'not_found', message: `App ${id} has no version ${version} (see appgen versions ${id})` });
  }
  const restored = await call(client.POST('/managed_apps/{id}/rollback', { params: { path: { id } }, body: versionId === undefined ? {} : { version_id: versionId } }));
  session.out.result({ app_id: id, ...restored }, () => restored.message);
}

// ---- files ----

async function pullFiles(session: Session, command: Command): Promise<void> {
  const [id, dirArg] = command.processedArgs as [string, string | undefined];
  const dir = resolve(session.io.cwd, dirArg ?? id);
  const { path } = command.opts<{ path?: string }>();
  const list = await call((await session.client()).GET('/managed_apps/{id}/files', { params: { path: { id }, query: path ? { path } : {} } }));
  for (const file of list.files) localPathOf(dir, file.path); // refuse the whole pull before writing anything
  await writeLocalFiles(dir, list.files);
  const paths = list.files.map((file) => file.path);
  session.out.result({ app_id: id, dir, files: paths, count: paths.length }, () => [...paths.map((p) => `  ${p}`), `Pulled ${paths.length} files of app ${id} into ${dir}`]);
}

async function pushFiles(session: Session, command: Command): Promise<void> {
  const [id, dirArg] = command.processedArgs as [string, string | undefined];
  const dir = resolve(session.io.cwd, dirArg ?? id);
  const options = command.opts<{ delete?: boolean; dryRun?: boolean }>();
  const local = await readLocalFiles(dir);
  const client = await session.client();
  const remote = new Map((await call(client.GET('/managed_apps/{id}/files', { params: { path: { id } } }))).files.map((file) => [file.path, file.content]));
  const plan = planPush(local, remote, options.delete === true);
  let build: unknown = null;
  if (!options.dryRun) {
    for (const path of plan.write) {
      const written = await call(client.POST('/mcp/execute_tool', { body: { tool: 'svc-write-file', app_id: id, params: { path, content: local.get(path) ?? '' } } }));
      build = 'result' in written ? (written.result as { build?: unknown }).build ?? build : build;
      session.out.line(`  wrote ${path}`);
    }
    for (const path of plan.remove) {
      const removed = await call(client.POST('/mcp/execute_tool', { body: { tool: 'svc-delete-file', app_id: id, params: { path } } }));
      build = 'result' in removed ? (removed.result as { build?: unknown }).build ?? build : build;
      session.out.line(`  deleted ${path}`);
    }
  }
  const result = { app_id: id, dir, dry_run: options.dryRun === true, written: plan.write, deleted: plan.remove, unchanged: plan.unchanged, build };
  session.out.result(result, () => [
    ...(options.dryRun ? [...plan.write.map((p) => `  would write ${p}`), ...plan.remove.map((p) => `  would delete ${p}`)] : []),
    `${options.dryRun ? 'Would push' : 'Pushed'} ${plan.write.length} files${plan.remove.length ? `, deleted ${plan.remove.length}` : ''} (${plan.unchanged} unchanged)${describeBuild(build)}`,
  ]);
}

function describeBuild(build: unknown): string {
  if (typeof build !== 'object' || build === null) return '';
  const { status, errors } = build as { status?: string; errors?: unknown[] };
  return `; preview build ${status ?? 'unknown'}${Array.isArray(errors) && errors.length > 0 ? ` with ${errors.length} errors (appgen errors)` : ''}`;
}

async function buildErrors(session: Session, command: Command): Promise<void> {
  const [id] = command.processedArgs as [string];
  const report = await call((await session.client()).GET('/managed_apps/{id}/errors', { params: { path: { id } } }));
  session.out.result({ app_id: id, ...report }, () =>
    report.errors.length === 0
      ? `App ${id} has no build errors.`
      : report.errors.flatMap((e) => [`${e.file}: ${e.message}`, `  → ${e.suggested_action}`, `  ${e.fix_url}`]),
  );
}

// ---- custom domains: routes newer than the SDK's types, reached unchecked ----

async function domainsCall(session: Session, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const client = await session.client();
  const answer = await client.unchecked(method, path, body);
  if (!answer.response.ok) throw new AppgenApiError(answer.response.status, errorBody(answer.error, answer.response), answer.response);
  return (answer.data ?? {}) as Record<string, unknown>;
}

interface DomainView {
  id: number;
  domain: string;
  verification_status?: string;
  ssl_status?: string;
  operational?: boolean;
  dns_records?: { type: string; name: string; value: string; ttl: number };
}

async function listDomains(session: Session, command: Command): Promise<void> {
  const [id] = command.processedArgs as [string];
  const answer = await domainsCall(session, 'GET', `/managed_apps/${encodeURIComponent(id)}/custom_domains`);
  const domains = (answer['custom_domains'] ?? []) as DomainView[];
  session.out.result(answer, () =>
    domains.length === 0 ? `App ${id} has no custom domains.` : table(['ID', 'DOMAIN', 'DNS', 'TLS', 'LIVE'], domains.map((d) => [d.id, d.domain, d.verification_status, d.ssl_status, d.operational ? 'yes' : 'no'])),
  );
}

async function addDomain(session: Session, command: Command): Promise<void> {
  const [id, domain] = command.processedArgs as [string, string];
  const answer = await domainsCall(session, 'POST', `/managed_apps/${encodeURIComponent(id)}/custom_domains`, { domain });
  const created = answer['custom_domain'] as DomainView | undefined;
  const record = (answer['dns_records'] ?? created?.dns_records) as DomainView['dns_records'];
  session.out.result(answer, () => [
    `Added ${created?.domain ?? domain} (id ${created?.id ?? '?'}). Create this DNS record:`,
    ...(record ? table(['TYPE', 'NAME', 'VALUE', 'TTL'], [[record.type, record.name, record.value, record.ttl]]).map((line) => `  ${line}`) : []),
    `Then: appgen domains check ${id} ${created?.id ?? domain}`,
  ]);
}

async function checkDomain(session: Session, command: Command): Promise<void> {
  const [id, domain] = command.processedArgs as [string, string];
  const base = `/managed_apps/${encodeURIComponent(id)}/custom_domains`;
  let domainId = /^\d+$/.test(domain) ? domain : undefined;
  if (domainId === undefined) {
    const found = ((await domainsCall(session, 'GET', base))['custom_domains'] as DomainView[] | undefined)?.find((d) => d.domain === domain);
    if (!found) throw new CliError(EXIT.apiError, { error: 'not_found', message: `App ${id} has no custom domain ${domain}` });
    domainId = String(found.id);
  }
  const answer = await domainsCall(session, 'POST', `${base}/${domainId}/check_status`);
  const checked = answer['custom_domain'] as DomainView | undefined;
  session.out.result(answer, () => `${checked?.domain ?? domain}: DNS ${checked?.verification_status ?? '?'}, TLS ${checked?.ssl_status ?? '?'}${checked?.operational ? ' — live' : ''}`);
}

// ---- keys, webhooks ----

async function listKeys(session: Session): Promise<void> {
  const client = await session.client();
  const keys = await collect(paginate((page) => client.GET('/api_keys', { params: { query: page } }), 'api_keys'));
  session.out.result({ api_keys: keys }, () =>
    table(['ID', 'NAME', 'KEY', 'SCOPE', 'ACTIVE', 'EXPIRES', 'LAST USED'], keys.map((k) => [k.id, k.name, k.masked_key, k.scope, k.active && !k.expired ? 'yes' : 'no', k.expires_at ?? 'never', k.last_used_at])),
  );
}

async function createKey(session: Session, command: Command): Promise<void> {
  const { name, scope, expiresInDays } = command.opts<{ name?: string; scope: (typeof API_KEY_SCOPES)[number]; expiresInDays?: number }>();
  const created = await call(
    (await session.client()).POST('/api_keys', { body: { scope, ...(name ? { name } : {}), ...(expiresInDays ? { expires_in_days: expiresInDays } : {}) } }),
  );
  session.out.result(created, () => [`Key ${created.api_key.id} (${created.api_key.scope}) created. ${created.warning}`, '', `  ${created.raw_key}`, '']);
}

async function revokeKey(session: Session, command: Command): Promise<void> {
  const [id] = command.processedArgs as [number];
  const revoked = await call((await session.client()).DELETE('/api_keys/{id}', { params: { path: { id } } }));
  session.out.result(revoked, () => `Key ${id} revoked.`);
}

async function listWebhooks(session: Session): Promise<void> {
  const client = await session.client();
  const hooks = await collect(paginate((page) => client.GET('/webhooks', { params: { query: page } }), 'webhooks'));
  session.out.result({ webhooks: hooks }, () => table(['ID', 'NAME', 'URL', 'ENABLED', 'EVENTS'], hooks.map((h) => [h.id, h.name, h.url, h.enabled ? 'yes' : 'no', h.events.join(',')])));
}

async function createWebhook(session: Session, command: Command): Promise<void> {
  const [url] = command.processedArgs as [string];
  const { events, name } = command.opts<{ events: string; name?: string }>();
  const kinds = events.split(',').map((kind) => kind.trim()).filter(Boolean) as Schemas['CreateWebhookRequest']['events'];
  const { webhook } = await call((await session.client()).POST('/webhooks', { body: { url, events: kinds, ...(name ? { name } : {}) } }));
  session.out.result({ webhook }, () => [`Webhook ${webhook.id} sends ${webhook.events.join(', ')} to ${webhook.url}.`, `Signing secret (verify X-Service-Signature with it): ${webhook.secret ?? '—'}`]);
}

async function removeWebhook(session: Session, command: Command): Promise<void> {
  const [id] = command.processedArgs as [number];
  const removed = await call((await session.client()).DELETE('/webhooks/{id}', { params: { path: { id } } }));
  session.out.result(removed, () => removed.message);
}

async function testWebhook(session: Session, command: Command): Promise<void> {
  const [id] = command.processedArgs as [number];
  const sent = await call((await session.client()).POST('/webhooks/{id}/test', { params: { path: { id } } }));
  session.out.result(sent, () => `Test delivery ${sent.delivery.id}: ${sent.delivery.status}${sent.delivery.response_status ? ` (HTTP ${sent.delivery.response_status})` : ''}`);
}

async function listDeliveries(session: Session, command: Command): Promise<void> {
  const [id] = command.processedArgs as [number];
  const client = await session.client();
  const deliveries = await collect(paginate((page) => client.GET('/webhooks/{id}/deliveries', { params: { path: { id }, query: page } }), 'deliveries'));
  session.out.result({ deliveries }, () =>
    table(['ID', 'EVENT', 'STATUS', 'ATTEMPTS', 'HTTP', 'CREATED'], deliveries.map((d) => [d.id, d.event, d.status, d.attempts, d.response_status, d.created_at])),
  );
}
