import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AppsSubjects,
  GenerationSubjects,
  UsersSubjects,
  type AnonymousBuildView,
  type Caller,
  type ClaimableBuild,
  type ClaimPackage,
  type ClaimResult,
  type CreateAnonymousBuildRequest,
} from '@appgen/contracts';
import { AppgenError, RpcClient } from '@appgen/service-kit';
import { CLAIM_CONFIG, claimUrlOf, previewUrlOf, type ClaimConfig } from '../config/claim.config';
import { claimTokenHash, claimTokenMatches, newClaimToken } from './claim-token';
import { UNCLAIMED_CALLER } from './unclaimed-caller';

/** A row of `anonymous_builds` as the queries here read it. */
interface BuildRow {
  app_id: string;
  job_id: string;
  token_hash: string;
  expires_at: Date;
  claimed_at: Date | null;
  claimed_view: AnonymousBuildView | null;
  deleted_at: Date | null;
  /** computed by Postgres, whose clock decides expiry for every replica alike */
  expired: boolean;
}

const BUILD_COLUMNS = 'app_id, job_id, token_hash, expires_at, claimed_at, claimed_view, deleted_at, expires_at <= now() AS expired';

/** Generations still running: the app cannot change owners under a worker that acts as its old one. */
const RUNNING = new Set(['queued', 'processing']);

@Injectable()
export class AnonymousBuildsService {
  private readonly log = new Logger('AnonymousBuilds');

  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    @Inject(CLAIM_CONFIG) private readonly config: ClaimConfig,
  ) {}

  /**
   * Queues the generation of an app no account owns (generation-service reserves no credits for it), then records
   * the build with its token's hash. Should that record fail, the app is deleted again, so nothing is left that the
   * sweep would not know of.
   */
  async create(request: CreateAnonymousBuildRequest): Promise<ClaimPackage> {
    const queued = await this.rpc.request(GenerationSubjects.queue, { caller: UNCLAIMED_CALLER, prompt: request.prompt });
    const { app } = queued;
    const token = newClaimToken();
    const expiresAt = new Date(new Date(app.created_at).getTime() + this.config.CLAIM_WINDOW_HOURS * 3_600_000);
    try {
      await this.dataSource.query(
        `INSERT INTO anonymous_builds (app_id, job_id, token_hash, ip_hash, created_at, expires_at, next_delete_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6)`,
        [app.id, queued.job_id, claimTokenHash(token), request.ip_hash, app.created_at, expiresAt],
      );
    } catch (error) {
      await this.rpc
        .request(AppsSubjects.delete, { caller: UNCLAIMED_CALLER, id: app.id })
        .catch((cleanup: unknown) => this.log.error(`app ${app.id} of an unrecorded anonymous build not deleted: ${String(cleanup)}`));
      throw error;
    }
    const claimUrl = claimUrlOf(this.config, token);
    if (request.email !== undefined) {
      // The link is in the answer too: a mail that cannot be queued now does not undo the build.
      await this.rpc
        .request(UsersSubjects.mailClaimLink, { email: request.email, app_name: app.name, claim_url: claimUrl, expires_at: expiresAt.toISOString() })
        .catch((error: unknown) => this.log.warn(`claim link of app ${app.id} not mailed: ${String(error)}`));
    }
    return {
      success: true,
      app_id: app.id,
      name: app.name,
      preview_url: previewUrlOf(this.config, app.id),
      claim_token: token,
      claim_url: claimUrl,
      expires_at: expiresAt.toISOString(),
    };
  }

  async get(id: string): Promise<AnonymousBuildView> {
    const [row] = await this.dataSource.query<BuildRow[]>(`SELECT ${BUILD_COLUMNS} FROM anonymous_builds WHERE app_id = $1 AND deleted_at IS NULL`, [id]);
    if (!row) throw AppgenError.notFound('Anonymous build', id);
    return this.view(row);
  }

  /** What a claim page shows for `token`; 404 when it names no build. */
  async findByToken(token: string): Promise<ClaimableBuild> {
    const [row] = await this.dataSource.query<BuildRow[]>(`SELECT ${BUILD_COLUMNS} FROM anonymous_builds WHERE token_hash = $1`, [claimTokenHash(token)]);
    if (!row) throw AppgenError.of('not_found', 'No anonymous build has this claim token');
    const expiresAt = row.expires_at.toISOString();
    if (row.claimed_view) return { state: 'claimed', build: row.claimed_view, expires_at: expiresAt };
    if (row.deleted_at || row.expired) return { state: 'expired', build: null, expires_at: expiresAt };
    return { state: 'claimable', build: await this.view(row), expires_at: expiresAt };
  }

  /**
   * Moves the build's app into the caller's account. The build's row stays locked throughout, so a claim and the
   * expiry sweep (which locks it too) never both act on one build, and two claims of it take turns: the second sees
   * the first's. Wrong token 404, already claimed 409, past its window 410 (decisions.md).
   */
  claim(caller: Caller, id: string, token: string): Promise<ClaimResult> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<BuildRow[]>(`SELECT ${BUILD_COLUMNS} FROM anonymous_builds WHERE app_id = $1 FOR UPDATE`, [id]);
      if (!row || !claimTokenMatches(token, row.token_hash)) {
        throw AppgenError.of('not_found', `No anonymous build ${id} with this claim token was found`);
      }
      if (row.claimed_at) throw AppgenError.of('conflict', `App ${id} has already been claimed`);
      if (row.deleted_at || row.expired) {
        throw AppgenError.of('gone', `The claim window of app ${id} ended at ${row.expires_at.toISOString()}; unclaimed apps are deleted`);
      }
      const view = await this.view(row);
      if (RUNNING.has(view.generation.status)) {
        throw AppgenError.of('conflict', `App ${id} is still being generated (${view.generation.progress}%); claim it once it is ready`);
      }
      const { app } = await this.rpc.request(AppsSubjects.claim, { caller, id });
      // What the public read of this build shows from now on: the app as it was claimed, not its new owner's changes.
      const claimedView: AnonymousBuildView = { ...view, name: app.name, status: app.status, preview_url: app.preview_url, claimed: true };
      await manager.query(
        `UPDATE anonymous_builds SET claimed_at = now(), claimed_by = $2, claimed_view = $3, ip_hash = NULL WHERE app_id = $1`,
        [id, caller.accountId, JSON.stringify(claimedView)],
      );
      return { app_id: id, message: `App ${id} is now in your account` };
    });
  }

  private async view(row: BuildRow): Promise<AnonymousBuildView> {
    if (row.claimed_view) return row.claimed_view;
    const [{ app }, job] = await Promise.all([
      this.rpc.request(AppsSubjects.get, { caller: UNCLAIMED_CALLER, id: row.app_id }),
      this.rpc.request(GenerationSubjects.get, { caller: UNCLAIMED_CALLER, id: row.job_id }),
    ]);
    return {
      app_id: app.id,
      name: app.name,
      status: app.status,
      preview_url: app.preview_url,
      claimed: false,
      expires_at: row.expires_at.toISOString(),
      generation: { status: job.status, progress: job.progress, message: job.message },
    };
  }
}
