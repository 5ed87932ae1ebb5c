import { ConfigError, loadConfig, serviceEnv } from '@appgen/service-kit';
import { runAdmin } from './admin-cli';

function main(): Promise<number> {
  let config: { NATS_URL: string; RPC_TIMEOUT_MS: number };
  try {
    config = loadConfig({ NATS_URL: serviceEnv.NATS_URL, RPC_TIMEOUT_MS: serviceEnv.RPC_TIMEOUT_MS });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Error: ${error.problems.join('; ')}\n`);
    return Promise.resolve(1);
  }
  return runAdmin(
    process.argv.slice(2),
    { natsUrl: config.NATS_URL, timeoutMs: config.RPC_TIMEOUT_MS, out: (text) => process.stdout.write(text) },
    (line) => process.stderr.write(`${line}\n`),
  );
}

void main().then((code) => {
  process.exitCode = code;
});
