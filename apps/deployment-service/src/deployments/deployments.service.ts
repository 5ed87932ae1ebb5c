import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AppsSubjects,
  EdgeEvents,
  editorUrl,
  IDEMPOTENCY_KEY_TTL_MS,
  ROLLBACK_DEPLOY_WAIT_MS,
  type Caller,
  type DeploymentView,
  type DeployResponse,
  type RollbackRequest,
  type RollbackResponse,
  type VersionView,
} from '@appgen/contracts';
import { RpcClient, AppgenError, isUniqueViolation } from '@appgen/service-kit';
import { BuildEntity } from '../builds/build.entity';
import { BuildsService } from '../builds/builds.service';
import { DEPLOYMENT_CONFIG, type DeploymentConfig } from '../config/deployment.config';
import { productionUrl } from './production-url';
import { DeploymentEntity } from './deployment.entity';
import { DEPLOYMENTS_CHANNEL, DeploymentWorker } from './deployment-worker';
import { notDeployable } from './not-deployable';

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
    private readonly builds: BuildsService,
    @Inject(DEPLOYMENT_CONFIG) private readonly config: DeploymentConfig,
  ) {}

  /**
   * Queues the newest version's build for production, or refuses with the contract's 422 and queues nothing. A
   * request with the key of one that queued a deployment of this app answers that deployment again.
   */
  async deploy(caller: Caller, appId: string, requestKey?: string): Promise<DeployResponse> {
    const { app } = await this.rpc.request(AppsSubjects.get, { caller, id: appId });
    const earlier = requestKey === undefined ? null : await this.deployedFor(caller.accountId, appId, requestKey);
    if (earlier) return this.queuedAnswer(earlier);
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
    const build = await this.builds.newestOfVersion(appId, newest.id);
    if (!build || build.status !== 'succeeded') {
      const reason = build
        ? `Version ${newest.number} of the app failed to build (${build.errors.length} build error${build.errors.length === 1 ? '' : 's'}), so there is no bundle to deploy.`
        : `Version ${newest.number} of the app has not been built, so there is no bundle to deploy.`;
      throw notDeployable({ reason, suggestedAction: generate, fixUrl });
    }
    try {
      const deployment = await this.dataSource.transaction((manager) => this.queue(manager, caller, build, requestKey));
      return await this.queuedAnswer(deployment, newest.number);
    } catch (error) {
      // Another attempt with this key (a retry racing the first) queued it a moment ago.
      const raced = requestKey !== undefined && isUniqueViolation(error) ? await this.deployedFor(caller.accountId, appId, requestKey) : null;
      if (raced) return this.queuedAnswer(raced);
      throw error;
    }
  }

  /**
   * The deployment this key queued within the last day (an older one lets the key go, for the new request it now
   * is); a key that deployed another app is 422.
   */
  private async deployedFor(accountId: number, appId: string, requestKey: string): Promise<DeploymentEntity | null> {
    await this.dataSource.query(
      'UPDATE deployments SET request_key = NULL WHERE account_id = $1 AND request_key = $2 AND created_at < now() - $3 * interval \'1 millisecond\'',
      [accountId, requestKey, IDEMPOTENCY_KEY_TTL_MS],
    );
    const earlier = await this.dataSource.getRepository(DeploymentEntity).findOneBy({ accountId, requestKey });
    if (earlier && earlier.appId !== appId) {
      throw AppgenError.of('idempotency_key_reused', 'This Idempotency-Key was used to deploy another app; send a new key for a new request');
    }
    return earlier;
  }

  private async queuedAnswer(deployment: DeploymentEntity, versionNumber?: number): Promise<DeployResponse> {
    return {
      deployment_id: deployment.id,
      status: 'queued',
      message: versionNumber === undefined ? `Deployment ${deployment.id} queued` : `Deployment of version ${versionNumber} queued`,
      production_url: await productionUrl(this.rpc, this.config, deployment.appId),
    };
  }

  /**
   * Puts the app back the way it was at an earlier version (default: the one before the newest): apps-service
   * makes a new version with that version's files and plan, this builds it into the preview and, when the app
   * is in production, deploys that build and waits until production serves it. The answer comes once every
   * address the app has serves the restored files. A version whose files do not build is refused before
   * anything changes.
   */
  async rollback(request: RollbackRequest): Promise<RollbackResponse> {
    const { caller, app_id: appId } = request;
    const chosen = request.version_id ?? (await this.versionBeforeNewest(caller, appId));
    if (chosen !== undefined) {
      // Usually built already (each version is built when made); building it now answers the same either way.
      const { build } = await this.builds.build({ caller, app_id: appId, version_id: chosen });
      if (build.status !== 'succeeded') {
        throw AppgenError.of('validation_failed', `The version with id ${chosen} did not build, so it cannot be restored; nothing was changed`, {
          errors: [{ field: 'version_id', message: `must name a version that built; version id ${chosen} failed to build` }],
        });
      }
    }
    // With no version before the newest, apps-service answers why there is nothing to restore.
    const { version, restored } = await this.rpc.request(AppsSubjects.restoreVersion, {
      caller,
      id: appId,
      ...(chosen === undefined ? {} : { version_id: chosen }),
    });
    const built = await this.builds.build({ caller, app_id: appId, version_id: version.id });
    if (built.build.status !== 'succeeded') {
      // The same files built a moment ago; only appgen itself can make them fail now.
      throw AppgenError.of('internal_error', `Version ${restored.number} was restored as version ${version.number}, but building it failed`);
    }
    const build = await this.dataSource.getRepository(BuildEntity).findOneByOrFail({ id: built.build.id });
    const published = await this.dataSource.getRepository(DeploymentEntity).existsBy({ appId, status: 'deployed' });
    if (published) await this.deployRestored(caller, build, restored, version);
    await this.rpc.announce(EdgeEvents.appChanged, { app_id: appId });
    return {
      message: `Restored version ${restored.number} as version ${version.number}: the preview${published ? ' and production serve' : ' serves'} it`,
      version_id: version.id,
    };
  }

  /** Deploys the restored version's build to production and waits until it is live there. */
  private async deployRestored(caller: Caller, build: BuildEntity, restored: VersionView, version: VersionView): Promise<void> {
    const deployment = await this.dataSource.transaction((manager) => this.queue(manager, caller, build));
    const finished = await this.worker.waitFor(deployment.id, ROLLBACK_DEPLOY_WAIT_MS);
    const what = `Version ${restored.number} was restored as version ${version.number} and the preview serves it`;
    if (finished.status === 'failed') {
      throw AppgenError.of('service_unavailable', `${what}, but deploying it to production failed: ${finished.error ?? 'unknown error'}`);
    }
    if (finished.status !== 'deployed') {
      throw AppgenError.of(
        'upstream_timeout',
        `${what}; its deployment ${deployment.id} to production is still ${finished.status}: GET /api/v1/managed_apps/${build.appId}/status says when it is live`,
      );
    }
  }

  /** The newest production deployment, whatever its status. */
  async latest(caller: Caller, appId: string): Promise<{ deployment: DeploymentView | null }> {
    await this.rpc.request(AppsSubjects.get, { caller, id: appId });
    const deployment = await this.dataSource.getRepository(DeploymentEntity).findOne({ where: { appId }, order: { id: 'DESC' } });
    return { deployment: deployment ? toDeploymentView(deployment) : null };
  }

  private async queue(manager: EntityManager, caller: Caller, build: BuildEntity, requestKey?: string): Promise<DeploymentEntity> {
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
      requestKey: requestKey ?? null,
    });
    const saved = await manager.save(DeploymentEntity, deployment);
    // Delivered when this transaction commits, so the worker never looks before the row exists.
    await manager.query('SELECT pg_notify($1, current_schema())', [DEPLOYMENTS_CHANNEL]);
    return saved;
  }

  private async newestVersion(caller: Caller, appId: string): Promise<VersionView | undefined> {
    const { versions } = await this.rpc.request(AppsSubjects.listVersions, { caller, id: appId, page: 1, per_page: 1 });
    return versions[0];
  }

  /** The id of the version before the newest, which a rollback restores when it names none. */
  private async versionBeforeNewest(caller: Caller, appId: string): Promise<number | undefined> {
    const { versions } = await this.rpc.request(AppsSubjects.listVersions, { caller, id: appId, page: 1, per_page: 2 });
    return versions[1]?.id;
  }
}
