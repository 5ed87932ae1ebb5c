import { Injectable } from '@nestjs/common';
import { GenerationSubjects, OfferedModelsCheck } from '@appgen/contracts';
import { RpcClient, AppgenError } from '@appgen/service-kit';

/**
 * `ai_model` must be a model the generator engines offer, which only generation-service knows (its
 * configuration): it is asked over `generation.models.offered` and its answer kept briefly, so the routes and
 * the generate tool refuse another model with a 422 before anything is created. One per process, shared.
 */
@Injectable()
export class OfferedModels {
  private readonly check: OfferedModelsCheck;

  constructor(rpc: RpcClient) {
    this.check = new OfferedModelsCheck(() => rpc.request(GenerationSubjects.offeredModels, {}));
  }

  /** 422 naming `field`, listing the offered models, when `model` is given and not one of them. */
  async require(model: string | undefined, field = 'ai_model'): Promise<void> {
    if (model === undefined) return;
    const problem = await this.check.problem(model);
    if (problem) throw AppgenError.validation([{ field, message: problem }]);
  }
}
