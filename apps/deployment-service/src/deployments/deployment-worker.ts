import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppsSubjects, EdgeEvents, type DeploymentStatus } from '@appgen/contracts';
import { OutboxService } from '@appgen/outbox';
import { RpcClient, AppgenError } from '@appgen/service-kit';
import { NotifiedWorkLoop } from '@appgen/service-kit/database';
import { BuildEntity } from '../builds/build.entity';
import { DEPLOYMENT_CONFIG, publicUrls, type DeploymentConfig } from '../config/deployment.config';
import { productionUrl } from './production-url';
import { DeploymentEntity } from './deployment.entity';

/** Postgres channel a new deployment is announced on (payload: the writing schema). */
export const DEPLOYMENTS_CHANNEL = 'appgen_deployments';

const UNFINISHED: readonly DeploymentStatus[] = ['pending', 'building', 'deploying'];

/**
 * Moves deployments pending → building → deploying → deployed (or failed), one at a time per replica,
 * claiming rows with `FOR UPDATE SKIP LOCKED` so replicas never take the same one. Every step refreshes the
 * row's heartbeat; a deployment whose heartbeat went stale (its worker died) is taken over and resumed from
 * the step it reached, each step being safe to repeat.
 */
@Injectable()
export class DeploymentWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('DeploymentWorker');
  private loop?: NotifiedWorkLoop;

  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    private readonly outbox: OutboxService,
    @Inject(DEPLOYMENT_CONFIG) private readonly config: DeploymentConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.loop = new NotifiedWorkLoop({
      name: 'DeploymentWorker',
      databaseUrl: this.config.DATABASE_URL,
      channel: DEPLOYMENTS_CHANNEL,
      schema: String(this.dataSource.driver.schema),
      pollIntervalMs: this.config.DEPLOY_POLL_INTERVAL_MS,
      pass: () => this.runPending(),
    });
    await this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.loop?.stop();
  }

  /** Wakes the worker and waits until the deployment finished (or `timeoutMs` passed); answers its row then. */
  async waitFor(id: number, timeoutMs: number): Promise<DeploymentEntity> {
    this.loop?.wake();
    const repository = this.dataSource.getRepository(DeploymentEntity);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const deployment = await repository.findOneBy({ id });
      // Gone: its app was deleted meanwhile (app.deleted removes an app's deployments); there is nothing to wait for.
      if (!deployment) throw AppgenError.notFound('Deployment', id);
      if (deployment.status === 'deployed') {
        // The worker announces right after its commit; saying it again first keeps an answer from overtaking that.
        await this.rpc.announce(EdgeEvents.appChanged, { app_id: deployment.appId });
        return deployment;
      }
      if (!UNFINISHED.includes(deployment.status) || Date.now() > deadline) return deployment;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  private async runPending(): Promise<void> {
    for (;;) {
      if (this.loop?.isStopped) return;
      const deployment = await this.claim();
      if (!deployment) return;
      await this.run(deployment);
    }
  }

  private claim(): Promise<DeploymentEntity | null> {
    return this.dataSource.transaction(async (manager) => {
      const rows: { id: number }[] = await manager.query(
        `SELECT id FROM deployments
          WHERE status IN ('pending', 'building', 'deploying')
            AND (status = 'pending' OR heartbeat_at IS NULL OR heartbeat_at < now() - $1 * interval '1 millisecond')
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [this.config.DEPLOY_STALE_AFTER_MS],
      );
      const claimed = rows[0];
      if (!claimed) return null;
      const deployment = await manager.findOneByOrFail(DeploymentEntity, { id: claimed.id });
      if (deployment.status === 'pending') {
        deployment.status = 'building';
        await this.event(manager, deployment, 'app.deployment.started');
      } else {
        this.log.warn(`deployment ${deployment.id} was left ${deployment.status} by a worker that stopped; resuming it`);
      }
      deployment.heartbeatAt = new Date();
      await manager.update(DeploymentEntity, { id: deployment.id }, { status: deployment.status, heartbeatAt: deployment.heartbeatAt });
      return deployment;
    });
  }

  private async run(deployment: DeploymentEntity): Promise<void> {
    try {
      if (deployment.status === 'building') {
        // The bundle was built when the version was; this step checks it is still there to promote.
        const build = await this.dataSource.getRepository(BuildEntity).findOneBy({ id: deployment.buildId });
        if (build?.status !== 'succeeded') throw new Error(`build ${deployment.buildId} has no bundle to deploy`);
        if (!(await this.advance(deployment, 'building', 'deploying'))) return;
      }
      // Repeating this after a restart only sets the same values again.
      const address = await productionUrl(this.rpc, this.config, deployment.appId);
      await this.rpc.request(AppsSubjects.setLifecycle, {
        caller: deployment.caller,
        id: deployment.appId,
        changes: {
          status: 'published',
          production_url: address,
          published_at: new Date().toISOString(),
        },
      });
      // Production now serves this build: the edge forgets the bundle it had (README, "Changes apply at once").
      if (await this.advance(deployment, 'deploying', 'deployed', address)) await this.rpc.announce(EdgeEvents.appChanged, { app_id: deployment.appId });
    } catch (error) {
      const reason =
        error instanceof AppgenError ? error.payload.body.message : error instanceof Error ? error.message : String(error);
      this.log.warn(`deployment ${deployment.id} failed: ${reason}`);
      await this.dataSource.transaction(async (manager) => {
        const changed = await this.move(manager, deployment, deployment.status, 'failed', { error: reason });
        if (changed) await this.event(manager, deployment, 'app.deployment.completed');
      });
    }
  }

  /** Moves the row on if it is still where this worker left it; false when another worker took it over. */
  private advance(deployment: DeploymentEntity, from: DeploymentStatus, to: DeploymentStatus, address?: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const changed = await this.move(manager, deployment, from, to, to === 'deployed' ? { deployedAt: new Date() } : {});
      // The production bundle is the build of the newest deployed deployment: this commit promotes it.
      if (changed && to === 'deployed') await this.event(manager, deployment, 'app.deployment.completed', address);
      return changed;
    });
  }

  private async move(
    manager: EntityManager,
    deployment: DeploymentEntity,
    from: DeploymentStatus,
    to: DeploymentStatus,
    extra: Partial<Pick<DeploymentEntity, 'error' | 'deployedAt'>>,
  ): Promise<boolean> {
    const result = await manager.update(DeploymentEntity, { id: deployment.id, status: from }, { status: to, heartbeatAt: new Date(), ...extra });
    if (!result.affected) return false;
    deployment.status = to;
    return true;
  }

  private async event(
    manager: EntityManager,
    deployment: DeploymentEntity,
    kind: 'app.deployment.started' | 'app.deployment.completed',
    /** the address production_url was set to, when the deployment went live */
    address?: string,
  ): Promise<void> {
    await this.outbox.enqueue(manager, {
      kind,
      accountId: deployment.accountId,
      appId: deployment.appId,
      data: {
        deployment_id: deployment.id,
        environment: deployment.environment,
        status: deployment.status,
        production_url: deployment.status === 'failed' ? null : (address ?? publicUrls(this.config, deployment.appId).production),
      },
    });
  }
}
