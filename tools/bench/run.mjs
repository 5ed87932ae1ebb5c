// `npm run bench [-- --only gateway-read|edge-read|generation|fit|validation|memory|webhooks] [--seconds N --connections N] [--runtime image|machine]`: builds, then runs every
// benchmark (or the one named) and prints its table. Each benchmark starts its own private NATS server,
// scratch database and the processes it measures. A benchmark whose jobs fail, (webhooks) whose deliveries
// go missing or fail their signature check, (edge-read) whose answers have another status than expected,
// (gateway-read) that misses its throughput or p99 target, or (memory) whose processes idle above the target
// sets a non-zero exit code.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build } from '../build/build.mjs';
import { commandLine } from '../platform/command-line.mjs';
import { NODE_24, ensureNode24 } from '../platform/install.mjs';

// Each benchmark module loads the libraries from dist/ as it is imported, so it is imported after the build:
// from a clean clone there is no dist/ before it.
const BENCHMARKS = {
  'gateway-read': async ({ seconds, connections }) => {
    const { benchGatewayRead, printGatewayRead } = await import('./gateway-read.mjs');
    const missed = printGatewayRead(await benchGatewayRead({ seconds, connections }));
    if (missed.length > 0) {
      for (const problem of missed) console.error(problem);
      process.exitCode = 1;
    }
  },
  'edge-read': async ({ seconds, connections }) => {
    const { benchEdgeRead, printEdgeRead } = await import('./edge-read.mjs');
    const results = await benchEdgeRead({ seconds, connections });
    const failed = printEdgeRead(results);
    if (failed.length > 0) {
      console.error(`${failed.map((r) => r.name).join(', ')} answered other statuses than expected; service logs in ${results.logDir}`);
      process.exitCode = 1;
    }
  },
  generation: async () => {
    const { benchGeneration, printGeneration } = await import('./generation.mjs');
    const results = await benchGeneration();
    const failed = printGeneration(results);
    if (failed.length > 0) {
      console.error(`${failed.length} generation job(s) failed; service logs in ${results.logDir}`);
      process.exitCode = 1;
    }
  },
  fit: async () => {
    const { benchFit, printFit } = await import('./fit.mjs');
    if (!printFit(benchFit())) {
      console.error('the blueprint planner found fewer of the prompts\' concepts than the target');
      process.exitCode = 1;
    }
  },
  validation: async () => {
    const { benchValidation, printValidation } = await import('./validation.mjs');
    printValidation(benchValidation());
  },
  memory: async () => {
    const { benchMemory, printMemory } = await import('./memory.mjs');
    const results = await benchMemory();
    const over = printMemory(results);
    if (over.length > 0) {
      console.error(`${over.map((p) => p.name).join(', ')} over the memory target (or not measured); service logs in ${results.logDir}`);
      process.exitCode = 1;
    }
  },
  webhooks: async () => {
    const { benchWebhooks, printWebhooks } = await import('./webhooks.mjs');
    const results = await benchWebhooks();
    const problems = printWebhooks(results);
    if (problems.length > 0) {
      for (const problem of problems) console.error(problem);
      console.error(`service log in ${results.logDir}`);
      process.exitCode = 1;
    }
  },
};

const USAGE = `npm run bench [-- --only ${Object.keys(BENCHMARKS).join('|')}] [--seconds N --connections N] [--runtime image|machine]
  builds, then runs every benchmark (or the one --only names) on its own NATS server and scratch database.
  --seconds, --connections   length and connections of each gateway-read and edge-read pass (default 10 s, 32)
  --runtime                  image (default): on Node ${NODE_24}, the release the images run, fetched from the npm
                             registry as the test suite's Node 24 layer is; machine: on the Node running this command
  GENERATION_CONCURRENCY, WEBHOOK_CONCURRENCY in the environment are passed to the services measured.`;

const values = commandLine(
  {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string' },
    runtime: { type: 'string', default: 'image' },
  },
  USAGE,
);
if (values.only !== undefined && !(values.only in BENCHMARKS)) {
  console.error(`--only takes one of: ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exit(2);
}
if (!['image', 'machine'].includes(values.runtime)) {
  console.error('--runtime takes image or machine');
  process.exit(2);
}
await build();
// What is measured is what operators run: the processes of a benchmark are started with the Node that runs this
// command, so on another release the command runs itself again on the images' one. The releases differ where it
// counts here: on Node 20, AsyncLocalStorage (the request context of every log line and NATS header) runs async
// hooks on every promise; from Node 24 it costs next to nothing.
if (values.runtime === 'image' && process.version !== `v${NODE_24}`) {
  const node24 = ensureNode24();
  if (!node24) process.exit(1);
  console.log(`Running the benchmarks on Node ${NODE_24}, the images' release (--runtime machine: on this machine's ${process.version})`);
  const rerun = spawnSync(node24, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(rerun.status ?? 1);
}
for (const [name, run] of Object.entries(BENCHMARKS)) {
  if (values.only === undefined || values.only === name) await run({ seconds: Number(values.seconds), connections: Number(values.connections) });
}
