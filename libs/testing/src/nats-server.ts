import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

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

async function runServer(binary: string, port: number, storeDir: string, configFile: string | undefined): Promise<RunningServer> {
  const args = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir, ...(configFile ? ['-c', configFile] : [])];
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

/**
 * Starts a private nats-server with JetStream for one test file, so a test never answers (or steals)
 * messages meant for the services running on the machine's shared NATS. `NATS_SERVER_BIN` overrides
 * the binary, which is otherwise looked up on PATH.
 */
export interface NatsServerOptions {
  /** the server's max_payload in bytes (nats-server's default is 1 MB), to exercise replies sent in parts */
  maxPayload?: number;
}

export async function startNatsServer(options: NatsServerOptions = {}): Promise<NatsServerHandle> {
  const port = await freePort();
  const storeDir = await mkdtemp(join(tmpdir(), 'appgen-nats-'));
  const binary = process.env['NATS_SERVER_BIN'] ?? 'nats-server';
  // max_payload has no command-line flag; it goes in a configuration file.
  const configFile = options.maxPayload === undefined ? undefined : join(storeDir, 'nats.conf');
  if (configFile) await writeFile(configFile, `max_payload: ${options.maxPayload}\n`);
  let server: RunningServer;
  try {
    server = await runServer(binary, port, storeDir, configFile);
  } catch (error) {
    await rm(storeDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    async restart() {
      await kill(server, 'SIGKILL');
      server = await runServer(binary, port, storeDir, configFile);
    },
    async stop() {
      await kill(server, 'SIGTERM');
      await rm(storeDir, { recursive: true, force: true });
    },
  };
}
