import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppsSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { RowsService } from './rows.service';

type Handler<S extends (typeof AppsSubjects)[keyof typeof AppsSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class RowsController {
  constructor(private readonly rows: RowsService) {}

  @MessagePattern(AppsSubjects.queryRows)
  onQuery(@Payload() request: RpcRequest<typeof AppsSubjects.queryRows>): Handler<typeof AppsSubjects.queryRows> {
    return this.rows.query(request);
  }

  @MessagePattern(AppsSubjects.totalRows)
  onTotals(@Payload() request: RpcRequest<typeof AppsSubjects.totalRows>): Handler<typeof AppsSubjects.totalRows> {
    return this.rows.totals(request);
  }

  @MessagePattern(AppsSubjects.insertRow)
  async onInsert(@Payload() request: RpcRequest<typeof AppsSubjects.insertRow>): Handler<typeof AppsSubjects.insertRow> {
    return { row: await this.rows.insert(request) };
  }

  @MessagePattern(AppsSubjects.getRow)
  async onGet(@Payload() request: RpcRequest<typeof AppsSubjects.getRow>): Handler<typeof AppsSubjects.getRow> {
    return { row: await this.rows.get(request) };
  }

  @MessagePattern(AppsSubjects.updateRow)
  async onUpdate(@Payload() request: RpcRequest<typeof AppsSubjects.updateRow>): Handler<typeof AppsSubjects.updateRow> {
    return { row: await this.rows.update(request) };
  }

  @MessagePattern(AppsSubjects.deleteRow)
  onDelete(@Payload() request: RpcRequest<typeof AppsSubjects.deleteRow>): Handler<typeof AppsSubjects.deleteRow> {
    return this.rows.delete(request);
  }
}
