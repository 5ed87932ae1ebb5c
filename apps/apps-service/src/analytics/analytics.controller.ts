import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { AppsEvents, AppsSubjects, type MessageMap, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { AnalyticsService } from './analytics.service';

@Controller()
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @EventPattern(AppsEvents.recordPageViews)
  onPageViews(@Payload() message: MessageMap[typeof AppsEvents.recordPageViews]): Promise<void> {
    return this.analytics.record(message);
  }

  @MessagePattern(AppsSubjects.queryAnalytics)
  onQuery(@Payload() request: RpcRequest<typeof AppsSubjects.queryAnalytics>): Promise<RpcResponse<typeof AppsSubjects.queryAnalytics>> {
    return this.analytics.query(request);
  }

  @MessagePattern(AppsSubjects.queryAnalyticsSeries)
  onSeries(@Payload() request: RpcRequest<typeof AppsSubjects.queryAnalyticsSeries>): Promise<RpcResponse<typeof AppsSubjects.queryAnalyticsSeries>> {
    return this.analytics.series(request);
  }
}
