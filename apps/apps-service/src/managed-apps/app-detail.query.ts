/**
 * The one query behind `GET /managed_apps/:id`: the app row and its counts, scoped to the owner.
 * tools/bench/baseline-responder.mjs keeps a copy for its bare baseline (the bench does not import the service):
 * change one, change the other; the gateway-read benchmark stops when the two answer differently.
 */
export const APP_DETAIL_SQL = `
  SELECT a.id, a.account_id AS "accountId", a.creator_email AS "creatorEmail", a.name, a.description,
         a.prompt, a.status, a.visibility, a.ai_model AS "aiModel", a.preview_url AS "previewUrl",
         a.production_url AS "productionUrl", a.published_at AS "publishedAt",
         a.created_at AS "createdAt", a.updated_at AS "updatedAt",
         (SELECT count(*)::int FROM app_versions v WHERE v.app_id = a.id) AS "versionsCount",
         (SELECT count(*)::int FROM app_files f WHERE f.app_id = a.id) AS "filesCount"
    FROM managed_apps a
   WHERE a.id = $1 AND a.account_id = $2`;

/**
 * Named, so each pooled connection parses and plans it once and then only binds and executes it. The search_path
 * is fixed per connection, so the prepared plan always reads apps' own tables.
 */
export const APP_DETAIL_QUERY = { name: 'apps.app-detail', text: APP_DETAIL_SQL } as const;
