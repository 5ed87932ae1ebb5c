import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AppsSubjects,
  contentTypeOf,
  EdgeEvents,
  editorUrl,
  type BuildErrorsResponse,
  type BuildRequest,
  type BuildView,
  type Caller,
  type CheckBuildRequest,
  type CheckBuildResponse,
  type SourceFile,
} from '@appgen/contracts';
import { RpcClient, AppgenError } from '@appgen/service-kit';
import { PREVIEW_BUILD_SQL } from '../bundles/live-builds';
import { DEPLOYMENT_CONFIG, publicUrls, type DeploymentConfig } from '../config/deployment.config';
import { BuildEntity } from './build.entity';
import { BundleFileEntity } from './bundle-file.entity';
import { buildBundle, DIST_DIR } from './bundle-builder';
import { toBuildErrorsResponse } from './build-errors';
import { publicEnvDigest, type PublicEnv } from './public-env';

const DIST_PREFIX = `${DIST_DIR}/`;

/** Builds of one request at most: values changed while the first built, so it built again with the newer ones. */
const MAX_ATTEMPTS = 3;

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
   * Builds a version with the app's PUBLIC_ env vars as they are now (apps-service's `public_values`). While the
   * version's newest build was made with the same values, a request (a retried job, a replica racing this one)
   * answers that build without building; other values build the version again, as a new build that becomes the
   * preview. A successful build the preview serves is announced to the edge before the answer.
   */
  async build(request: BuildRequest): Promise<{ build: BuildView }> {
    const { caller, app_id: appId, version_id: versionId } = request;
    let files: SourceFile[] | undefined;
    let build: BuildEntity | undefined;
    for (let attempt = 1; !build; attempt += 1) {
      const publicEnv = await this.publicEnv(appId);
      const digest = publicEnvDigest(publicEnv);
      const current = await this.current(caller, appId, versionId);
      if (current?.publicEnvDigest === digest) {
        build = current;
        break;
      }
      files ??= await this.versionFiles(caller, appId, versionId);
      const result = await buildBundle(files, { appId, editorUrl: editorUrl(this.config.SITE_URL, appId), publicEnv });
      // The values changed while this built (another change of them): build with the newer ones instead of storing a stale preview.
      if (attempt < MAX_ATTEMPTS && publicEnvDigest(await this.publicEnv(appId)) !== digest) continue;
      build = await this.store(caller, appId, versionId, digest, result.ok ? { bundle: result.bundle } : { errors: result.errors });
    }
    if (build.status === 'succeeded') {
      // Also on a repeat, so a build stored just before a crash still reaches the app.
      await this.rpc.request(AppsSubjects.setLifecycle, {
        caller,
        id: appId,
        changes: { preview_url: publicUrls(this.config, appId).preview },
      });
      if (await this.servesPreview(build)) await this.rpc.announce(EdgeEvents.appChanged, { app_id: appId });
    }
    return { build: toBuildView(build) };
  }

  /**
   * Builds files the way `build` builds a version and answers only the errors, for generation's repair loop: no
   * build or bundle is stored, no preview changes, and no public env vars are asked for (they never make a build fail).
   */
  async check(request: CheckBuildRequest): Promise<CheckBuildResponse> {
    const result = await buildBundle(request.files, { appId: request.app_id, editorUrl: editorUrl(this.config.SITE_URL, request.app_id) });
    return { errors: result.ok ? [] : result.errors };
  }

  /**
   * The build of a version that a deploy of it takes: its newest, made with the public env vars of its time (a
   * redeploy after a change of them deploys the build that compiled the new values in).
   */
  newestOfVersion(appId: string, versionId: number): Promise<BuildEntity | null> {
    return this.dataSource.getRepository(BuildEntity).findOne({ where: { appId, versionId }, order: { id: 'DESC' } });
  }

  /** Errors of the app's newest build; none for a clean app or one never built. */
  async errors(caller: Caller, appId: string): Promise<BuildErrorsResponse> {
    // Ownership comes from apps-service: an app never built has no row here, and a stranger must still get 404.
    await this.rpc.request(AppsSubjects.get, { caller, id: appId });
    const newest = await this.dataSource.getRepository(BuildEntity).findOne({ where: { appId }, order: { id: 'DESC' } });
    return toBuildErrorsResponse(newest?.errors ?? []);
  }

  private async current(caller: Caller, appId: string, versionId: number): Promise<BuildEntity | null> {
    const build = await this.newestOfVersion(appId, versionId);
    if (build && build.accountId !== caller.accountId) throw AppgenError.notFound('App', appId);
    return build;
  }

  private async publicEnv(appId: string): Promise<PublicEnv> {
    return (await this.rpc.request(AppsSubjects.publicEnvValues, { app_id: appId })).values;
  }

  private async servesPreview(build: BuildEntity): Promise<boolean> {
    const rows: { build_id: number }[] = await this.dataSource.query(PREVIEW_BUILD_SQL, [build.appId]);
    return rows[0]?.build_id === build.id;
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

  /**
   * Stores a build as the version's newest, unless the version's newest build already has these values (a request
   * racing this one stored it first): then that one is the answer. `rebuild` numbers builds of the same version and
   * values, which happen when values return to what they were (A, B, then A again).
   */
  private async store(
    caller: Caller,
    appId: string,
    versionId: number,
    digest: string,
    outcome: { bundle: SourceFile[] } | { errors: BuildEntity['errors'] },
  ): Promise<BuildEntity> {
    return this.dataSource.transaction(async (manager) => {
      const inserted: { id: number }[] = await manager.query(
        `INSERT INTO builds (app_id, account_id, version_id, public_env_digest, rebuild, status, errors)
         SELECT $1, $2, $3, $4, COALESCE(max(rebuild) + 1, 0), $5, $6::jsonb
           FROM builds WHERE app_id = $1 AND version_id = $3 AND public_env_digest = $4
         HAVING NOT EXISTS (
           SELECT 1 FROM (SELECT public_env_digest FROM builds WHERE app_id = $1 AND version_id = $3 ORDER BY id DESC LIMIT 1) newest
            WHERE newest.public_env_digest = $4)
         ON CONFLICT (app_id, version_id, public_env_digest, rebuild) DO NOTHING RETURNING id`,
        [
          appId,
          caller.accountId,
          versionId,
          digest,
          'bundle' in outcome ? 'succeeded' : 'failed',
          JSON.stringify('errors' in outcome ? outcome.errors : []),
        ],
      );
      const repository = manager.getRepository(BuildEntity);
      const first = inserted[0];
      // Another request built the same version with the same values meanwhile: same bytes, keep the first.
      if (!first) return repository.findOneOrFail({ where: { appId, versionId, publicEnvDigest: digest }, order: { id: 'DESC' } });
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
