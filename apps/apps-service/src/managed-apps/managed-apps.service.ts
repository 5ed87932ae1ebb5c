import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  BUILTIN_MODEL,
  editorUrl,
  DEFAULT_APP_NAME,
  EdgeEvents,
  IDEMPOTENCY_KEY_TTL_MS,
  OfferedModelsCheck,
  UNCLAIMED_ACCOUNT_ID,
  pageMeta,
  pageOffset,
  type AppSummary,
  type Caller,
  type CreateAppRequest,
  type CreateAppResponse,
  type DeleteAppResponse,
  type ListAppsRequest,
  type ListAppsResponse,
  type SetLifecycleRequest,
  type StoredAppDetail,
  type UpdateAppRequest,
} from '@appgen/contracts';
import { OutboxService } from '@appgen/outbox';
import { AppgenError, isUniqueViolation, RpcClient } from '@appgen/service-kit';
import { postgresPool } from '@appgen/service-kit/database';
import { APPS_CONFIG, type AppsConfig } from '../config/apps.config';
import { APP_DETAIL_QUERY } from './app-detail.query';
import { readAppFields, type AppFields } from './app-fields';
import { refreshManifest } from './app-manifest';
import { newAppId } from './app-id';
import { ManagedAppEntity } from './managed-app.entity';
import { findOwnedApp } from './owned-app';

/** The model recorded on an app created without one: the built-in generator. */
export const DEFAULT_AI_MODEL = BUILTIN_MODEL;

type DetailRow = ManagedAppEntity & { versionsCount: number; filesCount: number };

@Injectable()
export class ManagedAppsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    @Inject(APPS_CONFIG) private readonly config: AppsConfig,
    private readonly models: OfferedModelsCheck,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * Creates a draft app. With an `idempotency_key`, a retry of a request whose answer was lost (or that raced the
   * first attempt) answers the app that key already created, and creates nothing.
   */
  async create(request: CreateAppRequest): Promise<CreateAppResponse> {
    const { caller, idempotency_key: requestKey } = request;
    const fields = await readAppFields(request, this.models);
    if (requestKey !== undefined) {
      const earlier = await this.createdFor(caller.accountId, requestKey);
      if (earlier) return this.created(earlier);
    }
    try {
      return this.created(await this.insertApp(caller, fields, requestKey ?? null));
    } catch (error) {
      const earlier = requestKey !== undefined && isUniqueViolation(error) ? await this.createdFor(caller.accountId, requestKey) : null;
      if (earlier) return this.created(earlier);
      throw error;
    }
  }

  /** The app this key created within the last day; an older one lets the key go, for the new request it now is. */
  private async createdFor(accountId: number, requestKey: string): Promise<ManagedAppEntity | null> {
    await this.dataSource.query(
      'UPDATE managed_apps SET request_key = NULL WHERE account_id = $1 AND request_key = $2 AND created_at < now() - $3 * interval \'1 millisecond\'',
      [accountId, requestKey, IDEMPOTENCY_KEY_TTL_MS],
    );
    return this.dataSource.getRepository(ManagedAppEntity).findOneBy({ accountId, requestKey });
  }

  private created(app: ManagedAppEntity): CreateAppResponse {
    return { app: this.summary(app), message: `App ${app.id} created as a draft.` };
  }

  private insertApp(caller: Caller, fields: AppFields, requestKey: string | null): Promise<ManagedAppEntity> {
    return this.dataSource.transaction(async (manager) => {
      const created = manager.create(ManagedAppEntity, {
        id: newAppId(),
        accountId: caller.accountId,
        creatorEmail: caller.email,
        name: fields.name ?? DEFAULT_APP_NAME,
        description: fields.description ?? '',
        prompt: fields.prompt ?? null,
        status: 'draft',
        visibility: fields.visibility ?? 'public',
        aiModel: fields.ai_model ?? DEFAULT_AI_MODEL,
        previewUrl: null,
        productionUrl: null,
        publishedAt: null,
        requestKey,
      });
      await manager.insert(ManagedAppEntity, created);
      const saved = await manager.findOneByOrFail(ManagedAppEntity, { id: created.id });
      await this.outbox.enqueue(manager, {
        kind: 'app.created',
        accountId: caller.accountId,
        appId: saved.id,
        data: { app: this.summary(saved) },
      });
      return saved;
    });
  }

  async list(request: ListAppsRequest): Promise<ListAppsResponse> {
    const query = this.dataSource
      .getRepository(ManagedAppEntity)
      .createQueryBuilder('app')
      .where('app.accountId = :accountId', { accountId: request.caller.accountId });
    if (request.status) query.andWhere('app.status = :status', { status: request.status });
    if (request.name) {
      const pattern = `%${request.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query.andWhere('app.name ILIKE :pattern', { pattern });
    }
    const [apps, total] = await query
      .orderBy('app.createdAt', 'DESC')
      .addOrderBy('app.id', 'DESC')
      .offset(pageOffset(request))
      .limit(request.per_page)
      .getManyAndCount();
    return { apps: apps.map((app) => this.summary(app)), meta: pageMeta(request, total) };
  }

  async get(caller: Caller, id: string): Promise<StoredAppDetail> {
    // The hot read behind GET /managed_apps/:id: straight to the pool, as a prepared statement.
    const { rows } = await postgresPool(this.dataSource).query<DetailRow>({ ...APP_DETAIL_QUERY, values: [id, caller.accountId] });
    const row = rows[0];
    if (!row) throw AppgenError.notFound('App', id);
    return this.detail(row);
  }

  async update(request: UpdateAppRequest): Promise<AppSummary> {
    // The prompt is set on creation only.
    const { name, description, visibility, ai_model } = request.changes ?? {};
    const changes = await readAppFields({ name, description, visibility, ai_model }, this.models);
    const updated = await this.dataSource.transaction(async (manager) => {
      const app = await this.findOwned(manager, request.caller, request.id);
      const changed: string[] = [];
      const apply = <K extends 'name' | 'description' | 'visibility' | 'aiModel'>(
        field: string,
        key: K,
        value: ManagedAppEntity[K] | undefined,
      ): void => {
        if (value === undefined || value === app[key]) return;
        app[key] = value;
        changed.push(field);
      };
      apply('name', 'name', changes.name);
      apply('description', 'description', changes.description);
      apply('visibility', 'visibility', changes.visibility);
      apply('ai_model', 'aiModel', changes.ai_model);
      if (changed.length === 0) return { summary: this.summary(app), changed: false };
      const saved = await manager.save(app);
      await refreshManifest(manager, saved, this.editorUrl(saved.id));
      const summary = this.summary(saved);
      await this.outbox.enqueue(manager, {
        kind: 'app.updated',
        accountId: app.accountId,
        appId: app.id,
        data: { app: summary, changed },
      });
      return { summary, changed: true };
    });
    // The edge shows the name and applies the visibility: the next request to the app must see them.
    if (updated.changed) await this.rpc.announce(EdgeEvents.appChanged, { app_id: request.id });
    return updated.summary;
  }

  async delete(caller: Caller, id: string): Promise<DeleteAppResponse> {
    await this.dataSource.transaction(async (manager) => {
      const app = await this.findOwned(manager, caller, id);
      await manager.delete(ManagedAppEntity, { id: app.id });
      await this.outbox.enqueue(manager, {
        kind: 'app.deleted',
        accountId: app.accountId,
        appId: app.id,
        data: { app: { id: app.id, name: app.name } },
      });
    });
    // Its addresses stop serving it with the next request, not when the edge's caches expire.
    await this.rpc.announce(EdgeEvents.appChanged, { app_id: id });
    return { success: true, message: `App ${id} and all its resources were deleted.` };
  }

  /**
   * Moves an anonymous build's app, owned by no account (UNCLAIMED_ACCOUNT_ID), into the caller's account: one UPDATE
   * of its row and its app.updated event (`changed: ['account_id']`) in one transaction, so it happens completely or
   * not at all. Everything else this schema holds of the app (files, versions, entities, rows, page views, env vars)
   * is keyed by the app's id, so it moves with the row. A repeat by the account that claimed it answers the app
   * unchanged (claim-service retries after a lost reply); another account's app, or an unknown one, is 404.
   */
  async claim(caller: Caller, id: string): Promise<AppSummary> {
    if (caller.accountId === UNCLAIMED_ACCOUNT_ID) throw AppgenError.of('bad_request', 'Only an account can claim an app');
    const claimed = await this.dataSource.transaction(async (manager) => {
      const app = await manager
        .getRepository(ManagedAppEntity)
        .createQueryBuilder('app')
        .where('app.id = :id AND app.accountId IN (:...owners)', { id, owners: [UNCLAIMED_ACCOUNT_ID, caller.accountId] })
        .setLock('pessimistic_write')
        .getOne();
      if (!app) throw AppgenError.notFound('App', id);
      if (app.accountId === caller.accountId) return { summary: this.summary(app), moved: false };
      app.accountId = caller.accountId;
      app.creatorEmail = caller.email;
      const saved = await manager.save(app);
      const summary = this.summary(saved);
      await this.outbox.enqueue(manager, { kind: 'app.updated', accountId: caller.accountId, appId: app.id, data: { app: summary, changed: ['account_id'] } });
      return { summary, moved: true };
    });
    // The edge keeps the owner of an app it serves: the next request must see the new one.
    if (claimed.moved) await this.rpc.announce(EdgeEvents.appChanged, { app_id: id });
    return claimed.summary;
  }

  /**
   * Moves the app through its lifecycle for generation-service and deployment-service. app.updated is
   * written only when a value really changed, so repeated steps of a resumed job publish nothing twice. The
   * status and times were checked against the subject's schema (LifecycleChange) before the handler ran.
   */
  async setLifecycle(request: SetLifecycleRequest): Promise<AppSummary> {
    const { changes } = request;
    const publishedAt = changes.published_at === undefined || changes.published_at === null ? changes.published_at : new Date(changes.published_at);
    return this.dataSource.transaction(async (manager) => {
      const app = await this.findOwned(manager, request.caller, request.id);
      const changed: string[] = [];
      if (changes.status !== undefined && changes.status !== app.status) {
        app.status = changes.status;
        changed.push('status');
      }
      if (changes.preview_url !== undefined && changes.preview_url !== app.previewUrl) {
        app.previewUrl = changes.preview_url;
        changed.push('preview_url');
      }
      if (changes.production_url !== undefined && changes.production_url !== app.productionUrl) {
        app.productionUrl = changes.production_url;
        changed.push('production_url');
      }
      if (publishedAt !== undefined && publishedAt?.getTime() !== app.publishedAt?.getTime()) {
        app.publishedAt = publishedAt;
        changed.push('published_at');
      }
      if (changed.length === 0) return this.summary(app);
      const saved = await manager.save(app);
      // The manifest names the addresses and says whether the app is deployed; published_at alone changes neither.
      if (changed.some((field) => field !== 'published_at')) await refreshManifest(manager, saved, this.editorUrl(saved.id));
      const summary = this.summary(saved);
      await this.outbox.enqueue(manager, { kind: 'app.updated', accountId: app.accountId, appId: app.id, data: { app: summary, changed } });
      return summary;
    });
  }

  /** Locks the row so concurrent updates of one app apply one after the other. */
  private findOwned(manager: EntityManager, caller: Caller, id: string): Promise<ManagedAppEntity> {
    return findOwnedApp(manager, caller, id, { lock: true });
  }

  private editorUrl(id: string): string {
    return editorUrl(this.config.SITE_URL, id);
  }

  private summary(app: ManagedAppEntity): AppSummary {
    return {
      id: app.id,
      name: app.name,
      description: app.description,
      status: app.status,
      visibility: app.visibility,
      ai_model: app.aiModel,
      preview_url: app.previewUrl,
      production_url: app.productionUrl,
      published_at: app.publishedAt?.toISOString() ?? null,
      created_at: app.createdAt.toISOString(),
      updated_at: app.updatedAt.toISOString(),
    };
  }

  private detail(row: DetailRow): StoredAppDetail {
    return {
      ...this.summary(row),
      creator: { id: row.accountId, email: row.creatorEmail },
      versions_count: row.versionsCount,
      files_count: row.filesCount,
      urls: {
        editor: this.editorUrl(row.id),
        preview: row.previewUrl,
        production: row.productionUrl,
      },
    };
  }
}
