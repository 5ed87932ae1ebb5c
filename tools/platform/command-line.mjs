// The options of a tools/ command (node:util parseArgs), with `--help`/`-h` printing `usage`; a wrong option prints
// the error and the usage and exits 2, as a command line should.
import { parseArgs } from 'node:util';

export function commandLine(options, usage) {
  let values;
  try {
    ({ values } = parseArgs({ options: { ...options, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    console.error(`${error.message}\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}
