import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EVENT_KINDS } from '@appgen/contracts';
import * as source from './index';

const run = promisify(execFile);
const ROOT = join(__dirname, '../../..');
const PACKAGES = mkdtempSync(join(tmpdir(), 'appgen-packages-'));
/** Runs node as an installed package would, its dependencies (openapi-fetch, commander) found where npm put them. */
const asInstalled = { env: { ...process.env, NODE_PATH: join(ROOT, 'node_modules') } };

describe('the published packages', () => {
  // What `npm publish` would ship: tools/sdk/pack.mjs bundles them, and they must work on their own.
  beforeAll(async () => {
    await run(process.execPath, [join(ROOT, 'tools/sdk/pack.mjs'), '--out', PACKAGES], { cwd: ROOT });
  }, 120_000);
  afterAll(() => rmSync(PACKAGES, { recursive: true, force: true }));

  it('@appgen/sdk exports what its source does, with declarations, and brings no contracts but the signature and the event kinds', async () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGES, 'sdk/package.json'), 'utf8'));
    const { stdout } = await run(process.execPath, ['-e', `console.log(JSON.stringify(Object.keys(require(${JSON.stringify(join(PACKAGES, 'sdk', manifest.main))})).sort()))`], asInstalled);
    expect(JSON.parse(stdout)).toEqual(Object.keys(source).sort());
    const kinds = await run(process.execPath, ['-e', `console.log(JSON.stringify(require(${JSON.stringify(join(PACKAGES, 'sdk', manifest.main))}).EVENT_KINDS))`], asInstalled);
    expect(JSON.parse(kinds.stdout)).toEqual([...EVENT_KINDS]);
    const declarations = readFileSync(join(PACKAGES, 'sdk', manifest.types), 'utf8');
    expect(declarations).toContain('createAppgenClient');
    expect(declarations).not.toContain('@appgen/');
    const bundle = readFileSync(join(PACKAGES, 'sdk', manifest.main), 'utf8');
    expect(bundle).not.toContain('@sinclair/typebox');
    expect(bundle).toContain('require("openapi-fetch")');
    expect(readFileSync(join(PACKAGES, 'appgen-sdk-0.1.0.tgz')).length).toBeGreaterThan(0);
  });

  it('@appgen/cli has a bin that runs', async () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGES, 'cli/package.json'), 'utf8'));
    const bin = join(PACKAGES, 'cli', manifest.bin.appgen);
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    const { stdout } = await run(process.execPath, [bin, '--version'], asInstalled);
    expect(stdout.trim()).toBe(manifest.version);
  });
});
