// Prompts as people type them: arrows between stages, yes/no marks, bullet and numbered lists, misspelled function
// words, possessives without an apostrophe. Sentences written for these specs (not the fit bench's); each asserts
// the plan a user would see.
import { planApp } from './plan-app';
import { entity, field, names, views } from './plan-lookup.testing';
import { singularize } from './words.util';

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
  it('a spreadsheet\'s header row pasted with tabs lists fields, as commas would', () => {
    const plan = planApp('Our stock sheet for the shop:\nProduct\tSKU\tPrice\tQty');
    expect(entity(plan, 'products').fields.map((candidate) => candidate.name)).toEqual(expect.arrayContaining(['sku', 'price', 'quantity']));
  });

  it('a requirements list ("- must store patients", "- should show appointments", "- should record whether …"): no verb names a thing', () => {
    const plan = planApp('Requirements for the clinic app:\n- must store patients with their date of birth\n- must store our dentists\n- should show appointments in a week calendar\n- should record whether the patient turned up');
    expect(names(plan)).toEqual(expect.arrayContaining(['patients', 'dentists', 'appointments']));
    expect(names(plan).filter((name) => /must|should|store|show|whether/.test(name))).toEqual([]);
    expect(planApp('Blood app: donors and drives. We record whether the donor was deferred.').entities.map((candidate) => candidate.name)).not.toContain('whethers');
  });

  it('dash lines: each line names a thing, its fields after "(", ":" or "with"; a field naming a thing points at it', () => {
    const plan = planApp('Bike courier app:\n- couriers (name, phone)\n- clients\n- deliveries: courier, client, pickup date, fee\n- repair logs with the cost and notes');
    expect(names(plan)).toEqual(['couriers', 'clients', 'deliveries', 'repair_logs']);
    expect(field(plan, 'deliveries', 'courier')).toMatchObject({ type: 'reference', entity: 'couriers' });
    expect(field(plan, 'deliveries', 'client')).toMatchObject({ type: 'reference', entity: 'clients' });
    expect(field(plan, 'repair_logs', 'cost').hint).toBe('currency');
  });

  it('star and bullet lines are list lines too, and "- repairs logged against a device" names the repairs', () => {
    const plan = planApp('Bike shop app\n* customers with a phone\n* bikes owned by a customer: make, frame size\n• services logged against a bike, with a price');
    expect(names(plan)).toEqual(['customers', 'bikes', 'services']);
    expect(field(plan, 'bikes', 'frame_size')).toBeDefined();
    expect(field(plan, 'services', 'bike')).toMatchObject({ type: 'reference', entity: 'bikes' });
    expect(field(plan, 'services', 'price').hint).toBe('currency');
  });

  it('"a spreadsheet with columns Boat, Owner, …" lists no stages; "a kanban with columns …" does', () => {
    const sheet = planApp('We use a spreadsheet with columns Boat name, Owner, Berth, Length. I want an app with the boats and the owners.');
    expect(sheet.pages.filter((page) => page.kind === 'board')).toEqual([]);
    const kanban = planApp('Orders on a kanban with columns: new, packed, shipped');
    expect(kanban.pages.filter((page) => page.kind === 'board')).toHaveLength(1);
  });

  it('"a leader (one of our members)", "(both from our list of examiners)": the fields point at those things', () => {
    const rides = planApp('Cycling club: rides and members. Each ride has a leader (one of our members), a route, a distance in km and a start time.');
    expect(field(rides, 'rides', 'leader')).toMatchObject({ type: 'reference', entity: 'members' });
    expect(field(rides, 'rides', 'route')).toBeDefined();
    const vivas = planApp('Each viva has an internal examiner and an external examiner (both from our list of examiners) and a date.');
    expect(field(vivas, 'vivas', 'internal_examiner')).toMatchObject({ type: 'reference', entity: 'examiners' });
    expect(field(vivas, 'vivas', 'external_examiner')).toMatchObject({ type: 'reference', entity: 'examiners' });
  });

  it('a film\'s producer is its producer, not a winery', () => {
    expect(field(planApp('Film office: productions (title, producer, phone)'), 'productions', 'producer').label).toBe('Producer');
  });

  it('"the estimate" of a repair is money', () => {
    const plan = planApp('Watch repairs: watches in for service (brand, fault, the estimate, collected yes/no)');
    expect(plan.entities.flatMap((known) => known.fields).find((known) => known.name === 'estimate')).toMatchObject({ type: 'number', hint: 'currency' });
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

describe('planApp keeps people named as a field', () => {
  it('"each repair has a technician", "with a florist": a person named as a field is a list of people pointed at', () => {
    const repairs = planApp('A garage app: repairs with a date and a cost, and each repair has a technician');
    expect(field(repairs, 'repairs', 'technician')).toMatchObject({ type: 'reference', entity: 'technicians' });
    const weddings = planApp('An event planner: weddings with a date, a florist and a budget');
    expect(field(weddings, 'weddings', 'florist')).toMatchObject({ type: 'reference', entity: 'florists' });
    expect(names(weddings)).toContain('florists');
  });

  it('"books with title, author and a rating": a person the thing\'s kind lists among its details stays typed in, unless the prompt keeps those people', () => {
    const log = planApp('A reading log where I save books I read with title, author and a rating');
    expect(field(log, 'books', 'author').type).toBe('text');
    expect(names(log)).toEqual(['books']);
    const library = planApp('A library app with books and authors; books have a title, an author and a year');
    expect(field(library, 'books', 'author')).toMatchObject({ type: 'reference', entity: 'authors' });
  });

  it('a word in -ist that is no person ("a playlist") stays a field', () => {
    const plan = planApp('A party planner: parties with a date, a theme and a playlist');
    expect(field(plan, 'parties', 'playlist').type).toBe('text');
  });

  it('"who cleans it (Ana or Tom)": the people it can be are a choice', () => {
    const plan = planApp('A flat chores app: chores with a due date and who cleans it (Ana or Tom)');
    expect(field(plan, 'chores', 'cleaned_by')).toMatchObject({ type: 'select', options: ['Ana', 'Tom'] });
  });
});

describe('planApp relates things listed without a verb', () => {
  it('"guitars, brands, shops. year, price": the thing given fields points at the things listed with it', () => {
    const plan = planApp('my guitar collection - guitars, brands, shops. year, price, sold y/n');
    expect(names(plan)).toEqual(expect.arrayContaining(['guitars', 'brands', 'shops']));
    expect(field(plan, 'guitars', 'brand')).toMatchObject({ type: 'reference', entity: 'brands' });
    expect(field(plan, 'guitars', 'shop')).toMatchObject({ type: 'reference', entity: 'shops' });
  });

  it('"pacientes, médicos, citas con fecha": the Spanish thing with fields points at the others', () => {
    const plan = planApp('Una app para mi clínica: pacientes, médicos, citas con fecha y hora y el precio');
    expect(field(plan, 'citas', 'paciente')).toMatchObject({ type: 'reference', entity: 'pacientes' });
  });

  it('"crews of rowers": each of the second is in one of the first', () => {
    const plan = planApp('A rowing club: crews of rowers race in regattas');
    expect(field(plan, 'rowers', 'crew')).toMatchObject({ type: 'reference', entity: 'crews' });
    expect(entityHasNoReferenceTo(plan, 'crews', 'rowers')).toBe(true);
  });
});

describe('planApp reads yes/no facts said in other languages\' order', () => {
  it('"ob ein Spieler verletzt war": a clause ending on its verb names the fact', () => {
    const plan = planApp('Eine App für unseren Verein: Spieler und Spiele mit Datum, und für jedes Spiel, ob ein Spieler verletzt war.');
    expect(plan.entities.some((candidate) => candidate.fields.some((known) => known.type === 'boolean' && known.name.startsWith('verletzt')))).toBe(true);
  });

  it('"si han pagado la fianza": the participle after the perfect\'s auxiliary is the fact', () => {
    const plan = planApp('Una app para mis alquileres: inquilinos, pisos y contratos con fecha y si han pagado la fianza');
    expect(plan.entities.some((candidate) => candidate.fields.some((known) => known.type === 'boolean' && known.name.startsWith('pag')))).toBe(true);
  });
});

describe('planApp reads choices with slashes, loose money and loose rankings', () => {
  it('"size: S/M/L", "indoor/outdoor": words joined by slashes are a field\'s choices; plural things with slashes stay things', () => {
    const plan = planApp('Plant shop:\n- plants: name, size: S/M/L, indoor/outdoor, price');
    expect(field(plan, 'plants', 'size')).toMatchObject({ type: 'select', options: ['S', 'M', 'L'] });
    expect(plan.entities[0].fields.some((known) => known.type === 'select' && known.options?.join() === 'Indoor,Outdoor')).toBe(true);
  });

  it('"the deposit", "we charge 2 euros per hour": money said loosely gives the thing an amount', () => {
    const gear = planApp('Lending app for my tools: tools, who borrowed them, the deposit and if it came back broken');
    expect(gear.entities.find((known) => known.name === 'tools')?.fields.some((known) => known.hint === 'currency')).toBe(true);
    const bikes = planApp('A bike hire app: bikes and rentals with a start time; we charge 2 euros per hour');
    expect(bikes.entities.find((known) => known.name === 'rentals')?.fields.some((known) => known.hint === 'currency')).toBe(true);
  });

  it('"rate them" is no money', () => {
    const plan = planApp('A film diary where I log films I watch and rate them');
    expect(plan.entities.flatMap((known) => known.fields).some((known) => known.hint === 'currency')).toBe(false);
  });

  it('"CHESS CLUB. Players, Games (…). best players show at the top": a sentence opening with things lists them, and they are ranked', () => {
    const plan = planApp('CHESS CLUB. Players, Games, points per player. best players show at the top');
    expect(names(plan)).toEqual(expect.arrayContaining(['players', 'games']));
    expect(plan.pages.some((page) => page.kind === 'ranking' && page.entity === 'players')).toBe(true);
  });
});

describe('planApp reads dates said loosely', () => {
  it('"pick up parcels on a set day", "on what day": the thing happens on a date, seen on a calendar', () => {
    const plan = planApp('A toy library: members borrow toys on a set day');
    expect(field(plan, 'toys', 'date').type).toBe('date');
    expect(views(plan, 'toys')).toContain('calendar:date');
  });

  it('"the date of delivery", "une date de retrait": a date of a happening, either way round, is on a calendar', () => {
    expect(views(planApp('A florist: orders with a customer and the date of delivery'), 'orders')).toContain('calendar:date_of_delivery');
    const french = planApp('Une appli pour mes commandes : chaque commande a un client, un prix et une date de retrait');
    expect(french.pages.some((page) => page.kind === 'calendar' && page.entity === 'commandes')).toBe(true);
  });
});

describe('planApp reads compound things and relations said in passing', () => {
  it('"members submit print jobs", "- soil tests for each bed": a noun before a plural thing is part of its name', () => {
    const jobs = planApp('A makerspace app: members submit laser jobs with a file name and the minutes used');
    expect(field(jobs, 'laser_jobs', 'member')).toMatchObject({ type: 'reference', entity: 'members' });
    const garden = planApp('Garden log\n- beds: name\n- soil tests for each bed (date, ph)');
    expect(field(garden, 'soil_tests', 'bed')).toMatchObject({ type: 'reference', entity: 'beds' });
  });

  it('"horses, their owners": the people a thing has are who it points at', () => {
    const plan = planApp('Livery stable: horses, their owners, and farrier visits with a date');
    expect(field(plan, 'horses', 'owner')).toMatchObject({ type: 'reference', entity: 'owners' });
  });

  it('"the events each athlete is entered in": each athlete has several events', () => {
    const plan = planApp('A swim meet app - athletes, their coaches, the events each athlete is entered in and the time swum');
    expect(field(plan, 'athletes', 'events')).toMatchObject({ type: 'references', entity: 'events' });
  });
});

function entityHasNoReferenceTo(plan: ReturnType<typeof planApp>, from: string, to: string): boolean {
  return !plan.entities.find((candidate) => candidate.name === from)?.fields.some((known) => known.entity === to);
}

describe('planApp reads things said of in other languages\' words', () => {
  it('"chaque chantier a un prix": a noun the tagger takes for an adjective, between "each" and its verb, is the thing that has the fields', () => {
    const plan = planApp('Appli pour mon entreprise : les clients commandent des chantiers de peinture, chaque chantier a un prix et une date de début');
    expect(field(plan, 'chantiers', 'client')).toMatchObject({ type: 'reference', entity: 'clients' });
    expect(entity(plan, 'chantiers').fields.some((known) => known.hint === 'currency')).toBe(true);
    expect(entity(plan, 'clients').fields.some((known) => known.hint === 'currency')).toBe(false);
  });

  it('"Felder … Jedes Feld gehört zu einer Scheune": the singular of a plural in -er is the same thing, and it belongs to the other', () => {
    const plan = planApp('App für unseren Hof: Felder und Scheunen. Jedes Feld gehört zu einer Scheune.');
    expect(names(plan)).toEqual(['felder', 'scheunen']);
    expect(entity(plan, 'scheunen')).toMatchObject({ label: 'Scheunen', label_singular: 'Scheune' });
    expect(field(plan, 'felder', 'scheune')).toMatchObject({ type: 'reference', entity: 'scheunen' });
  });
});

describe('planApp reads things by what is done to them and what they have', () => {
  it('"kayaks have a hull (…)": a plural thing that has something is kept, with it as a field; "for a kayak on a date" dates the reservations', () => {
    const plan = planApp('A kayak club: members make reservations for a kayak on a date, kayaks have a hull (sit-on-top, sit-in) and we log repairs for each kayak');
    expect(field(plan, 'kayaks', 'hull')).toMatchObject({ type: 'select', options: ['Sit-on-top', 'Sit-in'] });
    expect(field(plan, 'reservations', 'kayak')).toMatchObject({ type: 'reference', entity: 'kayaks' });
    expect(field(plan, 'reservations', 'date').type).toBe('date');
    expect(field(plan, 'repairs', 'kayak')).toMatchObject({ type: 'reference', entity: 'kayaks' });
  });

  it('"we buy wines from different wineries": what the things come from is a thing they point at', () => {
    const plan = planApp('A wine cellar: we buy wines from different wineries and note the vintage');
    expect(names(plan)).toContain('wineries');
    expect(plan.entities[0].fields.find((known) => known.name === 'winery')).toMatchObject({ type: 'reference', entity: 'wineries' });
  });

  it('"I knit scarves": what the user does something to is a thing it keeps; "I want charts" is no thing', () => {
    expect(names(planApp('I knit scarves for friends, with the yarn and the colour'))).toContain('scarves');
    expect(names(planApp('A budget app: I want charts of my spending and we need reminders for bills'))).not.toContain('charts');
  });
});

describe('planApp reads what a thing is said to do or be given', () => {
  it('"each crate goes to a shelf": where each thing goes is a thing it points at', () => {
    const plan = planApp('Warehouse app\n- shelves with a code\n- crates - each crate goes to a shelf, has a label');
    expect(field(plan, 'crates', 'shelf')).toMatchObject({ type: 'reference', entity: 'shelves' });
  });

  it('"lessons I give each pupil with the date and my fee": the lessons are for a pupil, and the date and fee are theirs', () => {
    const plan = planApp('Piano teaching: pupils, lessons I give each pupil with the date and my fee, and whether the lesson was paid');
    expect(field(plan, 'lessons', 'pupil')).toMatchObject({ type: 'reference', entity: 'pupils' });
    expect(field(plan, 'lessons', 'fee').hint).toBe('currency');
    expect(views(plan, 'lessons')).toContain('calendar:date');
    expect(entity(plan, 'pupils').fields.some((known) => known.hint === 'currency' || known.type === 'date')).toBe(false);
  });

  it('"visits - which gardener goes to which client on what day and how much we charge": the thing described has all of it', () => {
    const plan = planApp('My gardening business: gardeners, clients and visits - which gardener goes to which client on what day and how much we charge');
    expect(field(plan, 'visits', 'gardener')).toMatchObject({ type: 'reference', entity: 'gardeners' });
    expect(field(plan, 'visits', 'client')).toMatchObject({ type: 'reference', entity: 'clients' });
    expect(entity(plan, 'visits').fields.some((known) => known.hint === 'currency')).toBe(true);
    expect(plan.pages.some((page) => page.kind === 'calendar' && page.entity === 'visits')).toBe(true);
    expect(entity(plan, 'clients').fields.some((known) => known.hint === 'currency')).toBe(false);
  });

  it('"customers and jobs": jobs done for customers are booked work, without a job application\'s company and salary, or a second customer', () => {
    const plan = planApp('A handyman business: customers and jobs - which customer, on what day and the price');
    const jobs = entity(plan, 'jobs').fields.map((known) => known.name);
    expect(jobs).toEqual(expect.arrayContaining(['customer', 'price']));
    expect(jobs).not.toEqual(expect.arrayContaining(['salary']));
    expect(jobs).not.toContain('company');
    expect(jobs).not.toContain('client');
  });
});

describe('planApp reads lists of things and their fields', () => {
  it('"plays staged in rooms": a plural a place preposition names is a thing, even when a count of it is a field', () => {
    const plan = planApp('A theatre app: plays staged in rooms, each play with a date');
    expect(field(plan, 'plays', 'room')).toMatchObject({ type: 'reference', entity: 'rooms' });
    expect(names(planApp('A property listing app: properties with price, bedrooms and rooms'))).toEqual(['properties']);
  });

  it('"projects, yarns, start date, cost": the first thing of a list that goes on with fields has them, the money too, and points at the others', () => {
    const plan = planApp('knitting log: projects, yarns, start date, cost, finished y/n');
    expect(field(plan, 'projects', 'yarn')).toMatchObject({ type: 'reference', entity: 'yarns' });
    expect(field(plan, 'projects', 'cost').hint).toBe('currency');
    expect(entity(plan, 'yarns').fields.some((known) => known.hint === 'currency')).toBe(false);
  });
});

describe('planApp keeps relations out of the fields', () => {
  it('"each loan has a due date and belongs to a member": the relation is no field called "belongs"', () => {
    const plan = planApp('Track members and their loans: each loan has a due date and belongs to a member');
    expect(entity(plan, 'loans').fields.map((known) => known.name)).not.toContain('belongs');
    expect(field(plan, 'loans', 'member')).toMatchObject({ type: 'reference', entity: 'members' });
  });
});

describe('planApp reads the shorthand of quick notes', () => {
  it('"signed?)", "paid?" ending a list: a question mark on a field makes it yes/no; a question ending a sentence does not', () => {
    const plan = planApp('Board game cafe: games (title, broken?), tables, visits w date + price + paid?');
    expect(field(plan, 'games', 'broken').type).toBe('boolean');
    expect(field(plan, 'visits', 'paid').type).toBe('boolean');
    const asked = planApp('Could you make me a tracker for my board games, with the date I bought them and what I paid?');
    expect(asked.entities.flatMap((candidate) => candidate.fields).filter((candidate) => candidate.type === 'boolean').map((candidate) => candidate.name)).not.toContain('paid');
  });

  it('"w date + price", "sightings = spot + date": "w" is "with", a plus joins fields, an equals sign lists what a thing holds', () => {
    const plan = planApp('birding: spots, sightings = spot + date + count');
    expect(names(plan)).toEqual(['spots', 'sightings']);
    expect(field(plan, 'sightings', 'spot')).toMatchObject({ type: 'reference', entity: 'spots' });
    expect(field(plan, 'sightings', 'date').type).toBe('date');
    expect(field(planApp('a dog walking log: walks w date + price'), 'walks', 'price').hint).toBe('currency');
  });

  it('"owners / animals / appointments": things separated by slashes are things, even a word a field is also named after', () => {
    expect(names(planApp('vet clinic: owners / animals / appointments'))).toEqual(['owners', 'animals', 'appointments']);
  });

  it('"artists, clients, bookings": a plural that also names a field is a thing when the list goes on with things', () => {
    expect(names(planApp('A recording studio. artists, engineers, sessions'))).toEqual(['artists', 'engineers', 'sessions']);
  });

  it('"repairs (which rider, date, cost)": a listed thing\'s fields in brackets, "which" naming what it points at', () => {
    const plan = planApp('Bike shop. riders, customers, repairs (which rider, date, cost)');
    expect(field(plan, 'repairs', 'rider')).toMatchObject({ type: 'reference', entity: 'riders' });
    expect(field(plan, 'repairs', 'cost').hint).toBe('currency');
    expect(views(plan, 'repairs')).toContain('calendar:date');
  });

  it('"games (title, broken?), tables": after a thing\'s bracketed fields the list of things goes on', () => {
    expect(names(planApp('Board game cafe: games (title, broken?), tables, visits'))).toEqual(['games', 'tables', 'visits']);
  });

  it('"equipment (skis, boots, helmets)": plural words in brackets after a thing are its kinds, not its fields', () => {
    const plan = planApp('I rent out gear. I need to register the clients, the equipments (skis, boots, snowboards, helmets) and the rentals');
    expect(field(plan, 'equipment', 'type')).toMatchObject({ type: 'select', options: ['Skis', 'Boots', 'Snowboards', 'Helmets'] });
    expect(entity(plan, 'equipment').fields.map((candidate) => candidate.name)).not.toContain('boots');
    expect(field(planApp('A garden centre: plants (shrubs, herbs, bulbs), suppliers'), 'plants', 'type').options).toEqual(['Shrubs', 'Herbs', 'Bulbs']);
  });
});

describe('planApp reads lists of things whatever their words', () => {
  it('"fish (name, tank), tanks": a noun whose plural is itself opens a list of things, its fields in brackets before the rest', () => {
    const plan = planApp('aquarium log. fish (name, colour), tanks where they live, feedings = fish + tank + date');
    expect(names(plan)).toEqual(expect.arrayContaining(['fish', 'tanks', 'feedings']));
    expect(field(plan, 'fish', 'colour').type).toBe('text');
  });

  it('"feedings = fish + tank + date": a listed field named by a thing kept points at it, though its word also names a field', () => {
    const plan = planApp('birding: nests, spots where we look, checks = nest + spot + date');
    expect(field(plan, 'checks', 'spot')).toMatchObject({ type: 'reference', entity: 'spots' });
    expect(field(plan, 'checks', 'nest')).toMatchObject({ type: 'reference', entity: 'nests' });
    expect(entity(plan, 'checks').fields.map((known) => known.name)).not.toContain('location');
  });
});

describe('planApp reads a prompt that opens with its thing', () => {
  it('"vitamins for dad: which one, dose, time of day (morning/evening), taken y/n": the opening plural is kept with the fields after the colon', () => {
    const plan = planApp('vitamins for dad: which one, dose, time of day (morning/evening), taken y/n each day');
    expect(names(plan)).toEqual(['vitamins']);
    expect(field(plan, 'vitamins', 'time_of_day')).toMatchObject({ type: 'select', options: ['Morning', 'Evening'] });
    expect(field(plan, 'vitamins', 'taken').type).toBe('boolean');
    // an article before it makes it the app's description, as before
    expect(planApp('A volunteer shift scheduler for an animal shelter: volunteers and shifts').name).toBe('Shelter Shift Scheduler');
  });
});

describe('planApp reads yes/no facts and sign-ups in other languages', () => {
  it('"les marins inscrits à chaque régate, et savoir si chacun a réglé": the sailors point at a regatta and have a yes/no of what they did', () => {
    const plan = planApp('Pour mon club de voile : les sorties en mer avec la date et le bateau, les marins inscrits à chaque régate, et savoir si chacun a réglé sa licence.');
    expect(entity(plan, 'marins').fields.some((known) => known.type === 'reference' && known.entity === 'regates')).toBe(true);
    expect(entity(plan, 'marins').fields.some((known) => known.type === 'boolean' && known.name.startsWith('regle'))).toBe(true);
  });

  it('"Spaziergänge … ob ein Spaziergang erledigt ist": the singular finds the plural\'s thing, which gets the yes/no', () => {
    const plan = planApp('Tierheim: Hunde, Pfleger und Spaziergänge (Datum, Dauer). Wir wollen sehen, ob ein Spaziergang erledigt ist.');
    expect(field(plan, 'spaziergange', 'erledigt').type).toBe('boolean');
  });
});

describe('planApp reads arrows in lists of things', () => {
  it('"- books -> author, year, genre (novel/poetry/essay)": a line\'s thing, even one named like a keeping verb, takes the fields after its arrow', () => {
    const plan = planApp('Library:\n- authors (name, country)\n- books -> author, year, genre (novel/poetry/essay)\n- loans: book, member, due date, returned?');
    expect(field(plan, 'books', 'author')).toMatchObject({ type: 'reference', entity: 'authors' });
    expect(field(plan, 'books', 'genre').options).toEqual(['Novel', 'Poetry', 'Essay']);
    expect(entity(plan, 'authors').fields.map((known) => known.name)).not.toContain('year');
    // loans of books lend them: no money
    expect(entity(plan, 'loans').fields.filter((known) => known.hint === 'currency')).toEqual([]);
  });
});

describe('planApp reads arrows between things', () => {
  it('"hikes -> trails -> parks": plural things joined by arrows each point at the next, and make no board', () => {
    const plan = planApp('hiking club: hikes -> trails -> parks');
    expect(field(plan, 'hikes', 'trail')).toMatchObject({ type: 'reference', entity: 'trails' });
    expect(field(plan, 'trails', 'park')).toMatchObject({ type: 'reference', entity: 'parks' });
    expect(plan.pages.filter((page) => page.kind === 'board')).toEqual([]);
    // stages stay stages
    expect(field(planApp('A bike shop: repairs go new -> open -> closed'), 'repairs', 'status').options).toEqual(['New', 'Open', 'Closed']);
  });

  it('"(welches Mitglied, welcher Platz, Datum)": German "which" names what a thing points at, no text field', () => {
    const plan = planApp('Verwaltung für unseren Golfclub: Mitglieder, Trainer und Stunden (welches Mitglied, welcher Trainer, Datum). Jede Stunde gehört zu einem Mitglied.');
    expect(plan.entities.flatMap((known) => known.fields).map((known) => known.name).filter((name) => name.startsWith('welche'))).toEqual([]);
  });
});

describe('planApp reads amounts written with a currency sign', () => {
  it('"€40 each", "15€ a day", "$12.50": an amount in a currency gives the thing before it money', () => {
    expect(entity(planApp('dog grooming: dogs, owners, grooming sessions on a date, €40 each'), 'grooming_sessions').fields.some((known) => known.hint === 'currency')).toBe(true);
    expect(entity(planApp('bike hire: bikes at 15€ a day, customers, rentals'), 'bikes').fields.some((known) => known.hint === 'currency')).toBe(true);
    expect(entity(planApp('snack bar: snacks for $12.50, orders'), 'snacks').fields.some((known) => known.hint === 'currency')).toBe(true);
  });
});

describe('planApp reads a question mark ending a list of fields', () => {
  it('"wedding guests: name, table, vegan?": a word that is no plural ending the list with "?" is yes/no; the guests are people', () => {
    const plan = planApp('wedding guests: name, table, vegan?');
    expect(field(plan, 'wedding_guests', 'vegan').type).toBe('boolean');
    expect(entity(plan, 'wedding_guests').fields.map((known) => known.name)).toContain('email');
    // a question asked of the app keeps its things
    expect(planApp('Could you make an app for my books, films, songs?').entities.map((known) => known.name)).toEqual(['books', 'films', 'songs']);
  });
});

describe('planApp reads short shouted sentences', () => {
  it('"TACO TRUCK. TACOS WITH PRICE. ORDERS WITH TACO AND ADDRESS.": a sentence opening with a plural and its fields keeps that thing', () => {
    const plan = planApp('TACO TRUCK. TACOS WITH PRICE. ORDERS WITH TACO AND ADDRESS.');
    expect(field(plan, 'tacos', 'price').hint).toBe('currency');
    expect(field(plan, 'orders', 'taco')).toMatchObject({ type: 'reference', entity: 'tacos' });
  });
});

describe('planApp reads plurals of words ending in -i', () => {
  it('"bicis de cada cliente", "skis (brand), rentals": a plural in -is of a word in -i is a thing; "basis" and "tennis" stay singular', () => {
    const plan = planApp('Quiero una app para mi taller de bicis: clientes, bicis de cada cliente, y reparaciones con fecha y precio.');
    expect(field(plan, 'bicis', 'cliente')).toMatchObject({ type: 'reference', entity: 'clientes' });
    expect(names(planApp('ski rental: skis (brand, size), rentals'))).toEqual(['skis', 'rentals']);
    expect(singularize('tennis')).toBe('tennis');
    expect(singularize('basis')).toBe('basis');
  });

  it('"fabrics", "clinics": plurals in -ics are plurals; "physics", "logistics" stay as they are', () => {
    expect(singularize('fabrics')).toBe('fabric');
    expect(singularize('clinics')).toBe('clinic');
    expect(singularize('physics')).toBe('physics');
    expect(singularize('logistics')).toBe('logistics');
    const plan = planApp('Upholstery: pieces and fabrics. For each piece I want the fabric chosen and the quote.');
    expect(field(plan, 'pieces', 'fabric')).toMatchObject({ type: 'reference', entity: 'fabrics' });
  });

  it('"Abholungen (welches Kind, …)": a short German singular finds the thing its plural in -er named', () => {
    const plan = planApp('Für unsere Kita: Kinder, Eltern und Abholungen (welches Kind, wer holt ab, Uhrzeit).');
    expect(entity(plan, 'abholungen').fields.some((known) => known.type === 'reference' && known.entity === 'kinder')).toBe(true);
  });
});

describe('planApp reads measures as numbers in every language', () => {
  it('"Gewicht", "peso", "poids", litres and kilos: numbers a user can sum, not text', () => {
    expect(field(planApp('Eine App für unsere Imkerei: Bienenvölker mit Standort, und Ernten mit Datum und Gewicht.'), 'ernten', 'gewicht').type).toBe('number');
    const huerto = planApp('Mi huerto: cosechas con fecha, peso y litros de riego.');
    expect(field(huerto, 'cosechas', 'peso').type).toBe('number');
    expect(field(huerto, 'cosechas', 'litros_de_riego').type).toBe('number');
    expect(field(planApp('Ma cave: bouteilles avec millésime, poids et volume en litres.'), 'bouteilles', 'poids').type).toBe('number');
    expect(field(planApp('Ein Fahrtenbuch: Fahrten mit Datum, Kilometer und Liter.'), 'fahrten', 'liter').type).toBe('number');
  });
});

describe('planApp reads terse notes in French, German and Spanish', () => {
  it('"werkstatt. kunden, reparaturen (…), erledigt ja/nein": a lower-case German note with few small words is German', () => {
    const plan = planApp('fahrradwerkstatt. kunden, wartungen (kunde, datum, preis), erledigt ja/nein');
    expect(plan.language).toBe('de');
    expect(field(plan, 'wartungen', 'kunde')).toMatchObject({ type: 'reference', entity: 'kunden' });
    expect(field(plan, 'wartungen', 'preis')).toMatchObject({ type: 'number', hint: 'currency' });
    expect(field(plan, 'wartungen', 'erledigt').type).toBe('boolean');
    // a word of no known ending is a thing too when its fields follow it in brackets
    const repairs = planApp('fahrradwerkstatt. kunden, reparaturen (kunde, datum, preis)');
    expect(repairs.entities).toHaveLength(2);
    expect(repairs.entities[1].fields.find((known) => known.name === 'kunde')).toMatchObject({ type: 'reference', entity: 'kunden' });
  });

  it('"bestellungen", "abrechnungen": German nouns in -ung keep their plural, even written in lower case', () => {
    const plan = planApp('bäckerei: kunden und bestellungen (kunde, abholdatum, preis)');
    expect(names(plan)).toEqual(['kunden', 'bestellungen']);
    expect(field(plan, 'bestellungen', 'kunde')).toMatchObject({ type: 'reference', entity: 'kunden' });
  });

  it('"taller de bicis. clientes, reparaciones (…) y si ya está pagado": a terse Spanish note is Spanish', () => {
    const plan = planApp('taller de bicis. clientes, reparaciones (cliente, fecha, precio) y si ya está pagado');
    expect(plan.language).toBe('es');
    expect(field(plan, 'reparaciones', 'precio')).toMatchObject({ type: 'number', hint: 'currency' });
  });

  it('"Rangliste nach Punkten", terse English stays English: "clients, films, notes"', () => {
    expect(planApp('Dartsclub – Spieler, Spielabende, Ergebnis je Spieler und Abend (Punkte). Rangliste nach Punkten!').language).toBe('de');
    expect(planApp('clients, films, notes').language ?? 'en').toBe('en');
  });
});

describe('planApp reads a yes/no fact after a thing\'s fields in brackets', () => {
  it('"deliveries (customer, date, price), paid y/n": the fact is the deliveries\'', () => {
    const plan = planApp('firewood sales. customers, deliveries (customer, date, price), paid y/n');
    expect(field(plan, 'deliveries', 'paid').type).toBe('boolean');
    expect(entity(plan, 'customers').fields.some((known) => known.name === 'paid')).toBe(false);
  });
});

describe('planApp reads terse lists of things whose words are also verbs', () => {
  it('"puppy log: feeds (time, ml), naps (short/long), plays": each listed item is a thing, a lone unit an amount', () => {
    const plan = planApp('puppy log: feeds (time, ml), naps (short/long), plays');
    expect(names(plan)).toEqual(['feeds', 'naps', 'plays']);
    expect(field(plan, 'feeds', 'ml')).toMatchObject({ type: 'number', hint: 'ml' });
    expect(field(plan, 'naps', 'type').options).toEqual(['Short', 'Long']);
  });
});

describe('planApp reads "the X of each Y" said after the things are named', () => {
  it('"Then the shearing of each sheep (date, kilos), and the lambs born of each sheep with their sex": both are things of the sheep', () => {
    const plan = planApp('For each sheep: name, breed. Then the shearing of each sheep (date, kilos of wool), and the lambs born of each sheep with their sex (male or female) and if they have been sold.');
    expect(field(plan, 'shearings', 'sheep')).toMatchObject({ type: 'reference', entity: 'sheep' });
    expect(field(plan, 'lambs', 'sheep')).toMatchObject({ type: 'reference', entity: 'sheep' });
    expect(field(plan, 'lambs', 'sold').type).toBe('boolean');
    expect(field(plan, 'lambs', 'sex').options).toEqual(['Male', 'Female']);
  });

  it('"Pour chaque ruche : … Ensuite la récolte de chaque ruche (date, kilos)": the same in French, with accented words', () => {
    const plan = planApp('Pour chaque ruche : nom, emplacement. Ensuite la récolte de chaque ruche (date, kilos de miel).');
    expect(field(plan, 'recoltes', 'ruche')).toMatchObject({ type: 'reference', entity: 'ruches' });
  });

  it('"Tengo dos huertos … apuntar la cosecha diaria de cada huerto (…) ¿Qué huerto da más?": pro-drop, a daily record, a ranking', () => {
    const plan = planApp('Tengo dos huertos con frutales. Quiero apuntar la cosecha diaria de cada huerto (fecha y kilos). ¿Qué huerto da más?');
    expect(plan.language).toBe('es');
    expect(names(plan)).toEqual(expect.arrayContaining(['huertos', 'cosechas']));
    expect(field(plan, 'cosechas', 'huerto')).toMatchObject({ type: 'reference', entity: 'huertos' });
    expect(views(plan, 'huertos').some((view) => view.startsWith('ranking:'))).toBe(true);
  });
});

describe('planApp reads a chain of things joined by arrows after their fields', () => {
  it('"shelves (name, room) → bins on a shelf (label) → parts in a bin (…)": each points at the one before; "whether a part has been used up" is the part\'s', () => {
    const plan = planApp('Stock tracking for our workshop: shelves (name, room) → bins on a shelf (label) → parts in a bin (part number, kind: screw/bolt/nut, bought date). Need to know whether a part has been used up.');
    expect(names(plan)).toEqual(['shelves', 'bins', 'parts']);
    expect(field(plan, 'bins', 'shelf')).toMatchObject({ type: 'reference', entity: 'shelves' });
    expect(field(plan, 'parts', 'bin')).toMatchObject({ type: 'reference', entity: 'bins' });
    expect(field(plan, 'parts', 'used_up').type).toBe('boolean');
    expect(entity(plan, 'parts').fields.some((known) => known.name.startsWith('been'))).toBe(false);
  });
});

describe('planApp reads club results written as notes', () => {
  it('"Bowlers (…), fixtures (…) and scores: for each fixture, each bowler\'s total pins. League table of bowlers by total pins": results of each', () => {
    const plan = planApp('Skittles league. Bowlers (name, number), fixtures (date, venue, entry fee) and scores: for each fixture, each bowler\'s total pins. League table of bowlers by total pins.');
    expect(field(plan, 'scores', 'fixture')).toMatchObject({ type: 'reference', entity: 'fixtures' });
    expect(field(plan, 'scores', 'bowler')).toMatchObject({ type: 'reference', entity: 'bowlers' });
    expect(views(plan, 'bowlers').some((view) => view.startsWith('ranking:'))).toBe(true);
    expect(field(plan, 'fixtures', 'entry_fee')).toMatchObject({ type: 'number', hint: 'currency' });
  });

  it('"results = player + night + buy-in + cash-out … by total profit pls": stakes are money, "pls" names nothing', () => {
    const plan = planApp('card nights. players, nights (date), results = player + night + buy-in + cash-out. leaderboard of players by total profit pls');
    expect(field(plan, 'results', 'buy_in')).toMatchObject({ type: 'number', hint: 'currency' });
    expect(field(plan, 'results', 'cash_out')).toMatchObject({ type: 'number', hint: 'currency' });
    expect(entity(plan, 'players').fields.some((known) => known.name.includes('pls'))).toBe(false);
  });
});

describe('planApp reads what a booking is of and an aside in brackets', () => {
  it('"Each booking is of a member, in a court (we have 4), with date, time and price": the booking\'s fields and relations', () => {
    const plan = planApp('A squash club app for the members and the bookings of courts. Each booking is of a member, in a court (we have 4), with date, time and price.');
    expect(field(plan, 'bookings', 'member')).toMatchObject({ type: 'reference', entity: 'members' });
    expect(field(plan, 'bookings', 'court')).toMatchObject({ type: 'reference', entity: 'courts' });
    expect(field(plan, 'bookings', 'price')).toMatchObject({ type: 'number', hint: 'currency' });
    expect(entity(plan, 'members').fields.some((known) => known.name === 'price' || known.name.includes('have'))).toBe(false);
  });

  it('"les cours de piano (quel élève, quel professeur, date)": "which" points a thing of a kind at others', () => {
    const plan = planApp('Une appli avec les élèves, les professeurs et les cours de piano (quel élève, quel professeur, date et heure, prix).');
    expect(field(plan, 'cours', 'eleve')).toMatchObject({ type: 'reference', entity: 'eleves' });
    expect(field(plan, 'cours', 'professeur')).toMatchObject({ type: 'reference', entity: 'professeurs' });
  });
});

describe('planApp reads excited hobby notes', () => {
  it('"my bead box + jewellery pieces!! beads: colour, size (small/large), how many, what i payed. pieces use one or more beads and go …"', () => {
    const plan = planApp('my bead box + jewellery pieces!! beads: colour, coating (matte/glossy/metallic), how many strands, what i payed. pieces use one or more beads and go planned -> strung -> finished');
    expect(field(plan, 'beads', 'coating').options).toEqual(['Matte', 'Glossy', 'Metallic']);
    expect(entity(plan, 'beads').fields.some((known) => known.hint === 'currency')).toBe(true);
    expect(names(plan)).not.toContain('strands');
    expect(field(plan, 'pieces', 'beads')).toMatchObject({ type: 'references', entity: 'beads' });
    expect(views(plan, 'pieces')).toContain('board:status');
  });

  it('"brocante du club → vendeurs (nom, tél), stands (n°, taille 2m / 4m, tarif)": an arrow to things lists them; "taille 2m / 4m" is a choice', () => {
    const plan = planApp('brocante du club → vendeurs (nom, tél), stands (n°, taille 2m / 4m, tarif)');
    expect(names(plan)).toEqual(['vendeurs', 'stands']);
    expect(field(plan, 'stands', 'taille').options).toEqual(['2m', '4m']);
    expect(plan.pages.some((page) => page.kind === 'board')).toBe(false);
  });
});

describe('planApp reads a shouted log with facts said in passing', () => {
  it('"STAFF LOG THE PARCELS THEY TAKE IN: …, WHICH STAFF MEMBER SIGNED. … SO WE NEED COLLECTED YES/NO AND HOW WE HANDED IT OVER (DESK, LOCKER, DOOR)"', () => {
    const plan = planApp('PARCEL LOG FOR OUR OFFICE. STAFF LOG THE PARCELS THEY RECEIVE: SENDER, DATE RECEIVED, WHICH STAFF MEMBER SIGNED. TENANTS COLLECT THEM LATER SO WE NEED COLLECTED YES/NO AND HOW WE HANDED IT OVER (DESK, LOCKER, DOOR).');
    expect(entity(plan, 'parcels').fields.some((known) => known.type === 'reference' && known.entity?.startsWith('staff'))).toBe(true);
    expect(field(plan, 'parcels', 'collected').type).toBe('boolean');
    expect(entity(plan, 'parcels').fields.find((known) => known.type === 'select' && known.name.startsWith('how'))?.options).toEqual(['Desk', 'Locker', 'Door']);
  });
});

describe('planApp reads "a result per X and Y" in a list of things', () => {
  it('"darts club – players, league nights, score per player and night (legs)": a record pointing at both, with its own fields', () => {
    const plan = planApp('Darts club – players, league nights, score per player and night (legs won). Ranking by legs won!');
    expect(field(plan, 'scores', 'player')).toMatchObject({ type: 'reference', entity: 'players' });
    expect(field(plan, 'scores', 'league_night')).toMatchObject({ type: 'reference', entity: 'league_nights' });
    expect(entity(plan, 'players').fields.some((known) => known.name === 'score' && known.type === 'reference')).toBe(false);
  });
});

describe('planApp reads German question words listed as fields', () => {
  it('"Putzdienste (wann, erledigt ja/nein)": "wann" asks for the date, as "when" does', () => {
    const plan = planApp('Unsere WG: Mitbewohner, Einkäufe (Betrag, Datum) und Putzdienste (wann, erledigt ja/nein).');
    expect(field(plan, 'putzdienste', 'datum').type).toBe('date');
    expect(field(plan, 'putzdienste', 'erledigt').type).toBe('boolean');
  });
});

describe('planApp gives bracketed fields to the thing a phrase is about', () => {
  it('"suivre mes chèvres : traites de chaque chèvre (date, litres)": the fields are the milkings\', not the goat\'s', () => {
    const plan = planApp('Je veux suivre mes chèvres : traites de chaque chèvre (date, litres de lait) et ventes.');
    expect(field(plan, 'traites', 'litres_de_lait').type).toBe('number');
    expect(field(plan, 'traites', 'chevre')).toMatchObject({ type: 'reference', entity: 'chevres' });
    expect(entity(plan, 'chevres').fields.some((known) => known.name === 'litres_de_lait')).toBe(false);
  });

  it('"track my fishing: spots (name, lake), catches (spot, date, species)": the activity is no table', () => {
    const plan = planApp('track my fishing: spots (name, lake), catches (spot, date, species: pike/perch/trout)');
    expect(names(plan)).toEqual(['spots', 'catches']);
  });
});

describe('planApp reads small words offered as choices', () => {
  it('"package: basic/premium", "size: small/large": a choice even when its words are common ones', () => {
    const plan = planApp('a studio app: clients, shoots (date, location, package: basic/premium), and invoices for each shoot');
    expect(field(plan, 'shoots', 'package').options).toEqual(['Basic', 'Premium']);
    expect(entity(plan, 'shoots').fields.some((known) => known.name === 'premium')).toBe(false);
  });
});

describe('planApp reads German compound fields by their last word', () => {
  it('"Bestellungen mit Abholdatum": a compound ending on "datum" is a date', () => {
    const plan = planApp('Wir brauchen Produkte mit Preis, Lieferanten und Bestellungen mit Abholdatum.');
    expect(field(plan, 'bestellungen', 'abholdatum').type).toBe('date');
  });
});
