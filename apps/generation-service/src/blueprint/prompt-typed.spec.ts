// Prompts as people type them: arrows between stages, yes/no marks, bullet and numbered lists, misspelled function
// words, possessives without an apostrophe. Sentences written for these specs (not the fit bench's); each asserts
// the plan a user would see.
import { planApp } from './plan-app';
import { field, views } from './plan-lookup.testing';

describe('planApp reads stages written with arrows', () => {
  it('"a status of idea → drafted → sent": the status offers the stages in order, on a board', () => {
    const plan = planApp('A grant application tracker: grants with a funder, a deadline and a status of idea → drafted → sent → awarded');
    expect(field(plan, 'grants', 'status')).toMatchObject({ type: 'select', options: ['Idea', 'Drafted', 'Sent', 'Awarded'] });
    expect(views(plan, 'grants')).toContain('board:status');
  });

  it('"go new -> open -> waiting for parts -> closed": ASCII arrows, a stage of several words, a stage word first', () => {
    const plan = planApp('A bike shop: repairs go new -> open -> waiting for parts -> closed');
    expect(field(plan, 'repairs', 'status').options).toEqual(['New', 'Open', 'Waiting for parts', 'Closed']);
    expect(views(plan, 'repairs')).toContain('board:status');
  });

  it('"stage: lead > call > won": a ">" between words is an arrow too', () => {
    const plan = planApp('A sales tracker for deals, each deal with a value. stage: lead > call > won');
    expect(field(plan, 'deals', 'stage').options).toEqual(['Lead', 'Call', 'Won']);
  });
});

describe('planApp reads yes/no marks', () => {
  it('"signed y/n", "framed (yes/no)": yes/no fields, whatever else their words would say', () => {
    const plan = planApp('A poster collection: posters with artist, year, signed y/n and framed (yes/no)');
    expect(field(plan, 'posters', 'signed').type).toBe('boolean');
    expect(field(plan, 'posters', 'framed').type).toBe('boolean');
  });
});
