import { ServerBarrier } from './server-barrier';

/** A PING whose PONG the test releases by hand, counting how many were sent. */
function controlledPing(): { ping: () => Promise<void>; sent: () => number; pong: () => void } {
  const pongs: Array<() => void> = [];
  let sent = 0;
  return {
    ping: () =>
      new Promise<void>((resolve) => {
        sent += 1;
        pongs.push(resolve);
      }),
    sent: () => sent,
    pong: () => pongs.shift()?.(),
  };
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('ServerBarrier', () => {
  it('lets requests that arrive together share one PING, and waits for its PONG', async () => {
    const server = controlledPing();
    const barrier = new ServerBarrier(server.ping);
    const passed: number[] = [];
    void barrier.pass().then(() => passed.push(1));
    void barrier.pass().then(() => passed.push(2));
    await nextTurn();
    expect(server.sent()).toBe(1);
    expect(passed).toEqual([]);
    server.pong();
    await nextTurn();
    expect(passed).toEqual([1, 2]);
  });

  it('never lets a request ride on a PING sent before it arrived', async () => {
    const server = controlledPing();
    const barrier = new ServerBarrier(server.ping);
    let early = false;
    let late = false;
    void barrier.pass().then(() => (early = true));
    await nextTurn();
    expect(server.sent()).toBe(1);
    void barrier.pass().then(() => (late = true));
    server.pong();
    await nextTurn();
    expect(early).toBe(true);
    expect(late).toBe(false);
    expect(server.sent()).toBe(2);
    server.pong();
    await nextTurn();
    expect(late).toBe(true);
  });

  it('goes on after its timeout when the server does not answer, and at once when the connection is closed', async () => {
    const silent = new ServerBarrier(() => new Promise<void>(() => undefined), 20);
    await expect(silent.pass()).resolves.toBeUndefined();
    const closed = new ServerBarrier(() => Promise.reject(new Error('connection closed')));
    await expect(closed.pass()).resolves.toBeUndefined();
  });
});
