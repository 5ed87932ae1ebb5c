import { freePort, startNatsServer, type NatsServerHandle } from '@appgen/testing';
import { runAdmin } from './admin-cli';

jest.setTimeout(20_000);

let nats: NatsServerHandle;

beforeAll(async () => {
  nats = await startNatsServer();
});

afterAll(async () => {
  await nats?.stop();
});

async function admin(argv: string[], natsUrl: string): Promise<{ code: number; out: string; err: string[] }> {
  let out = '';
  const err: string[] = [];
  const code = await runAdmin(argv, { natsUrl, timeoutMs: 2000, out: (text) => (out += text) }, (line) => err.push(line));
  return { code, out, err };
}

describe('npm run admin', () => {
  it('prints help and succeeds', async () => {
    const result = await admin(['help'], nats.url);
    expect(result.code).toBe(0);
    expect(result.out).toContain('create-account EMAIL [--plan free|pro|enterprise] [--name NAME]');
  });

  it('tells the operator to start the platform when users-service is not running', async () => {
    const result = await admin(['create-account', 'ops@example.com'], nats.url);
    expect(result).toEqual({
      code: 1,
      out: '',
      err: [`Error: users-service is not running on ${nats.url}; start the platform with \`npm start\` first`],
    });
  });

  it('says when NATS itself cannot be reached', async () => {
    const url = `nats://127.0.0.1:${await freePort()}`;
    const result = await admin(['create-account', 'ops@example.com'], url);
    expect(result.code).toBe(1);
    expect(result.err).toHaveLength(1);
    expect(result.err[0]).toMatch(new RegExp(`^Error: cannot reach NATS at ${url} .*start the platform with \`npm start\` first`));
  });

  it('refuses a bad e-mail before touching the network', async () => {
    const result = await admin(['create-account', 'ops'], 'nats://127.0.0.1:1');
    expect(result).toEqual({ code: 1, out: '', err: ['Error: "ops" is not a valid e-mail address'] });
  });
});
