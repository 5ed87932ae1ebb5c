import { createServer, type Server } from 'node:http';
import { HttpSender } from './http-sender';

describe('HttpSender', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.end('ok'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses at connect time a host name that resolves to a loopback address (DNS rebinding)', async () => {
    const sender = new HttpSender({ allowPrivate: false, timeoutMs: 2000 });
    const result = await sender.send(`http://localhost:${port}/hook`, {}, '{}');
    sender.close();
    expect(result.status).toBeNull();
    expect(result.error).toContain('non-public address');
  });

  it('refuses a private IP literal without connecting', async () => {
    const sender = new HttpSender({ allowPrivate: false, timeoutMs: 2000 });
    const result = await sender.send(`http://127.0.0.1:${port}/hook`, {}, '{}');
    sender.close();
    expect(result).toMatchObject({ status: null, error: '127.0.0.1 is in 127.0.0.0/8 (Loopback), not a public address' });
  });

  it('refuses an IPv6 literal that tunnels to a private IPv4 address without connecting', async () => {
    const sender = new HttpSender({ allowPrivate: false, timeoutMs: 2000 });
    const result = await sender.send(`http://[2002:7f00:1::]:${port}/hook`, {}, '{}');
    sender.close();
    expect(result).toMatchObject({ status: null, error: '2002:7f00:1:: is 6to4 (RFC 3056) of 127.0.0.1, in 127.0.0.0/8 (Loopback), not a public address' });
  });

  it('reaches the same receiver when private addresses are allowed', async () => {
    const sender = new HttpSender({ allowPrivate: true, timeoutMs: 2000 });
    const result = await sender.send(`http://localhost:${port}/hook`, {}, '{}');
    sender.close();
    expect(result).toMatchObject({ status: 200, error: null });
  });
});
