// `node tools/chaos/run.mjs [--rounds N --accounts N --after-seconds N --settle-seconds N]`: builds, then runs the fault
// campaign (campaign.mjs) on a private Postgres and NATS, prints its table and exits non-zero if an event was lost,
// a side effect done twice, a job left stuck, or a client saw an error after recovery. The defaults are the short
// campaign CI runs (every fault once); more rounds and accounts make a longer, heavier one.
import { build } from '../build/build.mjs';
import { commandLine } from '../platform/command-line.mjs';

const USAGE = `node tools/chaos/run.mjs [--rounds N --accounts N --after-seconds N --settle-seconds N]
  --rounds          times every fault is injected (default 1)
  --accounts        accounts generating, deploying and writing at once (default 2)
  --after-seconds   load kept on after each recovery before the next fault (default 4)
  --settle-seconds  time given to finish jobs and deliveries after the load stops (default 60)`;

const values = commandLine(
  {
    rounds: { type: 'string', default: '1' },
    accounts: { type: 'string', default: '2' },
    'after-seconds': { type: 'string', default: '4' },
    'settle-seconds': { type: 'string', default: '60' },
  },
  USAGE,
);
const numbers = { rounds: Number(values.rounds), accounts: Number(values.accounts), afterSeconds: Number(values['after-seconds']), settleSeconds: Number(values['settle-seconds']) };
if (Object.values(numbers).some((n) => !Number.isInteger(n) || n < 1)) {
  console.error(`every option takes a whole number of at least 1\n${USAGE}`);
  process.exit(2);
}

await build();
// Loaded after the build: the campaign reads the contracts from dist/.
const { failures, printReport, runCampaign } = await import('./campaign.mjs');
const started = Date.now();
const report = await runCampaign(numbers);
console.log(`\nfault campaign (${((Date.now() - started) / 1000).toFixed(0)} s, ${numbers.rounds} round(s), ${numbers.accounts} account(s))\n`);
printReport(report);
const found = failures(report);
if (found.length > 0) {
  console.error(`\nFAILED:\n- ${found.join('\n- ')}\nprocess logs kept in ${report.logDir}`);
  process.exit(1);
}
console.log('\nnothing lost, nothing done twice, nothing stuck, no client error after recovery');
