// Prompts users sent that the planner misread, and prompts of the same shapes written for these specs: each asserts
// the plan a user would see (things, field types, references, choices, views, the app's name and language).
import { planApp } from './plan-app';
import { entity, field, names, views } from './plan-lookup.testing';

describe('planApp keeps a French, German or Spanish plan in the user\'s words', () => {
  it('a gîte\'s séjours: French names and labels, dates, yes/no, money and a calendar of séjours', () => {
    const plan = planApp("Gestion des réservations de mon gîte : les clients réservent des séjours avec une date d'arrivée et une date de départ, un acompte payé ou non, et le prix total");
    expect(plan.language).toBe('fr');
    expect(names(plan)).toContain('sejours');
    expect(entity(plan, 'sejours')).toMatchObject({ label: 'Séjours', label_singular: 'Séjour' });
    expect(field(plan, 'sejours', 'date_d_arrivee')).toMatchObject({ type: 'date', label: "Date d'arrivée" });
    expect(field(plan, 'sejours', 'date_de_depart')).toMatchObject({ type: 'date', label: 'Date de départ' });
    expect(field(plan, 'sejours', 'acompte_paye')).toMatchObject({ type: 'boolean', label: 'Acompte payé' });
    expect(field(plan, 'sejours', 'prix_total')).toMatchObject({ type: 'number', hint: 'currency' });
    expect(views(plan, 'sejours')).toContain('calendar:date_d_arrivee');
    expect(entity(plan, 'sejours').fields.map((candidate) => candidate.name).filter((name) => /_of_|paid|non$/.test(name))).toEqual([]);
  });

  it('a Spanish stay with "fecha de llegada … o no": Spanish labels, one yes/no, a calendar from the arrival', () => {
    const plan = planApp('Una app para mi casa rural: los huéspedes reservan estancias con fecha de llegada y fecha de salida, una señal pagada o no y el precio total');
    expect(plan.language).toBe('es');
    expect(field(plan, 'estancias', 'fecha_de_llegada')).toMatchObject({ type: 'date', label: 'Fecha de llegada' });
    expect(field(plan, 'estancias', 'senal_pagada')).toMatchObject({ type: 'boolean', label: 'Señal pagada' });
    expect(entity(plan, 'estancias').fields.filter((candidate) => candidate.type === 'boolean')).toHaveLength(1);
    expect(views(plan, 'estancias')).toContain('calendar:fecha_de_llegada');
  });

  it('"a deposit paid or not" is one yes/no field, and a stay with an arrival date is on a calendar', () => {
    const plan = planApp('A holiday cottage app: guests book stays with an arrival date and a departure date, a deposit paid or not, and the total price');
    expect(field(plan, 'stays', 'deposit_paid').type).toBe('boolean');
    expect(entity(plan, 'stays').fields.filter((candidate) => candidate.type === 'boolean')).toHaveLength(1);
    expect(views(plan, 'stays')).toContain('calendar:arrival_date');
  });

  it('Spanish "libros" are Libro in the singular, not the verb "reservar"; French "livres" Livre', () => {
    expect(entity(planApp('Una biblioteca: libros con autor y socios que los piden prestados'), 'libros')).toMatchObject({ label: 'Libros', label_singular: 'Libro' });
    expect(entity(planApp('Une bibliothèque pour notre école : les livres avec un auteur et les élèves qui les empruntent'), 'livres')).toMatchObject({ label: 'Livres', label_singular: 'Livre' });
  });
});

describe('planApp reads games between players and a list of things that goes on after a thing\'s fields', () => {
  it('a chess tournament: players with a rating, rounds, and games between players with a win/draw/loss result', () => {
    const plan = planApp('A chess tournament app: players with their rating, rounds, and games between two players with the result (win, draw or loss)');
    expect(names(plan)).toEqual(expect.arrayContaining(['players', 'rounds', 'games']));
    expect(field(plan, 'players', 'rating').type).toBe('integer');
    expect(field(plan, 'games', 'result')).toMatchObject({ type: 'select', options: ['Win', 'Draw', 'Loss'] });
    expect(field(plan, 'games', 'players')).toMatchObject({ type: 'references', entity: 'players' });
    const gameFields = entity(plan, 'games').fields.map((candidate) => candidate.name);
    expect(gameFields).not.toContain('platform');
    expect(entity(plan, 'games').fields.flatMap((candidate) => candidate.options ?? [])).not.toContain('Backlog');
    expect(entity(plan, 'players').fields.map((candidate) => candidate.name)).not.toEqual(expect.arrayContaining(['rounds']));
    expect(entity(plan, 'players').fields.some((candidate) => candidate.options?.includes('Draw'))).toBe(false);
  });

  it('darts: teams with a captain, evenings, and games between two teams with an outcome (a select on games)', () => {
    const plan = planApp('A darts night app: teams with their captain, evenings, and games between two teams with the outcome (home win, draw or away win)');
    expect(names(plan)).toEqual(['teams', 'evenings', 'games']);
    expect(field(plan, 'games', 'outcome')).toMatchObject({ type: 'select', options: ['Home win', 'Draw', 'Away win'] });
    expect(field(plan, 'games', 'teams')).toMatchObject({ type: 'references', entity: 'teams' });
    expect(entity(plan, 'games').fields.map((candidate) => candidate.name)).not.toContain('platform');
  });

  it('games kept on a shelf with no players or rounds stay a library of games', () => {
    const plan = planApp('A video game collection: games with the console and whether I finished them');
    expect(entity(plan, 'games').fields.map((candidate) => candidate.name)).not.toContain('location');
  });

  it('a list of fields with no thing after it stays fields: "recipes with ingredients, steps, and photos"', () => {
    expect(names(planApp('A recipe app: recipes with ingredients, steps, and photos'))).toEqual(['recipes']);
  });
});

describe('planApp keeps things no word list knows when the sentence lists them', () => {
  it('Spanish "las averías de cada teléfono con un precio" after "clientes, sus teléfonos": averías are a thing with a price', () => {
    const plan = planApp('Una app para la tienda de móviles: clientes, sus teléfonos y las averías de cada teléfono con un precio');
    expect(plan.language).toBe('es');
    expect(names(plan)).toEqual(['clientes', 'telefonos', 'averias']);
    expect(field(plan, 'telefonos', 'cliente')).toMatchObject({ type: 'reference', entity: 'clientes' });
    expect(entity(plan, 'averias').fields.some((candidate) => candidate.hint === 'currency')).toBe(true);
  });

  it('"customers, their cars and the repairs of each car with a price": customers start a list of things', () => {
    const plan = planApp('A garage app: customers, their cars and the repairs of each car with a price');
    expect(names(plan)).toEqual(['customers', 'cars', 'repairs']);
    expect(field(plan, 'repairs', 'car')).toMatchObject({ type: 'reference', entity: 'cars' });
    expect(field(plan, 'repairs', 'price')).toMatchObject({ type: 'number', hint: 'currency' });
  });

  it('Spanish "vendimias de cada parcela con la fecha y catas con la nota": an item with fields of its own is a thing', () => {
    const plan = planApp('Una app para mi viñedo: parcelas, vendimias de cada parcela con la fecha y catas con la nota');
    expect(names(plan)).toEqual(['parcelas', 'vendimias', 'catas']);
    expect(field(plan, 'vendimias', 'parcela')).toMatchObject({ type: 'reference', entity: 'parcelas' });
    expect(entity(plan, 'catas').fields.map((candidate) => candidate.name)).toContain('nota');
    expect(entity(plan, 'vendimias').fields.map((candidate) => candidate.name).filter((name) => name.includes('catas'))).toEqual([]);
  });

  it('"a kiln log: kilns, firings of each kiln with the date and glazes with the colour": glazes are a thing', () => {
    const plan = planApp('A pottery kiln log: kilns, firings of each kiln with the date and glazes with the colour');
    expect(names(plan)).toEqual(['kilns', 'firings', 'glazes']);
    expect(field(plan, 'glazes', 'colour').type).toBe('text');
  });

  it('Spanish "con materias, deberes con fecha de entrega": a listed word before a thing with fields is a thing', () => {
    const plan = planApp('Un cuaderno de clases con materias, deberes con fecha de entrega');
    expect(names(plan)).toEqual(expect.arrayContaining(['materias', 'deberes']));
    expect(entity(plan, 'clases').fields.map((candidate) => candidate.name)).not.toContain('materias');
    expect(views(plan, 'deberes')).toContain('calendar:fecha_limite');
  });
});

describe('planApp reads what a word in the app\'s description is', () => {
  it('"a wedding planner with guests, tables and a budget": no budget on the guests, no money on the tables', () => {
    const plan = planApp('A wedding planner with guests, tables and a budget; guests RSVP yes or no and sit at a table');
    expect(names(plan)).toEqual(['guests', 'tables']);
    expect(entity(plan, 'guests').fields.map((candidate) => candidate.name)).not.toContain('budget');
    expect(entity(plan, 'tables').fields.some((candidate) => candidate.hint === 'currency')).toBe(false);
    expect(field(plan, 'guests', 'table')).toMatchObject({ type: 'reference', entity: 'tables' });
  });

  it('"a garden party planner with helpers, stalls and a budget": the budget is the app\'s, not the helpers\'', () => {
    const plan = planApp('A garden party planner with helpers, stalls and a budget');
    expect(names(plan)).toEqual(['helpers', 'stalls']);
    expect(plan.entities.flatMap((candidate) => candidate.fields).some((candidate) => candidate.hint === 'currency')).toBe(false);
  });

  it('"a book fair tracker" is about a fair: no table of books; its exhibitors, stands and visitors are kept', () => {
    const plan = planApp('A book fair tracker: exhibitors, stands and visitors');
    expect(names(plan)).toEqual(['exhibitors', 'stands', 'visitors']);
    expect(plan.name).toBe('Book Fair Tracker');
  });

  it('"a plant sale organiser" is about a sale: no plants table; a "book club app" still keeps books', () => {
    expect(names(planApp('A plant sale organiser: sellers, tables and buyers'))).toEqual(expect.arrayContaining(['sellers', 'tables']));
    expect(names(planApp('A plant sale organiser: sellers, tables and buyers'))).not.toContain('plants');
    expect(names(planApp('A book club app: members, books and meetings'))).toEqual(['members', 'books', 'meetings']);
  });
});

describe('planApp reads German relative clauses, dative objects and "someone" who does a thing', () => {
  it('a WG: Mitbewohner, Aufgaben assigned to one with a date, Artikel bought (yes/no) by one, named after the WG', () => {
    const plan = planApp('Eine App für unsere WG: Putzplan mit Aufgaben, die jede Woche einem Mitbewohner zugewiesen werden, und eine Einkaufsliste mit Artikeln, die jemand besorgt');
    expect(plan.language).toBe('de');
    expect(plan.name).toBe('WG-App');
    expect(names(plan)).toEqual(expect.arrayContaining(['aufgaben', 'artikel', 'mitbewohner']));
    expect(entity(plan, 'mitbewohner')).toMatchObject({ label: 'Mitbewohner', label_singular: 'Mitbewohner' });
    expect(entity(plan, 'aufgaben').fields.find((candidate) => candidate.entity === 'mitbewohner')?.type).toBe('reference');
    expect(entity(plan, 'aufgaben').fields.some((candidate) => candidate.type === 'date')).toBe(true);
    expect(field(plan, 'artikel', 'gekauft').type).toBe('boolean');
    expect(field(plan, 'artikel', 'gekauft_von')).toMatchObject({ type: 'reference', entity: 'mitbewohner', label: 'Gekauft von' });
  });

  it('"Dienste, die jeden Monat einem Helfer zugewiesen werden": a Helfer thing and the Dienste\'s reference to it', () => {
    const plan = planApp('Eine App für unseren Verein: Dienste, die jeden Monat einem Helfer zugewiesen werden');
    expect(entity(plan, 'dienste').fields.find((candidate) => candidate.entity === 'helfer')?.type).toBe('reference');
  });

  it('"items that someone buys" in English: a bought yes/no and who bought it, when the app keeps people', () => {
    const plan = planApp('An app for our flat: a chore rota with tasks that are assigned to a flatmate each week, and a shopping list with items that someone buys');
    expect(field(plan, 'items', 'bought').type).toBe('boolean');
    expect(field(plan, 'items', 'bought_by')).toMatchObject({ type: 'reference', entity: 'flatmates' });
  });
});
