import { e2eEnv } from './e2e-env';

export interface PlatformControl {
  /** Stops an instance (`users-service`, `gateway-2`, ...); resolves once it has exited. */
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a stopped instance again, optionally with extra variables; resolves once it is healthy. */
  start(name: string, env?: Record<string, string>): Promise<void>;
  restart(name: string, env?: Record<string, string>): Promise<void>;
}

/**
 * Controls the processes the harness started. They belong to jest's own process, which a test's module
 * sandbox cannot reach, so this asks the harness's loopback control server. A test that stops a service
 * must start it again before it ends (in a finally), as the next test file shares the platform.
 */
export function platformControl(): PlatformControl {
  const call = async (action: string, body: object): Promise<void> => {
    const response = await fetch(`${e2eEnv().controlUrl}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      const failure: { error?: string } = JSON.parse(await response.text());
      throw new Error(`${action} failed: ${failure.error ?? response.status}`);
    }
  };
  return {
    kill: (name, signal) => call('kill', { name, signal }),
    start: (name, env) => call('start', { name, env }),
    restart: (name, env) => call('restart', { name, env }),
  };
}
