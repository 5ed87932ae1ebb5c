// Prompts written as a data model ("Vendor (name, phone), Purchase (vendor -> Vendor, amount)"): each declared thing
// gets exactly its declared fields, and an item naming another thing points at it.
import { planApp } from './plan-app';
import { declaredThings } from './declared-things';
import { entity, field, names } from './plan-lookup.testing';

describe('planApp reads a prompt written as a data model', () => {
  it('"Entities: Vendor (…), Purchase (vendor -> Vendor, …), Item (purchase -> Purchase, name | quantity)": exactly those', () => {
    const plan = planApp('Entities: Vendor (name, phone), Purchase (vendor -> Vendor, amount, date), Item (purchase -> Purchase, name | quantity)');
    expect(names(plan)).toEqual(['vendors', 'purchases', 'items']);
    expect(entity(plan, 'vendors').fields.map((candidate) => candidate.name)).toEqual(['name', 'phone']);
    expect(field(plan, 'purchases', 'vendor')).toMatchObject({ type: 'reference', entity: 'vendors' });
    expect(field(plan, 'purchases', 'amount')).toMatchObject({ type: 'number', hint: 'currency' });
    expect(field(plan, 'items', 'purchase')).toMatchObject({ type: 'reference', entity: 'purchases' });
    expect(field(plan, 'items', 'quantity').type).toBe('integer');
  });

  it('"Tables: Customer(name, tier: gold/silver/bronze), WorkOrder (title, priority low|med|high)": an item may give its values', () => {
    const plan = planApp('Tables: Customer(name, email, tier: gold/silver/bronze), Order(customer, total, status: pending/paid/shipped), WorkOrder (title, priority low|med|high)');
    expect(names(plan)).toEqual(['customers', 'orders', 'work_orders']);
    expect(field(plan, 'customers', 'tier')).toMatchObject({ type: 'select', options: ['Gold', 'Silver', 'Bronze'] });
    expect(field(plan, 'orders', 'status')).toMatchObject({ type: 'select', options: ['Pending', 'Paid', 'Shipped'] });
    expect(field(plan, 'orders', 'customer')).toMatchObject({ type: 'reference', entity: 'customers' });
    expect(field(plan, 'work_orders', 'priority')).toMatchObject({ type: 'select', options: ['Low', 'Med', 'High'] });
  });

  it('"Tables: Course(title, credits) / Section(course, term, room)": a field naming another table points at it', () => {
    const plan = planApp('Tables: Course(title, credits) / Section(course, term, room) / Enrollment(student, section, grade)');
    expect(names(plan)).toEqual(['courses', 'sections', 'enrollments']);
    expect(entity(plan, 'courses').fields.map((candidate) => candidate.name)).toEqual(['title', 'credits']);
    expect(field(plan, 'sections', 'course')).toMatchObject({ type: 'reference', entity: 'courses' });
    expect(field(plan, 'enrollments', 'section')).toMatchObject({ type: 'reference', entity: 'sections' });
  });

  it('"roles (which show, which cast member)" among a dash list: "which" points at a thing, made when not yet named', () => {
    const plan = planApp('community theatre app - shows - performances (show, date, time) - cast members - roles (which show, which cast member)');
    expect(field(plan, 'performances', 'show')).toMatchObject({ type: 'reference', entity: 'shows' });
    expect(field(plan, 'roles', 'show')).toMatchObject({ type: 'reference', entity: 'shows' });
    expect(field(plan, 'roles', 'cast_member')).toMatchObject({ type: 'reference', entity: 'cast_members' });
  });

  it('a parenthesis of values or of one field\'s choices declares nothing', () => {
    expect(declaredThings('family budget: accounts (checking, savings or credit card), transactions (amount, date), budgets (month, limit)').map((thing) => thing.singular)).toEqual(['transaction', 'budget']);
    expect(declaredThings('baby log: feeds (time, breast/bottle, ml), nappies (wet/dirty/both), sleeps')).toEqual([]);
    expect(declaredThings('Choir: members (which voice part: soprano, alto), rehearsals (date, place)')).toEqual([]);
  });

  it('"Invoices -> client | date | total; Client -> name | email; InvoiceLine -> invoice | item | qty": arrows and bars', () => {
    const plan = planApp('Invoices -> client | date | total; Client -> name | email; InvoiceLine -> invoice | item | qty');
    expect(names(plan)).toEqual(['invoices', 'clients', 'invoice_lines']);
    expect(field(plan, 'invoices', 'client')).toMatchObject({ type: 'reference', entity: 'clients' });
    expect(field(plan, 'invoice_lines', 'invoice')).toMatchObject({ type: 'reference', entity: 'invoices' });
    expect(field(plan, 'invoice_lines', 'quantity').type).toBe('integer');
    expect(entity(plan, 'invoices').fields.map((candidate) => candidate.name)).toEqual(['name', 'client', 'date', 'total']);
  });

  it('"Building: name, address / Lift: building, serial no / Inspection: lift, date, result (pass, pass with defects, fail)": colon lines', () => {
    const plan = planApp('Building: name, address, owner / Lift: building, serial no, manufacturer / Inspection: lift, inspector name, date, result (pass, pass with defects, fail), paid (y/n)');
    expect(names(plan)).toEqual(['buildings', 'lifts', 'inspections']);
    expect(field(plan, 'lifts', 'building')).toMatchObject({ type: 'reference', entity: 'buildings' });
    expect(field(plan, 'inspections', 'lift')).toMatchObject({ type: 'reference', entity: 'lifts' });
    expect(field(plan, 'inspections', 'result')).toMatchObject({ type: 'select', options: ['Pass', 'Pass with defects', 'Fail'] });
    expect(field(plan, 'inspections', 'paid')).toMatchObject({ type: 'boolean' });
    // (one line on a new line each, and a thing the prose named longer is the one declared)
    const runs = planApp('orienteering club results\n- runners: name, club, age class\n- results: runner, course, time taken');
    expect(names(runs)).toEqual(expect.arrayContaining(['runners', 'results']));
    expect(names(runs)).not.toContain('club_results');
    // (numbered lines too)
    const vending = planApp('1. Machines: type, serial, date last serviced\n2. Restock visits: machine, date, driver, cash collected');
    expect(field(vending, 'restock_visits', 'machine')).toMatchObject({ type: 'reference', entity: 'machines' });
    // (a single "X: a, b" is prose about the app, and "Status: open, closed" a field's values)
    expect(declaredThings('A podcast planner: episodes, guests and sponsors')).toEqual([]);
    expect(declaredThings('Status: open, closed\nPriority: low, high')).toEqual([]);
  });

  it('"Record shop: albums - artist, year, pressing, price paid": one thing and a dash before its fields', () => {
    const plan = planApp('Record shop: albums - artist, year, pressing, price paid. Also a list of labels.');
    expect(field(plan, 'albums', 'price_paid')).toMatchObject({ type: 'number', hint: 'currency' });
    expect(field(plan, 'albums', 'pressing').type).toBe('text');
    expect(declaredThings('club app - anglers - pegs - matches (date, venue)')).toEqual([]);
  });

  it('"Entities: Author has many Books; …. Review (rating, text), Book (title, year), Author (name)": has-many and one-item declarations', () => {
    const plan = planApp('Entities: Author has many Books; Book has many Reviews. Review (rating, text), Book (title, year), Author (name)');
    expect(names(plan).sort()).toEqual(['authors', 'books', 'reviews']);
    expect(field(plan, 'books', 'author')).toMatchObject({ type: 'reference', entity: 'authors' });
    expect(field(plan, 'reviews', 'book')).toMatchObject({ type: 'reference', entity: 'books' });
    expect(entity(plan, 'books').fields.map((candidate) => candidate.name)).toEqual(['title', 'year', 'author']);
  });

  it('"…, and rentals (production, out date)": the "and" that joins the declaration to the list is no part of its name', () => {
    const plan = planApp('need: boats (name, length), skippers (name, licence), and charters (boat, skipper, start date)');
    expect(names(plan)).toEqual(['boats', 'skippers', 'charters']);
    expect(field(plan, 'charters', 'skipper')).toMatchObject({ type: 'reference', entity: 'skippers' });
  });

  it('"Boats: sail number, skipper (one of the members)": the item points at the things it holds one of', () => {
    const plan = planApp('Boats: sail number, skipper (one of the members)\nRaces: date, course, boat');
    expect(field(plan, 'boats', 'skipper')).toMatchObject({ type: 'reference', entity: 'members' });
    expect(field(plan, 'races', 'boat')).toMatchObject({ type: 'reference', entity: 'boats' });
  });

  it('"League rankings = points, goal difference": a view said with "=" declares no thing', () => {
    const plan = planApp('Football league: teams (name, ground), fixtures (home team, away team, date, score). League rankings = points, goal difference.');
    expect(names(plan)).not.toContain('league_rankings');
    expect(names(plan)).toEqual(expect.arrayContaining(['teams', 'fixtures']));
  });

  it('"watch services - watches in for service, their owner, the price": a declared "their owner" is a person kept apart', () => {
    const plan = planApp('watch services - watches in for service, their owner, the price, ready y/n');
    expect(plan.entities[0].fields.find((known) => known.name === 'owner')).toMatchObject({ type: 'reference', entity: 'owners' });
    expect(names(plan)).toContain('owners');
  });
});
