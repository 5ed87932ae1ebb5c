import { creditsForTokens, GENERATION_CREDIT_COSTS, type GeneratorName } from '@appgen/contracts';
import type { TokenCounts } from './job-store';

/** Credits held with billing before a job of `engine` is queued (GENERATION_CREDIT_COSTS in the contracts). */
export function creditsToReserve(engine: GeneratorName): number {
  return engine === 'blueprint' ? GENERATION_CREDIT_COSTS.blueprint : GENERATION_CREDIT_COSTS.openai.reserve;
}

/** What a completed job of `engine` is charged: the built-in engine its fixed cost, a model its tokens (at most the reservation). */
export function creditsCharged(engine: GeneratorName, reserved: number, usage: TokenCounts): number {
  return engine === 'blueprint' ? Math.min(reserved, GENERATION_CREDIT_COSTS.blueprint) : creditsForTokens(usage, reserved);
}
