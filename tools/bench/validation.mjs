// What checking a message against its contract costs: every request is checked twice on its way (the gateway,
// then the receiving service), so this is a fixed cost on the hot read path. Measures the contracts' validator
// (dist/libs/contracts) on a read request, a queue request, and an invalid queue request (errors worded).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from '../platform/platform.mjs';

const require = createRequire(import.meta.url);
const { GenerationSubjects, RPC_SCHEMAS, SCOPE_GRANTS, validate } = require(join(ROOT, 'dist/libs/contracts/src/index.js'));

const caller = { accountId: 42, email: 'ada@example.com', plan: 'pro', keyId: 7, scope: 'full_access', grants: [...SCOPE_GRANTS.full_access] };
const CASES = [
  { name: 'read (generation.jobs.get)', schema: RPC_SCHEMAS[GenerationSubjects.get].request, message: () => ({ caller, id: 'job_k3x9q2m7w1abcd4e5f6g' }) },
  {
    name: 'queue (generation.jobs.queue)',
    schema: RPC_SCHEMAS[GenerationSubjects.queue].request,
    message: () => ({ caller, prompt: 'A recipe manager where I save recipes and rate them', name: 'Recipe Box', metadata: { ticket: 12 } }),
  },
  {
    name: 'queue, invalid (4 fields wrong)',
    schema: RPC_SCHEMAS[GenerationSubjects.queue].request,
    message: () => ({ caller, prompt: 'r'.repeat(10_001), name: 'Recipe\nBox', visibility: 'secret', colour: 'blue' }),
  },
];

export function benchValidation({ iterations = 200_000 } = {}) {
  return CASES.map(({ name, schema, message }) => {
    // Fresh messages, as each arrives parsed from JSON; built outside the timed loop.
    const messages = Array.from({ length: 1000 }, message);
    for (let i = 0; i < 10_000; i += 1) validate(schema, messages[i % messages.length]);
    const started = performance.now();
    for (let i = 0; i < iterations; i += 1) validate(schema, messages[i % messages.length]);
    const seconds = (performance.now() - started) / 1000;
    return { name, opsPerSecond: Math.round(iterations / seconds), microseconds: (seconds * 1e6) / iterations };
  });
}

export function printValidation(results) {
  console.log('\ncontract validation (one check; each request is checked at the gateway and at its service)');
  console.log(`${'message'.padEnd(36)} ${'checks/s'.padStart(12)} ${'µs each'.padStart(9)}`);
  for (const { name, opsPerSecond, microseconds } of results) {
    console.log(`${name.padEnd(36)} ${opsPerSecond.toLocaleString('en-US').padStart(12)} ${microseconds.toFixed(2).padStart(9)}`);
  }
}
