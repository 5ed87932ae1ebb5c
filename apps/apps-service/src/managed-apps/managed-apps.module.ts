import { Module } from '@nestjs/common';
import { GenerationSubjects, OfferedModelsCheck } from '@appgen/contracts';
import { RpcClient } from '@appgen/service-kit';
import { ManagedAppsController } from './managed-apps.controller';
import { ManagedAppsService } from './managed-apps.service';

@Module({
  controllers: [ManagedAppsController],
  providers: [
    ManagedAppsService,
    // generation-service knows which models its engines offer; the answer is kept briefly (OfferedModelsCheck).
    { provide: OfferedModelsCheck, inject: [RpcClient], useFactory: (rpc: RpcClient) => new OfferedModelsCheck(() => rpc.request(GenerationSubjects.offeredModels, {})) },
  ],
})
export class ManagedAppsModule {}
