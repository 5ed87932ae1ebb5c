/**
 * The built-in `blueprint` generator: plans an app from a prompt (or revises a plan from an update prompt) and
 * renders any valid plan into the app's source files. Pure functions: no I/O, no clock, no randomness.
 */
export { planApp, revisePlan, BlueprintPromptError } from './plan-app';
export { renderApp, renderPlanFile, planFromAppJson, fieldKind, PLAN_FILE, type RenderContext, type FieldKind } from './render-app';
export { validateAppPlan, AppPlanValidationError, PLAN_LIMITS, type PlanProblem } from './validate-plan';
