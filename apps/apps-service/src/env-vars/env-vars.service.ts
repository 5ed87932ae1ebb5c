import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  editorUrl,
  isPublicEnvKey,
  PUBLIC_ENV_PREFIX,
  type Caller,
  type DeleteEnvVarResult,
  type EnvVarList,
  type EnvVarRequest,
  type EnvVarView,
  type PublicEnvValues,
  type PutEnvVarsRequest,
  type PutEnvVarsResult,
} from '@appgen/contracts';
import { AppgenError, openSecret, sealSecret } from '@appgen/service-kit';
import { APPS_CONFIG, type AppsConfig } from '../config/apps.config';
import { refreshManifest } from '../managed-apps/app-manifest';
import type { ManagedAppEntity } from '../managed-apps/managed-app.entity';
import { findOwnedApp } from '../managed-apps/owned-app';
import { AppEnvVarEntity } from './app-env-var.entity';
import { envVarCountProblem, envVarsProblems, maskEnvValue } from './env-var-rules';

/**
 * An app's environment variables, sealed at rest under SECRETS_KEY and never answered whole. A change rewrites the
 * app's manifest (names only) in the same transaction, and tells the caller whether a PUBLIC_ value changed, since
 * those are compiled into the browser bundle and the preview must then be built again.
 */
@Injectable()
export class EnvVarsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APPS_CONFIG) private readonly config: AppsConfig,
  ) {}

  async list(caller: Caller, id: string): Promise<EnvVarList> {
    const manager = this.dataSource.manager;
    await findOwnedApp(manager, caller, id);
    return { env_vars: await this.views(manager, id) };
  }

  /** Creates or replaces the variables named, all or none; a value sent again unchanged keeps its updated_at. */
  async put(request: PutEnvVarsRequest): Promise<PutEnvVarsResult> {
    const problems = envVarsProblems(request.env_vars);
    if (problems.length > 0) throw AppgenError.validation(problems);
    return this.dataSource.transaction(async (manager) => {
      // The app's row lock orders this with other variable changes and with the manifest rewrites of update/set_lifecycle.
      const app = await findOwnedApp(manager, request.caller, request.id, { lock: true });
      const stored = new Map((await manager.find(AppEnvVarEntity, { where: { appId: app.id } })).map((row) => [row.key, row]));
      const entries = Object.entries(request.env_vars);
      const countProblem = envVarCountProblem(stored.size, entries.filter(([key]) => !stored.has(key)).length);
      if (countProblem) throw AppgenError.validation([countProblem]);

      const changed = entries.filter(([key, value]) => {
        const row = stored.get(key);
        return !row || this.open(row) !== value;
      });
      if (changed.length > 0) {
        await manager.query(
          `INSERT INTO app_env_vars (app_id, key, value_encrypted, updated_at)
           SELECT $1, v.key, v.sealed, now() FROM unnest($2::text[], $3::text[]) AS v(key, sealed)
           ON CONFLICT (app_id, key) DO UPDATE SET value_encrypted = excluded.value_encrypted, updated_at = excluded.updated_at`,
          [app.id, changed.map(([key]) => key), changed.map(([, value]) => sealSecret(this.config.secretsKey, value))],
        );
        await this.refreshManifest(manager, app);
      }
      return {
        env_vars: await this.views(manager, app.id),
        public_changed: changed.some(([key]) => isPublicEnvKey(key)),
        newest_version_id: await this.newestVersionId(manager, app.id),
      };
    });
  }

  async delete(request: EnvVarRequest): Promise<DeleteEnvVarResult> {
    return this.dataSource.transaction(async (manager) => {
      const app = await findOwnedApp(manager, request.caller, request.id, { lock: true });
      const [, deleted]: [unknown, number] = await manager.query('DELETE FROM app_env_vars WHERE app_id = $1 AND key = $2', [app.id, request.key]);
      if (deleted === 0) throw AppgenError.of('not_found', `App ${app.id} has no environment variable ${request.key}`);
      await this.refreshManifest(manager, app);
      return {
        success: true,
        message: `Environment variable ${request.key} deleted.`,
        public_changed: isPublicEnvKey(request.key),
        newest_version_id: await this.newestVersionId(manager, app.id),
      };
    });
  }

  /** The app's PUBLIC_ values in the clear, for the builder; 404 when the app does not exist. */
  async publicValues(appId: string): Promise<PublicEnvValues> {
    const rows: { key: string | null; value_encrypted: string | null }[] = await this.dataSource.query(
      `SELECT v.key, v.value_encrypted FROM managed_apps a
         LEFT JOIN app_env_vars v ON v.app_id = a.id AND starts_with(v.key, $2)
        WHERE a.id = $1`,
      [appId, PUBLIC_ENV_PREFIX],
    );
    if (rows.length === 0) throw AppgenError.notFound('App', appId);
    const values: Record<string, string> = {};
    for (const row of rows) if (row.key !== null && row.value_encrypted !== null) values[row.key] = openSecret(this.config.secretsKey, row.value_encrypted);
    return { values };
  }

  private async views(manager: EntityManager, appId: string): Promise<EnvVarView[]> {
    const rows = await manager.find(AppEnvVarEntity, { where: { appId }, order: { key: 'ASC' } });
    return rows.map((row) => ({ key: row.key, masked_value: maskEnvValue(this.open(row)), updated_at: row.updatedAt.toISOString() }));
  }

  private open(row: AppEnvVarEntity): string {
    return openSecret(this.config.secretsKey, row.valueEncrypted);
  }

  private refreshManifest(manager: EntityManager, app: ManagedAppEntity): Promise<void> {
    return refreshManifest(manager, app, editorUrl(this.config.SITE_URL, app.id));
  }

  private async newestVersionId(manager: EntityManager, appId: string): Promise<number | null> {
    const rows: { id: number }[] = await manager.query('SELECT id FROM app_versions WHERE app_id = $1 ORDER BY number DESC LIMIT 1', [appId]);
    return rows[0]?.id ?? null;
  }
}
