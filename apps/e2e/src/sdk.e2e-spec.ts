import { execFile } from 'node:child_process';
import * as http from 'node:http';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as sdk from '@appgen/sdk';
import { freePort } from '@appgen/testing';
import ts from 'typescript';
import { adminAccount, closeBus, e2eEnv, type TestAccount } from './support';

const run = promisify(execFile);
const ROOT = join(__dirname, '../../..');
const README = join(ROOT, 'libs/sdk/README.md');

/**
 * The README's journeys, marked `<!-- example: name -->`, in order, as one program a reader would put together:
 * their imports first, then their code in an async main (the README writes top-level await).
 */
async function readmeProgram(): Promise<{ names: string[]; source: string }> {
  const text = await readFile(README, 'utf8');
  const examples = [...text.matchAll(/<!-- example: ([\w-]+) -->\n```ts\n([\s\S]*?)```/g)];
  const imports = new Map<string, Set<string>>();
  const bodies: string[] = [];
  for (const [, , code] of examples) {
    const lines = (code ?? '').split('\n');
    for (const line of lines) {
      const imported = /^import \{ (.+) \} from '(.+)';$/.exec(line);
      if (imported) for (const name of (imported[1] ?? '').split(', ')) (imports.get(imported[2] ?? '') ?? imports.set(imported[2] ?? '', new Set()).get(imported[2] ?? ''))?.add(name);
    }
    bodies.push(lines.filter((line) => !line.startsWith('import ')).join('\n'));
  }
  const head = [...imports].map(([from, names]) => `import { ${[...names].join(', ')} } from '${from}';`).join('\n');
  return { names: examples.map(([, name]) => name ?? ''), source: `${head}\n\nexport async function main(): Promise<void> {\n${bodies.join('\n')}\n}\n` };
}

describe('the SDK', () => {
  let owner: TestAccount;
  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'sdk');
  });
  afterAll(closeBus);

  it('has the types of the document the running platform serves', async () => {
    const checked = await run(process.execPath, [join(ROOT, 'tools/sdk/api-types.mjs'), '--check', '--from', e2eEnv().site], { cwd: ROOT }).catch(
      (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
    );
    expect(checked).toEqual({ stdout: 'libs/sdk/src/api-types.generated.ts matches the OpenAPI document\n', stderr: '' });
  }, 60_000);

  it('runs the README examples: generate and wait, deploy, list, receive a verified webhook', async () => {
    const { names, source } = await readmeProgram();
    expect(names).toEqual(['generate', 'deploy', 'list', 'webhooks']);
    const port = await freePort();
    const logs: string[] = [];
    const servers: http.Server[] = [];
    // What the README's code reaches for, as it would find it: the SDK, node:http (servers noted to close them
    // after), the reader's variables and console.
    const modules: Record<string, unknown> = {
      '@appgen/sdk': sdk,
      'node:http': {
        ...http,
        createServer: (...args: Parameters<typeof http.createServer>) => {
          const server = http.createServer(...args);
          servers.push(server);
          return server;
        },
      },
    };
    const env = { APPGEN_API_URL: e2eEnv().site, APPGEN_API_KEY: owner.key, WEBHOOK_URL: `http://127.0.0.1:${port}/appgen`, WEBHOOK_PORT: String(port) };
    const reader = { log: (...parts: unknown[]) => logs.push(parts.join(' ')), error: (...parts: unknown[]) => logs.push(parts.join(' ')) };
    const compiled = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } }).outputText;
    const exports: { main?: () => Promise<void> } = {};
    const evaluate = new Function('require', 'exports', 'process', 'console', compiled);
    evaluate((name: string) => modules[name], exports, { env }, reader);
    try {
      await exports.main?.();
      const received = await waitForLog(logs, /^Received webhook\.test/);
      expect(received).toMatch(/^Received webhook\.test for app /);
    } finally {
      for (const server of servers) server.close();
    }
    const generated = logs.findIndex((line) => line.startsWith('Preview: http://preview-'));
    expect(logs.slice(0, generated).every((line) => /^\d+% \S/.test(line))).toBe(true);
    expect(logs.slice(0, generated).at(-1)).toMatch(/^100% /);
    expect(logs).toContainEqual(expect.stringMatching(/^Deployment deployed$/));
    const live = logs.find((line) => line.startsWith('Live at '));
    expect(live).toMatch(/^Live at http:\/\/\w+\.apps\./);
    // The list example names the app it deployed, by its id and its production address.
    const appId = new URL((live ?? '').slice('Live at '.length)).hostname.split('.')[0];
    expect(logs).toContainEqual(expect.stringMatching(new RegExp(`^${appId} .+ ${(live ?? '').slice('Live at '.length).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`)));
  }, 240_000);

  it('type-checks the README examples against the SDK', async () => {
    const { source } = await readmeProgram();
    const dir = join(ROOT, 'tmp', `sdk-readme-${process.pid}`);
    await mkdir(join(ROOT, 'tmp'), { recursive: true });
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir);
    try {
      await writeFile(join(dir, 'readme.ts'), source);
      await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ extends: '../../tsconfig.base.json', compilerOptions: { noEmit: true, types: ['node'] }, files: ['readme.ts'] }));
      const checked = await run(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json')], { cwd: ROOT }).then(
        () => '',
        (error: { stdout?: string }) => error.stdout ?? String(error),
      );
      expect(checked).toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

async function waitForLog(logs: string[], pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = logs.find((line) => pattern.test(line));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no log line ${pattern} in ${JSON.stringify(logs)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
