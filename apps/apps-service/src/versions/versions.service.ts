import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  AppByIdRequest,
  AppPlan,
  SaveVersionRequest,
  VersionFilesRequest,
  VersionFilesResponse,
  VersionSource,
  VersionView,
} from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';
import { treeProblems } from '../files/source-path';
import { findOwnedApp } from '../managed-apps/owned-app';
import { AppVersionEntity } from './app-version.entity';

/** Upper bound of one page of version files, so that one answer stays moderate (a larger one would travel in parts). */
export const VERSION_PAGE_BYTES = 512 * 1024;

export interface SnapshotOptions {
  source: VersionSource;
  plan: AppPlan | null;
  idempotencyKey: string | null;
}

@Injectable()
export class VersionsService {
  constructor(private readonly dataSource: DataSource) {}

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
      return this.snapshot(manager, app.id, { source: request.source, plan: request.plan ?? null, idempotencyKey: key });
    });
  }

  /**
   * Records the app's current tree (app_files) as its next version. The caller holds the app's row lock,
   * which keeps version numbers gapless and in order.
   */
  async snapshot(manager: EntityManager, appId: string, options: SnapshotOptions): Promise<VersionView> {
    const inserted: AppVersionEntity[] = await manager.query(
      `INSERT INTO app_versions (app_id, number, source, plan, idempotency_key, files_count)
       SELECT $1, coalesce(max(number), 0) + 1, $2::text, $3::jsonb, $4::text, (SELECT count(*) FROM app_files WHERE app_id = $1)
         FROM app_versions WHERE app_id = $1
       RETURNING id, app_id AS "appId", number, source, files_count AS "filesCount", created_at AS "createdAt"`,
      [appId, options.source, options.plan === null ? null : JSON.stringify(options.plan), options.idempotencyKey],
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

  async list(request: AppByIdRequest): Promise<VersionView[]> {
    const app = await findOwnedApp(this.dataSource.manager, request.caller, request.id);
    const versions = await this.dataSource.getRepository(AppVersionEntity).find({
      select: { id: true, appId: true, number: true, source: true, filesCount: true, createdAt: true },
      where: { appId: app.id },
      order: { number: 'DESC' },
    });
    return versions.map((version) => this.view(version));
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
    const rows: { plan: AppPlan }[] = await this.dataSource.query(
      'SELECT plan FROM app_versions WHERE app_id = $1 AND plan IS NOT NULL ORDER BY number DESC LIMIT 1',
      [app.id],
    );
    return rows[0]?.plan ?? null;
  }

  view(version: Pick<AppVersionEntity, 'id' | 'appId' | 'number' | 'source' | 'filesCount' | 'createdAt'>): VersionView {
    return {
      id: version.id,
      app_id: version.appId,
      number: version.number,
      source: version.source,
      files_count: version.filesCount,
      created_at: new Date(version.createdAt).toISOString(),
    };
  }
}
