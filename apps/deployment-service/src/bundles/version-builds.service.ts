import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppsSubjects, type BuildStatus, type VersionBuild, type VersionBuildsRequest } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { PREVIEW_BUILD_SQL, PRODUCTION_BUILD_SQL } from './live-builds';

/** How versions of an app built, and which of them its preview and production serve (the versions list). */
@Injectable()
export class VersionBuildsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  /** One entry per version asked about, in the order asked; a version never built is `not_built` and not live. */
  async ofVersions(request: VersionBuildsRequest): Promise<{ versions: VersionBuild[] }> {
    // Ownership comes from apps-service: builds of a stranger's app must read as 404, not as never built.
    await this.rpc.request(AppsSubjects.get, { caller: request.caller, id: request.app_id });
    const rows: { version_id: number; status: BuildStatus; preview: boolean; production: boolean }[] = await this.dataSource.query(
      // A version has a build per set of PUBLIC_ env values it was built with: its newest says how it builds, and it is
      // live wherever any of its builds is served (production may still serve one made with earlier values).
      `SELECT b.version_id, (array_agg(b.status ORDER BY b.id DESC))[1] AS status,
              bool_or(b.id IS NOT DISTINCT FROM (${PREVIEW_BUILD_SQL})) AS preview,
              bool_or(b.id IS NOT DISTINCT FROM (${PRODUCTION_BUILD_SQL})) AS production
         FROM builds b WHERE b.app_id = $1 AND b.version_id = ANY($2::int[]) GROUP BY b.version_id`,
      [request.app_id, request.version_ids],
    );
    const byVersion = new Map(rows.map((row) => [row.version_id, row]));
    return {
      versions: request.version_ids.map((versionId) => {
        const row = byVersion.get(versionId);
        return {
          version_id: versionId,
          build_status: row?.status ?? 'not_built',
          live: { preview: row?.preview ?? false, production: row?.production ?? false },
        };
      }),
    };
  }
}
