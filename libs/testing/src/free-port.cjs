'use strict';
/**
 * Ports for the processes the platform and its tests start. The OS's own choice (`listen(0)`) comes from the
 * ephemeral range, the same range every outgoing connection takes its local port from: a service that connects
 * to Postgres or NATS a moment before another binds could hold the very port that one was given, and the bind
 * fails with EADDRINUSE. So ports are taken below that range, each checked free, and never handed out twice by
 * the same process; a random start keeps parallel test processes apart.
 */
const { readFileSync } = require('node:fs');
const { createServer } = require('node:net');

const LOWEST_PORT = 10_000;
const DEFAULT_EPHEMERAL_LOW = 32_768;

function ephemeralLow() {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > LOWEST_PORT + 1_000 ? low : DEFAULT_EPHEMERAL_LOW;
  } catch {
    return DEFAULT_EPHEMERAL_LOW;
  }
}

const HIGHEST_PORT = ephemeralLow() - 1;
const SPAN = HIGHEST_PORT - LOWEST_PORT + 1;
let cursor = Math.floor(Math.random() * SPAN);

/** Whether something already listens on `port` (any address), as the services bind 0.0.0.0. */
function portTaken(port) {
  return new Promise((resolveTaken) => {
    const server = createServer();
    server.once('error', (error) => resolveTaken(error.code === 'EADDRINUSE' || error.code === 'EACCES'));
    server.listen(port, () => server.close(() => resolveTaken(false)));
  });
}

/** A TCP port outside the ephemeral range that nothing listens on and this process has not handed out before. */
async function freePort() {
  for (let tried = 0; tried < SPAN; tried += 1) {
    const port = LOWEST_PORT + (cursor % SPAN);
    cursor += 1;
    if (!(await portTaken(port))) return port;
  }
  throw new Error(`no free port between ${LOWEST_PORT} and ${HIGHEST_PORT}`);
}

module.exports = { freePort, portTaken };
