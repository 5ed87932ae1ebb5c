import type { AppPlan } from '@appgen/contracts';
import { BlueprintPromptError, planApp, revisePlan } from './plan-app';
import { entity, field, names, views } from './plan-lookup.testing';
import { AppPlanValidationError, validateAppPlan } from './validate-plan';


function pageKinds(plan: AppPlan, entityName: string): string[] {
  return plan.pages.filter((page) => page.entity === entityName).map((page) => (page.field ? `${page.kind}:${page.field}` : page.kind));
}

describe('planApp reads what a prompt means', () => {
  it('a volunteer shift scheduler: volunteers and shifts, who signed up, morning or evening, a calendar', () => {
    const plan = planApp('A volunteer shift scheduler for an animal shelter: volunteers sign up for morning or evening shifts');
    expect(plan.name).toBe('Shelter Shift Scheduler');
    expect(plan.entities.map((candidate) => candidate.name)).toEqual(['volunteers', 'shifts']);
    expect(field(plan, 'shifts', 'volunteers')).toMatchObject({ type: 'references', entity: 'volunteers' });
    expect(field(plan, 'shifts', 'time_of_day')).toMatchObject({ type: 'select', options: ['Morning', 'Evening'] });
    expect(field(plan, 'shifts', 'starts_at').type).toBe('datetime');
    expect(pageKinds(plan, 'shifts')).toEqual(['list', 'form', 'detail', 'calendar:starts_at']);
    expect(pageKinds(plan, 'volunteers')).toEqual(['list', 'form', 'detail']);
  });

  it('an expense splitter: an amount, who paid, whom it is shared among, and the trip', () => {
    const plan = planApp('A simple expense splitter for a group trip: trips, people, expenses paid by one person and shared among several');
    expect(plan.name).toBe('Trip Expense Splitter');
    expect(plan.entities.map((candidate) => candidate.name).sort()).toEqual(['expenses', 'people', 'trips']);
    expect(field(plan, 'expenses', 'amount')).toMatchObject({ type: 'number', hint: 'currency' });
    expect(field(plan, 'expenses', 'paid_by')).toMatchObject({ type: 'reference', entity: 'people', on_delete: 'restrict' });
    expect(field(plan, 'expenses', 'shared_among')).toMatchObject({ type: 'references', entity: 'people' });
    expect(field(plan, 'expenses', 'trip')).toMatchObject({ type: 'reference', entity: 'trips' });
    expect(entity(plan, 'expenses').fields.some((candidate) => candidate.name.includes('several'))).toBe(false);
  });

  it('a kanban board of songs: the stages in the order named, and a board by them', () => {
    const plan = planApp("A kanban board for my band's songs, each moving through idea, rehearsing and ready");
    expect(plan.name).toBe('Band Song Board');
    expect(plan.entities.map((candidate) => candidate.name)).toEqual(['songs']);
    expect(field(plan, 'songs', 'stage')).toMatchObject({ type: 'select', options: ['Idea', 'Rehearsing', 'Ready'] });
    expect(pageKinds(plan, 'songs')).toContain('board:stage');
  });

  it('relations of containment and ownership, rankings and yes/no facts', () => {
    const album = planApp('A music library with songs of an album');
    expect(field(album, 'songs', 'album')).toMatchObject({ type: 'reference', entity: 'albums', on_delete: 'cascade' });
    const projects = planApp('A project tracker with tasks in projects');
    expect(field(projects, 'tasks', 'project')).toMatchObject({ type: 'reference', entity: 'projects' });
    const chess = planApp('A chess club leaderboard where we rank players by rating');
    expect(chess.pages.find((page) => page.kind === 'ranking')).toMatchObject({ entity: 'players', field: 'rating' });
    const bakery = planApp('A bakery order book: customers place orders for cakes with a pickup date and whether they have paid');
    expect(field(bakery, 'orders', 'paid').type).toBe('boolean');
    // (an order's money: the order's usual total, a yes/no fact being no design of its own)
    expect(entity(bakery, 'orders').fields.filter((candidate) => candidate.hint === 'currency')).toHaveLength(1);
  });

  it('plans French, German and Spanish prompts in their language, with snake_case ASCII names', () => {
    const french = planApp('Une application pour notre refuge : les bénévoles s’inscrivent à des créneaux du matin ou du soir');
    expect(french.language).toBe('fr');
    expect(french.entities.map((candidate) => candidate.label)).toEqual(['Bénévoles', 'Créneaux']);
    expect(french.entities.map((candidate) => candidate.name)).toEqual(['benevoles', 'creneaux']);
    expect(field(french, 'creneaux', 'moment_de_la_journee').options).toEqual(['Matin', 'Soir']);
    expect(field(french, 'creneaux', 'benevoles')).toMatchObject({ type: 'references', entity: 'benevoles', label: 'Bénévoles' });
    expect(french.pages.find((page) => page.kind === 'sign_in')?.title ?? 'Connexion').toBe('Connexion');
    expect(french.pages.find((page) => page.kind === 'calendar')?.title).toBe('Calendrier : Créneaux');

    const german = planApp('Ein Kanban-Board für die Songs meiner Band: jeder Song durchläuft Idee, Probe und fertig');
    expect(german.language).toBe('de');
    expect(german.pages.find((page) => page.kind === 'board')).toMatchObject({ entity: 'songs', field: 'phase' });
    expect(field(german, 'songs', 'phase').options).toEqual(['Idee', 'Probe', 'Fertig']);
    expect(field(german, 'songs', 'titel')).toMatchObject({ label: 'Titel', required: true });

    const spanish = planApp('Un divisor de gastos para un viaje en grupo: gastos pagados por una persona y compartidos entre varias');
    expect(spanish.language).toBe('es');
    expect(entity(spanish, 'gastos').label).toBe('Gastos');
    expect(field(spanish, 'gastos', 'importe')).toMatchObject({ type: 'number', hint: 'currency', label: 'Importe' });
    expect(field(spanish, 'gastos', 'pagado_por')).toMatchObject({ type: 'reference', entity: 'personas' });
    for (const plan of [french, german, spanish]) expect(validateAppPlan(plan)).toEqual(plan);
  });
});

describe('planApp reads sentences, not word lists', () => {
  it('money however it is written: "cost in euros", "rate per hour", "£ per walk", "takings", "commission"', () => {
    const plan = planApp('Dog walking app: walks (date, dog, cost in euros, rate per hour, £ per walk, takings, commission)');
    for (const name of ['cost', 'rate', 'price_per_walk', 'takings', 'commission']) expect(field(plan, 'walks', name)).toMatchObject({ type: 'number', hint: 'currency' });
    // (a unit that is no currency stays the field's unit)
    expect(field(planApp('Runs app: runs (date, distance in km)'), 'runs', 'distance')).toMatchObject({ hint: 'km' });
  });

  it('a list after ":" that starts with things lists things: "their X" belongs to the one before, "X booked for" is a thing', () => {
    const plan = planApp('A tutoring business: families, their children and lessons booked for a date at a price');
    expect(plan.entities.map((candidate) => candidate.name)).toEqual(['families', 'children', 'lessons']);
    expect(field(plan, 'children', 'family')).toMatchObject({ type: 'reference', entity: 'families' });
    expect(field(plan, 'lessons', 'price').hint).toBe('currency');
    expect(pageKinds(plan, 'lessons')).toContain('calendar:start_date');
  });

  it('a thing listed with "with" gets those fields; "crews assigned to each boat" ends the fields with a relation', () => {
    const plan = planApp('A sailing club: boats with a length and a berth, and crews assigned to each boat');
    expect(entity(plan, 'boats').fields.map((candidate) => candidate.name)).toContain('berth');
    expect(field(plan, 'crews', 'assigned_to')).toMatchObject({ type: 'reference', entity: 'boats' });
  });

  it('relations from prepositions: on, between, for each', () => {
    const bikes = planApp('A bike repair log: repairs on my bikes with the cost and the shop');
    expect(field(bikes, 'repairs', 'bike')).toMatchObject({ type: 'reference', entity: 'bikes' });
    expect(field(bikes, 'repairs', 'cost').hint).toBe('currency');
    const league = planApp('A darts league: players, matches between two players and the winner');
    expect(field(league, 'matches', 'players')).toMatchObject({ type: 'references', entity: 'players' });
    const lessons = planApp('A music school: lessons for each pupil with a date');
    expect(field(lessons, 'lessons', 'pupil')).toMatchObject({ type: 'reference', entity: 'pupils' });
  });

  it('relations from participles: "screened in", "performed in", "reported by"', () => {
    const plays = planApp('A theatre app: plays are performed in theatres');
    expect(field(plays, 'plays', 'theatre')).toMatchObject({ type: 'reference', entity: 'theatres' });
    const bugs = planApp('An issue tracker where issues are reported by testers and have a severity');
    expect(field(bugs, 'issues', 'reported_by')).toMatchObject({ type: 'reference', entity: 'testers' });
  });

  it('any verb between two things: each of the second is done by one of the first, "to" names whom it is for; "each X is A, B or C" is a status', () => {
    const plan = planApp('A carpool app: drivers give rides to commuters, and each ride is open, full or cancelled');
    expect(field(plan, 'rides', 'driver')).toMatchObject({ type: 'reference', entity: 'drivers' });
    expect(field(plan, 'rides', 'commuter')).toMatchObject({ type: 'reference', entity: 'commuters' });
    expect(field(plan, 'rides', 'status')).toMatchObject({ type: 'select', options: ['Open', 'Full', 'Cancelled'] });
  });

  it('"whether it was a personal best" is a yes/no named by both words', () => {
    const swims = planApp('Track my swims: distance, time and whether it was a personal best');
    expect(swims.entities[0].fields.find((candidate) => candidate.name === 'personal_best')?.type).toBe('boolean');
  });

  it('what is voted for is ranked', () => {
    const plan = planApp('A bake-off: cakes are judged in rounds, and the audience votes for the best cake');
    expect(plan.pages.find((page) => page.kind === 'ranking')).toMatchObject({ entity: 'cakes', field: 'votes' });
  });

  it('German verb-final clauses: "Ausgaben, die von einer Person bezahlt werden" is paid by a person', () => {
    const plan = planApp('Eine App für Ausgaben: Ausgaben, die von einer Person bezahlt werden');
    expect(plan.language).toBe('de');
    expect(field(plan, 'ausgaben', 'bezahlt_von')).toMatchObject({ type: 'reference', entity: 'personen' });
  });
});

describe('validateAppPlan checks relations, views and the language', () => {
  const base = (): AppPlan => planApp('A simple expense splitter for a group trip: trips, people, expenses paid by one person and shared among several');
  const problems = (plan: unknown): string[] => {
    try {
      validateAppPlan(plan);
      return [];
    } catch (error) {
      return (error as AppPlanValidationError).errors.map((problem) => `${problem.field}: ${problem.message}`);
    }
  };

  it('refuses a reference to an entity the plan does not have, and on_delete off a reference', () => {
    const plan = base();
    const expenses = plan.entities.findIndex((candidate) => candidate.name === 'expenses');
    plan.entities[expenses].fields.push({ name: 'budget_line', label: 'Budget line', type: 'reference', required: false, entity: 'budgets' });
    plan.entities[expenses].fields.push({ name: 'memo', label: 'Memo', type: 'text', required: false, on_delete: 'cascade' });
    const found = problems(plan);
    expect(found.some((problem) => /fields\[\d+\]\.entity: must name one of the plan's entities/.test(problem))).toBe(true);
    expect(found.some((problem) => /on_delete: only reference and references fields have on_delete/.test(problem))).toBe(true);
  });

  it('ranks by a number when the field named is none: a date or a name stays what it is, and no ranking makes a relation', () => {
    const cakes = planApp('A bakery contest: cakes with a baker and a date, ranked by date');
    expect(field(cakes, 'cakes', 'date').type).toBe('date');
    const cakesRanking = cakes.pages.find((page) => page.kind === 'ranking');
    expect(field(cakes, 'cakes', cakesRanking?.field ?? '').type).toBe('integer');

    const books = planApp('Books with an author, ranked by the author');
    expect(field(books, 'books', 'author').type).toBe('text');
    expect(entity(books, 'books').fields.some((candidate) => candidate.type === 'reference' || candidate.name === 'the')).toBe(false);
    expect(books.pages.find((page) => page.kind === 'ranking')).toMatchObject({ entity: 'books', field: 'rating' });
    for (const plan of [cakes, books]) expect(() => validateAppPlan(plan)).not.toThrow();
  });

  it('refuses a board by a field that is not a select, a calendar without a date, a ranking of text, another language', () => {
    const plan = base();
    plan.pages.push({ path: '/expenses/board', title: 'Board', kind: 'board', entity: 'expenses', field: 'amount' });
    plan.pages.push({ path: '/expenses/calendar', title: 'Calendar', kind: 'calendar', entity: 'expenses', field: 'description' });
    plan.pages.push({ path: '/expenses/ranking', title: 'Ranking', kind: 'ranking', entity: 'expenses', field: 'description' });
    const found = problems({ ...plan, language: 'it' });
    expect(found).toEqual(expect.arrayContaining([
      expect.stringMatching(/^language: must be one of en, fr, de, es$/),
      expect.stringMatching(/field: "amount" is a number field: a board groups by a select/),
      expect.stringMatching(/field: "description" is a text field: a calendar places rows by a date/),
      expect.stringMatching(/field: "description" is a text field: a ranking orders rows by a number/),
    ]));
  });
});

describe('revisePlan with the built-in engine', () => {
  const start = (): AppPlan => planApp('A club app with members, check-ins and projects. Members have a budget. Tasks in projects');

  it('adds a field, renames an entity with the references and pages that name it, removes a field', () => {
    let plan = revisePlan(start(), 'add a notes field to check-ins');
    expect(field(plan, 'check_ins', 'notes').type).toBe('text');
    plan = revisePlan(plan, 'rename members to players');
    expect(plan.entities.map((candidate) => candidate.name)).toContain('players');
    expect(plan.pages.some((page) => page.entity === 'members')).toBe(false);
    expect(pageKinds(plan, 'players')).toEqual(['list', 'form', 'detail']);
    plan = revisePlan(plan, 'remove the budget');
    expect(entity(plan, 'players').fields.some((candidate) => candidate.name === 'budget')).toBe(false);
  });

  it('shows tasks as a board by a status it creates, and removing projects removes the tasks\' reference to them', () => {
    let plan = revisePlan(start(), 'show tasks as a board');
    expect(plan.pages.find((page) => page.kind === 'board')).toMatchObject({ entity: 'tasks', field: 'status' });
    expect(field(plan, 'tasks', 'status').type).toBe('select');
    expect(field(plan, 'tasks', 'project').entity).toBe('projects');
    plan = revisePlan(plan, 'remove projects');
    expect(plan.entities.map((candidate) => candidate.name)).not.toContain('projects');
    expect(entity(plan, 'tasks').fields.some((candidate) => candidate.entity === 'projects')).toBe(false);
    expect(plan.pages.find((page) => page.kind === 'board')).toMatchObject({ entity: 'tasks', field: 'status' });
  });

  it('renaming an entity updates the references to it', () => {
    const plan = revisePlan(planApp('A project tracker with tasks in projects'), 'rename projects to boards');
    expect(field(plan, 'tasks', 'project').entity).toBe('boards');
  });

  it('fails saying what it did not understand, and keeps the plan as it was', () => {
    const plan = start();
    expect(() => revisePlan(plan, 'frobnicate the widgets')).toThrow(BlueprintPromptError);
    expect(() => revisePlan(plan, 'frobnicate the widgets')).toThrow(/did not understand "frobnicate the widgets"/);
    expect(plan).toEqual(start());
  });

  it('a noun that is also a field name is a thing when a relation names it: books by authors, products in categories', () => {
    const books = planApp('A reading list where I track books by authors I like');
    expect(books.entities.map((candidate) => candidate.name)).toEqual(['books', 'authors']);
    expect(field(books, 'books', 'author')).toMatchObject({ type: 'reference', entity: 'authors' });
    const shop = planApp('A small shop inventory: products in categories, with stock and a price');
    expect(field(shop, 'products', 'category')).toMatchObject({ type: 'reference', entity: 'categories' });
    // without a relation, it stays a field
    expect(field(planApp('A recipe manager with ingredients and a category'), 'recipes', 'category').type).toBe('select');
  });

  it('a thing named after "each" is kept, and a stage may say what it waits for: each repair job goes through …', () => {
    const plan = planApp('A repair shop: customers bring in devices, and each repair job goes through received, waiting for parts, fixed and collected');
    expect(field(plan, 'repair_jobs', 'stage').options).toEqual(['Received', 'Waiting for parts', 'Fixed', 'Collected']);
    expect(pageKinds(plan, 'repair_jobs')).toContain('board:stage');
    const loans = planApp('A lending library: members borrow games, and we note whether each loan was returned');
    expect(field(loans, 'loans', 'returned').type).toBe('boolean');
  });

  it('unknown French and German nouns are read by their shape: after an article, or capitalised in German', () => {
    const wedding = planApp('Ein Planer für Hochzeiten: Gäste, Tische und Geschenke, die von Gästen mitgebracht werden');
    expect(wedding.language).toBe('de');
    expect(wedding.entities.map((candidate) => candidate.label)).toEqual(expect.arrayContaining(['Gäste', 'Tische', 'Geschenke']));
    const gifts = wedding.entities.find((candidate) => candidate.label === 'Geschenke');
    const guests = wedding.entities.find((candidate) => candidate.label === 'Gäste');
    expect(gifts?.fields.some((candidate) => candidate.entity === guests?.name)).toBe(true);
    const bikes = planApp('Un carnet pour mon atelier : les clients déposent leurs vélos et chaque réparation a un prix');
    expect(bikes.entities.map((candidate) => candidate.name)).toEqual(expect.arrayContaining(['clients', 'velos']));
  });
});

describe('planApp reads rankings said in passing', () => {
  it('"TOP TEAMS BY GOALS": the things named right after the superlative are ranked, not another thing with the number', () => {
    const plan = planApp('Five-a-side league: players, teams, matches. Each player is in a team. Players score goals. Top teams by goals');
    expect(plan.pages.filter((page) => page.kind === 'ranking').map((page) => page.entity)).toEqual(['teams']);
  });

  it('"show the trails I hiked most at the top": the first thing of the clause is ranked', () => {
    const plan = planApp('hiking log: trails (name, length), hikes = trail + date. show the trails I hiked most at the top');
    expect(plan.pages.filter((page) => page.kind === 'ranking').map((page) => page.entity)).toEqual(['trails']);
  });

  it('"best sellers on top": what the sales point at is ranked, and no "sellers" are kept', () => {
    const plan = planApp('Bakery stall: cakes with price, markets with date, and sales per cake per market. best sellers on top');
    expect(plan.pages.filter((page) => page.kind === 'ranking').map((page) => page.entity)).toEqual(['cakes']);
    expect(names(plan)).not.toContain('sellers');
  });
});

describe('planApp reads things said to be for, in or of each other', () => {
  it('"plants + a weekly feed for each plant, skipped y/n": a single thing for each of a thing is a thing pointing at it, with the fields after', () => {
    const plan = planApp('plant care: plants + a weekly feed for each plant, skipped y/n');
    expect(field(plan, 'feeds', 'plant')).toMatchObject({ type: 'reference', entity: 'plants' });
    expect(field(plan, 'feeds', 'skipped').type).toBe('boolean');
  });

  it('"every room in each hotel, who the guest is": both are things, the room in the hotel, and the guest whom it points at', () => {
    const plan = planApp('I run two hotels. I want to see every room in each hotel, who the guest is, and the nightly rate.');
    expect(field(plan, 'rooms', 'hotel')).toMatchObject({ type: 'reference', entity: 'hotels' });
    expect(field(plan, 'rooms', 'guest')).toMatchObject({ type: 'reference', entity: 'guests' });
  });

  it('"every unit in each building": a word a count stands for names a thing after "every"; "each day" stays a time', () => {
    const plan = planApp('A landlord app: every unit in each building with the monthly rent');
    expect(field(plan, 'units', 'building')).toMatchObject({ type: 'reference', entity: 'buildings' });
    expect(names(planApp('meals for each day of the week made from recipes'))).not.toContain('days');
  });
});

describe('planApp shows dated things on a calendar', () => {
  it('"markets with date", "cleanups w date": a date the prompt gives a thing puts it on a calendar', () => {
    const plan = planApp('Bakery stall: cakes with price, markets with date');
    expect(plan.pages.filter((page) => page.kind === 'calendar').map((page) => `${page.entity}.${page.field}`)).toEqual(['markets.date']);
    expect(planApp('beach club: volunteers, cleanups w date + bags collected').pages.some((page) => page.kind === 'calendar' && page.entity === 'cleanups')).toBe(true);
  });
});

describe('planApp keeps to what the prompt is about', () => {
  const lending = 'A tiny tool lending library for my street: tools, neighbours, loans with a due date and whether it came back';

  it('"a tiny tool lending library for my street": the app is named after its subject, not "Tiny Tool" or the street', () => {
    expect(planApp(lending).name).toBe('Tool Lending Library');
    // a subject of one thing still takes who it is for
    expect(planApp('A volunteer shift scheduler for an animal shelter: volunteers and shifts').name).toBe('Shelter Shift Scheduler');
  });

  it('loans of a kept thing lend it: no money on the loans, no stock fields on the tools', () => {
    const plan = planApp(lending);
    expect(entity(plan, 'loans').fields.filter((known) => known.hint === 'currency')).toEqual([]);
    expect(entity(plan, 'tools').fields.map((known) => known.name)).not.toEqual(expect.arrayContaining(['sku']));
    expect(entity(plan, 'tools').fields.map((known) => known.name)).not.toContain('price');
    // a loan to a customer is money
    expect(entity(planApp('a small bank: customers and loans'), 'loans').fields.some((known) => known.hint === 'currency')).toBe(true);
  });

  it('neighbours are people, kept with how to reach them rather than a description, a date and tags', () => {
    const fields = entity(planApp(lending), 'neighbours').fields.map((known) => known.name);
    expect(fields).toEqual(expect.arrayContaining(['email', 'phone']));
    expect(fields).not.toContain('date');
  });

  it('"whether it came back", "if they showed up": the fact keeps the verb\'s particle', () => {
    expect(field(planApp(lending), 'loans', 'came_back').type).toBe('boolean');
    expect(field(planApp('party: guests with whether they showed up, and gifts'), 'guests', 'showed_up').type).toBe('boolean');
  });
});

describe('planApp reads a chatty list of things kept', () => {
  const chatty = "Hi! I help run our allotment society. I'd love something to keep track of the beds, the members (each member rents one bed), the tools in our shed and the harvests with a date and how many kilos.";

  it('"keep track of the beds, the members (…), the tools in our shed and the harvests with …": every thing of the list is kept', () => {
    const plan = planApp(chatty);
    expect(plan.entities.map((known) => known.name)).toEqual(expect.arrayContaining(['beds', 'members', 'tools', 'harvests']));
    expect(entity(plan, 'harvests').fields.some((known) => known.name === 'date')).toBe(true);
  });

  it('"each member rents one bed": what each of a thing does to one of another points at it, though the tagger reads a noun', () => {
    expect(field(planApp(chatty), 'members', 'bed')).toMatchObject({ type: 'reference', entity: 'beds' });
  });

  it('"how many kilos": a count named by what is counted', () => {
    expect(field(planApp(chatty), 'harvests', 'kilos').type).toBe('integer');
  });
});

describe('planApp reads terse notes of events and results', () => {
  it('"meets (when, where)": a listed plural the tagger reads as a verb is a thing, and "when"/"where" ask for its date and place', () => {
    const plan = planApp('swim team: swimmers, meets (when, where), results = swimmer + meet + time');
    expect(field(plan, 'meets', 'date').type).toBe('date');
    expect(field(plan, 'meets', 'location').type).toBe('text');
    expect(field(plan, 'results', 'meet')).toMatchObject({ type: 'reference', entity: 'meets' });
  });

  it('"fastest swimmers at the top": any superlative before a thing shown at the top ranks it', () => {
    const plan = planApp('swim team: swimmers, meets (when, where). fastest swimmers at the top');
    expect(plan.pages.filter((page) => page.kind === 'ranking').map((page) => page.entity)).toEqual(['swimmers']);
  });

  it('"attendance per singer per concert": one for each pair is a record pointing at both', () => {
    const plan = planApp('choir: singers with voice (soprano/alto/tenor/bass), concerts, attendance per singer per concert');
    expect(field(plan, 'attendances', 'singer')).toMatchObject({ type: 'reference', entity: 'singers' });
    expect(field(plan, 'attendances', 'concert')).toMatchObject({ type: 'reference', entity: 'concerts' });
    expect(entity(plan, 'singers').fields.some((known) => known.entity === 'attendances')).toBe(false);
  });
});

describe('planApp reads what there is and who did which', () => {
  it('"there are visitors, fixers and repairs", "there must be workers, the sites we clean and the cleanings": what there is are things', () => {
    expect(names(planApp('In our repair café there are visitors, fixers and repairs.'))).toEqual(['visitors', 'fixers', 'repairs']);
    const plan = planApp('I need aplication for my firm of cleaning. There must be workers, the sites we clean and the cleanings, every cleaning have worker and site and date.');
    expect(field(plan, 'cleanings', 'site')).toMatchObject({ type: 'reference', entity: 'sites' });
  });

  it('"which fixer did which repair": the second thing points at the first', () => {
    expect(field(planApp('In our repair café there are visitors, fixers and repairs. Which fixer did which repair, and if it works again.'), 'repairs', 'fixer'))
      .toMatchObject({ type: 'reference', entity: 'fixers' });
  });

  it('"log each walk with duration": a keeping verb before "each" is no app name', () => {
    expect(planApp('We have volunteers and animals. Volunteers walk animals; log each walk with duration.').name).not.toBe('Log');
  });
});

describe('planApp keeps a linked group to its name', () => {
  it('"kilns, and firings in a kiln": the kilns get no made-up description, date or tags, in English or French', () => {
    const kilns = entity(planApp('A pottery studio: kilns, and firings in a kiln with a date and temperature'), 'kilns');
    expect(kilns.fields.map((known) => known.name)).toEqual(['name', 'notes']);
    const fours = entity(planApp('Un atelier : fours, et cuissons dans un four avec date et température'), 'fours');
    expect(fours.fields.map((known) => known.name)).toEqual(['nom', 'notes']);
  });
});

describe('planApp reads "which X borrowed which Y" as loans', () => {
  it('"which friend borrowed which game": loans point at the friend and the game; a word naming no thing is the app\'s first', () => {
    const games = planApp('My board games: games with publisher and year. Also which friend borrowed which game.');
    expect(field(games, 'loans', 'friend')).toMatchObject({ type: 'reference', entity: 'friends' });
    expect(field(games, 'loans', 'game')).toMatchObject({ type: 'reference', entity: 'games' });
    const stamps = planApp('My stamp collection: stamps with country and year. Also which cousin borrowed which item.');
    expect(field(stamps, 'loans', 'cousin')).toMatchObject({ type: 'reference', entity: 'cousins' });
    expect(field(stamps, 'loans', 'stamp')).toMatchObject({ type: 'reference', entity: 'stamps' });
  });
});

describe('planApp names an app after the group or place a French, German or Spanish prompt opens with', () => {
  it('"Mi club de ajedrez:", "Unser Schachverein:", "Mon club d\'échecs :": the user\'s own words, not a list of the first thing', () => {
    expect(planApp('Mi club de ajedrez: socios, partidas con fecha.').name).toBe('Club de ajedrez');
    expect(planApp('Unser Schachverein: Mitglieder, Partien mit Datum.').name).toBe('Schachverein');
    expect(planApp("Mon club d'échecs : membres, parties avec date.").name).toBe("Club d'échecs");
  });
});

describe('planApp reads chatty paragraphs the way a person tells their day', () => {
  it('"I want the owners, the owners\' dogs, and the walks: date, which owner books, short or long": things, a possessive and a choice', () => {
    const plan = planApp('We share dog walking among neighbours. I want the owners, the owners\' dogs, and the walks: date, which owner books, short or long, and notes. A calendar view of the walks would help.');
    expect(names(plan)).toEqual(['owners', 'dogs', 'walks']);
    expect(field(plan, 'dogs', 'owner')).toMatchObject({ type: 'reference', entity: 'owners' });
    expect(field(plan, 'walks', 'owner')).toMatchObject({ type: 'reference', entity: 'owners' });
    expect(entity(plan, 'walks').fields.find((known) => known.options?.includes('Short'))?.options).toEqual(['Short', 'Long']);
    expect(views(plan, 'walks')).toContain('calendar:date');
    // a calendar asked for in passing names no app "Calendar"
    expect(plan.name).not.toBe('Calendar');
  });

  it('"I can put in each job as it comes in: address, the size (small, large) and what the client pays": the job\'s fields', () => {
    const plan = planApp('I run a small removals firm. I\'d love an app where I can put in each job as it comes in: the address, the size (small, medium, large) and what the client pays us, and each job is linked to a mover. Also want to see which mover did the most jobs!');
    expect(field(plan, 'jobs', 'size').options).toEqual(['Small', 'Medium', 'Large']);
    expect(entity(plan, 'jobs').fields.some((known) => known.hint === 'currency')).toBe(true);
    expect(field(plan, 'jobs', 'mover')).toMatchObject({ type: 'reference', entity: 'movers' });
    expect(views(plan, 'movers')).toContain('ranking:jobs');
  });

  it('"I have three greenhouses … Which greenhouse grows the most?": counted things are kept and the one asked about is ranked', () => {
    const plan = planApp('I have three greenhouses with heaters. I want to record the harvest of each greenhouse (date and kilos). Which greenhouse grows the most?');
    expect(names(plan)[0]).toBe('greenhouses');
    expect(field(plan, 'harvests', 'greenhouse')).toMatchObject({ type: 'reference', entity: 'greenhouses' });
    expect(views(plan, 'greenhouses').some((view) => view.startsWith('ranking:'))).toBe(true);
  });
});

describe('planApp adds only details that fit what a thing is', () => {
  it('"I need checks for each hive": a record of another thing gets a date and notes, no description or tags', () => {
    const plan = planApp('Hives have a name and a location. I need checks for each hive too.');
    expect(field(plan, 'checks', 'hive')).toMatchObject({ type: 'reference', entity: 'hives' });
    expect(entity(plan, 'checks').fields.map((known) => known.name)).toEqual(expect.arrayContaining(['date', 'notes']));
    expect(entity(plan, 'checks').fields.some((known) => ['description', 'tags'].includes(known.name))).toBe(false);
  });

  it('"employees and their laptops": an employee\'s usual start date or a birth date gets no calendar', () => {
    const employees = planApp('An office register. Each employee has many laptops. A laptop has a serial number and a price. Employees have a name and a department.');
    expect(employees.pages.some((page) => page.kind === 'calendar')).toBe(false);
    const club = planApp('A club app for the members and the bookings of courts, with the date and time. I would like to see the bookings in a calendar.');
    expect(club.pages.filter((page) => page.kind === 'calendar').map((page) => page.entity)).toEqual(['bookings']);
  });
});

describe('planApp reads compound nouns, counts and records the way they are meant', () => {
  it('"a board game café": board games are games, no board page and no app named "Board"', () => {
    const plan = planApp('A board game café app: board games with a title and a shelf, and tables booked by guests');
    expect(plan.name).not.toBe('Board');
    expect(plan.pages.some((page) => page.kind === 'board')).toBe(false);
  });

  it('"a table of riders with the most wins": the riders are ranked by a count of wins, no table of wins', () => {
    const plan = planApp('A cycling club tool to schedule races and see a table of riders with the most wins');
    expect(views(plan, 'riders')).toContain('ranking:wins');
    expect(field(plan, 'riders', 'wins').type).toBe('integer');
  });

  it('"marks of each pupil in each subject": a record of a mark pointing at the pupil and the subject', () => {
    const plan = planApp('A teacher\'s app: pupils, subjects, and grades of each pupil in each subject');
    expect(field(plan, 'grades', 'pupil')).toMatchObject({ type: 'reference', entity: 'pupils' });
    expect(field(plan, 'grades', 'subject')).toMatchObject({ type: 'reference', entity: 'subjects' });
    expect(entity(plan, 'pupils').fields.some((known) => known.name.startsWith('grades'))).toBe(false);
  });
});

describe('planApp reads user stories', () => {
  it('"As a coach, I want to record my players\' attendance for each training, so that I can see who missed the most trainings"', () => {
    const plan = planApp('As a coach, I want to record my players\' attendance for each training, so that I can see who missed the most trainings');
    expect(field(plan, 'attendances', 'player')).toMatchObject({ type: 'reference', entity: 'players' });
    expect(field(plan, 'attendances', 'training')).toMatchObject({ type: 'reference', entity: 'trainings' });
    expect(views(plan, 'players')).toContain('ranking:missed_trainings');
  });
});
