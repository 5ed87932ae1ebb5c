import type { AppPlan } from '@appgen/contracts';
import { BlueprintPromptError, planApp, revisePlan } from '../blueprint';
import { PlanningError, type AppPlanner } from './app-planner';

/** The built-in generator: deterministic, offline, instant. */
export class BlueprintPlanner implements AppPlanner {
  readonly engine = 'blueprint' as const;

  plan(prompt: string, current: AppPlan | null): Promise<AppPlan> {
    try {
      return Promise.resolve(current ? revisePlan(current, prompt) : planApp(prompt));
    } catch (error) {
      if (error instanceof BlueprintPromptError) return Promise.reject(new PlanningError(error.message));
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
