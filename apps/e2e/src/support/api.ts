import supertest from 'supertest';
import { e2eEnv } from './e2e-env';

/**
 * A supertest agent for one gateway replica (0 or 1), rooted at the site: `api().get('/api/v1/apps')`,
 * `api(1).get('/openapi.json')`. An agent keeps cookies between its requests.
 */
export function api(gateway = 0): supertest.Agent {
  const { gateways } = e2eEnv();
  const url = gateways[gateway];
  if (!url) throw new Error(`no gateway ${gateway}: the harness runs ${gateways.length}`);
  return supertest.agent(url);
}
