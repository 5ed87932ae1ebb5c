import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

/** What the local runner, the test suite and the benchmarks run processes with (tools/platform, ES modules). */
function platformRuntime(): { NODE_FLAGS: string[]; NODE_24: string } {
  const script = "import { NODE_FLAGS } from './tools/platform/platform.mjs'; import { NODE_24 } from './tools/platform/install.mjs'; console.log(JSON.stringify({ NODE_FLAGS, NODE_24 }));";
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' })) as { NODE_FLAGS: string[]; NODE_24: string };
}

// Memory and speed are measured on processes started by tools/platform: they say something about production only
// while the image runs the same Node release with the same flags.
describe('the image runs processes as tools/platform does', () => {
  const dockerfile = readFileSync(join(ROOT, 'docker/Dockerfile'), 'utf8');
  const runtime = platformRuntime();

  it("passes NODE_FLAGS to node in the image's CMD", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(cmd).toBeDefined();
    expect(JSON.parse(cmd as string)).toEqual(['node', ...runtime.NODE_FLAGS, 'main.js']);
  });

  it('builds on the Node release the test suite and the benchmarks fetch as NODE_24', () => {
    expect(/^ARG NODE_IMAGE=node:(\S+?)-/m.exec(dockerfile)?.[1]).toBe(runtime.NODE_24);
  });
});
