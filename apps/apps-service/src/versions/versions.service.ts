import { Inject, Injectable } from '@nestjs/common';
import { DataSource, LessThan, type EntityManager } from 'typeorm';
import {
  editorUrl,
  pageMeta,
  pageOffset,
  type AppByIdRequest,
  type AppPlan,
  type ListVersionsRequest,
  type ListVersionsResponse,
  type RestoreVersionRequest,
  type RestoreVersionResponse,
  type SaveVersionRequest,
  type VersionFilesRequest,
  type VersionFilesResponse,
  type VersionSource,
  type VersionView,
} from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';
import { APPS_CONFIG, type AppsConfig } from '../config/apps.config';
import { treeProblems } from '../files/source-path';
import { refreshManifest } from '../managed-apps/app-manifest';
import { storeEntities } from '../entities/entities.service';
import { findOwnedApp } from '../managed-apps/owned-app';
import { AppVersionEntity } from './app-version.entity';

/** Upper bound of one page of version files, so that one answer stays moderate (a larger one would travel in parts). */
export const VERSION_PAGE_BYTES = 512 * 1024;

export interface SnapshotOptions {
  source: VersionSource;
  /** one line for the versions list, e.g. `Edited src/main.ts` */
  summary: string;
  plan: AppPlan | null;
  idempotencyKey: string | null;
}

type VersionFields = Pick<AppVersionEntity, 'id' | 'appId' | 'number' | 'source' | 'summary' | 'filesCount' | 'createdAt'>;

/** A restore that has nothing to restore: 422 naming version_id, with a message that says why. */
function nothingToRestore(message: string, fieldMessage: string): AppgenError {
  return AppgenError.of('validation_failed', message, { errors: [{ field: 'version_id', message: fieldMessage }] });
}

@Injectable()
export class VersionsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APPS_CONFIG) private readonly config: AppsConfig,
  ) {}

  /** Replaces the whole tree with the given files as one new version; a repeat with the same key returns the first. */
  async save(request: SaveVersionRequest): Promise<VersionView> {
    const errors = treeProblems(request.files);
    if (errors.length > 0) throw AppgenError.validation(errors);
    return this.dataSource.transaction(async (manager) => {
      const app = await findOwnedApp(manager, request.caller, request.id, { lock: true });
      const key = request.idempotency_key ?? null;
      if (key !== null) {
        const existing = await manager.findOneBy(AppVersionEntity, { appId: app.id, idempotencyKey: key });
        if (existing) return this.view(existing);
      }
      const paths = request.files.map((file) => file.path);
      await manager.query('DELETE FROM app_files WHERE app_id = $1 AND NOT (path = ANY($2::text[]))', [app.id, paths]);
      // Unchanged files keep their updated_at, so the tree shows what this version really changed.
      await manager.query(
        `INSERT INTO app_files (app_id, path, content, size)
         SELECT $1, f.path, f.content, octet_length(f.content) FROM unnest($2::text[], $3::text[]) AS f(path, content)
         ON CONFLICT (app_id, path) DO UPDATE SET content = excluded.content, size = excluded.size, updated_at = now()
          WHERE app_files.content IS DISTINCT FROM excluded.content`,
        [app.id, paths, request.files.map((file) => file.content)],
      );
      const plan = request.plan ?? null;
      return this.snapshot(manager, app.id, {
        source: request.source,
        summary: plan ? `${plan.name} ${(await this.planBefore(manager, app.id)) ? 'updated' : 'generated'}` : 'Replaced all files',
        plan,
        idempotencyKey: key,
      });
    });
  }

  /**
   * Makes an earlier version the app's newest: a new version (source `rollback`) with exactly the files of the
   * one restored and the plan in effect then (so the next prompt starts from it), which becomes the current tree.
   * The manifest is then rewritten in place, as after any change of the app, to name its addresses as they are.
   * Default: the version before the newest.
   */
  async restore(request: RestoreVersionRequest): Promise<RestoreVersionResponse> {
    return this.dataSource.transaction(async (manager) => {
      const app = await findOwnedApp(manager, request.caller, request.id, { lock: true });
      const versions = manager.getRepository(AppVersionEntity);
      const newest = await versions.findOne({ where: { appId: app.id }, order: { number: 'DESC' } });
      if (!newest) {
        throw nothingToRestore(
          `App ${app.id} has no version yet, so there is nothing to restore: generate it first`,
          'names no version: this app has none yet',
        );
      }
      const chosen =
        request.version_id === undefined
          ? await versions.findOne({ where: { appId: app.id, number: LessThan(newest.number) }, order: { number: 'DESC' } })
          : await versions.findOneBy({ id: request.version_id, appId: app.id });
      if (!chosen) {
        if (request.version_id !== undefined) throw AppgenError.notFound('Version', request.version_id);
        throw nothingToRestore(
          `App ${app.id} has only one version: there is no earlier version to restore`,
          'has no default: there is no earlier version of this app to restore',
        );
      }
      if (chosen.id === newest.id) {
        throw nothingToRestore(
          `Version ${chosen.number} is the app's current version already: there is nothing to restore`,
          `names version ${chosen.number}, which is the current version already`,
        );
      }
      const plan = chosen.plan ?? (await this.planBefore(manager, app.id, chosen.number));
      await manager.query(
        `DELETE FROM app_files WHERE app_id = $1 AND path NOT IN (SELECT path FROM app_version_files WHERE version_id = $2)`,
        [app.id, chosen.id],
      );
      // As in save: files the restore does not change keep their updated_at.
      await manager.query(
        `INSERT INTO app_files (app_id, path, content, size)
         SELECT $1, path, content, size FROM app_version_files WHERE version_id = $2
         ON CONFLICT (app_id, path) DO UPDATE SET content = excluded.content, size = excluded.size, updated_at = now()
          WHERE app_files.content IS DISTINCT FROM excluded.content`,
        [app.id, chosen.id],
      );
      const version = await this.snapshot(manager, app.id, {
        source: 'rollback',
        summary: `Restored version ${chosen.number}`,
        plan,
        idempotencyKey: null,
      });
      if (plan) {
        // The restored frontend reads and writes the entities as that plan defined them (a field a later prompt made
        // required would refuse its inserts). Entities only later plans named stay, with their rows: nothing is lost.
        if (plan.entities.length > 0) await storeEntities(manager, app.id, plan.entities, 'batch');
        // Without a plan there was no manifest then either, and one rendered from a later plan would describe another app.
        await refreshManifest(manager, app, editorUrl(this.config.SITE_URL, app.id));
      }
      return { version, restored: this.view(chosen) };
    });
  }

  /** The plan of the newest version (before version `before`, when given) that has one. */
  private async planBefore(manager: EntityManager, appId: string, before?: number): Promise<AppPlan | null> {
    const rows: { plan: AppPlan }[] = await manager.query(
      'SELECT plan FROM app_versions WHERE app_id = $1 AND plan IS NOT NULL AND ($2::int IS NULL OR number < $2) ORDER BY number DESC LIMIT 1',
      [appId, before ?? null],
    );
    return rows[0]?.plan ?? null;
  }

  /**
   * Records the app's current tree (app_files) as its next version. The caller holds the app's row lock,
   * which keeps version numbers gapless and in order.
   */
  async snapshot(manager: EntityManager, appId: string, options: SnapshotOptions): Promise<VersionView> {
    const inserted: AppVersionEntity[] = await manager.query(
      `INSERT INTO app_versions (app_id, number, source, summary, plan, idempotency_key, files_count)
       SELECT $1, coalesce(max(number), 0) + 1, $2::text, $3::text, $4::jsonb, $5::text, (SELECT count(*) FROM app_files WHERE app_id = $1)
         FROM app_versions WHERE app_id = $1
       RETURNING id, app_id AS "appId", number, source, summary, files_count AS "filesCount", created_at AS "createdAt"`,
      [appId, options.source, options.summary, options.plan === null ? null : JSON.stringify(options.plan), options.idempotencyKey],
    );
    const version = inserted[0];
    if (!version) throw new Error(`no version row returned for app ${appId}`);
    await manager.query(
      `INSERT INTO app_version_files (version_id, path, content, size)
       SELECT $1, path, content, size FROM app_files WHERE app_id = $2`,
      [version.id, appId],
    );
    return this.view(version);
  }

  /** A page of the app's versions, newest first. */
  async list(request: ListVersionsRequest): Promise<ListVersionsResponse> {
    const app = await findOwnedApp(this.dataSource.manager, request.caller, request.id);
    const [versions, total] = await this.dataSource.getRepository(AppVersionEntity).findAndCount({
      select: { id: true, appId: true, number: true, source: true, summary: true, filesCount: true, createdAt: true },
      where: { appId: app.id },
      order: { number: 'DESC' },
      skip: pageOffset(request),
      take: request.per_page,
    });
    return { versions: versions.map((version) => this.view(version)), meta: pageMeta(request, total) };
  }

  /** Files of one version in path order, cut into pages of at most VERSION_PAGE_BYTES (a larger file travels alone). */
  async files(request: VersionFilesRequest): Promise<VersionFilesResponse> {
    const app = await findOwnedApp(this.dataSource.manager, request.caller, request.id);
    const version = await this.dataSource.getRepository(AppVersionEntity).findOne({
      select: { id: true },
      where: { id: request.version_id, appId: app.id },
    });
    if (!version) throw AppgenError.notFound('Version', request.version_id);
    const rows: { path: string; content: string; remaining: string }[] = await this.dataSource.query(
      `SELECT path, content, remaining FROM (
         SELECT path, content, count(*) OVER () AS remaining,
                sum(size) OVER (ORDER BY path) AS running, row_number() OVER (ORDER BY path) AS n
           FROM app_version_files WHERE version_id = $1 AND path > $2
       ) page
       WHERE running <= $3 OR n = 1
       ORDER BY path`,
      [version.id, request.after ?? '', VERSION_PAGE_BYTES],
    );
    const remaining = Number(rows[0]?.remaining ?? 0);
    const last = rows[rows.length - 1];
    return {
      files: rows.map((row) => ({ path: row.path, content: row.content })),
      next: last && rows.length < remaining ? last.path : null,
    };
  }

  async latestPlan(request: AppByIdRequest): Promise<AppPlan | null> {
    const app = await findOwnedApp(this.dataSource.manager, request.caller, request.id);
    return this.planBefore(this.dataSource.manager, app.id);
  }

  view(version: VersionFields): VersionView {
    return {
      id: version.id,
      app_id: version.appId,
      number: version.number,
      source: version.source,
      summary: version.summary,
      files_count: version.filesCount,
      created_at: new Date(version.createdAt).toISOString(),
    };
  }
}
