import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.cjs';

export interface NatsServerHandle {
  url: string;
  port: number;
  /** Kills the server (SIGKILL: no goodbye to clients) and starts it again on the same port and JetStream store. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

interface RunningServer {
  child: ChildProcess;
  exited: Promise<void>;
}

function natsServerBinary(): string {
  return process.env['NATS_SERVER_BIN'] ?? 'nats-server';
}

async function runServer(binary: string, args: string[]): Promise<RunningServer> {
  const child = spawn(binary, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`nats-server did not start within 10 s:\n${output}`)), 10_000);
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Server is ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`cannot run ${binary}: ${error.message}`));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`nats-server exited with code ${code}:\n${output}`));
      });
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  child.stderr?.resume();
  return { child, exited };
}

async function kill(server: RunningServer, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill(signal);
  await server.exited;
}

export interface NatsServerOptions {
  /** the server's max_payload in bytes (nats-server's default is 1 MB), to exercise replies sent in parts */
  maxPayload?: number;
}

/**
 * Starts a private nats-server with JetStream for one test file, so a test never answers (or steals)
 * messages meant for the services running on the machine's shared NATS. `NATS_SERVER_BIN` overrides
 * the binary, which is otherwise looked up on PATH.
 */
export async function startNatsServer(options: NatsServerOptions = {}): Promise<NatsServerHandle> {
  const port = await freePort();
  const storeDir = await mkdtemp(join(tmpdir(), 'appgen-nats-'));
  const binary = natsServerBinary();
  // max_payload has no command-line flag; it goes in a configuration file.
  const configFile = options.maxPayload === undefined ? undefined : join(storeDir, 'nats.conf');
  if (configFile) await writeFile(configFile, `max_payload: ${options.maxPayload}\n`);
  const args = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir, ...(configFile ? ['-c', configFile] : [])];
  let server: RunningServer;
  try {
    server = await runServer(binary, args);
  } catch (error) {
    await rm(storeDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    async restart() {
      await kill(server, 'SIGKILL');
      server = await runServer(binary, args);
    },
    async stop() {
      await kill(server, 'SIGTERM');
      await rm(storeDir, { recursive: true, force: true });
    },
  };
}

export interface NatsClusterHandle {
  /** every server's client URL; a connection given them all fails over between them */
  urls: string[];
  stop(): Promise<void>;
}

interface MetaCluster {
  leader?: string;
  cluster_size?: number;
  replicas?: Array<{ current?: boolean }>;
}

/** The JetStream meta group as one server's monitoring endpoint sees it, or undefined while it does not answer. */
async function metaCluster(monitorPort: number): Promise<MetaCluster | undefined> {
  try {
    const answer = await fetch(`http://127.0.0.1:${monitorPort}/jsz`);
    return answer.ok ? ((await answer.json()) as { meta_cluster?: MetaCluster }).meta_cluster : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts `size` private nats-servers (3 unless told) forming one JetStream cluster over routes, each on free ports
 * with its own store in one temporary folder, and resolves once every server knows the same meta leader and the
 * leader sees every other server current: only then can a stream be placed on all of them.
 */
export async function startNatsCluster(size = 3): Promise<NatsClusterHandle> {
  const dir = await mkdtemp(join(tmpdir(), 'appgen-nats-cluster-'));
  const binary = natsServerBinary();
  const nodes: Array<{ name: string; port: number; routePort: number; monitorPort: number }> = [];
  for (let i = 1; i <= size; i += 1) {
    nodes.push({ name: `n${i}`, port: await freePort(), routePort: await freePort(), monitorPort: await freePort() });
  }
  const routes = nodes.map((node) => `nats-route://127.0.0.1:${node.routePort}`).join(', ');
  const servers: RunningServer[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(servers.map((server) => kill(server, 'SIGTERM')));
    await rm(dir, { recursive: true, force: true });
  };
  try {
    // Every server is started before any is waited for: routes and the meta leader need the others.
    const starting = nodes.map(async (node) => {
      const configFile = join(dir, `${node.name}.conf`);
      // A JetStream cluster needs server names and a cluster name, which have no command-line flags.
      await writeFile(
        configFile,
        [
          `server_name: ${node.name}`,
          `jetstream { store_dir: "${join(dir, node.name)}" }`,
          `cluster { name: appgen-test, listen: "127.0.0.1:${node.routePort}", routes: [${routes}] }`,
          '',
        ].join('\n'),
      );
      const server = await runServer(binary, ['-c', configFile, '-a', '127.0.0.1', '-p', String(node.port), '-m', String(node.monitorPort)]);
      servers.push(server);
    });
    const started = await Promise.allSettled(starting);
    const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const metas = await Promise.all(nodes.map((node) => metaCluster(node.monitorPort)));
      const leaderName = metas[0]?.leader;
      const leader = metas[nodes.findIndex((node) => node.name === leaderName)];
      const formed =
        leaderName !== undefined &&
        metas.every((meta) => meta?.leader === leaderName && meta.cluster_size === size) &&
        leader?.replicas?.length === size - 1 &&
        leader.replicas.every((replica) => replica.current);
      if (formed) break;
      if (Date.now() > deadline) throw new Error(`the ${size} nats-servers formed no JetStream cluster within 20 s: ${JSON.stringify(metas)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls: nodes.map((node) => `nats://127.0.0.1:${node.port}`), stop };
}
