import { AppsSubjects, UsersSubjects, type AppDetailResponse, type Caller } from '@appgen/contracts';
import type { RpcClient } from '@appgen/service-kit';

/**
 * GET /managed_apps/:id (and /apps/:id): the app as apps-service knows it, with `users_count` from
 * users-service, which owns the app's users; asked in parallel. The app's own answer decides first, so an
 * unknown or foreign app is its 404 whichever reply arrives first.
 */
export async function readAppDetail(rpc: RpcClient, caller: Caller, id: string): Promise<AppDetailResponse> {
  const [app, users] = await Promise.allSettled([
    rpc.request(AppsSubjects.get, { caller, id }),
    rpc.request(UsersSubjects.countAppUsers, { app_ids: [id] }),
  ]);
  if (app.status === 'rejected') throw app.reason;
  if (users.status === 'rejected') throw users.reason;
  const { urls, ...fields } = app.value.app;
  return { app: { ...fields, users_count: users.value.counts[id] ?? 0, urls } };
}
