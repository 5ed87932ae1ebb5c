import type { EntityManager } from 'typeorm';
import type { AppPlan } from '@appgen/contracts';
import { renderManifestFiles } from '@appgen/app-manifest';
import { byteSize } from '../files/source-path';
import type { ManagedAppEntity } from './managed-app.entity';

/**
 * Rewrites AGENTS.md, CLAUDE.md and SKILL.md in the app's current tree so they describe the app as it is now
 * (contract, "Source file": regenerated on every deploy and configuration change), environment variable names
 * included (never their values). In place and without a new version: they are documentation, not part of the
 * built bundle. An app never generated has no plan and so no manifest yet. Runs inside the caller's
 * transaction, which holds the app's row lock, so it sees the variables that transaction changed.
 */
export async function refreshManifest(manager: EntityManager, app: ManagedAppEntity, editorUrl: string): Promise<void> {
  const rows: { plan: AppPlan }[] = await manager.query(
    'SELECT plan FROM app_versions WHERE app_id = $1 AND plan IS NOT NULL ORDER BY number DESC LIMIT 1',
    [app.id],
  );
  const plan = rows[0]?.plan;
  if (!plan) return;
  const envVars: { key: string }[] = await manager.query('SELECT key FROM app_env_vars WHERE app_id = $1 ORDER BY key', [app.id]);
  const files = renderManifestFiles(
    // An app created without a description keeps the one its plan was made with.
    { ...plan, name: app.name, description: app.description || plan.description },
    {
      appId: app.id,
      previewUrl: app.previewUrl,
      productionUrl: app.productionUrl,
      editorUrl,
      envVarNames: envVars.map((row) => row.key),
      // Custom domains are not stored by appgen yet.
      customDomains: [],
    },
  );
  await manager.query(
    `INSERT INTO app_files (app_id, path, content, size)
     SELECT $1, f.path, f.content, f.size FROM unnest($2::text[], $3::text[], $4::int[]) AS f(path, content, size)
     ON CONFLICT (app_id, path) DO UPDATE SET content = excluded.content, size = excluded.size, updated_at = now()
      WHERE app_files.content IS DISTINCT FROM excluded.content`,
    [app.id, files.map((file) => file.path), files.map((file) => file.content), files.map((file) => byteSize(file.content))],
  );
}
