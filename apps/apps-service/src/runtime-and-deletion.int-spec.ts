import { AppsEvents, AppsSubjects, type PageView } from '@appgen/contracts';
import { rpcFailure } from '@appgen/testing';
import { PLAN, RECIPES, rpc, db, alice, newApp, useAppsServiceUnderTest } from './apps-service-under-test.testing';

describe('apps-service: files, versions, entities, rows, runtime and analytics over NATS', () => {
  useAppsServiceUnderTest();

  describe('runtime and analytics', () => {
    it('resolves an app for the edge without a caller, 404 for an unknown id', async () => {
      const id = await newApp(alice, 'Public face');
      await rpc.request(AppsSubjects.update, { caller: alice, id, changes: { visibility: 'login_required' } });
      expect(await rpc.request(AppsSubjects.resolveRuntime, { app_id: id })).toEqual({
        app: { id, account_id: 11, name: 'Public face', status: 'draft', visibility: 'login_required' },
      });
      expect(await rpcFailure(rpc.request(AppsSubjects.resolveRuntime, { app_id: 'zzzzzzzzzzzz' }))).toEqual({
        status: 404,
        body: { error: 'not_found', message: 'App zzzzzzzzzzzz was not found' },
      });
    });

    it('counts page views, unique visitors and sessions per period from the edge’s batches', async () => {
      const id = await newApp(alice);
      const daysAgo = (days: number): string => new Date(Date.now() - days * 86_400_000).toISOString();
      const view = (visitor: string, session: string, days: number): PageView => ({
        app_id: id,
        visitor,
        session,
        path: '/',
        environment: 'production',
        at: daysAgo(days),
      });
      rpc.emit(AppsEvents.recordPageViews, {
        views: [view('v1', 's1', 1), view('v1', 's1', 1), view('v2', 's2', 2), view('v1', 's3', 20), view('v3', 's4', 60), view('v4', 's5', 120)],
      });
      // Views of an unknown app and malformed entries do not spoil the rest of a batch.
      rpc.emit(AppsEvents.recordPageViews, { views: [{ ...view('v9', 's9', 1), app_id: 'gone00000000' }, { ...view('v2', 's2', 1), at: 'yesterday' }, view('v2', 's6', 3)] });
      const metrics = async (period: '7d' | '30d' | '90d') => (await rpc.request(AppsSubjects.queryAnalytics, { caller: alice, id, period })).metrics;
      const deadline = Date.now() + 5000;
      while ((await metrics('90d')).page_views < 6 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await metrics('7d')).toEqual({ page_views: 4, unique_visitors: 2, sessions: 3 });
      expect(await metrics('30d')).toEqual({ page_views: 5, unique_visitors: 2, sessions: 4 });
      expect(await rpc.request(AppsSubjects.queryAnalytics, { caller: alice, id, period: '90d' })).toEqual({
        app_id: id,
        period: '90d',
        metrics: { page_views: 6, unique_visitors: 3, sessions: 5 },
      });
      expect((await rpcFailure(rpc.request(AppsSubjects.queryAnalytics, { caller: alice, id, period: '1y' as '7d' }))).status).toBe(422);
    });

    it('answers the period day by day for the console: every UTC day once, oldest first, zero where nothing came', async () => {
      const id = await newApp(alice);
      const utcDate = (daysAgo: number): string => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
      const view = (visitor: string, session: string, daysAgo: number): PageView => ({
        app_id: id,
        visitor,
        session,
        path: '/',
        environment: 'preview',
        at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
      });
      rpc.emit(AppsEvents.recordPageViews, { views: [view('v1', 's1', 1), view('v1', 's1', 1), view('v2', 's2', 1), view('v3', 's3', 3), view('v4', 's4', 40)] });
      const series = (period: '7d' | '30d' | '90d') => rpc.request(AppsSubjects.queryAnalyticsSeries, { caller: alice, id, period });
      const deadline = Date.now() + 5000;
      const total = async () => (await series('90d')).days.reduce((sum, day) => sum + day.page_views, 0);
      while ((await total()) < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

      const week = await series('7d');
      expect(week.app_id).toBe(id);
      expect(week.period).toBe('7d');
      expect(week.days.map((day) => day.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(utcDate));
      const byDate = new Map(week.days.map((day) => [day.date, day]));
      expect(byDate.get(utcDate(1))).toEqual({ date: utcDate(1), page_views: 3, unique_visitors: 2, sessions: 2 });
      expect(byDate.get(utcDate(3))).toEqual({ date: utcDate(3), page_views: 1, unique_visitors: 1, sessions: 1 });
      expect(byDate.get(utcDate(0))).toEqual({ date: utcDate(0), page_views: 0, unique_visitors: 0, sessions: 0 });
      expect(week.days.reduce((sum, day) => sum + day.page_views, 0)).toBe(4);

      expect((await series('30d')).days).toHaveLength(30);
      const quarter = await series('90d');
      expect(quarter.days).toHaveLength(90);
      expect(quarter.days.find((day) => day.date === utcDate(40))).toMatchObject({ page_views: 1 });
      expect((await rpcFailure(rpc.request(AppsSubjects.queryAnalyticsSeries, { caller: alice, id, period: '1y' as '7d' }))).status).toBe(422);
    });
  });

  it('deletes an app with its files, versions, entities, rows and page views', async () => {
    const id = await newApp(alice);
    await rpc.request(AppsSubjects.saveVersion, { caller: alice, id, files: [{ path: 'index.html', content: 'x' }], plan: PLAN, source: 'generation' });
    await rpc.request(AppsSubjects.writeFile, { caller: alice, id, path: 'a.txt', content: 'a' });
    await rpc.request(AppsSubjects.defineEntity, { caller: alice, id, entity: RECIPES });
    await rpc.request(AppsSubjects.insertRow, { app_id: id, entity: 'recipes', actor: { kind: 'app_user', email: 'ann@example.com' }, data: { title: 'Soup' } });
    rpc.emit(AppsEvents.recordPageViews, { views: [{ app_id: id, visitor: 'v', session: 's', path: '/', environment: 'preview', at: new Date().toISOString() }] });
    const deadline = Date.now() + 5000;
    while ((await rpc.request(AppsSubjects.queryAnalytics, { caller: alice, id, period: '7d' })).metrics.page_views < 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const counts = async (): Promise<Record<string, number>> => {
      const result = await db.query<Record<string, number>>(
        `SELECT (SELECT count(*)::int FROM apps.app_files WHERE app_id = $1) AS files,
                (SELECT count(*)::int FROM apps.app_versions WHERE app_id = $1) AS versions,
                (SELECT count(*)::int FROM apps.app_version_files f JOIN apps.app_versions v ON v.id = f.version_id WHERE v.app_id = $1) AS version_files,
                (SELECT count(*)::int FROM apps.app_version_files) AS all_version_files,
                (SELECT count(*)::int FROM apps.app_entities WHERE app_id = $1) AS entities,
                (SELECT count(*)::int FROM apps.app_rows WHERE app_id = $1) AS rows,
                (SELECT count(*)::int FROM apps.app_page_views WHERE app_id = $1) AS page_views`,
        [id],
      );
      return result.rows[0] ?? {};
    };
    const before = await counts();
    expect(before).toMatchObject({ files: 2, versions: 2, version_files: 3, entities: 1, rows: 1, page_views: 1 });
    await rpc.request(AppsSubjects.delete, { caller: alice, id });
    const after = await counts();
    expect(after).toEqual({ files: 0, versions: 0, version_files: 0, all_version_files: (before['all_version_files'] ?? 0) - 3, entities: 0, rows: 0, page_views: 0 });
  });
});
