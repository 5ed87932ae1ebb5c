// What a prompt says of which thing, on prompts of the shapes the fit bench's misses had, written for these specs
// (not the bench's own sentences): each asserts the plan a user would see.
import type { AppPlan } from '@appgen/contracts';
import { planApp } from './plan-app';
import { entity, field } from './plan-lookup.testing';

function names(plan: AppPlan): string[] {
  return plan.entities.map((candidate) => candidate.name);
}

function views(plan: AppPlan, entityName: string): string[] {
  return plan.pages.filter((page) => page.entity === entityName && page.field).map((page) => `${page.kind}:${page.field}`);
}

describe('planApp gives what is said of a thing to that thing', () => {
  it('"repairs on my bikes with the price": the price is the repairs\', the bike a reference', () => {
    const plan = planApp('A bike repair log: repairs on my bikes with the price and the shop');
    expect(field(plan, 'repairs', 'price')).toMatchObject({ type: 'number', hint: 'currency' });
    expect(field(plan, 'repairs', 'bike')).toMatchObject({ type: 'reference', entity: 'bikes' });
    expect(entity(plan, 'bikes').fields.some((candidate) => candidate.hint === 'currency')).toBe(false);
  });

  it('"poems by members, rated with a score …, best score first": the poems are scored and ranked', () => {
    const plan = planApp('A poetry contest app: poems by members, rated with a score out of 10, best score first');
    expect(names(plan)).toEqual(['poems', 'members']);
    expect(field(plan, 'poems', 'score')).toMatchObject({ type: 'integer', hint: '1–10' });
    expect(field(plan, 'poems', 'member')).toMatchObject({ type: 'reference', entity: 'members' });
    expect(views(plan, 'poems')).toContain('ranking:score');
    expect(entity(plan, 'members').fields.some((candidate) => candidate.name.includes('score'))).toBe(false);
  });

  it('"wheels in caves, tastings of each wheel with the date": the list of things goes on after a relation', () => {
    const plan = planApp('A cheese cellar: wheels in caves, tastings of each wheel with the date and notes');
    expect(names(plan).sort()).toEqual(['caves', 'tastings', 'wheels']);
    expect(field(plan, 'tastings', 'date').type).toBe('date');
    expect(field(plan, 'tastings', 'notes').type).toBe('text');
    expect(field(plan, 'tastings', 'wheel')).toMatchObject({ type: 'reference', entity: 'wheels' });
    expect(field(plan, 'wheels', 'cave')).toMatchObject({ type: 'reference', entity: 'caves' });
  });

  it('"each order goes through …, waiting for paper, …, with a price": stages are no things, the price is the orders\'', () => {
    const plan = planApp('A print shop tracker: clients send orders, each order goes through received, waiting for paper, printed and picked up, with a price');
    expect(names(plan)).toEqual(['clients', 'orders']);
    expect(field(plan, 'orders', 'stage').options).toEqual(['Received', 'Waiting for paper', 'Printed', 'Picked up']);
    expect(field(plan, 'orders', 'price').hint).toBe('currency');
  });

  it('"each leak belongs to a building, has a plumber, a cost": the sentence\'s subject has them', () => {
    const plan = planApp('Track the leaks in our buildings: each leak belongs to a building, has a plumber, a cost and a status');
    expect(field(plan, 'leaks', 'building')).toMatchObject({ type: 'reference', entity: 'buildings' });
    expect(field(plan, 'leaks', 'cost').hint).toBe('currency');
    expect(field(plan, 'leaks', 'plumber').type).toBe('text');
    expect(entity(plan, 'buildings').fields.some((candidate) => candidate.name === 'cost')).toBe(false);
  });
});
