// The structural reading (prompt-structure.ts): joins between noun phrases, read from how a sentence is built rather
// than from the words it uses. Prompts written for these specs, in shapes the rules alone missed.
import fc from 'fast-check';
import { planApp } from './plan-app';
import { validateAppPlan } from './validate-plan';
import { entity, field, names, views } from './plan-lookup.testing';

describe('planApp reads how a sentence joins its things', () => {
  it('"each firing uses one kiln and holds many pieces": the firing points at its kiln, each piece at its firing', () => {
    const plan = planApp('A tracker for our pottery studio: kilns, firings and pieces. Each firing uses one kiln and holds many pieces; pieces belong to a member.');
    expect(field(plan, 'firings', 'kiln')).toMatchObject({ type: 'reference', entity: 'kilns' });
    expect(field(plan, 'pieces', 'firing')).toMatchObject({ type: 'reference', entity: 'firings' });
    expect(field(plan, 'pieces', 'member')).toMatchObject({ type: 'reference', entity: 'members' });
  });

  it('"samples taken from patients, stored in freezers and tested in batches": every participle places the samples', () => {
    const plan = planApp('A lab sample log where samples are taken from patients, stored in freezers, and tested in batches.');
    expect(names(plan)).toEqual(expect.arrayContaining(['samples', 'patients', 'freezers', 'batches']));
    for (const target of ['patient', 'freezer', 'batch']) expect(field(plan, 'samples', target)).toMatchObject({ type: 'reference' });
  });

  it('"each sensor sits in a greenhouse": a thing named once, as one row, is kept and pointed at', () => {
    const plan = planApp('Track greenhouse sensors: each sensor sits in a greenhouse and records readings with temperature and humidity.');
    expect(names(plan)).toContain('greenhouses');
    expect(field(plan, 'greenhouse_sensors', 'greenhouse')).toMatchObject({ type: 'reference', entity: 'greenhouses' });
  });

  it('"which tenant rented which storage unit": a question names two things and how they meet', () => {
    const plan = planApp("what's a good way to keep track of which tenant rented which storage unit and whether they paid this month?");
    expect(names(plan)).toEqual(expect.arrayContaining(['tenants', 'storage_units']));
    expect(field(plan, 'tenants', 'storage_unit')).toMatchObject({ type: 'reference', entity: 'storage_units' });
  });

  it('"customers rent a bike …; each rental has a price": the record of a deed joins the doer and the thing', () => {
    const plan = planApp('We rent out bikes. Customers rent a bike for a day; each rental has a start and end time and a price.');
    expect(field(plan, 'rentals', 'customer')).toMatchObject({ type: 'reference', entity: 'customers' });
    expect(field(plan, 'rentals', 'bike')).toMatchObject({ type: 'reference', entity: 'bikes' });
    // (the rental holds the join: a bike does not point at one customer)
    expect(entity(plan, 'bikes').fields.filter((candidate) => candidate.entity === 'customers')).toEqual([]);
  });

  it('"books, employees who borrow them, loans with a due date": "them" is what the deed is done to', () => {
    const plan = planApp('A small library at our office: books, employees who borrow them, loans with due date and returned yes/no');
    expect(field(plan, 'loans', 'employee')).toMatchObject({ type: 'reference', entity: 'employees' });
    expect(field(plan, 'loans', 'book')).toMatchObject({ type: 'reference', entity: 'books' });
  });

  it('"members book machines": a booking is kept even when the prompt does not name it, but not when the thing booked is one', () => {
    const machines = planApp('A tool for our makerspace: members book machines for an afternoon, and we log any faults on a machine.');
    expect(field(machines, 'bookings', 'member')).toMatchObject({ type: 'reference', entity: 'members' });
    expect(field(machines, 'bookings', 'machine')).toMatchObject({ type: 'reference', entity: 'machines' });
    const appointments = planApp('A salon app where clients book appointments with a stylist.');
    expect(names(appointments)).not.toContain('bookings');
  });

  it('"done by one or more cleaners": "one or more" says many, and its "or" joins nothing', () => {
    const plan = planApp('A CRM for my cleaning company: clients, cleaners, and jobs. Each job is done by one or more cleaners.');
    expect(field(plan, 'jobs', 'cleaners')).toMatchObject({ type: 'references', entity: 'cleaners' });
  });

  it('"payments per month", "for a time slot": a stretch of the calendar is no thing kept', () => {
    const plan = planApp('I teach piano and track payments per month; students book a lesson for a time slot.');
    expect(names(plan)).not.toEqual(expect.arrayContaining(['months']));
    expect(names(plan)).not.toContain('time_slots');
  });

  it('"faults reported on a machine": the participle is what befell the thing, not part of its name', () => {
    const plan = planApp('A tool for our makerspace: members use machines, and we log any faults reported on a machine.');
    expect(names(plan)).toContain('faults');
    expect(field(plan, 'faults', 'machine')).toMatchObject({ type: 'reference', entity: 'machines' });
  });

  it('"students have weekly lessons": a thing that happens is kept, though the rules made a field of it', () => {
    const plan = planApp('I teach piano. Students have weekly lessons; I want to record what we covered.');
    expect(field(plan, 'lessons', 'student')).toMatchObject({ type: 'reference', entity: 'students' });
    expect(entity(plan, 'students').fields.map((candidate) => candidate.name)).not.toContain('weekly_lessons');
  });

  it('"fixtures: home team, away team": a field named for the part a kept thing plays points at it', () => {
    const plan = planApp('sports club\n* teams\n* players - name, position, team\n* fixtures: home team, away team, date, score');
    expect(field(plan, 'fixtures', 'home_team')).toMatchObject({ type: 'reference', entity: 'teams' });
    expect(field(plan, 'fixtures', 'away_team')).toMatchObject({ type: 'reference', entity: 'teams' });
  });

  it('yes/no facts said as "or not", "(true/false)", "if they have a …", "gift wrap?", "a toggle for …", "if it\'s vegan"', () => {
    const booleans = (prompt: string, entityName: string): string[] => entity(planApp(prompt), entityName).fields.filter((candidate) => candidate.type === 'boolean').map((candidate) => candidate.name);
    expect(booleans('Guests - name, dietary needs, vegetarian or not', 'guests')).toContain('vegetarian');
    expect(booleans('Students with name, grade, and has allergies (true/false).', 'students')).toContain('has_allergies');
    expect(booleans('Keep a list of volunteers and note if they have a DBS check.', 'volunteers')).toContain('dbs_check');
    expect(booleans('orders: item, qty, shipped (y/n), gift wrap?', 'orders')).toEqual(expect.arrayContaining(['shipped', 'gift_wrap']));
    const vehicles = planApp('Vehicles with a toggle for insured and the MOT date.');
    expect(field(vehicles, 'vehicles', 'insured').type).toBe('boolean');
    expect(entity(vehicles, 'vehicles').fields.map((candidate) => candidate.name)).not.toContain('toggle');
    const recipes = planApp("Each recipe should say if it's vegan and whether it freezes well.");
    expect(booleans("Each recipe should say if it's vegan and whether it freezes well.", 'recipes')).toEqual(expect.arrayContaining(['vegan', 'freezes']));
    // (yes/no facts are details: a recipe keeps its ingredients)
    expect(entity(recipes, 'recipes').fields.map((candidate) => candidate.name)).toContain('ingredients');
  });

  it('"members rate each wine from 1 to 10", "rate my coffees 1-10": the scale after the verb is the rating\'s, and no name holds numbers', () => {
    const wines = planApp('Wine club: members rate each wine from 1 to 10.');
    expect(field(wines, names(wines).find((name) => name.startsWith('wine')) as string, 'rating')).toMatchObject({ type: 'integer', hint: '1–10' });
    const coffees = planApp('Rate my coffees 1-10 on taste.');
    expect(names(coffees)).toEqual(['coffee']);
    expect(field(coffees, 'coffee', 'rating')).toMatchObject({ hint: '1–10' });
  });

  it('"members comment on posts": a deed done to a thing named after a preposition is recorded the same way', () => {
    const posts = planApp('A club forum: members and posts. Members comment on posts.');
    expect(field(posts, 'comments', 'member')).toMatchObject({ type: 'reference', entity: 'members' });
    expect(field(posts, 'comments', 'post')).toMatchObject({ type: 'reference', entity: 'posts' });
  });

  it('"As a shop owner I want to record each sale …": the user the story is told by is no thing kept', () => {
    const plan = planApp('As a shop owner I want to record each sale with the product, quantity and price so I can see my best sellers.');
    expect(names(plan)).toEqual(['sales']);
    const races = planApp('As a swim coach I want to log every race against a swimmer and a meet, with the time.');
    expect(field(races, 'races', 'swimmer')).toMatchObject({ type: 'reference', entity: 'swimmers' });
    expect(field(races, 'races', 'meet')).toMatchObject({ type: 'reference', entity: 'meets' });
  });

  it('"… logs bugs against projects and moves them from open to in progress to closed": the stages are the bugs\', on a board', () => {
    const plan = planApp("I'd like an app where my team logs bugs against projects, assigns them to a developer and moves them from open to in progress to closed.");
    expect(field(plan, 'bugs', 'stage')).toMatchObject({ type: 'select', options: ['Open', 'In progress', 'Closed'] });
    expect(plan.pages).toContainEqual(expect.objectContaining({ kind: 'board', entity: 'bugs', field: 'stage' }));
    // (no usual status beside the stages the prompt gave)
    expect(entity(plan, 'bugs').fields.map((candidate) => candidate.name)).not.toContain('status');
  });

  it('"Invoices list line items": a holding or taking verb the tagger read as a noun still joins the two', () => {
    const plan = planApp('Invoices list line items; each line item refers to a product.');
    expect(field(plan, 'invoices', 'line_items')).toMatchObject({ type: 'references', entity: 'line_items' });
    expect(field(plan, 'line_items', 'product')).toMatchObject({ type: 'reference', entity: 'products' });
  });

  it('"my kids chores - kids, chores": a kept thing\'s plural before a noun says whose each is', () => {
    const plan = planApp('tracking my kids chores - kids, chores, who did what and when');
    expect(names(plan).sort()).toEqual(['chores', 'kids']);
    expect(field(plan, 'chores', 'kid')).toMatchObject({ type: 'reference', entity: 'kids' });
  });

  it('"a grade for each exam", "the cost of each repair": a field of each of a thing, which is kept', () => {
    const exams = planApp('I want to record a grade for each exam and the date.');
    expect(names(exams)).toEqual(['exams']);
    expect(field(exams, 'exams', 'grade')).toBeDefined();
    const repairs = planApp('Keep the cost of each repair and the garage that did it.');
    expect(names(repairs)).toEqual(['repairs']);
    expect(field(repairs, 'repairs', 'cost')).toMatchObject({ type: 'number', hint: 'currency' });
  });

  it('"the songs we practise at each rehearsal": a thing placed by a preposition points at the place', () => {
    const plan = planApp('My choir needs an app for rehearsals and the songs we practise at each rehearsal.');
    expect(field(plan, 'songs', 'rehearsal')).toMatchObject({ type: 'reference', entity: 'rehearsals' });
  });

  it('"every fault is logged against a lift", "donors drop off food parcels": what a sentence states outright wins', () => {
    const lifts = planApp('A maintenance log where lifts belong to buildings and every fault is logged against a lift with the downtime in minutes.');
    expect(field(lifts, 'faults', 'lift')).toMatchObject({ type: 'reference', entity: 'lifts' });
    expect(entity(lifts, 'lifts').fields.some((candidate) => candidate.entity === 'faults')).toBe(false);
    const parcels = planApp('we run a food bank. donors drop off food parcels, each parcel has a weight.');
    expect(field(parcels, 'parcels', 'donor')).toMatchObject({ type: 'reference', entity: 'donors' });
  });

  it('"club app - anglers - pegs - matches", "our tools and ladders": things listed on their own or beside a thing', () => {
    expect(names(planApp('fishing club app - anglers - pegs - matches (date, venue)'))).toEqual(expect.arrayContaining(['anglers', 'pegs', 'matches']));
    expect(names(planApp('sailing club: clients - boats - bookings (date, price)'))).toEqual(expect.arrayContaining(['clients', 'boats', 'bookings']));
    expect(names(planApp('a simple tool to keep track of loans with due dates for our tools and ladders.'))).toEqual(expect.arrayContaining(['tools', 'ladders']));
  });

  it('"a booking app for our tennis courts and coaches", "deliveries to shops": what an app is for, a noun after "to"', () => {
    expect(names(planApp('A booking app for our squash courts and coaches.'))).toEqual(expect.arrayContaining(['squash_courts', 'coaches']));
    const plan = planApp('I need to schedule deliveries to shops and track the drivers.');
    expect(field(plan, 'deliveries', 'shop')).toMatchObject({ type: 'reference', entity: 'shops' });
    // the user tracks the drivers: the deliveries, the object of "schedule", are no subject of "track"
    expect(entity(plan, 'drivers').fields.some((candidate) => candidate.entity === 'deliveries')).toBe(false);
  });

  it('"each block has several flats, each flat\'s tenant": many of a thing are things, and so is one named after whose it is', () => {
    const plan = planApp('housing co-op app. each block has several flats, each flat’s tenant, and the repairs tenants ask for');
    expect(field(plan, 'flats', 'block')).toMatchObject({ type: 'reference', entity: 'blocks' });
    expect(field(plan, 'tenants', 'flat')).toMatchObject({ type: 'reference', entity: 'flats' });
    expect(names(planApp('A recipe site: the recipe\'s ingredients are listed'))).toEqual(['recipes']);
  });

  it('"the checks I do on each boiler, with the date": the date is the check\'s, and the boiler lists no checks', () => {
    const plan = planApp('heating engineer log - boilers and the checks i do on each boiler, with the date and the pressure');
    expect(field(plan, 'checks', 'date').type).toBe('date');
    expect(views(plan, 'boilers')).not.toContain('calendar:date');
    expect(entity(plan, 'boilers').fields.some((candidate) => candidate.entity === 'checks')).toBe(false);
    expect(views(plan, 'checks')).toContain('calendar:date');
  });

  it('"kiln firings … firings have a date": one thing named in full, then by its last word', () => {
    const plan = planApp('ceramics class app: students, their mugs and kiln firings. each mug goes in a firing, firings have a date and a temperature.');
    expect(names(plan).filter((name) => name.endsWith('firings'))).toEqual(['kiln_firings']);
    expect(field(plan, 'kiln_firings', 'date').type).toBe('date');
  });

  it('"keep track of our hives and swarms": what a list is of is kept', () => {
    expect(names(planApp('I want to keep track of our beehives and swarms, with the date each swarm was caught.'))).toEqual(expect.arrayContaining(['beehives', 'swarms']));
    expect(names(planApp('Van log: each van with a plate, a history of repairs and a list of drivers.'))).toEqual(expect.arrayContaining(['repairs', 'drivers']));
    expect(names(planApp('A shopping list app with a lot of items, a pair of sections and categories.'))).not.toContain('lots');
  });

  it('"every bike is linked to a rider and a club, with purchase date, price": what follows is said of the bike', () => {
    const plan = planApp('how do i set up a simple fleet register where every bike is linked to a rider and a depot, with purchase date, price and when the service is due?');
    expect(field(plan, 'bikes', 'purchase_date').type).toBe('date');
    expect(field(plan, 'bikes', 'price')).toMatchObject({ type: 'number', hint: 'currency' });
    expect(entity(plan, 'riders').fields.some((candidate) => candidate.name === 'price')).toBe(false);
  });

  it('"each ticket concerns one system", "sightings of species at sites": an app word counted as one, a plural like its singular', () => {
    const tickets = planApp('IT helpdesk: tickets with a title. Each ticket is raised by a user and concerns one system.');
    expect(field(tickets, 'tickets', 'system')).toMatchObject({ type: 'reference', entity: 'systems' });
    const birds = planApp('birding log: sightings of species at sites, with date and how many birds');
    expect(names(birds)).toEqual(expect.arrayContaining(['sightings', 'species']));
  });

  it('"stored in a key box", "scores per player per round", "tie every booking to a room and a guest"', () => {
    const keys = planApp('Keys app: keys are handed to contractors, each key is stored in a key box.');
    expect(field(keys, 'keys', 'key_box')).toMatchObject({ type: 'reference', entity: 'key_boxes' });
    const rounds = planApp('Golf society: players, and rounds per tournament.');
    expect(field(rounds, 'rounds', 'tournament')).toMatchObject({ type: 'reference', entity: 'tournaments' });
    const stays = planApp('We tie every stay to a cabin and a guest.');
    expect(field(stays, 'stays', 'cabin')).toMatchObject({ type: 'reference', entity: 'cabins' });
  });

  it('"pupils w/ their parents", "vans and their drivers": whose people point at them, a thing at who works it', () => {
    const school = planApp('nursery app: pupils w/ their parents and allergies pls');
    expect(field(school, 'parents', 'pupil')).toMatchObject({ type: 'reference', entity: 'pupils' });
    const fleet = planApp('Delivery fleet: vans and their drivers, with the mileage');
    expect(field(fleet, 'vans', 'driver')).toMatchObject({ type: 'reference', entity: 'drivers' });
  });

  it('"cheeses come from local dairies", "a mentor is assigned to each pupil", "one member hosts a meeting"', () => {
    const shop = planApp('Cheese shop: cheeses come from local dairies, and each cheese has a price.');
    expect(field(shop, 'cheeses', 'dairy')).toMatchObject({ type: 'reference', entity: 'dairies' });
    const school = planApp('Mentoring scheme: pupils and mentors; a mentor is assigned to each pupil.');
    expect(field(school, 'pupils', 'mentor')).toMatchObject({ type: 'reference', entity: 'mentors' });
    const club = planApp('Supper club: every month one member hosts a dinner.');
    expect(names(club)).toEqual(expect.arrayContaining(['members', 'dinners']));
  });

  it('a thing the rules read as a field, a list word or a compound\'s first word stays what it was', () => {
    expect(names(planApp('I want to make an overview of our suppliers and batches, per batch the grade and the price.'))).toEqual(['suppliers', 'batches']);
    expect(names(planApp('A recipe box: recipes with ingredients, steps and photos'))).toEqual(['recipes']);
    expect(names(planApp('We share dog walking among neighbours. I want the owners, their dogs, and the walks.'))).not.toContain('neighbours');
  });

  it('"…, the date and which inspector signed it off", "who fixed it (one of our fitters)": someone picked for each row', () => {
    const inspections = planApp('Lift safety log. For each inspection we note the lift, the date and which inspector signed it off.');
    expect(field(inspections, 'inspections', 'inspector')).toMatchObject({ type: 'reference', entity: 'inspectors' });
    const faults = planApp('Fault book for our vans: every fault on a van with the date, the cost, and who fixed it (one of our fitters).');
    expect(field(faults, 'faults', 'fitter')).toMatchObject({ type: 'reference', entity: 'fitters' });
  });
  it('"ascents, i.e. a climber sends a route on a date": a kept thing defined by a clause is a record of what it names', () => {
    const plan = planApp('Climbing gym: climbers, routes and ascents, i.e. a climber sends a route on a date');
    expect(field(plan, 'ascents', 'climber')).toMatchObject({ type: 'reference', entity: 'climbers' });
    expect(field(plan, 'ascents', 'route')).toMatchObject({ type: 'reference', entity: 'routes' });
    // (the climber does not point at the route: the ascent holds that join)
    expect(entity(plan, 'climbers').fields.map((candidate) => candidate.entity)).not.toContain('routes');
    const defined = planApp('Our dance school: dancers, classes, and attendances: a dancer seen in a class');
    expect(field(defined, 'attendances', 'dancer')).toMatchObject({ type: 'reference', entity: 'dancers' });
    expect(field(defined, 'attendances', 'class')).toMatchObject({ type: 'reference', entity: 'classes' });
  });

  it('"hives - a hive has a queen and a frame": what a thing has, after a dash, defines no record of the list item', () => {
    const plan = planApp('Apiary app: hives, queens and frames - a hive has a queen and a frame');
    expect(field(plan, 'hives', 'queen')).toMatchObject({ type: 'reference', entity: 'queens' });
    expect(entity(plan, 'frames').fields.map((candidate) => candidate.entity)).not.toContain('hives');
  });

  it('"a score for each player in each game": one said of each of two kept things is a record of both, holding the field', () => {
    const plan = planApp('Bowling league: players, games, and a score for each player in each game. Rank players by total score.');
    expect(field(plan, 'scores', 'player')).toMatchObject({ type: 'reference', entity: 'players' });
    expect(field(plan, 'scores', 'game')).toMatchObject({ type: 'reference', entity: 'games' });
    expect(field(plan, 'scores', 'score')).toMatchObject({ type: 'integer' });
    expect(entity(plan, 'players').fields.map((candidate) => candidate.entity)).not.toContain('games');
  });

  it('"I log a visit to each customer … and whether I spread salt": the visit points at the customer and holds the fact', () => {
    const plan = planApp('Snow clearing: customers, and after a snowfall I log a visit to each customer with the date and whether I spread salt.');
    expect(field(plan, 'visits', 'customer')).toMatchObject({ type: 'reference', entity: 'customers' });
    expect(field(plan, 'visits', 'spread_salt')).toMatchObject({ type: 'boolean' });
    expect(entity(plan, 'customers').fields.map((candidate) => candidate.entity)).not.toContain('visits');
  });

  it('"flag tenants that are behind on rent", "also which mechanic fixed it": a standing, and a pick of the thing named last', () => {
    const rentals = planApp('Rentals: tenants and flats. Flag tenants that are behind on rent.');
    expect(field(rentals, 'tenants', 'behind_on_rent')).toMatchObject({ type: 'boolean' });
    const garage = planApp('Garage: cars with make, model and the repair cost. Also which mechanic fixed it.');
    expect(field(garage, 'cars', 'mechanic')).toMatchObject({ type: 'reference', entity: 'mechanics' });
  });

  it('"the entertainer assigned to each party", "the winning bidder for each lot", "the owner of each dog": one picked for each', () => {
    const parties = planApp('Party business: parties with date and address, entertainers, and the entertainer assigned to each party.');
    expect(field(parties, 'parties', 'entertainer')).toMatchObject({ type: 'reference', entity: 'entertainers' });
    const auction = planApp('Auction app: lots with a hammer price, bidders, and the winning bidder for each lot.');
    expect(field(auction, 'lots', 'bidder')).toMatchObject({ type: 'reference', entity: 'bidders' });
    expect(entity(auction, 'bidders').fields.map((candidate) => candidate.entity)).not.toContain('lots');
    const dogs = planApp('Dog club: dogs, owners, and the owner of each dog with a phone.');
    // (once: not also as the assignee the library calls an owner, nor as a text field "owner of")
    expect(entity(dogs, 'dogs').fields.filter((candidate) => candidate.entity === 'owners' || candidate.name.startsWith('owner')).map((candidate) => candidate.name)).toEqual(['owner']);
  });

  it('"the accommodation at each stop", "visits where a vet sees a pet", "I deliver kegs to bars": records of what they name', () => {
    const trip = planApp('Trip app: stops with a city, and the accommodation at each stop with a price.');
    expect(field(trip, 'accommodations', 'stop')).toMatchObject({ type: 'reference', entity: 'stops' });
    const vets = planApp('Vet app: pets, vets, and visits where a vet sees a pet.');
    expect(field(vets, 'visits', 'vet')).toMatchObject({ type: 'reference', entity: 'vets' });
    expect(field(vets, 'visits', 'pet')).toMatchObject({ type: 'reference', entity: 'pets' });
    const brewery = planApp('Brewery app: I deliver kegs to bars; each delivery has a date and a price.');
    expect(field(brewery, 'deliveries', 'keg')).toMatchObject({ type: 'reference', entity: 'kegs' });
    expect(field(brewery, 'deliveries', 'bar')).toMatchObject({ type: 'reference', entity: 'bars' });
    expect(entity(brewery, 'kegs').fields.map((candidate) => candidate.entity)).not.toContain('bars');
  });

  it('"how each member voted on each motion": votes are kept, pointing at both', () => {
    const plan = planApp('Co-op app: meetings, motions and members; record how each member voted on each motion.');
    expect(field(plan, 'votes', 'member')).toMatchObject({ type: 'reference', entity: 'members' });
    expect(field(plan, 'votes', 'motion')).toMatchObject({ type: 'reference', entity: 'motions' });
  });

  it('"rooms, groups, bookings (room, group, date)", "plots, plot holders, and the annual inspections": listed things are kept', () => {
    const plan = planApp('Escape room app - rooms, groups, bookings (room, group, date, time)');
    expect(names(plan)).toEqual(expect.arrayContaining(['rooms', 'groups', 'bookings']));
    expect(field(plan, 'bookings', 'room')).toMatchObject({ type: 'reference', entity: 'rooms' });
    expect(field(plan, 'bookings', 'group')).toMatchObject({ type: 'reference', entity: 'groups' });
    const allotments = planApp('Allotment app: plots, plot holders, and the annual inspections.');
    expect(names(allotments)).toContain('inspections');
    expect(allotments.entities.flatMap((candidate) => candidate.fields.map((known) => known.name))).not.toContain('annual_inspections');
  });

  it('"each appointment must link one patient to one dentist", "a booking puts a diver on a trip": a record of both', () => {
    const clinic = planApp('Clinic: patients, dentists, appointments. Each appointment must link one patient to one dentist, with a date.');
    expect(field(clinic, 'appointments', 'patient')).toMatchObject({ type: 'reference', entity: 'patients' });
    expect(field(clinic, 'appointments', 'dentist')).toMatchObject({ type: 'reference', entity: 'dentists' });
    expect(entity(clinic, 'patients').fields.map((candidate) => candidate.entity)).not.toContain('dentists');
    const dives = planApp('Dive centre: divers, trips and bookings. A booking puts a diver on a trip.');
    expect(field(dives, 'bookings', 'diver')).toMatchObject({ type: 'reference', entity: 'divers' });
    expect(field(dives, 'bookings', 'trip')).toMatchObject({ type: 'reference', entity: 'trips' });
  });

  it('"a hire is one piece of kit to one climber", "each booking is one cabin for one guest": a record of both, each kept', () => {
    const kit = planApp('Climbing wall kit hire. A hire is one piece of kit to one climber, with a date out and a fee.');
    expect(field(kit, 'hires', 'kit')).toMatchObject({ type: 'reference', entity: 'kits' });
    expect(field(kit, 'hires', 'climber')).toMatchObject({ type: 'reference', entity: 'climbers' });
    expect(names(kit)).not.toContain('pieces');
    const cabins = planApp('Campsite. Each booking is one cabin for one guest, with an arrival date.');
    expect(field(cabins, 'bookings', 'cabin')).toMatchObject({ type: 'reference', entity: 'cabins' });
    expect(field(cabins, 'bookings', 'guest')).toMatchObject({ type: 'reference', entity: 'guests' });
  });

  it('"gear: tents, camping stoves and rucksacks, each with an asset number": kinds of the gear, one thing with a type', () => {
    const plan = planApp('Scout group stores. Gear: tents, camping stoves and rucksacks, each with an asset number. Leaders borrow gear for camps.');
    expect(field(plan, 'gear', 'type')).toMatchObject({ type: 'select', options: ['Tents', 'Camping stoves', 'Rucksacks'] });
    expect(field(plan, 'gear', 'asset_number')).toBeDefined();
    expect(names(plan)).not.toEqual(expect.arrayContaining(['tents']));
    expect(names(plan)).not.toEqual(expect.arrayContaining(['stoves']));
    // (in brackets too)
    expect(field(planApp('Office move: furniture (desks, chairs, cabinets) and the rooms it goes to.'), 'furniture', 'type').options).toEqual(['Desks', 'Chairs', 'Cabinets']);
  });

  it('"court bookings", "kayak rentals": the record of a thing\'s use, of one of the things', () => {
    const courts = planApp('Leisure centre: court bookings with the date and the fee.');
    expect(field(courts, 'bookings', 'court')).toMatchObject({ type: 'reference', entity: 'courts' });
    expect(names(courts)).not.toContain('court_bookings');
    expect(field(planApp('Lakeside hut: kayak rentals (date, hours, price).'), 'rentals', 'kayak')).toMatchObject({ type: 'reference', entity: 'kayaks' });
  });

  it('"the boats we build, each for a buyer with an agreed price": each of the things is for one, and the fields are theirs', () => {
    const plan = planApp('Boatyard: the boats we build, each for a buyer with an agreed price and a launch date.');
    expect(field(plan, 'boats', 'buyer')).toMatchObject({ type: 'reference', entity: 'buyers' });
    expect(field(plan, 'boats', 'agreed_price').hint).toBe('currency');
    expect(entity(plan, 'buyers').fields.map((known) => known.name)).not.toContain('agreed_price');
  });

  it('"each removal has two or three packers": people staffed on a job are the job\'s, not belonging to it', () => {
    const plan = planApp('Removals firm: customers and removals. Each removal is booked by a customer and has two or three packers, a date and a price.');
    expect(field(plan, 'removals', 'packers')).toMatchObject({ type: 'references', entity: 'packers' });
    expect(entity(plan, 'packers').fields.map((known) => known.entity)).not.toContain('removals');
    // (the count is no choice and no field, and the date and price are the removal's, not the customer's)
    expect(plan.entities.flatMap((known) => known.fields).map((known) => known.name)).not.toContain('two');
    expect(entity(plan, 'packers').fields.some((known) => known.options?.includes('Two'))).toBe(false);
    expect(field(plan, 'removals', 'price').hint).toBe('currency');
    // (players belong to their team)
    expect(field(planApp('League: teams and players. Each team has several players.'), 'players', 'team')).toMatchObject({ type: 'reference', entity: 'teams' });
  });

  it('"each repair is assigned to a technician and moves through …": the stages are the repair\'s', () => {
    const plan = planApp('Phone repair shop: repairs and technicians. Each repair is assigned to a technician and moves through received, diagnosed, fixed, returned.');
    expect(views(plan, 'repairs')).toContain('board:stage');
    expect(field(plan, 'repairs', 'stage').options).toEqual(['Received', 'Diagnosed', 'Fixed', 'Returned']);
    expect(entity(plan, 'technicians').fields.map((known) => known.name)).not.toContain('stage');
    // (a sentence opened by "a …" speaks of that thing too)
    const claims = planApp('Insurance desk: claims and assessors. A claim is for one policy, handled by one of our assessors, and goes through received, assessed, paid.');
    expect(views(claims, 'claims')).toContain('board:stage');
  });

  it('"couples book the venue", "clubs hire our hall": a deed done to the user\'s own one thing keeps its record, of the doer', () => {
    const venue = planApp('Wedding venue: couples book the venue for a date.');
    expect(field(venue, 'bookings', 'couple')).toMatchObject({ type: 'reference', entity: 'couples' });
    const hall = planApp('Village hall: clubs hire our hall by the hour.');
    expect(field(hall, 'hires', 'club')).toMatchObject({ type: 'reference', entity: 'clubs' });
    expect(names(hall)).not.toContain('halls');
  });

  it('"each flat has a tenant with a tenancy start date and a rent": the tenant is a thing with those fields', () => {
    const plan = planApp('Lettings: each flat has a tenant with a tenancy start date and monthly rent.');
    expect(field(plan, 'flats', 'tenant')).toMatchObject({ type: 'reference', entity: 'tenants' });
    expect(field(plan, 'tenants', 'tenancy_start_date').type).toBe('date');
    expect(field(plan, 'tenants', 'monthly_rent').hint).toBe('currency');
    expect(names(plan)).not.toContain('tenancies');
  });

  it('"customers hire a van for a day": one row a deed is done to is a thing, though a field could have its name', () => {
    const plan = planApp('Our hire desk: customers hire a van for a day, or book a room for a night.');
    expect(field(plan, 'hires', 'van')).toMatchObject({ type: 'reference', entity: 'vans' });
    expect(names(plan)).toEqual(expect.arrayContaining(['rooms']));
  });

  it('"the drivers who are based at each depot, with whether they are on call": "who are" before a participle changes nothing', () => {
    const plan = planApp('Courier firm: the depots (address, manager), and the drivers who are based at each depot, with whether they are on call.');
    expect(field(plan, 'drivers', 'depot')).toMatchObject({ type: 'reference', entity: 'depots' });
    expect(field(plan, 'drivers', 'on_call').type).toBe('boolean');
    expect(entity(plan, 'depots').fields.map((known) => known.name)).not.toContain('on_call');
    expect(entity(plan, 'drivers').fields.map((known) => known.name)).not.toContain('based');
  });

  it('"players have a handicap, and an entry puts a player in a tournament": a clause ends the field list', () => {
    const plan = planApp('Golf club: tournaments and players. Players have a handicap and a phone, and an entry puts a player in a tournament.');
    expect(field(plan, 'entries', 'player')).toMatchObject({ type: 'reference', entity: 'players' });
    expect(field(plan, 'entries', 'tournament')).toMatchObject({ type: 'reference', entity: 'tournaments' });
    expect(entity(plan, 'players').fields.map((known) => known.name).filter((name) => name.includes('entry'))).toEqual([]);
  });

  it('"cars (reg, make, their owner, mileage)": whose a thing is, in its field list, is a person kept apart', () => {
    const plan = planApp('Garage: cars (reg, make, their owner, mileage) and services.');
    expect(field(plan, 'cars', 'owner')).toMatchObject({ type: 'reference', entity: 'owners' });
    expect(field(plan, 'cars', 'mileage')).toBeDefined();
  });

  it('"each member\'s stableford score at each outing", "a score per gymnast per apparatus": records of both, ranked by the score', () => {
    const golf = planApp('Golf society: members (with handicap), outings (date, course) and each member\'s stableford score at each outing. Order of merit = members ranked by their best 5 scores.');
    expect(field(golf, 'scores', 'member')).toMatchObject({ type: 'reference', entity: 'members' });
    expect(field(golf, 'scores', 'outing')).toMatchObject({ type: 'reference', entity: 'outings' });
    expect(field(golf, 'scores', 'stableford_score')).toMatchObject({ type: 'integer' });
    // (ranked by their scores, not by a field named "their")
    expect(views(golf, 'members')).toEqual(['ranking:score']);
    const gym = planApp('gymnastics club comp: gymnasts (name, level, club), apparatus vault / bars / beam / floor, and a score per gymnast per apparatus.');
    expect(field(gym, 'scores', 'gymnast')).toMatchObject({ type: 'reference', entity: 'gymnasts' });
    expect(field(gym, 'scores', 'apparatus')).toMatchObject({ type: 'reference', entity: 'apparatuses' });
    expect(gym.entities.flatMap((candidate) => candidate.fields).find((candidate) => candidate.options?.includes('Vault'))?.options).toEqual(['Vault', 'Bars', 'Beam', 'Floor']);
  });

  it('"submissions of up to five poems", "each bus route has one driver and one minibus", "clients come with cases": one join each', () => {
    const magazine = planApp('Poetry magazine. Poets send us submissions of up to five poems. Accepted poems are placed in an issue.');
    expect(field(magazine, 'poems', 'submission')).toMatchObject({ type: 'reference', entity: 'submissions' });
    const transport = planApp('School transport: we have drivers and minibuses, and each bus route has one driver and one minibus.');
    expect(field(transport, 'bus_routes', 'minibus')).toMatchObject({ type: 'reference', entity: 'minibuses' });
    const clinic = planApp('Law clinic. Clients come to us with cases; each case is handled by one of our lawyers.');
    // (several cases come with a client: each case is the client's)
    expect(entity(clinic, 'cases').fields.filter((candidate) => candidate.entity === 'clients')).toHaveLength(1);
    expect(entity(clinic, 'clients').fields.filter((candidate) => candidate.entity === 'cases')).toHaveLength(0);
  });

  it('"stages (name, capacity)", "parcels given out (date, household, size)": a plural given fields of its own is a thing', () => {
    const festival = planApp('Festival app: stages (name, capacity), acts and slots on each stage.');
    expect(field(festival, 'stages', 'capacity')).toMatchObject({ type: 'integer' });
    const food = planApp('Food bank: households registered with us, parcels given out (date, household, size)');
    expect(field(food, 'parcels', 'household')).toMatchObject({ type: 'reference', entity: 'households' });
    expect(food.entities.flatMap((candidate) => candidate.fields.map((known) => known.name))).not.toContain('parcels_given_out');
    // (values in parentheses are a choice, not fields of a thing)
    expect(names(planApp('Camping app: tents (dome, tunnel or geodesic), renters with a phone'))).not.toContain('domes');
  });

  it('"the result of each fencer at each competition (place, points)": a noun naming no field is a record of both too', () => {
    const plan = planApp('Fencing club: fencers (name, weapon), competitions (date, venue), and the result of each fencer at each competition (place, points).');
    expect(field(plan, 'results', 'fencer')).toMatchObject({ type: 'reference', entity: 'fencers' });
    expect(field(plan, 'results', 'competition')).toMatchObject({ type: 'reference', entity: 'competitions' });
    const french = planApp('Club d’escrime : les tireurs (nom, arme), les compétitions (date, lieu), le résultat de chaque tireur à chaque compétition (place, points).');
    expect(names(french).filter((name) => name.startsWith('the_'))).toEqual([]);
    expect(names(french)).toEqual(expect.arrayContaining(['tireurs', 'competitions', 'resultats']));
  });

  it('"each exam (subject, paper, date, AM or PM session, room)": one thing said of each, given its fields, is kept with them', () => {
    const plan = planApp('Exams officer at a secondary school. For the summer series I roster invigilators: each exam (subject, paper, date, AM or PM session, room) needs one or more invigilators. Please put the exams on a calendar.');
    expect(field(plan, 'exams', 'paper')).toMatchObject({ type: 'text' });
    expect(field(plan, 'exams', 'session')).toMatchObject({ type: 'select', options: ['AM', 'PM'] });
    expect(views(plan, 'exams')).toContain('calendar:date');
    // and what is said of it after its list is said of it
    expect(field(plan, 'exams', 'invigilators')).toMatchObject({ type: 'references', entity: 'invigilators' });
  });

  it('"each show has episodes (title, date)": the episodes point at their show, as with "many episodes"', () => {
    const plan = planApp('A podcast tracker. Each show has episodes (title, date).');
    expect(field(plan, 'episodes', 'show')).toMatchObject({ type: 'reference', entity: 'shows' });
    expect(plan.entities.find((entity) => entity.name === 'shows')?.fields.map((candidate) => candidate.name)).not.toContain('episode');
  });

  it('"each dog (name, breed, age) belongs to an owner": a join read across the list in brackets', () => {
    const plan = planApp('A kennel app: each dog (name, breed, age) belongs to an owner.');
    expect(field(plan, 'dogs', 'owner')).toMatchObject({ type: 'reference', entity: 'owners' });
    expect(field(plan, 'dogs', 'breed')).toMatchObject({ type: 'text' });
  });
});

describe('planApp reads the stages a board asks for after a colon', () => {
  it('"Pipeline for our bids: scoping, pricing, sent, then won or lost": the stages in order, on a board, and no fields of them', () => {
    const plan = planApp('Pipeline for our tender bids: scoping, pricing, sent, then won or lost. Each bid has the client and the value.');
    expect(field(plan, 'bids', 'stage')).toMatchObject({ type: 'select', options: ['Scoping', 'Pricing', 'Sent', 'Won', 'Lost'] });
    expect(plan.pages.some((page) => page.kind === 'board' && page.entity === 'bids')).toBe(true);
    expect(plan.entities.flatMap((entity) => entity.fields.map((candidate) => candidate.name))).not.toContain('scoping');
  });
});

describe('planApp reads stages however the board is asked for', () => {
  it('"move each card through todo, doing, review, done", "job status: quoted, booked, done, paid (as a board)"', () => {
    const cards = planApp('Team board: cards with an owner, and we move each card through todo, doing, review, done.');
    expect(field(cards, 'cards', 'stage').options).toEqual(['Todo', 'Doing', 'Review', 'Done']);
    expect(cards.pages.some((page) => page.kind === 'board' && page.entity === 'cards')).toBe(true);
    const jobs = planApp('Gardening jobs - customers - jobs with a date - job status: quoted, booked, done, paid (as a board)');
    expect(jobs.entities.flatMap((entity) => entity.fields).find((candidate) => candidate.name === 'status')?.options).toEqual(['Quoted', 'Booked', 'Done', 'Paid']);
    expect(jobs.pages.some((page) => page.kind === 'board')).toBe(true);
  });
});

describe('planApp places the calendar asked for', () => {
  it('"Calendar of shoot days please": of the thing named after it, kept only later, placed by its date', () => {
    const plan = planApp('Film app: scenes, actors, and shoot days. Each scene gets shot on one shoot day. Calendar of shoot days please.');
    expect(views(plan, 'shoot_days')).toEqual(['calendar:date']);
  });
});

describe('planApp keeps no thing of how the data is laid out', () => {
  it('"has one or two erectors" counts them, "a tick box for opposed" is a fact, "a pipeline w/ those stages: …" is the stage', () => {
    const hire = planApp('Scaffolding firm. Contractors request scaffolds. Each hire is made by a contractor and has one or two erectors, a start date and an end date.');
    expect(entity(hire, 'hires').fields.filter((candidate) => candidate.options?.includes('One'))).toEqual([]);
    const marks = planApp('Trademarks: applications with a client and a mark. Some applications get opposed, so a tick box for opposed.');
    expect(field(marks, 'applications', 'opposed')).toMatchObject({ type: 'boolean' });
    const trees = planApp('tree surgery biz - enquiries come in from homeowners, we do a site visit, quote, then book the job and do it. want a pipeline w/ those stages: enquiry, site visit, quoted, booked, done. per job: address, which trees, quote amount');
    expect(views(trees, 'jobs')).toContain('board:stage');
    expect(field(trees, 'jobs', 'stage').options).toEqual(['Enquiry', 'Site visit', 'Quoted', 'Booked', 'Done']);
  });

  it('"I want the stages on a kanban: …", "we use a spreadsheet with columns …": no stages, kanban, spreadsheet or columns tables', () => {
    const plan = planApp('We file trademark applications for our clients. Each application: client, mark, filing date. I want the stages on a kanban: instructed, filed, examined, registered.');
    expect(names(plan).filter((name) => /stage|kanban/.test(name))).toEqual([]);
    expect(views(plan, 'trademark_applications')).toContain('board:stage');
    expect(field(plan, 'trademark_applications', 'stage').options).toEqual(['Instructed', 'Filed', 'Examined', 'Registered']);
    const huts = planApp('We currently use a spreadsheet with columns hut, renter, week, deposit. I would like an app with the huts and the rentals.');
    expect(names(huts).filter((name) => /spreadsheet|column/.test(name))).toEqual([]);
  });
});

describe('planApp ranks what the prompt asks to rank', () => {
  it('"sort coins by value, highest first", "sorted by value, the most valuable at the top", "by value descending": a ranking by that field', () => {
    for (const prompt of [
      'Coin app: coins (year, country, value). Sort coins by value, highest first.',
      'Coin app: coins (year, country, value), sorted by value with the most valuable at the top.',
      'Coin app: coins (year, country, value). Order coins by value descending.',
    ]) {
      expect([prompt, views(planApp(prompt), 'coins')]).toEqual([prompt, expect.arrayContaining(['ranking:value'])]);
    }
    // (an order that is not by the most first is no ranking)
    expect(views(planApp('Coin app: coins (year, country, value). Sort coins by year.'), 'coins')).not.toContain('ranking:year');
  });

  it('"Heaviest pumpkins at the top": a superlative ranks the thing by the measure it names, even opening a sentence', () => {
    const plan = planApp('Pumpkin show entries: each pumpkin has the grower, the variety and the weight in kg. Heaviest pumpkins at the top please');
    expect(views(plan, 'pumpkins')).toContain('ranking:weight');
  });

  it('"tutors ranked by number of lessons", "which hens lay the most eggs": the thing before the participle, or asked about with "which"', () => {
    const tutors = planApp('Tutoring agency: tutors, pupils, lessons (tutor, pupil, date). Show tutors ranked by number of lessons.');
    expect(views(tutors, 'tutors')).toContain('ranking:number_of_lessons');
    const hens = planApp('Our hens: each hen has a name and a breed, and we log eggs laid per day. I want to see which hens lay the most eggs.');
    expect(hens.pages.some((page) => page.kind === 'ranking' && page.entity === 'hens')).toBe(true);
  });

  it('"can tutors be ranked by the number of lessons they taught": the thing before the auxiliary, not the one counted', () => {
    const plan = planApp('Tutoring agency: tutors, pupils, lessons (tutor, pupil, date). Can tutors be ranked by the number of lessons they taught this term?');
    expect(views(plan, 'tutors')).toContain('ranking:number_of_lessons');
    expect(plan.pages.some((page) => page.kind === 'ranking' && page.entity === 'lessons')).toBe(false);
  });
});

describe('planApp reads yes/no facts from how they are said', () => {
  it('yes/no facts asked as questions, boxes and states: "does it have a tow bar", "which ones are poisonous", "insured: yes/no"', () => {
    const facts: Array<[string, string, string]> = [
      ['Van app: vans with plate and does it have a tow bar', 'vans', 'tow_bar'],
      ['Van app: vans with plate and whether there is a dashcam fitted.', 'vans', 'dashcam_fitted'],
      ['Van app: vans with plate, insured: yes/no', 'vans', 'insured'],
      ['Van app: vans with plate and an insured checkbox', 'vans', 'insured'],
      ['Van app: vans with plate. Flag any van that is off the road.', 'vans', 'off_road'],
      ['Plant app: plants with name and species. Mark the poisonous ones.', 'plants', 'poisonous'],
      ['Plant app: plants with name and species. I want to know which ones are poisonous.', 'plants', 'poisonous'],
      ['Plant app: plants with name and species, poisonous yes or no.', 'plants', 'poisonous'],
      ['Shop app: orders with the date and a tick when it has been picked up.', 'orders', 'picked_up'],
      ['Shop app: orders with the date; I need to see which orders are still unpaid.', 'orders', 'unpaid'],
      ['Bar app: deliveries with the date and whether the empty kegs were collected.', 'deliveries', 'kegs_collected'],
    ];
    for (const [prompt, table, name] of facts) expect([prompt, field(planApp(prompt), table, name).type]).toEqual([prompt, 'boolean']);
  });

  it('"whether the seal has been broken", "if they need a ramp": the fact, on the thing the sentence speaks of', () => {
    const kits = planApp('Keep track of which defibrillators we have in which van, with the expiry date and whether the seal has been broken.');
    expect(field(kits, 'defibrillators', 'seal_broken')).toMatchObject({ type: 'boolean' });
    const riders = planApp('Community transport: riders and trips. Each rider has an address and we need to know if they need a ramp.');
    expect(field(riders, 'riders', 'ramp')).toMatchObject({ type: 'boolean' });
  });

  it('"whether they signed the waiver", "who has done the safety briefing": the deed and what it was done to', () => {
    const climbers = planApp('Climbing gym check-in: climbers with a name and a phone, and whether they signed the waiver and the photo consent.');
    expect(field(climbers, 'climbers', 'signed_waiver').type).toBe('boolean');
    const crew = planApp('Sailing club: crew members and trips. I want to track who has done the safety briefing.');
    expect(entity(crew, 'crew_members').fields.some((candidate) => candidate.type === 'boolean' && candidate.name.includes('safety_briefing'))).toBe(true);
  });

  it('"flag broken chairs", "flag rooms that are out of service": a state the user flags on a thing', () => {
    const hall = planApp('Village hall inventory: chairs and tables in storerooms. flag broken chairs');
    expect(field(hall, 'chairs', 'broken')).toMatchObject({ type: 'boolean' });
    const hotel = planApp('For our hostel: rooms with a floor and a number of beds, and we flag rooms that are out of service.');
    expect(field(hotel, 'rooms', 'out_of_service')).toMatchObject({ type: 'boolean' });
  });
});

describe('planApp on prompts made of the words its readings turn on', () => {
  // words that start a join, a fact, a choice, a stage list or a declaration, with things and fields to join, in any
  // order: whatever a user types, the planner gives a plan appgen accepts and never throws
  const WORDS = [
    'each', 'every', 'which', 'who', 'whether', 'if', 'flag', 'marked', 'tick', 'their', "band's", 'and', 'or', ',', '.', ':', '(', ')', '-', '/', '|', '->',
    'one', 'of', 'our', 'a', 'the', 'many', 'has', 'holds', 'uses', 'belongs', 'to', 'in', 'at', 'by', 'with', 'for', 'between', 'is', 'are', 'been', 'ranked',
    'most', 'heaviest', 'top', 'first', 'pipeline', 'board', 'stages', 'Entities', 'Tables', 'customers', 'samples', 'patients', 'freezers', 'kiln', 'firings',
    'pieces', 'members', 'price', 'date', 'status', 'level', 'severity', 'easy', 'hard', 'done', 'opened', 'damaged', 'out', 'order', 'need', 'childcare', 'Vendor',
    '€', 'several', 'track', 'list', 'app',
  ];
  it('always plans, and the plan is valid', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 30 }), (words) => {
        const plan = planApp(words.join(' '));
        expect(() => validateAppPlan(plan)).not.toThrow();
      }),
      { numRuns: 400 },
    );
  });
});

