import { Controller, Get, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { AnalyticsQuery, AppsSubjects, type AnalyticsSeriesResponse, type Caller, type Static } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { RequirePermission } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { ValidQuery } from '../common/contract-input';
import { CONSOLE_ONLY_API } from './console-session';

/** An app's traffic day by day over the period, for the console's chart. */
export const CONSOLE_ANALYTICS_ROUTE = `${CONSOLE_ONLY_API}/apps/:id/analytics/daily`;

/**
 * What the console needs beyond the public API (which answers an app's analytics as totals only, and stays so): not
 * in the OpenAPI document, reached only with the console's cookie and CSRF token (console-routes.ts turns the session
 * into the request's bearer token), then counted, limited and permission-checked like the API's own
 * `GET /managed_apps/:id/analytics`; apps-service checks the caller owns the app (another account's app is 404).
 */
@ApiExcludeController()
@Controller()
export class ConsoleAnalyticsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get(CONSOLE_ANALYTICS_ROUTE)
  @RequirePermission('analytics:read')
  daily(@CurrentCaller() caller: Caller, @Param('id') id: string, @ValidQuery(AnalyticsQuery) { period }: Static<typeof AnalyticsQuery>): Promise<AnalyticsSeriesResponse> {
    return this.rpc.request(AppsSubjects.queryAnalyticsSeries, { caller, id, period: period ?? '7d' });
  }
}
