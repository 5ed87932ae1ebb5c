import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '../../..');

describe('the committed API types', () => {
  // The types are what openapi-typescript makes of the document the gateway's code publishes: any change to a
  // route, a schema or a description must come with `npm run sdk:types`.
  it('are what the gateway publishes now', async () => {
    const result = await promisify(execFile)(process.execPath, [join(ROOT, 'tools/sdk/api-types.mjs'), '--check'], { cwd: ROOT }).catch(
      (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? String(error) }),
    );
    expect(result.stderr.trim()).toBe('');
    expect(result.stdout.trim()).toBe('libs/sdk/src/api-types.generated.ts matches the OpenAPI document');
  }, 120_000);
});
