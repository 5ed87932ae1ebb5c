// Prompts as people type them: arrows between stages, yes/no marks, bullet and numbered lists, misspelled function
// words, possessives without an apostrophe. Sentences written for these specs (not the fit bench's); each asserts
// the plan a user would see.
import { planApp } from './plan-app';
import { field, names, views } from './plan-lookup.testing';

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

describe('planApp reads lists written one item a line', () => {
  it('dash lines: each line names a thing, its fields after "(", ":" or "with"; a field naming a thing points at it', () => {
    const plan = planApp('Bike courier app:\n- couriers (name, phone)\n- clients\n- deliveries: courier, client, pickup date, fee\n- repair logs with the cost and notes');
    expect(names(plan)).toEqual(['couriers', 'clients', 'deliveries', 'repair_logs']);
    expect(field(plan, 'deliveries', 'courier')).toMatchObject({ type: 'reference', entity: 'couriers' });
    expect(field(plan, 'deliveries', 'client')).toMatchObject({ type: 'reference', entity: 'clients' });
    expect(field(plan, 'repair_logs', 'cost').hint).toBe('currency');
  });

  it('numbered lines, and a line of fields under a thing\'s line', () => {
    const plan = planApp('Greenhouse log\n1. trays with a seed and a sowing date\n2. transplanted y/n');
    expect(names(plan)).toEqual(['trays']);
    expect(field(plan, 'trays', 'transplanted').type).toBe('boolean');
    expect(views(plan, 'trays')).toContain('calendar:sowing_date');
  });

  it('"a stamp album - stamps, countries. year, value, used y/n": a sentence of bare fields is the first listed thing\'s', () => {
    const plan = planApp('my stamp album - stamps, countries. year, value, used y/n');
    expect(names(plan)).toContain('stamps');
    expect(field(plan, 'stamps', 'year').type).toBe('integer');
    expect(field(plan, 'stamps', 'used').type).toBe('boolean');
  });
});

describe('planApp reads relative clauses and possessives as typed', () => {
  it('"my tenants leases": a plural thing right after another, with no apostrophe, points at it', () => {
    const plan = planApp('app for my tenants leases, each lease has a start date and a rent');
    expect(field(plan, 'leases', 'tenant')).toMatchObject({ type: 'reference', entity: 'tenants' });
  });

  it('"the quilts members sew, which go from …": made by the members, and the stages are the quilts\'', () => {
    const plan = planApp('A quilting circle: we keep members and the quilts members sew, which go from cut to pieced to quilted to bound');
    expect(field(plan, 'quilts', 'member')).toMatchObject({ type: 'reference', entity: 'members' });
    expect(views(plan, 'quilts')).toContain('board:stage');
    expect(field(plan, 'quilts', 'stage').options).toEqual(['Cut', 'Pieced', 'Quilted', 'Bound']);
  });

  it('"the classes they sign up for": joined by the people named before', () => {
    const plan = planApp('A climbing school: our members, the classes they sign up for with a date and a price');
    expect(field(plan, 'classes', 'members')).toMatchObject({ type: 'references', entity: 'members' });
  });

  it('"who borrowed them" of the app\'s people with none: who did it, by name', () => {
    const plan = planApp('A tool shed log: tools with a shelf, who borrowed them and when they are due back');
    expect(field(plan, 'tools', 'borrowed_by').type).toBe('text');
  });

  it('"tools, who borrowed them, when they are due back, if it came back broken": a reference, a due date, a yes/no', () => {
    const plan = planApp('Our club lends tools to members: tools, who borrowed them, when they are due back and if it came back broken');
    expect(field(plan, 'tools', 'member')).toMatchObject({ type: 'reference', entity: 'members' });
    expect(field(plan, 'tools', 'due_date').type).toBe('date');
    expect(field(plan, 'tools', 'broken').type).toBe('boolean');
    expect(views(plan, 'tools')).toContain('calendar:due_date');
  });

  it('"wether they paid": a misspelled "whether" still asks a yes/no fact', () => {
    const plan = planApp('A piano teacher app: pupils and lessons with a date, and wether the lesson was paid');
    expect(field(plan, 'lessons', 'paid').type).toBe('boolean');
  });
});

describe('planApp reads "for each" and other languages\' word order', () => {
  it('"for each trip we need the date, the driver and the van chosen": a thing with its fields, "the van chosen" a reference', () => {
    const plan = planApp('A removals firm: vans with a plate. For each trip we need the date, the address and the van chosen.');
    expect(field(plan, 'trips', 'date').type).toBe('date');
    expect(field(plan, 'trips', 'van')).toMatchObject({ type: 'reference', entity: 'vans' });
  });

  it('"cuotas mensuales de cada socio": an adjective after a Spanish plural is dropped, the thing points at each socio', () => {
    const plan = planApp('Una app para mi club: socios con teléfono, y cuotas mensuales de cada socio con el importe');
    expect(field(plan, 'cuotas', 'socio')).toMatchObject({ type: 'reference', entity: 'socios' });
  });

  it('"ob es bezahlt wurde" with an unknown participle: a yes/no named by the user\'s word', () => {
    const plan = planApp('Eine App für unseren Verein: Mitglieder und Beiträge, und wir notieren, ob es abgebucht wurde.');
    expect(plan.language).toBe('de');
    expect(plan.entities.some((candidate) => candidate.fields.some((known) => known.type === 'boolean' && known.name.startsWith('abgebuch')))).toBe(true);
  });
});
