import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  type AnalyticsPeriod,
  type AnalyticsResponse,
  type AnalyticsSeriesResponse,
  type AppByIdRequest,
  PAGE_VIEW_PATH_STORED_LENGTH,
  PageView,
  validate,
} from '@appgen/contracts';
import { findOwnedApp } from '../managed-apps/owned-app';

const PERIOD_DAYS: Record<AnalyticsPeriod, number> = { '7d': 7, '30d': 30, '90d': 90 };

@Injectable()
export class AnalyticsService {
  private readonly logger = new Logger(AnalyticsService.name);

  constructor(private readonly dataSource: DataSource) {}

  /**
   * Stores a batch from the edge in one statement. Views of apps deleted meanwhile are dropped by the
   * join instead of failing the whole batch on the foreign key; malformed entries are skipped.
   */
  async record(message: { views: PageView[] }): Promise<void> {
    const views = message.views.filter((view) => validate(PageView, view).ok);
    if (views.length === 0) return;
    try {
      await this.dataSource.query(
        `INSERT INTO app_page_views (app_id, visitor, session, path, environment, at)
         SELECT v.app_id, v.visitor, v.session, v.path, v.environment, v.at
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
                AS v(app_id, visitor, session, path, environment, at)
           JOIN managed_apps a ON a.id = v.app_id`,
        [
          views.map((view) => view.app_id),
          views.map((view) => view.visitor),
          views.map((view) => view.session),
          views.map((view) => view.path.slice(0, PAGE_VIEW_PATH_STORED_LENGTH)),
          views.map((view) => view.environment),
          views.map((view) => view.at),
        ],
      );
    } catch (error) {
      // A fire-and-forget message has nobody to answer; losing one batch of counts must not crash the handler.
      this.logger.error(`could not record ${views.length} page views: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async query(request: AppByIdRequest & { period: AnalyticsPeriod }): Promise<AnalyticsResponse> {
    const { period } = request;
    const app = await findOwnedApp(this.dataSource.manager, request.caller, request.id);
    const rows = await this.dataSource.query<{ page_views: number; unique_visitors: number; sessions: number }[]>(
      `SELECT count(*)::int AS page_views, count(DISTINCT visitor)::int AS unique_visitors, count(DISTINCT session)::int AS sessions
         FROM app_page_views WHERE app_id = $1 AND at > now() - make_interval(days => $2)`,
      [app.id, PERIOD_DAYS[period]],
    );
    const metrics = rows[0] ?? { page_views: 0, unique_visitors: 0, sessions: 0 };
    return { app_id: app.id, period, metrics };
  }

  /**
   * The period day by day (UTC days, today's so far included, oldest first), every day present, zero where no view
   * came: what the console draws. The caller must own the app, exactly as for the totals.
   */
  async series(request: AppByIdRequest & { period: AnalyticsPeriod }): Promise<AnalyticsSeriesResponse> {
    const { period } = request;
    const app = await findOwnedApp(this.dataSource.manager, request.caller, request.id);
    const days = await this.dataSource.query<AnalyticsSeriesResponse['days']>(
      `WITH bounds AS (SELECT (now() AT TIME ZONE 'UTC')::date - ($2::int - 1) AS first, (now() AT TIME ZONE 'UTC')::date AS last),
            counted AS (
              SELECT (at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS page_views,
                     count(DISTINCT visitor)::int AS unique_visitors, count(DISTINCT session)::int AS sessions
                FROM app_page_views, bounds
               WHERE app_id = $1 AND at >= bounds.first::timestamp AT TIME ZONE 'UTC'
               GROUP BY 1)
       SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(c.page_views, 0) AS page_views,
              coalesce(c.unique_visitors, 0) AS unique_visitors, coalesce(c.sessions, 0) AS sessions
         FROM bounds, generate_series(bounds.first, bounds.last, interval '1 day') AS d(day)
         LEFT JOIN counted c ON c.day = d.day::date
        ORDER BY d.day`,
      [app.id, PERIOD_DAYS[period]],
    );
    return { app_id: app.id, period, days };
  }
}
