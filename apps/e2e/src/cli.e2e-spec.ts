import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminAccount, authorizeInBrowser, closeBus, e2eEnv, launchChromium, throughEdge, type TestAccount } from './support';

const ROOT = join(__dirname, '../../..');
const APPGEN = join(ROOT, 'dist/apps/cli/src/appgen.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** the last line of stdout, parsed: what a script reads after --json */
  json: Record<string, unknown>;
}

/**
 * The built `appgen` as a user runs it, a process of its own against the platform under test, with a config
 * folder of its own and only the variables the user would set.
 */
function appgen(args: string[], env: Record<string, string>, cwd = ROOT): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [APPGEN, ...args], { cwd, env: { PATH: process.env['PATH'] ?? '', ...env }, timeout: 240_000 }, (error, stdout, stderr) => {
      const last = stdout.trimEnd().split('\n').pop() ?? '';
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(last);
      } catch {
        // not a --json run
      }
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr, json });
    });
  });
}

/**
 * The CLI's journeys through the real API: generate with --wait --json (progress on stderr, the job as the last
 * line), deploy and see production serve it, files pulled, edited, pushed (a broken file shows its build error),
 * rolled back, and the exit codes and one-line errors scripts rely on.
 */
describe('the appgen CLI', () => {
  let owner: TestAccount;
  let env: Record<string, string>;
  let appId: string;
  let previewUrl: string;
  let work: string;

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'cli');
    work = await mkdtemp(join(tmpdir(), 'appgen-cli-e2e-'));
    env = { APPGEN_API_KEY: owner.key, APPGEN_API_URL: e2eEnv().site, APPGEN_CONFIG_DIR: join(work, 'config') };
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
    await closeBus();
  });

  it('generates an app with --wait --json: progress lines on stderr, the completed job as the last line', async () => {
    const run = await appgen(['generate', 'A reading list where I track books I want to read and rate the ones I finished', '--wait', '--json'], env);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: expect.stringMatching(/^\d+% .+\n(\d+% .+\n)*100% .+\n$/) });
    expect(run.json).toMatchObject({ status: 'completed', progress: 100, error: null, app: { preview_url: expect.stringMatching(/^http:\/\/preview-/) } });
    appId = String(run.json['app_id']);
    previewUrl = String((run.json['app'] as { preview_url: string }).preview_url);
    await throughEdge(previewUrl).expect(200);

    const listed = await appgen(['apps', 'ls', '--json'], env);
    expect(listed.json).toMatchObject({ count: 1, apps: [{ id: appId, status: 'generated' }] });
    const human = await appgen(['apps', 'show', appId], env);
    expect(human.stdout).toContain(`Preview:     ${previewUrl}`);
  }, 240_000);

  it('deploys with --wait, and production serves the app', async () => {
    const run = await appgen(['deploy', appId, '--wait', '--json'], env);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ app_id: appId, deployment: { status: 'deployed' }, urls: { production: expect.stringContaining(appId) } });
    await throughEdge(String((run.json['urls'] as { production: string }).production)).expect(200);
  }, 120_000);

  it('pulls the files into a folder, pushes an edit back, shows a broken file as a build error, and rolls back', async () => {
    const pulled = await appgen(['files', 'pull', appId, 'app', '--json'], env, work);
    expect(pulled.code).toBe(0);
    expect(pulled.json['files']).toEqual(expect.arrayContaining(['AGENTS.md', 'src/main.ts']));
    const mainPath = join(work, 'app/src/main.ts');
    const original = await readFile(mainPath, 'utf8');

    const unchanged = await appgen(['files', 'push', appId, 'app', '--json'], env, work);
    expect(unchanged.json).toMatchObject({ written: [], deleted: [], unchanged: pulled.json['count'] });

    await writeFile(mainPath, `${original}\nconst total = ;\n`);
    const broken = await appgen(['files', 'push', appId, 'app', '--json'], env, work);
    expect(broken.code).toBe(0);
    expect(broken.json).toMatchObject({ written: ['src/main.ts'], build: { status: 'failed' } });
    const errors = await appgen(['errors', appId, '--json'], env);
    expect(errors.json).toMatchObject({ app_id: appId, errors: [{ file: 'src/main.ts', error_type: 'build_error', suggested_action: expect.any(String) }] });
    const readable = await appgen(['errors', appId], env);
    expect(readable.stdout).toMatch(/^src\/main\.ts: .+\n {2}→ .+/);

    // Round trip: what was pushed is what a fresh pull brings back.
    const again = await appgen(['files', 'pull', appId, 'again', '--path', 'src/main.ts', '--json'], env, work);
    expect(again.json).toMatchObject({ files: ['src/main.ts'], count: 1 });
    expect(await readFile(join(work, 'again/src/main.ts'), 'utf8')).toBe(`${original}\nconst total = ;\n`);

    const versions = await appgen(['versions', appId, '--json'], env);
    const numbers = (versions.json['versions'] as Array<{ number: number }>).map((v) => v.number);
    expect(numbers).toEqual([2, 1]);
    const restored = await appgen(['rollback', appId, '--version', '1', '--json'], env);
    expect(restored.code).toBe(0);
    expect(restored.json).toEqual({ app_id: appId, message: expect.stringContaining('version 1'), version_id: expect.any(Number) });
    expect((await appgen(['errors', appId, '--json'], env)).json).toMatchObject({ errors: [] });
    await appgen(['files', 'pull', appId, 'restored', '--path', 'src/main.ts'], env, work);
    expect(await readFile(join(work, 'restored/src/main.ts'), 'utf8')).toBe(original);
  }, 180_000);

  it('answers failures as one {error, message} line with exit codes scripts can branch on', async () => {
    const missing = await appgen(['apps', 'show', 'nosuchapp123', '--json'], env);
    expect(missing).toMatchObject({ code: 1, stderr: '', json: { error: 'not_found', message: expect.any(String) } });
    expect(missing.stdout.trim().split('\n')).toHaveLength(1);

    const plain = await appgen(['apps', 'show', 'nosuchapp123'], env);
    expect(plain.code).toBe(1);
    expect(JSON.parse(plain.stderr)).toEqual({ error: 'not_found', message: expect.any(String) });
    expect(plain.stderr).not.toMatch(/\bat \S+ \(/); // no stack trace

    const badKey = await appgen(['apps', 'ls', '--json'], { ...env, APPGEN_API_KEY: `svc_${'x'.repeat(40)}` });
    expect(badKey).toMatchObject({ code: 3, json: { error: 'unauthorized' } });
    const noKey = await appgen(['apps', 'ls'], { APPGEN_API_URL: env['APPGEN_API_URL'] ?? '', APPGEN_CONFIG_DIR: join(work, 'empty') });
    expect(noKey.code).toBe(3);
    const usage = await appgen(['deploy'], env);
    expect(usage).toMatchObject({ code: 2, stdout: '' });
    expect(JSON.parse(usage.stderr)).toMatchObject({ error: 'usage_error' });
    const unreachable = await appgen(['apps', 'ls', '--json', '--api-url', 'http://127.0.0.1:9'], env);
    expect(unreachable).toMatchObject({ code: 1, json: { error: 'network_error' } });

    // Custom domains: whether or not this platform has the routes yet, the API's answer is what the user sees.
    const domain = await appgen(['domains', 'add', appId, 'shop.example.com', '--json'], env);
    if (domain.code === 0) expect(domain.json).toHaveProperty('custom_domain');
    else expect(domain).toMatchObject({ code: 1, json: { error: expect.any(String), message: expect.any(String) } });
  }, 60_000);

  it('logs in once, keeping the key in a file only the user can read, and works without the variable after', async () => {
    const configDir = join(work, 'login');
    const login = await appgen(['login', '--api-key', owner.key, '--json'], { APPGEN_API_URL: e2eEnv().site, APPGEN_CONFIG_DIR: configDir });
    expect(login).toMatchObject({ code: 0, json: { account: { email: owner.email }, config_path: join(configDir, 'config.json') } });
    expect((await stat(join(configDir, 'config.json'))).mode & 0o777).toBe(0o600);
    const listed = await appgen(['apps', 'ls', '--json'], { APPGEN_CONFIG_DIR: configDir });
    expect(listed.json).toMatchObject({ apps: [{ id: appId }] });
    const usage = await appgen(['usage', '--json'], { APPGEN_CONFIG_DIR: configDir });
    expect(usage.json).toMatchObject({ plan: 'enterprise', credits: { balance: expect.any(Number) } });
  }, 60_000);

  it('signs in in the browser (OAuth with a loopback redirect) and works on the stored, private tokens', async () => {
    const configDir = join(work, 'web-login');
    const cli = spawn(process.execPath, [APPGEN, 'login', '--web', '--no-browser', '--json'], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', APPGEN_API_URL: e2eEnv().site, APPGEN_CONFIG_DIR: configDir },
    });
    let stdout = '';
    let stderr = '';
    cli.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const printed = new Promise<string>((resolve) => {
      cli.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const address = /(http\S+\/oauth\/authorize\?\S+)/.exec(stderr)?.[1];
        if (address) resolve(address);
      });
    });
    const exited = new Promise<number>((resolve) => cli.on('exit', (code) => resolve(code ?? 1)));
    const browser = await launchChromium();
    try {
      const address = new URL(await printed);
      expect(address.searchParams.get('code_challenge_method')).toBe('S256');
      const page = await (await browser.newContext()).newPage();
      page.setDefaultTimeout(15_000);
      await authorizeInBrowser(page, { email: owner.email, query: address.searchParams, decision: 'Allow', startOn: 0 });
      // The browser lands on the CLI's loopback page, which says it is done.
      await page.getByRole('heading', { name: 'Signed in to appgen' }).waitFor();
      expect(await exited).toBe(0);
    } finally {
      cli.kill();
      await browser.close();
    }
    expect(JSON.parse(stdout.trimEnd().split('\n').pop() ?? '')).toMatchObject({ account: { email: owner.email }, credential: { type: 'oauth' } });
    const stored = JSON.parse(await readFile(join(configDir, 'config.json'), 'utf8'));
    expect(stored).toMatchObject({ oauth: { access_token: expect.any(String), refresh_token: expect.any(String) } });
    expect(stored).not.toHaveProperty('api_key');
    expect((await stat(join(configDir, 'config.json'))).mode & 0o777).toBe(0o600);
    const listed = await appgen(['apps', 'ls', '--json'], { APPGEN_CONFIG_DIR: configDir });
    expect(listed).toMatchObject({ code: 0, json: { apps: [{ id: appId }] } });
  }, 90_000);
});
