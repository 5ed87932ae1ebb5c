import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AppsSubjects,
  editorUrl,
  type Caller,
  type DeploymentView,
  type DeployResponse,
  type RollbackRequest,
  type VersionView,
} from '@appgen/contracts';
import { RpcClient, AppgenError } from '@appgen/service-kit';
import { BuildEntity } from '../builds/build.entity';
import { DEPLOYMENT_CONFIG, publicUrls, type DeploymentConfig } from '../config/deployment.config';
import { DeploymentEntity } from './deployment.entity';
import { DEPLOYMENTS_CHANNEL, DeploymentWorker } from './deployment-worker';
import { notDeployable } from './not-deployable';

/** How long a rollback waits for its deployment to finish before answering anyway. */
const ROLLBACK_WAIT_MS = 10_000;

export function toDeploymentView(deployment: DeploymentEntity): DeploymentView {
  return {
    id: deployment.id,
    environment: deployment.environment,
    status: deployment.status,
    deployed_at: deployment.deployedAt?.toISOString() ?? null,
    version_id: deployment.versionId,
  };
}

@Injectable()
export class DeploymentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    private readonly worker: DeploymentWorker,
    @Inject(DEPLOYMENT_CONFIG) private readonly config: DeploymentConfig,
  ) {}

  /** Queues the newest version's build for production, or refuses with the contract's 422 and queues nothing. */
  async deploy(caller: Caller, appId: string): Promise<DeployResponse> {
    const { app } = await this.rpc.request(AppsSubjects.get, { caller, id: appId });
    const fixUrl = editorUrl(this.config.SITE_URL, appId);
    const generate = `Generate the app with POST /api/v1/generation_queue, or fix the build errors listed at GET /api/v1/managed_apps/${appId}/errors, then deploy again.`;
    if (app.status === 'draft') {
      throw notDeployable({
        reason: 'The app is a draft: it has not been generated yet, so there is no built bundle to deploy.',
        suggestedAction: `Generate the app with POST /api/v1/generation_queue (with app_id ${appId}), then deploy again.`,
        fixUrl,
      });
    }
    const newest = await this.newestVersion(caller, appId);
    if (!newest) {
      throw notDeployable({ reason: 'The app has no version yet, so there is no built bundle to deploy.', suggestedAction: generate, fixUrl });
    }
    const build = await this.dataSource.getRepository(BuildEntity).findOneBy({ appId, versionId: newest.id });
    if (!build || build.status !== 'succeeded') {
      const reason = build
        ? `Version ${newest.number} of the app failed to build (${build.errors.length} build error${build.errors.length === 1 ? '' : 's'}), so there is no bundle to deploy.`
        : `Version ${newest.number} of the app has not been built, so there is no bundle to deploy.`;
      throw notDeployable({ reason, suggestedAction: generate, fixUrl });
    }
    const deployment = await this.dataSource.transaction((manager) => this.queue(manager, caller, build));
    return {
      deployment_id: deployment.id,
      status: 'queued',
      message: `Deployment of version ${newest.number} queued`,
      production_url: publicUrls(this.config, appId).production,
    };
  }

  /**
   * Puts an earlier build back in production: the given version, or the one deployed before the current
   * production version. It goes through the worker like any deployment (so its events are the same), and the
   * answer waits for it, so production serves that version once this returns.
   */
  async rollback(request: RollbackRequest): Promise<{ message: string; version_id: number }> {
    const { caller, app_id: appId } = request;
    await this.rpc.request(AppsSubjects.get, { caller, id: appId });
    const build = request.version_id === undefined ? await this.previousBuild(appId) : await this.buildOf(appId, request.version_id);
    const deployment = await this.dataSource.transaction((manager) => this.queue(manager, caller, build));
    const finished = await this.worker.waitFor(deployment.id, ROLLBACK_WAIT_MS);
    if (finished.status === 'failed') {
      throw AppgenError.of('service_unavailable', `Rolling back to version ${build.versionId} failed: ${finished.error ?? 'unknown error'}`);
    }
    const done = finished.status === 'deployed';
    return {
      message: done
        ? `Rolled back: version ${build.versionId} is in production`
        : `Rolling back to version ${build.versionId}: deployment ${deployment.id} is ${finished.status}`,
      version_id: build.versionId,
    };
  }

  /** The newest production deployment, whatever its status. */
  async latest(caller: Caller, appId: string): Promise<{ deployment: DeploymentView | null }> {
    await this.rpc.request(AppsSubjects.get, { caller, id: appId });
    const deployment = await this.dataSource.getRepository(DeploymentEntity).findOne({ where: { appId }, order: { id: 'DESC' } });
    return { deployment: deployment ? toDeploymentView(deployment) : null };
  }

  private async queue(manager: EntityManager, caller: Caller, build: BuildEntity): Promise<DeploymentEntity> {
    const deployment = manager.create(DeploymentEntity, {
      appId: build.appId,
      accountId: caller.accountId,
      buildId: build.id,
      versionId: build.versionId,
      environment: 'production',
      status: 'pending',
      caller,
      error: null,
      heartbeatAt: null,
      deployedAt: null,
    });
    const saved = await manager.save(DeploymentEntity, deployment);
    // Delivered when this transaction commits, so the worker never looks before the row exists.
    await manager.query('SELECT pg_notify($1, current_schema())', [DEPLOYMENTS_CHANNEL]);
    return saved;
  }

  private async newestVersion(caller: Caller, appId: string): Promise<VersionView | undefined> {
    const { versions } = await this.rpc.request(AppsSubjects.listVersions, { caller, id: appId });
    return versions.reduce<VersionView | undefined>((newest, version) => (!newest || version.number > newest.number ? version : newest), undefined);
  }

  private async previousBuild(appId: string): Promise<BuildEntity> {
    const rows: { build_id: number }[] = await this.dataSource.query(
      `WITH current AS (
         SELECT id, version_id FROM deployments WHERE app_id = $1 AND status = 'deployed' ORDER BY id DESC LIMIT 1
       )
       SELECT d.build_id FROM deployments d, current c
        WHERE d.app_id = $1 AND d.status = 'deployed' AND d.id < c.id AND d.version_id <> c.version_id
        ORDER BY d.id DESC LIMIT 1`,
      [appId],
    );
    const previous = rows[0];
    if (!previous) {
      throw AppgenError.validation([
        { field: 'version_id', message: 'is required here: no earlier version of this app was deployed before the current one' },
      ]);
    }
    return this.dataSource.getRepository(BuildEntity).findOneByOrFail({ id: previous.build_id });
  }

  private async buildOf(appId: string, versionId: number): Promise<BuildEntity> {
    const build = await this.dataSource.getRepository(BuildEntity).findOneBy({ appId, versionId });
    if (!build || build.status !== 'succeeded') {
      throw AppgenError.validation([
        { field: 'version_id', message: `must be a version of this app that built successfully; version ${versionId} has no successful build` },
      ]);
    }
    return build;
  }
}
