import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, writePebbleConfig } from '@appgen/testing';
import { until } from './app-journeys';
import { e2eEnv } from './e2e-env';
import { platformControl } from './platform-control';

/** What pebble-challtestsrv's management API changes (its `/<action>` routes). */
export type DnsChange =
  | { action: 'set-cname'; host: string; target: string }
  | { action: 'clear-cname'; host: string }
  | { action: 'add-a'; host: string; addresses: string[] }
  | { action: 'clear-a'; host: string };

export interface DomainLab {
  /** Changes the records of the DNS server domains-service asks. */
  dns(change: DnsChange): Promise<void>;
  /** pebble's root certificate (PEM), which the certificates it issues chain to; empty without `acme`. */
  acmeRoot: string;
  /** Puts domains-service back as the harness started it, stops the servers and removes their scratch folder. */
  close(): Promise<void>;
}

/**
 * Custom domains against a real DNS server (and, with `acme`, a real ACME CA) on loopback, for a spec to bring a domain
 * to operational as its owner would: pebble-challtestsrv answers DNS, with only the records a test gives a name; pebble
 * issues certificates after fetching the http-01 challenge from the edge's HTTP port. Without `acme`, domains-service's
 * internal CA signs a certificate as soon as the domain is verified. domains-service is restarted to use them, checking
 * a pending domain every second; `close()` (in an afterAll) puts it back, as the next spec shares the platform.
 */
export async function startDomainLab(options: { acme?: boolean } = {}): Promise<DomainLab> {
  const dir = mkdtempSync(join(tmpdir(), 'appgen-domains-'));
  const children: ChildProcess[] = [];
  let restarted = false;

  function start(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
    const child = spawn(command, args, { cwd: dir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const log: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    // Into the run's log folder, which outlives the scratch folder (kept when something failed).
    child.on('exit', () => writeFileSync(join(e2eEnv().logDir, `${command.split('/').pop() ?? 'child'}.log`), log.join('')));
    children.push(child);
    return child;
  }

  async function waitForPort(port: number, child: ChildProcess, name: string): Promise<void> {
    await until(
      `${name} listening on ${port}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}; see ${e2eEnv().logDir}`);
        return fetch(`http://127.0.0.1:${port}/`).then(
          () => true,
          (error: { cause?: { code?: string } }) => error.cause?.code !== 'ECONNREFUSED',
        );
      },
      Boolean,
      15_000,
    );
  }

  async function close(): Promise<void> {
    try {
      if (restarted) await platformControl().restart('domains-service', {});
    } finally {
      // Waited for, so none is still writing into the scratch folder as it goes.
      await Promise.all(
        children.map((child) =>
          child.exitCode !== null || child.signalCode !== null
            ? undefined
            : new Promise<void>((resolve) => {
                child.once('exit', () => resolve());
                child.kill('SIGTERM');
              }),
        ),
      );
      rmSync(dir, { recursive: true, force: true });
    }
  }

  try {
    const dnsPort = await freePort();
    const dnsAdminPort = await freePort();
    const dnsAdmin = `http://127.0.0.1:${dnsAdminPort}`;
    // No default answers: a name has only the records a test gives it.
    const challtestsrv = start('pebble-challtestsrv', [
      '-dns01', `127.0.0.1:${dnsPort}`, '-management', `127.0.0.1:${dnsAdminPort}`,
      '-http01', '', '-https01', '', '-tlsalpn01', '', '-defaultIPv4', '', '-defaultIPv6', '',
    ]);
    await waitForPort(dnsAdminPort, challtestsrv, 'pebble-challtestsrv');
    const env: Record<string, string> = { DNS_RESOLVERS: `127.0.0.1:${dnsPort}`, DNS_CHECK_SCHEDULE: '1' };
    const acmeRoot = options.acme ? await startPebble(dnsPort, env) : '';
    restarted = true;
    await platformControl().restart('domains-service', env);

    return {
      acmeRoot,
      close,
      dns: async ({ action, ...body }) => {
        const response = await fetch(`${dnsAdmin}/${action}`, { method: 'POST', body: JSON.stringify(body) });
        if (!response.ok) throw new Error(`challtestsrv ${action}: ${response.status}`);
      },
    };
  } catch (error) {
    await close();
    throw error;
  }

  /** Starts pebble resolving through the lab's DNS, adds to `env` what domains-service needs to use it, answers its root. */
  async function startPebble(dnsPort: number, env: Record<string, string>): Promise<string> {
    // http-01 validation connects to the edge's HTTP port, as to port 80 in production.
    const config = await writePebbleConfig(dir, Number(new URL(e2eEnv().edge).port));
    const pebble = start('pebble', ['-config', config.configPath, '-dnsserver', `127.0.0.1:${dnsPort}`], { PEBBLE_VA_NOSLEEP: '1' });
    const pebbleCa = readFileSync(config.certPath, 'utf8');
    const root = await until(
      "pebble's root certificate",
      async () => {
        if (pebble.exitCode !== null) throw new Error(`pebble exited with ${pebble.exitCode}; see ${e2eEnv().logDir}`);
        return new Promise<string>((resolve) => {
          const req = httpsRequest(`${config.managementUrl}/roots/0`, { ca: pebbleCa }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve(res.statusCode === 200 ? Buffer.concat(chunks).toString('utf8') : ''));
          });
          req.on('error', () => resolve(''));
          req.end();
        });
      },
      (pem) => pem.includes('BEGIN CERTIFICATE'),
      15_000,
    );
    Object.assign(env, { TLS_ISSUER: 'acme', ACME_DIRECTORY_URL: config.directoryUrl, NODE_EXTRA_CA_CERTS: config.certPath });
    return root;
  }
}
