import { Inject, Injectable } from '@nestjs/common';
import {
  AppsSubjects,
  contentTypeOf,
  DeploymentSubjects,
  UsersSubjects,
  type AppUserView,
  type BundleEnvironment,
  type RuntimeApp,
} from '@appgen/contracts';
import type { NatsConnection } from 'nats';
import { RpcClient, AppgenError, NATS_CONNECTION, orNullIfNotFound } from '@appgen/service-kit';
import { ExpiringCache } from '../bundles/expiring-cache';
import { etagOf } from '../bundles/etag';
import { LruCache } from '../bundles/lru-cache';
import { countedLookup, edgeCacheRequests } from './cache-metrics';
import { EDGE_CONFIG, type EdgeConfig } from '../config/edge.config';
import { ServerBarrier } from './server-barrier';

export interface ServedBundle {
  buildId: number;
  etag: string;
  paths: ReadonlySet<string>;
}

export interface ServedFile {
  content: Buffer;
  contentType: string;
  etag: string;
}

/** How many apps, bundles and sessions the short-lived caches hold at most. */
const MAX_SHORT_ENTRIES = 10_000;

/**
 * What the edge asks other services on every request, cached: the app, its bundles and app-user sessions for
 * at most RUNTIME_CACHE_MS, bundle files by build id and path for as long as memory allows (a build never
 * changes). A change is not waited out: the service that makes it announces it (`edge.apps.changed`, heard by
 * AppChangesListener, which calls forgetApp), and every request first passes `synced()`, so the first request
 * after the API's answer reads past the change (README, "Changes apply at once").
 */
@Injectable()
export class AppLookupService {
  private readonly apps: ExpiringCache<string, RuntimeApp | null>;
  private readonly bundles: ExpiringCache<string, ServedBundle | null>;
  private readonly sessions: ExpiringCache<string, AppUserView | null>;
  private readonly files: LruCache<string, ServedFile>;
  private readonly barrier: ServerBarrier;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(EDGE_CONFIG) config: EdgeConfig,
    @Inject(NATS_CONNECTION) nats: NatsConnection,
  ) {
    this.barrier = new ServerBarrier(() => nats.flush());
    this.apps = new ExpiringCache(config.RUNTIME_CACHE_MS, MAX_SHORT_ENTRIES);
    // "No bundle yet" is not kept: it is the answer that changes soonest, while someone waits for a preview.
    this.bundles = new ExpiringCache(config.RUNTIME_CACHE_MS, MAX_SHORT_ENTRIES, Date.now, (bundle) => bundle !== null);
    this.sessions = new ExpiringCache(config.RUNTIME_CACHE_MS, MAX_SHORT_ENTRIES);
    this.files = new LruCache(20_000, config.BUNDLE_CACHE_MB * 1024 * 1024, (file) => file.content.length + 200);
  }

  /** Resolves once every change announced before this call has been heard (ServerBarrier). */
  synced(): Promise<void> {
    return this.barrier.pass();
  }

  /** Forgets the app, its bundles and its users' sessions: the next request asks their services again. */
  forgetApp(appId: string): void {
    this.apps.delete(appId);
    this.bundles.delete(`preview:${appId}`);
    this.bundles.delete(`production:${appId}`);
    const sessionsOfApp = `${appId}:`;
    this.sessions.deleteWhere((key) => key.startsWith(sessionsOfApp));
  }

  app(appId: string): Promise<RuntimeApp | null> {
    return countedLookup(
      'app',
      (load) => this.apps.get(appId, load),
      async () => (await orNullIfNotFound(this.rpc.request(AppsSubjects.resolveRuntime, { app_id: appId })))?.app ?? null,
    );
  }

  bundle(appId: string, environment: BundleEnvironment): Promise<ServedBundle | null> {
    return countedLookup<ServedBundle | null>('bundle', (load) => this.bundles.get(`${environment}:${appId}`, load), async () => {
      const bundle = await orNullIfNotFound(this.rpc.request(DeploymentSubjects.resolveBundle, { app_id: appId, environment }));
      return bundle ? { buildId: bundle.build_id, etag: bundle.etag, paths: new Set(bundle.paths) } : null;
    });
  }

  async file(buildId: number, path: string): Promise<ServedFile | null> {
    const key = `${buildId}:${path}`;
    const cached = this.files.get(key);
    edgeCacheRequests.inc({ cache: 'file', result: cached ? 'hit' : 'miss' });
    if (cached) return cached;
    const found = await orNullIfNotFound(this.rpc.request(DeploymentSubjects.bundleFile, { build_id: buildId, path }));
    if (!found) return null;
    const content = Buffer.from(found.content, 'utf8');
    const file = { content, contentType: contentTypeOf(path, found.content_type), etag: etagOf(content) };
    this.files.set(key, file);
    return file;
  }

  /** The signed-in app user behind a session hash, or null when it is not (or no longer) valid. */
  session(appId: string, sessionHash: string): Promise<AppUserView | null> {
    return countedLookup('session', (load) => this.sessions.get(`${appId}:${sessionHash}`, load), async () => {
      try {
        return (await this.rpc.request(UsersSubjects.appUserResolveSession, { app_id: appId, session_hash: sessionHash })).app_user;
      } catch (error) {
        if (error instanceof AppgenError && (error.payload.status === 401 || error.payload.status === 403)) return null;
        throw error;
      }
    });
  }

  forgetSession(appId: string, sessionHash: string): void {
    this.sessions.delete(`${appId}:${sessionHash}`);
  }
}
