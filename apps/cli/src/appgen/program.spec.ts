import { createHash } from 'node:crypto';
import { readFile, stat, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startFakeApi, type FakeApi, type FakeRequest } from '@appgen/testing';
import { appgen, newConfigDir, removeScratchDirs } from './cli-run.testing';

const KEY = 'svc_abcdefghijklmnopqrstuvwxyz0123456789ABCD';

afterAll(removeScratchDirs);

function jobAt(status: string, progress: number, message: string): Record<string, unknown> {
  return {
    job_id: 'job_1', app_id: 'app1', message_id: 1, status, progress, message, error: status === 'failed' ? 'The build failed' : null, callback: null,
    app: { id: 'app1', name: 'Recipe Box', status: 'generating', preview_url: status === 'completed' ? 'http://preview-app1.preview.localhost:8080' : null, production_url: null, created_at: '2026-01-01T00:00:00Z' },
    started_at: null, completed_at: null, estimated_time_seconds: 45, status_url: 'http://x/api/v1/generation_queue/job_1', app_url: 'http://x/account/apps/app1/editor',
  };
}

describe('appgen', () => {
  let api: FakeApi;
  let routes: Record<string, (request: FakeRequest) => { status?: number; body?: unknown } | undefined>;
  let env: NodeJS.ProcessEnv;

  beforeEach(async () => {
    routes = {};
    api = await startFakeApi((request) => routes[`${request.method} ${request.url.split('?')[0]}`]?.(request));
    env = { APPGEN_API_KEY: KEY, APPGEN_API_URL: api.url };
  });
  afterEach(() => api.close());

  describe('command line', () => {
    it('refuses a missing argument, an unknown command or option, and a bad value with exit 2 and one JSON line', async () => {
      for (const args of [['generate'], ['frobnicate'], ['apps', 'ls', '--colour'], ['rollback', 'app1', '--version', 'two'], ['keys', 'create', '--scope', 'root']]) {
        const run = await appgen(args, { env });
        expect({ args, code: run.code, stdout: run.stdout }).toEqual({ args, code: 2, stdout: '' });
        expect(JSON.parse(run.stderr.trim())).toEqual({ error: 'usage_error', message: expect.any(String) });
      }
      expect(api.requests).toEqual([]);
    });

    it('exits 3 without a key, naming how to get one', async () => {
      const run = await appgen(['apps', 'ls', '--json'], { env: { APPGEN_API_URL: api.url } });
      expect(run.code).toBe(3);
      expect(run.json()).toEqual({ error: 'unauthorized', message: 'No API key: run `appgen login`, or set APPGEN_API_KEY' });
    });

    it('prints what the API refused as its {error, message} body on one line: 401 exits 3, others 1', async () => {
      routes['GET /api/v1/managed_apps/nope'] = () => ({ status: 404, body: { error: 'not_found', message: 'App nope was not found' } });
      routes['GET /api/v1/usage'] = () => ({ status: 401, body: { error: 'unauthorized', message: 'Invalid API key' } });
      const missing = await appgen(['apps', 'show', 'nope'], { env });
      expect(missing).toMatchObject({ code: 1, stdout: '', stderr: '{"error":"not_found","message":"App nope was not found"}\n' });
      const refused = await appgen(['usage', '--json'], { env });
      expect(refused).toMatchObject({ code: 3, stderr: '' });
      expect(refused.json()).toEqual({ error: 'unauthorized', message: 'Invalid API key' });
    });

    it('sends the key, its own User-Agent, and takes the site root or the API address from APPGEN_API_URL', async () => {
      routes['GET /api/v1/managed_apps'] = () => ({ body: { apps: [], meta: { current_page: 1, total_pages: 0, total_count: 0, per_page: 100 } } });
      await appgen(['apps', 'ls'], { env: { ...env, APPGEN_API_URL: `${api.url}/api/v1/` } });
      expect(api.requests[0]?.headers).toMatchObject({ 'x-api-key': KEY, 'user-agent': expect.stringMatching(/^appgen-cli\/\S+ appgen-sdk\//) });
    });
  });

  describe('login', () => {
    it('checks the key, then stores it with the API address in a file only its owner may read', async () => {
      routes['GET /api/v1/account'] = (request) =>
        request.headers['x-api-key'] === KEY
          ? { body: { account: { id: 7, email: 'ada@example.com', plan: 'pro' }, credential: { type: 'api_key', scopes: ['full_access'] } } }
          : { status: 401, body: { error: 'unauthorized', message: 'Invalid API key' } };
      const dir = await newConfigDir();
      const piped = await appgen(['login', '--json'], { env: { APPGEN_CONFIG_DIR: join(dir, 'nested'), APPGEN_API_URL: api.url }, stdin: `${KEY}\n` });
      expect(piped.code).toBe(0);
      expect(piped.json()).toMatchObject({ account: { email: 'ada@example.com' }, config_path: join(dir, 'nested', 'config.json') });
      const file = join(dir, 'nested', 'config.json');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(join(dir, 'nested'))).mode & 0o777).toBe(0o700);
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ api_url: `${api.url}/api/v1`, api_key: KEY });

      // The next command uses the stored key and address, with nothing in the environment.
      routes['GET /api/v1/usage'] = () => ({ status: 200, body: { plan: 'pro', credits: { balance: 40, purchased: 0, granted: 50, used: 10 }, usage: { period: '2026-11', generations: 2, credits_used: 10, tokens_used: { input: 1, output: 2 } }, rate_limit: { limit: 300, remaining: 299, reset: 1 } } });
      const used = await appgen(['usage'], { env: { APPGEN_CONFIG_DIR: join(dir, 'nested') } });
      expect(used.code).toBe(0);
      expect(used.stdout).toContain('40 credits left');

      const typed = await appgen(['login'], { env: { APPGEN_CONFIG_DIR: dir, APPGEN_API_URL: api.url }, tty: true, answers: ['svc_wrong'] });
      expect(typed).toMatchObject({ code: 3, stderr: '{"error":"unauthorized","message":"Invalid API key"}\n' });
      await expect(stat(join(dir, 'config.json'))).rejects.toThrow('ENOENT');
    });

    it('keeps the file private even when it existed with a wider mode', async () => {
      routes['GET /api/v1/account'] = () => ({ body: { account: { email: 'ada@example.com', plan: 'pro' }, credential: { type: 'api_key', scopes: [] } } });
      const dir = await newConfigDir();
      await writeFile(join(dir, 'config.json'), '{}', { mode: 0o644 });
      expect((await appgen(['login', '--api-key', KEY], { env: { APPGEN_CONFIG_DIR: dir, APPGEN_API_URL: api.url } })).code).toBe(0);
      expect((await stat(join(dir, 'config.json'))).mode & 0o777).toBe(0o600);
    });
  });

  describe('generate --wait', () => {
    function scriptJob(states: Array<[string, number, string]>): void {
      routes['POST /api/v1/generation_queue'] = () => ({ status: 202, body: { ...jobAt('queued', 5, 'Queued'), webhook_events: [], app: { id: 'app1' } } });
      routes['GET /api/v1/generation_queue/job_1'] = () => {
        const [status, progress, message] = states.length > 1 ? (states.shift() ?? ['queued', 5, '']) : (states[0] ?? ['queued', 5, '']);
        return { body: jobAt(status, progress, message) };
      };
    }

    it('shows each change as a plain line when not on a terminal, and ends with the job as JSON', async () => {
      scriptJob([['queued', 5, 'Queued'], ['processing', 50, 'Writing the pages'], ['completed', 100, 'Your app is ready']]);
      const run = await appgen(['generate', 'A recipe box', '--wait', '--json'], { env });
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('5% Queued\n50% Writing the pages\n100% Your app is ready\n');
      expect(run.stdout.trimEnd().split('\n')).toHaveLength(1);
      expect(run.json()).toMatchObject({ job_id: 'job_1', status: 'completed', app: { preview_url: 'http://preview-app1.preview.localhost:8080' } });
      expect(api.requests[0]).toMatchObject({ method: 'POST', body: { prompt: 'A recipe box' } });
    });

    it('redraws one bar in place on a terminal', async () => {
      scriptJob([['processing', 10, 'Planning'], ['completed', 100, 'Your app is ready']]);
      const run = await appgen(['generate', 'A recipe box', '--app', 'app1', '--wait'], { env, tty: true });
      expect(run.code).toBe(0);
      expect(run.stderr).toContain('\r[██░░░░░░░░░░░░░░░░░░░░░░]  10% Planning\x1b[K');
      expect(run.stderr.endsWith(`\r[${'█'.repeat(24)}] 100% Your app is ready\x1b[K\n`)).toBe(true);
      expect(run.stdout).toContain('Preview: http://preview-app1.preview.localhost:8080');
      expect(api.requests[0]?.body).toEqual({ prompt: 'A recipe box', app_id: 'app1' });
    });

    it('exits 5 when the job failed, with the failed job as the result', async () => {
      scriptJob([['failed', 75, 'The build failed']]);
      const run = await appgen(['generate', 'A recipe box', '--wait', '--json'], { env });
      expect(run.code).toBe(5);
      expect(run.json()).toMatchObject({ status: 'failed', error: 'The build failed' });
    });

    it('exits 4 when --timeout passes first', async () => {
      scriptJob([['processing', 10, 'Planning']]);
      const run = await appgen(['generate', 'A recipe box', '--wait', '--timeout', '1', '--json'], { env });
      expect(run.code).toBe(4);
      expect(run.json()).toEqual({ error: 'timeout', message: 'Gave up waiting for generation job job_1 after 1 s' });
    });
  });

  describe('rollback', () => {
    it('turns --version N (a version number) into the id the API takes', async () => {
      routes['GET /api/v1/managed_apps/app1/versions'] = () => ({
        body: { versions: [3, 2, 1].map((number) => ({ id: 100 + number, number, source: 'generation', summary: '', created_at: '', build_status: 'succeeded', live: { preview: false, production: false } })), meta: { current_page: 1, total_pages: 1, total_count: 3, per_page: 100 } },
      });
      routes['POST /api/v1/managed_apps/app1/rollback'] = () => ({ body: { message: 'Restored version 2 as version 4', version_id: 104 } });
      const run = await appgen(['rollback', 'app1', '--version', '2', '--json'], { env });
      expect(run.code).toBe(0);
      expect(run.json()).toEqual({ app_id: 'app1', message: 'Restored version 2 as version 4', version_id: 104 });
      expect(api.requests.at(-1)?.body).toEqual({ version_id: 102 });
      const unknown = await appgen(['rollback', 'app1', '--version', '9'], { env });
      expect(unknown).toMatchObject({ code: 1, stderr: '{"error":"not_found","message":"App app1 has no version 9 (see appgen versions app1)"}\n' });
    });
  });

  describe('files', () => {
    it('pulls into a folder, and pushes back only what changed', async () => {
      routes['GET /api/v1/managed_apps/app1/files'] = () => ({
        body: { app_id: 'app1', count: 2, files: [{ path: 'AGENTS.md', content: '# app1\n' }, { path: 'src/main.ts', content: 'export {};\n' }] },
      });
      routes['POST /api/v1/mcp/execute_tool'] = () => ({ body: { success: true, result: { build: { status: 'succeeded', errors: [] } } } });
      const cwd = await newConfigDir();
      const pulled = await appgen(['files', 'pull', 'app1', '--json'], { env, cwd });
      expect(pulled.json()).toEqual({ app_id: 'app1', dir: join(cwd, 'app1'), files: ['AGENTS.md', 'src/main.ts'], count: 2 });
      expect(await readFile(join(cwd, 'app1/src/main.ts'), 'utf8')).toBe('export {};\n');

      await writeFile(join(cwd, 'app1/src/main.ts'), 'export const x = 1;\n');
      await mkdir(join(cwd, 'app1/node_modules'));
      await writeFile(join(cwd, 'app1/node_modules/ignored.js'), '');
      const pushed = await appgen(['files', 'push', 'app1', 'app1', '--json'], { env, cwd });
      expect(pushed.json()).toEqual({ app_id: 'app1', dir: join(cwd, 'app1'), dry_run: false, written: ['src/main.ts'], deleted: [], unchanged: 1, build: { status: 'succeeded', errors: [] } });
      expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { tool: 'svc-write-file', app_id: 'app1', params: { path: 'src/main.ts', content: 'export const x = 1;\n' } },
      ]);
    });

    it('writes nothing when a path would leave the folder', async () => {
      routes['GET /api/v1/managed_apps/app1/files'] = () => ({ body: { app_id: 'app1', count: 2, files: [{ path: 'ok.txt', content: '' }, { path: '../escape.txt', content: 'x' }] } });
      const cwd = await newConfigDir();
      const run = await appgen(['files', 'pull', 'app1', 'out'], { env, cwd });
      expect(run.code).toBe(1);
      expect(JSON.parse(run.stderr)).toMatchObject({ error: 'unsafe_path' });
      await expect(stat(join(cwd, 'out'))).rejects.toThrow('ENOENT');
    });
  });

  describe('apps rm', () => {
    it('asks on a terminal, and needs --yes otherwise', async () => {
      routes['DELETE /api/v1/managed_apps/app1'] = () => ({ body: { success: true, message: 'App app1 deleted' } });
      expect((await appgen(['apps', 'rm', 'app1'], { env })).code).toBe(2);
      expect((await appgen(['apps', 'rm', 'app1'], { env, tty: true, answers: ['n'] })).stdout).toBe('Not deleted.\n');
      expect(api.requests).toEqual([]);
      expect(await appgen(['apps', 'rm', 'app1', '--yes'], { env })).toMatchObject({ code: 0, stdout: 'App app1 deleted\n' });
    });
  });

  describe('domains', () => {
    it('shows the API error of a route this platform does not have', async () => {
      const run = await appgen(['domains', 'add', 'app1', 'shop.example.com'], { env });
      expect(run.code).toBe(1);
      expect(JSON.parse(run.stderr)).toEqual({ error: 'not_found', message: 'No route POST /api/v1/managed_apps/app1/custom_domains' });
    });
  });
});

describe('appgen login --web', () => {
  let api: FakeApi;
  let tokens: number;
  beforeEach(async () => {
    tokens = 0;
    api = await startFakeApi((request) => {
      const path = request.url.split('?')[0];
      if (path === '/.well-known/oauth-authorization-server') {
        return { body: { authorization_endpoint: `${api.url}/oauth/authorize`, token_endpoint: `${api.url}/oauth/token`, registration_endpoint: `${api.url}/oauth/register`, scopes_supported: ['apps:read', 'apps:write'] } };
      }
      if (path === '/oauth/register') return { status: 201, body: { client_id: 'client_1' } };
      if (path === '/oauth/token') {
        tokens += 1;
        // Every exchange (the code, then a refresh) answers a fresh pair; the first expires within the minute.
        return { body: { access_token: `at_${tokens}`, refresh_token: `rt_${tokens}`, expires_in: tokens === 1 ? 30 : 3600, token_type: 'Bearer' } };
      }
      if (path === '/api/v1/account') return { body: { account: { email: 'ada@example.com', plan: 'pro' }, credential: { type: 'oauth', scopes: ['apps:read'] } } };
      if (path === '/api/v1/usage') return { body: { plan: 'pro', credits: { balance: 1, purchased: 0, granted: 1, used: 0 }, usage: { period: '2026-11', generations: 0, credits_used: 0, tokens_used: { input: 0, output: 0 } }, rate_limit: { limit: 1, remaining: 1, reset: 1 } } };
      return undefined;
    });
  });
  afterEach(() => api.close());

  it('signs in through the browser with PKCE and a loopback redirect, stores the tokens privately, and renews them when they expire', async () => {
    const dir = await newConfigDir();
    let opened = '';
    const browser = async (url: string): Promise<void> => {
      opened = url;
      const query = new URL(url).searchParams;
      // What the authorization server does after consent: redirect to the loopback address with the code and state.
      const back = await fetch(`${query.get('redirect_uri')}?code=code_1&state=${query.get('state')}`);
      expect(await back.text()).toContain('Signed in to appgen');
    };
    const run = await appgen(['login', '--web', '--json'], { env: { APPGEN_CONFIG_DIR: dir, APPGEN_API_URL: api.url }, openUrl: (url) => void browser(url) });
    expect(run.code).toBe(0);
    const query = new URL(opened).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ response_type: 'code', client_id: 'client_1', scope: 'apps:read apps:write', code_challenge_method: 'S256', redirect_uri: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/callback$/) });
    expect(run.stderr).toContain(opened);
    expect(run.json()).toMatchObject({ account: { email: 'ada@example.com' } });
    const stored = JSON.parse(await readFile(join(dir, 'config.json'), 'utf8'));
    expect(stored).toMatchObject({ api_url: `${api.url}/api/v1`, oauth: { access_token: 'at_1', refresh_token: 'rt_1', client_id: 'client_1' } });
    expect((await stat(join(dir, 'config.json'))).mode & 0o777).toBe(0o600);
    expect(api.requests.find((r) => r.url === '/api/v1/account')?.headers.authorization).toBe('Bearer at_1');
    const exchange = api.requests.find((r) => r.url === '/oauth/token')?.body as Record<string, string>;
    expect(exchange).toMatchObject({ grant_type: 'authorization_code', code: 'code_1', client_id: 'client_1', redirect_uri: query.get('redirect_uri') });
    expect(createHash('sha256').update(exchange['code_verifier'] ?? '').digest('base64url')).toBe(query.get('code_challenge'));

    // The first token expires within the minute: the next command renews it and stores the rotated pair.
    const used = await appgen(['usage'], { env: { APPGEN_CONFIG_DIR: dir } });
    expect(used.code).toBe(0);
    expect(api.requests.at(-1)?.headers.authorization).toBe('Bearer at_2');
    expect(JSON.parse(await readFile(join(dir, 'config.json'), 'utf8')).oauth).toMatchObject({ access_token: 'at_2', refresh_token: 'rt_2' });
    expect(api.requests.filter((r) => r.url === '/oauth/token').at(-1)?.body).toEqual({ grant_type: 'refresh_token', refresh_token: 'rt_1', client_id: 'client_1' });
  });

  it('exits 3 when the sign-in is refused in the browser', async () => {
    const refuse = (url: string): void => {
      const query = new URL(url).searchParams;
      void fetch(`${query.get('redirect_uri')}?error=access_denied&error_description=The+user+said+no&state=${query.get('state')}`);
    };
    const run = await appgen(['login', '--web'], { env: { APPGEN_API_URL: api.url }, openUrl: refuse });
    expect(run).toMatchObject({ code: 3, stderr: expect.stringContaining('{"error":"access_denied","message":"The user said no"}') });
  });
});
