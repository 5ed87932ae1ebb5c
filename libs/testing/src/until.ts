/** Reads `read` every `intervalMs` until `done` holds, failing with the last value it read after `timeoutMs`. */
export async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
