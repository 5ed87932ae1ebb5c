// A local HTTP server standing in for the appgen API in the specs of the SDK and the CLI: it answers what each spec
// scripts and records what it was asked.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  /** path and query as sent, e.g. `/api/v1/managed_apps?page=2&per_page=100` */
  url: string;
  headers: IncomingHttpHeaders;
  /** the JSON body parsed, or a form's fields */
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type FakeRoute = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeApi {
  /** the site root, e.g. http://127.0.0.1:41234 (the SDK adds /api/v1) */
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

/** Answers each request with `route` (404 `not_found` when it answers undefined). */
export async function startFakeApi(route: (request: FakeRequest) => FakeAnswer | undefined | Promise<FakeAnswer | undefined>): Promise<FakeApi> {
  const requests: FakeRequest[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const form = String(incoming.headers['content-type']).startsWith('application/x-www-form-urlencoded');
      const body = !text ? undefined : form ? Object.fromEntries(new URLSearchParams(text)) : JSON.parse(text);
      const request: FakeRequest = { method: incoming.method ?? 'GET', url: incoming.url ?? '/', headers: incoming.headers, body };
      requests.push(request);
      void Promise.resolve(route(request)).then((answer) => {
        const { status = 200, body, headers = {} } = answer ?? { status: 404, body: { error: 'not_found', message: `No route ${request.method} ${request.url}` } };
        outgoing.writeHead(status, { 'Content-Type': 'application/json', ...headers });
        outgoing.end(body === undefined ? '' : JSON.stringify(body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
