import { e2eEnv } from './e2e-env';

export interface PlatformControl {
  /** Stops an instance (`users-service`, `gateway-2`, ...); resolves once it has exited. */
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a stopped instance again, optionally with extra variables; resolves once it is healthy. */
  start(name: string, env?: Record<string, string>): Promise<void>;
  restart(name: string, env?: Record<string, string>): Promise<void>;
  /** The pid of every instance (null while one is down), to kill one behind the platform's back as a crash would. */
  pids(): Promise<Record<string, number | null>>;
}

/**
 * Controls the processes the harness started. They belong to jest's own process, which a test's module
 * sandbox cannot reach, so this asks the harness's loopback control server. A test that stops a service
 * must start it again before it ends (in a finally), as the next test file shares the platform.
 */
export function platformControl(): PlatformControl {
  const call = async (action: string, body: object): Promise<string> => {
    const response = await fetch(`${e2eEnv().controlUrl}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      const failure: { error?: string } = JSON.parse(await response.text());
      throw new Error(`${action} failed: ${failure.error ?? response.status}`);
    }
    return response.text();
  };
  return {
    kill: async (name, signal) => void (await call('kill', { name, signal })),
    start: async (name, env) => void (await call('start', { name, env })),
    restart: async (name, env) => void (await call('restart', { name, env })),
    pids: async () => {
      const pids: Record<string, number | null> = JSON.parse(await call('pids', {}));
      return pids;
    },
  };
}
