/** How long a request waits for the NATS server's answer before it is served from what the edge knows. */
export const BARRIER_TIMEOUT_MS = 1000;

/**
 * Makes the edge's caches safe to read: `pass()` resolves once a PING sent after the call has come back from
 * the NATS server. NATS delivers a connection's messages in order, so every `edge.apps.changed` the server
 * took before that PING has been heard (and its app forgotten) by then; services announce a change and wait
 * for the server to take it before they answer, so a request made after an API answer reads past the change.
 * Requests that arrive together share one PING (the next one is sent after the current I/O callbacks), so a
 * busy edge pays a round trip to its NATS server per batch of requests, not per request.
 *
 * While the server cannot be reached nothing new can be announced either: after BARRIER_TIMEOUT_MS (or at once
 * when the connection is closed) the request goes on with what the edge has.
 */
export class ServerBarrier {
  private waiting: Promise<void> | undefined;

  constructor(
    private readonly ping: () => Promise<void>,
    private readonly timeoutMs = BARRIER_TIMEOUT_MS,
  ) {}

  pass(): Promise<void> {
    // A PING not sent yet serves everyone who arrives before it goes out; one already sent may have overtaken them.
    this.waiting ??= new Promise<void>((resolve) =>
      setImmediate(() => {
        this.waiting = undefined;
        void this.roundTrip().then(resolve);
      }),
    );
    return this.waiting;
  }

  private async roundTrip(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.timeoutMs);
    });
    try {
      await Promise.race([this.ping(), timeout]);
    } catch {
      // A closed connection: nothing can be announced to this edge any more; serve what it has.
    } finally {
      clearTimeout(timer);
    }
  }
}
