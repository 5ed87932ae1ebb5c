import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { freePort } from './free-port.cjs';

const ephemeralLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

const listenOn = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('freePort', () => {
  it('answers distinct ports below the range outgoing connections take their local ports from', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    expect(new Set(ports).size).toBe(20);
    for (const port of ports) expect(port).toBeLessThan(ephemeralLow);
  });

  it('skips a port something already listens on, and the port it answers can be listened on', async () => {
    const next = await freePort();
    const squatter = await listenOn(next + 1);
    try {
      const answered = await freePort();
      expect(answered).not.toBe(next + 1);
      const server = await listenOn(answered);
      await new Promise((resolve) => server.close(resolve));
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
