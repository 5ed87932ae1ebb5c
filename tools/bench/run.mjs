// `npm run bench [-- --seconds N --connections N]`: builds, then runs every benchmark and prints its table.
// Each benchmark starts its own private NATS server, scratch database and the processes it measures.
import { parseArgs } from 'node:util';
import { build } from '../build/build.mjs';
import { benchGatewayRead, printGatewayRead } from './gateway-read.mjs';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '32' } },
});
await build();
const results = await benchGatewayRead({ seconds: Number(values.seconds), connections: Number(values.connections) });
printGatewayRead(results);
