import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppsSubjects, type RpcRequest, type RpcResponse } from '@appgen/contracts';
import { FilesService } from './files.service';

type Handler<S extends (typeof AppsSubjects)[keyof typeof AppsSubjects]> = Promise<RpcResponse<S>>;

@Controller()
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @MessagePattern(AppsSubjects.listFiles)
  onList(@Payload() request: RpcRequest<typeof AppsSubjects.listFiles>): Handler<typeof AppsSubjects.listFiles> {
    return this.files.list(request);
  }

  @MessagePattern(AppsSubjects.readFile)
  async onRead(@Payload() request: RpcRequest<typeof AppsSubjects.readFile>): Handler<typeof AppsSubjects.readFile> {
    return { file: await this.files.read(request) };
  }

  @MessagePattern(AppsSubjects.writeFile)
  onWrite(@Payload() request: RpcRequest<typeof AppsSubjects.writeFile>): Handler<typeof AppsSubjects.writeFile> {
    return this.files.write(request);
  }

  @MessagePattern(AppsSubjects.deleteFile)
  onDelete(@Payload() request: RpcRequest<typeof AppsSubjects.deleteFile>): Handler<typeof AppsSubjects.deleteFile> {
    return this.files.delete(request);
  }
}
