// The part of a prompt that describes the app, as people paste it (prompt-body.ts): sentences written for this spec,
// each asserting what the planner then keeps.
import { planApp } from './plan-app';
import { promptBody } from './prompt-body';
import { names } from './plan-lookup.testing';

describe('promptBody leaves out what describes no app', () => {
  it('a forwarded e-mail\'s headers, its greeting and its signature', () => {
    const mail = '---------- Forwarded message ---------\nFrom: Ann Lee\nSubject: app?\n\nHi Tom,\n\nWe need members and their boats.\n\nMany thanks,\nAnn\nHarbour Master';
    expect(promptBody(mail)).toBe('We need members and their boats.');
    expect(names(planApp(mail)).filter((name) => /tom|thank|ann|harbour/.test(name))).toEqual([]);
    // (outside a mail, "Date: …" is a line of the prompt like any other)
    expect(promptBody('Matches: home team, away team\nDate: the day it is played')).toContain('Date: the day it is played');
  });

  it('a sign-off only ends the prompt where a short signature follows, and a greeting only stands alone', () => {
    expect(promptBody('Players and their scores.\nBest first.\nAlso teams, with a captain each, and fixtures between two teams with the date.')).toContain('fixtures');
    expect(promptBody('Hi, I need an app for my bakery with orders and customers.')).toBe('Hi, I need an app for my bakery with orders and customers.');
  });

  it('markdown headings and emphasis, user stories\' tellers, and the data rows under a pasted header row', () => {
    expect(promptBody('## Entities\n- **Site**: name, city')).toBe('Entities:\n- Site: name, city');
    expect(promptBody('- As a booker, I want to assign an interpreter to each booking.')).toBe('- assign an interpreter to each booking.');
    expect(promptBody('berth;pontoon;length;owner\nA12;A;10;J. Pryce\nB03;B;12;R. Dunn')).toBe('berth, pontoon, length, owner');
    // (a prompt that is nothing but a greeting stays as it was)
    expect(promptBody('Hello!')).toBe('Hello!');
  });

  it('drops examples of things in brackets, and keeps those of a closed-set field as its values', () => {
    expect(promptBody('kit items (e.g. Alexa Mini, Cooke lenses) with a day rate')).toBe('kit items with a day rate');
    expect(promptBody('expenses with a category (e.g. food or rent)')).toBe('expenses with a category (e.g. food or rent)');
  });

  it('joins a list line\'s indented lines to it: the thing, then its fields', () => {
    const prompt = 'Sailing club:\n- Boats\n  - sail number, class\n  - skipper: one of the members\n  - insured? yes/no\n- Races\n  - date, course';
    expect(promptBody(prompt)).toBe('Sailing club:\n- Boats: sail number, class, skipper (one of the members), insured yes/no\n- Races: date, course');
    const plan = planApp(prompt);
    expect(names(plan)).toEqual(expect.arrayContaining(['boats', 'members', 'races']));
    expect(plan.entities.find((known) => known.name === 'boats')?.fields.find((known) => known.name === 'insured')?.type).toBe('boolean');
    expect(names(plan)).not.toContain('classes');
  });
});
