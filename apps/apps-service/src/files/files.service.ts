import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  FileChangeResponse,
  FileRequest,
  ListFilesRequest,
  ListFilesResponse,
  SourceFileView,
  WriteFileRequest,
} from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';
import { findOwnedApp } from '../managed-apps/owned-app';
import { VersionsService } from '../versions/versions.service';
import { AppFileEntity } from './app-file.entity';
import { compileGlob } from './glob';
import { byteSize, contentProblem, fileCountProblem, pathProblem, treeSizeProblem } from './source-path';

@Injectable()
export class FilesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly versions: VersionsService,
  ) {}

  /** The current tree sorted by path; `path` keeps files whose path contains it, `pattern` those matching the glob. */
  async list(request: ListFilesRequest): Promise<ListFilesResponse> {
    const app = await findOwnedApp(this.dataSource.manager, request.caller, request.id);
    const query = this.dataSource
      .getRepository(AppFileEntity)
      .createQueryBuilder('file')
      .where('file.appId = :appId', { appId: app.id })
      .orderBy('file.path', 'ASC');
    // strpos, not LIKE: a path filter with % or _ means those characters.
    if (request.path) query.andWhere('strpos(file.path, :part) > 0', { part: request.path });
    let files = await query.getMany();
    if (request.pattern) {
      const pattern = compileGlob(request.pattern);
      files = files.filter((file) => pattern.test(file.path));
    }
    return { app_id: app.id, files: files.map((file) => this.view(file)), count: files.length };
  }

  async read(request: FileRequest): Promise<SourceFileView> {
    const app = await findOwnedApp(this.dataSource.manager, request.caller, request.id);
    const file = await this.dataSource.getRepository(AppFileEntity).findOneBy({ appId: app.id, path: request.path });
    if (!file) throw AppgenError.notFound('File', request.path);
    return this.view(file);
  }

  /** Creates or replaces one file; the tree after the change becomes a new version (source `edit`). */
  async write(request: WriteFileRequest): Promise<FileChangeResponse> {
    const errors = [
      { field: 'path', message: pathProblem(request.path) },
      { field: 'content', message: contentProblem(request.content) },
    ].flatMap((error) => (error.message === null ? [] : [{ field: error.field, message: error.message }]));
    if (errors.length > 0) throw AppgenError.validation(errors);
    return this.dataSource.transaction(async (manager) => {
      const app = await findOwnedApp(manager, request.caller, request.id, { lock: true });
      await this.ensureRoomFor(manager, app.id, request.path, byteSize(request.content));
      await manager.query(
        `INSERT INTO app_files (app_id, path, content, size) VALUES ($1, $2, $3, $4)
         ON CONFLICT (app_id, path) DO UPDATE SET content = excluded.content, size = excluded.size, updated_at = now()`,
        [app.id, request.path, request.content, byteSize(request.content)],
      );
      const file = await manager.findOneByOrFail(AppFileEntity, { appId: app.id, path: request.path });
      const version = await this.versions.snapshot(manager, app.id, { source: 'edit', summary: `Edited ${request.path}`, plan: null, idempotencyKey: null });
      return { file: this.view(file), version };
    });
  }

  async delete(request: FileRequest): Promise<FileChangeResponse> {
    return this.dataSource.transaction(async (manager) => {
      const app = await findOwnedApp(manager, request.caller, request.id, { lock: true });
      const result = await manager.delete(AppFileEntity, { appId: app.id, path: request.path });
      if (!result.affected) throw AppgenError.notFound('File', request.path);
      const version = await this.versions.snapshot(manager, app.id, { source: 'edit', summary: `Deleted ${request.path}`, plan: null, idempotencyKey: null });
      return { file: null, version };
    });
  }

  /** The app may hold one more file (or this one replaced) within its file count and total source size. */
  private async ensureRoomFor(manager: EntityManager, appId: string, path: string, bytes: number): Promise<void> {
    const rows: { count: number; present: boolean; others: string }[] = await manager.query(
      `SELECT count(*)::int AS count, bool_or(path = $2) AS present, coalesce(sum(size) FILTER (WHERE path <> $2), 0)::text AS others
         FROM app_files WHERE app_id = $1`,
      [appId, path],
    );
    const { count = 0, present = false, others = '0' } = rows[0] ?? {};
    const countProblem = present ? null : fileCountProblem(count);
    if (countProblem) throw AppgenError.validation([{ field: 'path', message: countProblem }]);
    const sizeProblem = treeSizeProblem(Number(others) + bytes);
    if (sizeProblem) throw AppgenError.validation([{ field: 'content', message: sizeProblem }]);
  }

  private view(file: AppFileEntity): SourceFileView {
    return { path: file.path, content: file.content, size: file.size, updated_at: file.updatedAt.toISOString() };
  }
}
