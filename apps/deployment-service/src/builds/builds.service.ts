import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AppsSubjects,
  contentTypeOf,
  editorUrl,
  type BuildErrorsResponse,
  type BuildRequest,
  type BuildView,
  type Caller,
  type SourceFile,
} from '@appgen/contracts';
import { RpcClient, AppgenError } from '@appgen/service-kit';
import { DEPLOYMENT_CONFIG, publicUrls, type DeploymentConfig } from '../config/deployment.config';
import { BuildEntity } from './build.entity';
import { BundleFileEntity } from './bundle-file.entity';
import { buildBundle, DIST_DIR } from './bundle-builder';
import { toBuildErrorsResponse } from './build-errors';

const DIST_PREFIX = `${DIST_DIR}/`;

export function toBuildView(build: BuildEntity): BuildView {
  return {
    id: build.id,
    app_id: build.appId,
    version_id: build.versionId,
    status: build.status,
    errors: build.errors,
    created_at: build.createdAt.toISOString(),
  };
}

@Injectable()
export class BuildsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    @Inject(DEPLOYMENT_CONFIG) private readonly config: DeploymentConfig,
  ) {}

  /**
   * Builds a version once: a second request for it (a retried job, a replica racing this one) answers the
   * stored build. A successful build becomes the app's preview.
   */
  async build(request: BuildRequest): Promise<{ build: BuildView }> {
    const { caller, app_id: appId, version_id: versionId } = request;
    let build = await this.find(caller, appId, versionId);
    if (!build) {
      const files = await this.versionFiles(caller, appId, versionId);
      const result = await buildBundle(files, { appId, editorUrl: editorUrl(this.config.SITE_URL, appId) });
      build = await this.store(caller, appId, versionId, result.ok ? { bundle: result.bundle } : { errors: result.errors });
    }
    if (build.status === 'succeeded') {
      // Also on a repeat, so a build stored just before a crash still reaches the app.
      await this.rpc.request(AppsSubjects.setLifecycle, {
        caller,
        id: appId,
        changes: { preview_url: publicUrls(this.config, appId).preview },
      });
    }
    return { build: toBuildView(build) };
  }

  /** Errors of the app's newest build; none for a clean app or one never built. */
  async errors(caller: Caller, appId: string): Promise<BuildErrorsResponse> {
    // Ownership comes from apps-service: an app never built has no row here, and a stranger must still get 404.
    await this.rpc.request(AppsSubjects.get, { caller, id: appId });
    const newest = await this.dataSource.getRepository(BuildEntity).findOne({ where: { appId }, order: { id: 'DESC' } });
    return toBuildErrorsResponse(newest?.errors ?? []);
  }

  private async find(caller: Caller, appId: string, versionId: number): Promise<BuildEntity | null> {
    const build = await this.dataSource.getRepository(BuildEntity).findOneBy({ appId, versionId });
    if (build && build.accountId !== caller.accountId) throw AppgenError.notFound('App', appId);
    return build;
  }

  private async versionFiles(caller: Caller, appId: string, versionId: number): Promise<SourceFile[]> {
    const files: SourceFile[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await this.rpc.request(AppsSubjects.versionFiles, {
        caller,
        id: appId,
        version_id: versionId,
        ...(after === undefined ? {} : { after }),
      });
      files.push(...page.files);
      if (page.next === null) return files;
      after = page.next;
    }
  }

  private async store(
    caller: Caller,
    appId: string,
    versionId: number,
    outcome: { bundle: SourceFile[] } | { errors: BuildEntity['errors'] },
  ): Promise<BuildEntity> {
    return this.dataSource.transaction(async (manager) => {
      const inserted: { id: number }[] = await manager.query(
        `INSERT INTO builds (app_id, account_id, version_id, status, errors) VALUES ($1, $2, $3, $4, $5::jsonb)
         ON CONFLICT (app_id, version_id) DO NOTHING RETURNING id`,
        [
          appId,
          caller.accountId,
          versionId,
          'bundle' in outcome ? 'succeeded' : 'failed',
          JSON.stringify('errors' in outcome ? outcome.errors : []),
        ],
      );
      const repository = manager.getRepository(BuildEntity);
      const first = inserted[0];
      // Another request built the same version meanwhile: same files, same bytes, keep the first.
      if (!first) return repository.findOneByOrFail({ appId, versionId });
      if ('bundle' in outcome) {
        const rows = outcome.bundle.map((file) => {
          const path = file.path.startsWith(DIST_PREFIX) ? file.path.slice(DIST_PREFIX.length) : file.path;
          return { buildId: first.id, path, content: file.content, contentType: contentTypeOf(path) };
        });
        if (rows.length > 0) await manager.insert(BundleFileEntity, rows);
      }
      return repository.findOneByOrFail({ id: first.id });
    });
  }
}
