// `npm run bench [-- --only gateway-read|generation|webhooks] [--seconds N --connections N]`: builds, then runs every
// benchmark (or the one named) and prints its table. Each benchmark starts its own private NATS server,
// scratch database and the processes it measures. A benchmark whose jobs fail, or (webhooks) whose deliveries
// go missing or fail their signature check, sets a non-zero exit code.
import { parseArgs } from 'node:util';
import { build } from '../build/build.mjs';
import { benchGatewayRead, printGatewayRead } from './gateway-read.mjs';
import { benchGeneration, printGeneration } from './generation.mjs';
import { benchWebhooks, printWebhooks } from './webhooks.mjs';

const BENCHMARKS = {
  'gateway-read': async ({ seconds, connections }) => {
    printGatewayRead(await benchGatewayRead({ seconds, connections }));
  },
  generation: async () => {
    const results = await benchGeneration();
    const failed = printGeneration(results);
    if (failed.length > 0) {
      console.error(`${failed.length} generation job(s) failed; service logs in ${results.logDir}`);
      process.exitCode = 1;
    }
  },
  webhooks: async () => {
    const results = await benchWebhooks();
    const problems = printWebhooks(results);
    if (problems.length > 0) {
      for (const problem of problems) console.error(problem);
      console.error(`service log in ${results.logDir}`);
      process.exitCode = 1;
    }
  },
};

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string' },
  },
});
if (values.only !== undefined && !(values.only in BENCHMARKS)) {
  console.error(`--only takes one of: ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exit(2);
}
await build();
for (const [name, run] of Object.entries(BENCHMARKS)) {
  if (values.only === undefined || values.only === name) await run({ seconds: Number(values.seconds), connections: Number(values.connections) });
}
