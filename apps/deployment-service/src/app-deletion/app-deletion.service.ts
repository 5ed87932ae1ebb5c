import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BuildEntity } from '../builds/build.entity';
import { DeploymentEntity } from '../deployments/deployment.entity';

export interface RemovedForApp {
  deployments: number;
  builds: number;
}

/** What deployment-service holds of an app, removed when apps-service deleted the app. */
@Injectable()
export class AppDeletionService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Deletes the app's deployments and builds, and with the builds their bundle files (ON DELETE CASCADE), in
   * one transaction; repeating it removes nothing more. A deployment the worker is running loses its row: the
   * worker's next step finds no build, or a row that is no longer where it left it, and writes nothing.
   */
  removeApp(appId: string): Promise<RemovedForApp> {
    return this.dataSource.transaction(async (manager) => {
      // Deployments first: they reference the builds they promote.
      const deployments = await manager.delete(DeploymentEntity, { appId });
      const builds = await manager.delete(BuildEntity, { appId });
      return { deployments: deployments.affected ?? 0, builds: builds.affected ?? 0 };
    });
  }
}
