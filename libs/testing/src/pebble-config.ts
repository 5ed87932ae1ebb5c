import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './free-port.cjs';

/** What a pebble started with `-config <configPath>` answers on. */
export interface PebbleConfig {
  configPath: string;
  /** its own certificate, which a client of its HTTPS endpoints (domains-service: NODE_EXTRA_CA_CERTS) must trust */
  certPath: string;
  /** the ACME directory, ACME_DIRECTORY_URL */
  directoryUrl: string;
  /** the management API (`/roots/0`: the root it signs with) */
  managementUrl: string;
}

/**
 * Writes, in `dir`, a pebble configuration on free loopback ports with a certificate of our own making (pebble serves
 * its directory over HTTPS). http-01 validation connects to `httpPort`, as to port 80 in production: the edge's.
 */
export async function writePebbleConfig(dir: string, httpPort: number): Promise<PebbleConfig> {
  const certPath = join(dir, 'pebble-cert.pem');
  const keyPath = join(dir, 'pebble-key.pem');
  const made = spawnSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2',
    '-subj', '/CN=pebble.localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout', keyPath, '-out', certPath,
  ]);
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr.toString()}`);
  const [listenPort, managementPort, tlsPort] = [await freePort(), await freePort(), await freePort()];
  const configPath = join(dir, 'pebble.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${listenPort}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: certPath,
        privateKey: keyPath,
        httpPort,
        tlsPort,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );
  return { configPath, certPath, directoryUrl: `https://127.0.0.1:${listenPort}/dir`, managementUrl: `https://127.0.0.1:${managementPort}` };
}
