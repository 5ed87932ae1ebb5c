import { readFileSync } from 'node:fs';

/** What the harness (src/harness/global-setup.mjs) started, as the tests see it. */
export interface E2eEnv {
  /** Site root of each gateway replica, e.g. http://127.0.0.1:41234 (the API is under /api/v1). */
  gateways: string[];
  api: string;
  site: string;
  edge: string;
  /** The edge's HTTPS port for custom domains, e.g. https://127.0.0.1:41236 (connect with the domain as servername). */
  edgeTls: string;
  /** Health URL of every running instance (`gateway`, `gateway-2`, `apps-service`, ...). */
  health: Record<string, string>;
  /** Where each instance serves its Prometheus metrics (its health port; the gateway's internal METRICS_PORT). */
  metrics: Record<string, string>;
  /** Services not started because they are not built. */
  skipped: string[];
  /** The run's database as its administrator (the server's superuser): specs read and arrange any schema with it. */
  databaseUrl: string;
  /** The DATABASE_URL each service that stores data was given: its own role, which can use only its own schema. */
  databaseUrls: Record<string, string>;
  natsUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
  mailDir: string;
  logDir: string;
  controlUrl: string;
}

const STATE_ENV = 'APPGEN_E2E_STATE';
let cached: E2eEnv | undefined;

export function e2eEnv(): E2eEnv {
  if (cached) return cached;
  const path = process.env[STATE_ENV];
  if (!path) {
    throw new Error(`${STATE_ENV} is not set: run the end-to-end tests with jest --config apps/e2e/jest.config.js --runInBand`);
  }
  const parsed: E2eEnv = JSON.parse(readFileSync(path, 'utf8'));
  cached = parsed;
  return parsed;
}
