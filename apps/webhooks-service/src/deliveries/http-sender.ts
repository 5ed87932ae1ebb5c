import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { classifyAddress, isNonPublicAddress } from '../common/address-classifier';

export interface SendResult {
  /** HTTP status, or null when no response arrived (refused, timed out, blocked). */
  status: number | null;
  ms: number;
  error: string | null;
}

class BlockedAddressError extends Error {}

/**
 * Resolves like the default lookup but refuses any private, loopback or link-local answer, so a host
 * that resolved to a public address at creation cannot be re-pointed inside our network (DNS rebinding).
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const blocked = addresses.find((entry) => isNonPublicAddress(entry.address));
    if (blocked || addresses.length === 0) {
      return callback(new BlockedAddressError(`${hostname} resolves to a non-public address`), '', 0);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    return first ? callback(null, first.address, first.family) : callback(new BlockedAddressError(`${hostname} does not resolve`), '', 0);
  });
};

export interface HttpSenderOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  /**
   * Sockets per receiving host (default 256). The worker passes its whole concurrency: many subscriptions
   * may share one host, and a send must never wait in the agent's queue for a socket (its timeout runs).
   */
  maxSockets?: number;
}

/** POSTs signed deliveries; keeps connections alive per receiver so a burst reuses sockets. */
export class HttpSender {
  private readonly httpAgent: HttpAgent;
  private readonly httpsAgent: HttpsAgent;

  constructor(private readonly options: HttpSenderOptions) {
    const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 256, maxFreeSockets: options.maxSockets ?? 256 };
    this.httpAgent = new HttpAgent(agentOptions);
    this.httpsAgent = new HttpsAgent(agentOptions);
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  send(rawUrl: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    const started = Date.now();
    const done = (status: number | null, error: string | null): SendResult => ({ status, ms: Date.now() - started, error });
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return Promise.resolve(done(null, 'invalid URL'));
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // Node connects to an IP literal without calling `lookup`, so literals are checked here.
    if (!this.options.allowPrivate && isIP(host)) {
      const verdict = classifyAddress(host);
      if (!verdict.public) return Promise.resolve(done(null, `${host} is ${verdict.reason}, not a public address`));
    }
    const https = url.protocol === 'https:';
    const payload = Buffer.from(body, 'utf8');
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      const finish = (result: SendResult): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const request = (https ? httpsRequest : httpRequest)(
        url,
        {
          method: 'POST',
          agent: https ? this.httpsAgent : this.httpAgent,
          headers: { ...headers, 'Content-Length': String(payload.length) },
          ...(this.options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
        },
        (response: IncomingMessage) => {
          // The body is not kept; draining it frees the socket for the next delivery.
          response.resume();
          response.on('end', () => finish(done(response.statusCode ?? null, null)));
          response.on('error', (error) => finish(done(response.statusCode ?? null, error.message)));
        },
      );
      const timer = setTimeout(() => {
        request.destroy();
        finish(done(null, `no response within ${this.options.timeoutMs} ms`));
      }, this.options.timeoutMs);
      request.on('error', (error) => finish(done(null, error.message)));
      request.end(payload);
    });
  }
}
