import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BundleEnvironment, BundleFileResponse, ResolveBundleResponse } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';
import { BundleFileEntity } from '../builds/bundle-file.entity';
import { PREVIEW_BUILD_SQL, PRODUCTION_BUILD_SQL } from './live-builds';

/** What the edge serves: bundles are immutable per build, so the edge caches them by build id. */
@Injectable()
export class BundlesService {
  constructor(private readonly dataSource: DataSource) {}

  /** Preview: the app's newest successful build. Production: the build of its newest finished deployment. */
  async resolve(appId: string, environment: BundleEnvironment): Promise<ResolveBundleResponse> {
    const rows: { build_id: number }[] = await this.dataSource.query(environment === 'preview' ? PREVIEW_BUILD_SQL : PRODUCTION_BUILD_SQL, [appId]);
    const found = rows[0];
    if (!found) throw AppgenError.of('not_found', `App ${appId} has no ${environment} bundle`);
    const files = await this.dataSource
      .getRepository(BundleFileEntity)
      .find({ select: { path: true }, where: { buildId: found.build_id }, order: { path: 'ASC' } });
    return { build_id: found.build_id, etag: `"build-${found.build_id}"`, paths: files.map((file) => file.path) };
  }

  async file(buildId: number, path: string): Promise<BundleFileResponse> {
    const relative = path.replace(/^\/+/, '');
    const file = await this.dataSource.getRepository(BundleFileEntity).findOneBy({ buildId, path: relative });
    if (!file) throw AppgenError.of('not_found', `Build ${buildId} has no file ${relative}`);
    return { path: file.path, content: file.content, content_type: file.contentType };
  }
}
