/**
 * The blueprint generator's planner: a prompt becomes an AppPlan made for it, deterministically (no randomness,
 * no clock, no network): the same prompt always gives the same plan.
 */
import type { AppPlan } from '@appgen/contracts';
import { buildPlan, describeEntities } from './plan-builder';
import { applyRevision, BlueprintPromptError, withChoices } from './revise-plan';
import { validateAppPlan } from './validate-plan';

export { BlueprintPromptError };

/** Plans an app for a first prompt: its name, description, entities with typed fields, and pages. */
export function planApp(prompt: string): AppPlan {
  if (!prompt.trim()) throw new BlueprintPromptError('The prompt is empty: describe the app, e.g. "a recipe manager where I save recipes with ingredients".');
  return validateAppPlan(buildPlan(prompt.trim()));
}

/**
 * Changes an existing plan as an update prompt says ("add a category field to recipes", "remove the rating").
 * Everything the prompt does not mention stays as it was. Throws BlueprintPromptError when the prompt names no
 * change the planner can make, so a job fails with a message instead of redeploying the same app.
 */
export function revisePlan(plan: AppPlan, prompt: string): AppPlan {
  const current = validateAppPlan(withChoices(plan));
  if (!prompt.trim()) throw new BlueprintPromptError('The update prompt is empty: say what to change, e.g. "add a category field to recipes".');
  return validateAppPlan(applyRevision(current, prompt.trim(), describeEntities).plan);
}
