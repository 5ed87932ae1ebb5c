/*
 * What an app's addresses serve, spelled once for the edge's lookups (bundles.service.ts) and the versions
 * list (version-builds.service.ts). Each query takes the app id as $1 and answers at most one row `{build_id}`.
 */

/** The preview serves the app's newest successful build. */
export const PREVIEW_BUILD_SQL = "SELECT id AS build_id FROM builds WHERE app_id = $1 AND status = 'succeeded' ORDER BY id DESC LIMIT 1";

/** Production serves the build of the app's newest finished deployment. */
export const PRODUCTION_BUILD_SQL = "SELECT build_id FROM deployments WHERE app_id = $1 AND status = 'deployed' ORDER BY id DESC LIMIT 1";
