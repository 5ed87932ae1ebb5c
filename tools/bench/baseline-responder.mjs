// Bare baseline, back half: answers NATS requests with the app detail query over a plain pg pool, no
// framework. Started by tools/bench/gateway-read.mjs; not part of the platform.
import { connect, JSONCodec } from 'nats';
import pg from 'pg';

// A copy, for measurement only, of apps-service's query behind GET /managed_apps/:id
// (apps/apps-service/src/managed-apps/app-detail.query.ts): change one, change the other. The bench drives the
// platform from outside, and that query reads a schema only apps-service may read, so it is neither imported
// from the service's build nor published in a shared library. gateway-read.mjs checks, before it measures, that
// this copy answers what the API answers for the same app.
const APP_DETAIL_SQL = `
  SELECT a.id, a.account_id AS "accountId", a.creator_email AS "creatorEmail", a.name, a.description,
         a.prompt, a.status, a.visibility, a.ai_model AS "aiModel", a.preview_url AS "previewUrl",
         a.production_url AS "productionUrl", a.published_at AS "publishedAt",
         a.created_at AS "createdAt", a.updated_at AS "updatedAt",
         (SELECT count(*)::int FROM app_versions v WHERE v.app_id = a.id) AS "versionsCount",
         (SELECT count(*)::int FROM app_files f WHERE f.app_id = a.id) AS "filesCount"
    FROM managed_apps a
   WHERE a.id = $1 AND a.account_id = $2`;

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
