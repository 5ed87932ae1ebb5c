import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpAdapter } from './bootstrap';

/** One GET over a real socket: Node's parser, not Fastify's inject, is what refuses an oversized request. */
function get(port: number, path: string): Promise<{ status: number; contentType: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'], text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the HTTP server of every process', () => {
  const adapter = createHttpAdapter();
  const fastify = adapter.getInstance();
  let port: number;
  beforeAll(async () => {
    fastify.get('/ping', async () => ({ ok: true }));
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    port = (fastify.server.address() as AddressInfo).port;
  });
  afterAll(() => fastify.close());

  it('answers a URL longer than Node reads with the API error body, not the framework one', async () => {
    const response = await get(port, `/ping?q=${encodeURIComponent('é'.repeat(5000))}`);
    expect(response.status).toBe(400);
    expect(response.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(response.text)).toEqual({ error: 'bad_request', message: 'The request URL and headers are too large: keep them under 16 KB together' });
  });

  it('still answers a request of ordinary size', async () => {
    expect(await get(port, '/ping')).toMatchObject({ status: 200, text: '{"ok":true}' });
  });
});
