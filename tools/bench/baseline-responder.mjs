// Bare baseline, back half: answers NATS requests with apps-service's detail query over a plain pg pool,
// no framework. Started by tools/bench/gateway-read.mjs; not part of the platform.
import { createRequire } from 'node:module';
import { connect, JSONCodec } from 'nats';
import pg from 'pg';

const require = createRequire(import.meta.url);
const { APP_DETAIL_SQL } = require('../../dist/apps/apps-service/src/managed-apps/app-detail.query.js');

const { DATABASE_URL, NATS_URL, BASELINE_SUBJECT } = process.env;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10, options: '-c search_path=apps' });
const nats = await connect({ servers: NATS_URL });
const codec = JSONCodec();

nats.subscribe(BASELINE_SUBJECT, {
  queue: 'bench-baseline',
  callback: (_error, message) => {
    const { id, accountId } = codec.decode(message.data);
    pool.query(APP_DETAIL_SQL, [id, accountId]).then(
      ({ rows }) => message.respond(codec.encode(rows[0] ? { app: rows[0] } : { error: 'not_found' })),
      (error) => message.respond(codec.encode({ error: String(error) })),
    );
  },
});
await nats.flush();
process.send?.('ready');
process.on('SIGTERM', async () => {
  await nats.drain();
  await pool.end();
  process.exit(0);
});
