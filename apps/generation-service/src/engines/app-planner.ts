import type { AppPlan, GeneratorName } from '@appgen/contracts';

/** Model tokens a planner spent; billing charges by them later. */
export interface TokenUsage {
  input: number;
  output: number;
}

export interface PlanOptions {
  /** the model to ask, for engines that have models */
  model?: string;
  /** where the engine adds the tokens it spent */
  usage?: TokenUsage;
}

/** Turns a prompt into an app plan: a new app's (current null) or a change to the current one. */
export interface AppPlanner {
  readonly engine: GeneratorName;
  plan(prompt: string, current: AppPlan | null, options?: PlanOptions): Promise<AppPlan>;
}

/** A planning failure the user can act on; its message becomes the failed job's `error`. */
export class PlanningError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlanningError';
  }
}
