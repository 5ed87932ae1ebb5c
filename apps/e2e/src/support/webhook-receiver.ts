import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST as the receiver got it: the raw body is what a signature is computed over. */
export interface ReceivedRequest {
  method: string;
  /** Path and query, e.g. `/hooks/a`. */
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  /** The status this receiver answered, once it has (a request it is still holding has none yet). */
  answered?: number;
}

/** How to answer one request: a status (200 by default), given after `delayMs` (none by default). */
export interface Reply {
  status?: number;
  delayMs?: number;
}

/** Decides the answer to each request; `earlier` is every request received before this one. */
export type Responder = (request: ReceivedRequest, earlier: readonly ReceivedRequest[]) => Reply | Promise<Reply>;

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/hooks/appgen`, the address to subscribe. */
  url: string;
  /** The same server under another path, so several subscriptions can share it and still be told apart. */
  urlFor(path: string): string;
  /** Every request so far, in arrival order (recorded on arrival, before the answer). */
  received: ReceivedRequest[];
  /** Replaces the responder from now on. */
  respond(responder: Responder): void;
  close(): Promise<void>;
}

const answerOk: Responder = () => ({ status: 200 });

/** A subscriber's server on loopback; answers 200 at once unless told otherwise. */
export async function startWebhookReceiver(responder: Responder = answerOk): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  let decide = responder;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
      };
      const earlier = received.slice();
      received.push(request);
      void (async () => {
        let reply: Reply;
        try {
          reply = await decide(request, earlier);
        } catch {
          reply = { status: 500 };
        }
        if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        const status = reply.status ?? 200;
        request.answered = status;
        // The sender may have given up (timeout) and closed the socket meanwhile.
        if (!res.destroyed) res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}/hooks/appgen`,
    urlFor: (path) => `${base}${path.startsWith('/') ? path : `/${path}`}`,
    received,
    respond: (next) => {
      decide = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // A held answer must not keep the server open past the test.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `read` every 100 ms until it gives something other than undefined; fails after `timeoutMs`. */
export async function waitFor<T>(read: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000, what = 'nothing arrived'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
