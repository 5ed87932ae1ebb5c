// Support for the planner's specs (a `.testing.ts` file: neither a spec jest runs nor part of the build).
import type { AppPlan, EntityField, EntityPlan } from '@appgen/contracts';

/** The plan's entity `name`, or a failure naming the entities it has. */
export function entity(plan: AppPlan, name: string): EntityPlan {
  const found = plan.entities.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no entity ${name} in ${plan.entities.map((candidate) => candidate.name).join(', ')}`);
  return found;
}

/** The field `name` of the plan's entity `entityName`, or a failure naming the fields it has. */
export function field(plan: AppPlan, entityName: string, name: string): EntityField {
  const found = entity(plan, entityName).fields.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no field ${name} in ${entityName}: ${entity(plan, entityName).fields.map((candidate) => candidate.name).join(', ')}`);
  return found;
}

/** The plan's entity names, in order. */
export function names(plan: AppPlan): string[] {
  return plan.entities.map((candidate) => candidate.name);
}

/** The views of the plan's entity `entityName` as `kind:field` ("calendar:starts_at"). */
export function views(plan: AppPlan, entityName: string): string[] {
  return plan.pages.filter((page) => page.entity === entityName && page.field).map((page) => `${page.kind}:${page.field}`);
}
