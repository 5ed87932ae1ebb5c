// What a prompt says of which thing, on prompts of the shapes the fit bench's misses had, written for these specs
// (not the bench's own sentences): each asserts the plan a user would see.
import { planApp } from './plan-app';
import { entity, field, names, views } from './plan-lookup.testing';

describe('planApp gives what is said of a thing to that thing', () => {
  it('"My flats: address, monthly rent, due day": a prompt opening with "my" and a thing lists that thing\'s fields', () => {
    const plan = planApp('My flats: address, monthly rent, due day.');
    expect(names(plan)).toEqual(['flats']);
    expect(field(plan, 'flats', 'monthly_rent')).toMatchObject({ type: 'number', hint: 'currency' });
    expect(field(plan, 'flats', 'address').type).toBe('text');
    // (after "my", things listed after the colon are things: "My board games: games with publisher and year")
    expect(names(planApp('My board games: games with publisher and year.'))).toEqual(['games']);
  });

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

describe('planApp reads verbs relating two things', () => {
  it('"attendees … sit at a table": a second verb of the clause places its subject', () => {
    const plan = planApp('A conference seating chart: attendees and tables; attendees choose a meal and sit at a table');
    expect(field(plan, 'attendees', 'table')).toMatchObject({ type: 'reference', entity: 'tables' });
  });

  it('"referees give scores": who gives the scores is kept; the teams with the highest score are ranked', () => {
    const plan = planApp('A science olympiad app: schools enter teams, referees give scores, and the teams with the highest score win');
    expect(names(plan)).toEqual(expect.arrayContaining(['schools', 'teams', 'referees']));
    expect(field(plan, 'teams', 'school')).toMatchObject({ type: 'reference', entity: 'schools' });
    expect(views(plan, 'teams')).toContain('ranking:score');
  });

  it('"boats can be reserved", "pickings are recorded per tree with the weight": what is done to is a thing', () => {
    const sailing = planApp('A sailing club app: boats can be reserved by the day at a price');
    expect(names(sailing)).toEqual(['boats']);
    expect(field(sailing, 'boats', 'price')).toMatchObject({ type: 'number', hint: 'currency' });
    const orchard = planApp('An orchard log: trees in rows, pickings are recorded per tree with the weight');
    expect(names(orchard).sort()).toEqual(['pickings', 'rows', 'trees']);
    expect(field(orchard, 'pickings', 'weight').type).toBe('number');
    expect(field(orchard, 'pickings', 'tree')).toMatchObject({ type: 'reference', entity: 'trees' });
  });

  it('"tutors offer lessons to pupils, with the price and whether it has been paid": a verb the tagger calls a noun', () => {
    const plan = planApp('A tutoring app: tutors offer lessons to pupils, with the price and whether it has been paid');
    expect(field(plan, 'lessons', 'tutor')).toMatchObject({ type: 'reference', entity: 'tutors' });
    expect(field(plan, 'lessons', 'pupil')).toMatchObject({ type: 'reference', entity: 'pupils' });
    expect(field(plan, 'lessons', 'price').hint).toBe('currency');
    expect(field(plan, 'lessons', 'paid').type).toBe('boolean');
    expect(entity(plan, 'pupils').fields.some((candidate) => candidate.hint === 'currency')).toBe(false);
    const carpool = planApp('A carpool app: drivers offer rides to colleagues');
    expect(field(carpool, 'rides', 'driver')).toMatchObject({ type: 'reference', entity: 'drivers' });
    expect(field(carpool, 'rides', 'colleague')).toMatchObject({ type: 'reference', entity: 'colleagues' });
  });

  it('"the shifts each helper works at a stall, with the start time": a thing, who makes each, and where', () => {
    const plan = planApp('A school fete planner: stalls, helpers and the shifts each helper works at a stall, with the start time');
    expect(names(plan)).toEqual(['stalls', 'helpers', 'shifts']);
    expect(field(plan, 'shifts', 'helper')).toMatchObject({ type: 'reference', entity: 'helpers' });
    expect(field(plan, 'shifts', 'stall')).toMatchObject({ type: 'reference', entity: 'stalls' });
    expect(field(plan, 'shifts', 'starts_at').type).toBe('datetime');
  });

  it('"a booking tool": the kind of app, not a thing booked', () => {
    const plan = planApp('A coworking booking tool: members reserve desks for a day');
    expect(names(plan)).not.toContain('tools');
    expect(field(plan, 'desks', 'member')).toMatchObject({ type: 'reference', entity: 'members' });
  });
});

describe('planApp reads possessives, yes/no facts and things that happen', () => {
  it('"owners, their horses": who has the things is a thing too, even when the word is also a field\'s', () => {
    const plan = planApp('A riding school app: owners, their horses and lessons for each horse with a date');
    expect(names(plan)).toEqual(expect.arrayContaining(['owners', 'horses', 'lessons']));
    expect(field(plan, 'horses', 'owner')).toMatchObject({ type: 'reference', entity: 'owners' });
    expect(field(plan, 'lessons', 'horse')).toMatchObject({ type: 'reference', entity: 'horses' });
    expect(views(plan, 'lessons')).toContain('calendar:date');
  });

  it('"whether I own each game", "whether the nest was found": yes/no fields named by what is said', () => {
    const games = planApp('A board game shelf where I keep games by designers and whether I own each game');
    expect(field(games, 'games', 'own').type).toBe('boolean');
    const birds = planApp('A bird watching log: sightings of each bird with the date, whether the nest was found and notes');
    expect(field(birds, 'sightings', 'nest_found').type).toBe('boolean');
    expect(field(birds, 'sightings', 'notes').type).toBe('text');
    expect(names(birds)).not.toContain('notes');
  });

  it('"sculptures made by artists on lawns", "lectures given by professors in halls, each … with a start time"', () => {
    const park = planApp('A sculpture park guide: sculptures made by artists on lawns');
    expect(field(park, 'sculptures', 'made_by')).toMatchObject({ type: 'reference', entity: 'artists' });
    expect(field(park, 'sculptures', 'lawn')).toMatchObject({ type: 'reference', entity: 'lawns' });
    const lectures = planApp('A university events app: lectures given by professors in halls, each lecture with a start time');
    expect(field(lectures, 'lectures', 'hall')).toMatchObject({ type: 'reference', entity: 'halls' });
    expect(views(lectures, 'lectures')).toContain('calendar:starts_at');
  });

  it('"trails set by trail wardens": a participle of two words relates to a thing of two words', () => {
    const plan = planApp('A hiking club app: trails set by trail wardens in parks, each trail with a length');
    expect(field(plan, 'trails', 'set_by')).toMatchObject({ type: 'reference', entity: 'trail_wardens' });
    expect(field(plan, 'trails', 'park')).toMatchObject({ type: 'reference', entity: 'parks' });
  });

  it('a thing with a date and a place, or a date and the thing it is of, is on a calendar', () => {
    const choir = planApp('Ein Planer für unseren Chor: Sänger und Auftritte mit Datum und Ort');
    expect(choir.language).toBe('de');
    expect(views(choir, 'auftritte')).toContain('calendar:datum');
  });
});

describe('planApp reads French rankings and Spanish yes/no facts', () => {
  it('"on classe les joueurs par victoires": a ranking of the things named, by that number', () => {
    const plan = planApp('Une application pour notre club : les joueurs jouent des matchs et on classe les joueurs par points');
    expect(plan.language).toBe('fr');
    expect(views(plan, 'joueurs')).toContain('ranking:points');
  });

  it('"y si están leídos": a yes/no field named in the prompt\'s words, and no field made of the clause', () => {
    const plan = planApp('Una lista de libros con autor, precio y si están leídos');
    expect(plan.language).toBe('es');
    expect(field(plan, 'libros', 'leidos').type).toBe('boolean');
    expect(entity(plan, 'libros').fields.map((candidate) => candidate.name).filter((name) => name.includes('are'))).toEqual([]);
  });
});

describe('planApp reads relations in their many phrasings', () => {
  it('"each singer is in a section": being in, on or at a thing places one in it', () => {
    const plan = planApp('Choir app: singers, sections, concerts. Each singer is in a section.');
    expect(field(plan, 'singers', 'section')).toMatchObject({ type: 'reference', entity: 'sections' });
  });

  it('"- orders -> customer, due date, total": an arrow from a plural thing to a single one is a link, no stages', () => {
    const plan = planApp('Bakery:\n- customers (name, phone)\n- orders -> customer, pickup date, total');
    expect(field(plan, 'orders', 'customer')).toMatchObject({ type: 'reference', entity: 'customers' });
    expect(field(plan, 'orders', 'total').hint).toBe('currency');
    expect(plan.pages.filter((page) => page.kind === 'board')).toEqual([]);
  });

  it('"linked to a customer and a cake": a linking participle names the link after each thing it links to', () => {
    const plan = planApp('bakery: cakes, bakers, orders. orders are linked to a customer and a cake');
    expect(field(plan, 'orders', 'customer')).toMatchObject({ type: 'reference', entity: 'customers' });
    expect(field(plan, 'orders', 'cake')).toMatchObject({ type: 'reference', entity: 'cakes' });
    expect(entity(plan, 'orders').fields.map((known) => known.name)).not.toContain('linked_to');
  });

  it('"a shelf has many books": how many there are is a relation, no field', () => {
    const plan = planApp('library: shelves, books. a shelf has many books');
    expect(field(plan, 'books', 'shelf')).toMatchObject({ type: 'reference', entity: 'shelves' });
    expect(entity(plan, 'books').fields.map((known) => known.name)).not.toContain('many_books');
  });

  it('"producer per bottle": one of a new thing for each of a known one is a thing the known one points at', () => {
    const plan = planApp('wine club: bottles, producer per bottle, tastings');
    expect(names(plan)).toEqual(expect.arrayContaining(['bottles', 'producers', 'tastings']));
    expect(field(plan, 'bottles', 'producer')).toMatchObject({ type: 'reference', entity: 'producers' });
    // a fee per student stays a fee
    const priced = planApp('tutoring: students, lessons with a fee per student');
    expect(field(priced, 'lessons', 'fee_per_student').hint).toBe('currency');
    expect(names(priced)).not.toContain('fees');
  });
});

describe('planApp reads compound things and what is said after them', () => {
  it('"engine parts with price, repair jobs with a date": a singular noun before a listed plural thing is part of its name', () => {
    const plan = planApp('Garage app: engine parts with price and supplier, repair jobs with a date');
    expect(names(plan)).toEqual(expect.arrayContaining(['engine_parts', 'repair_jobs']));
    expect(field(plan, 'engine_parts', 'price').hint).toBe('currency');
  });

  it('"the venues we play at with the address": what the user does with a listed thing leaves it the thing the fields are of', () => {
    const plan = planApp('Band app: songs with a key and tempo, the venues we play at with address and capacity, and gigs');
    expect(names(plan)).toEqual(expect.arrayContaining(['songs', 'venues', 'gigs']));
    expect(entity(plan, 'venues').fields.map((known) => known.name)).toContain('address');
    expect(entity(plan, 'songs').fields.map((known) => known.name)).not.toContain('venues');
  });

  it('"sales per part per garage": a thing per two others points at both, and "part" names the engine parts', () => {
    const plan = planApp('Workshop app: engine parts with price, garages with address and city, and sales per part per garage');
    expect(field(plan, 'sales', 'engine_part')).toMatchObject({ type: 'reference', entity: 'engine_parts' });
    expect(field(plan, 'sales', 'garage')).toMatchObject({ type: 'reference', entity: 'garages' });
    expect(plan.entities.flatMap((known) => known.fields).map((known) => known.name)).not.toContain('per_part_per_garage');
  });
});

describe('planApp reads money asked as a question', () => {
  it('"with what they cost", "what it\'s worth now": a question about money in a list of fields is a money field', () => {
    expect(field(planApp('a garden: seeds we still need to buy with what they cost'), 'seeds', 'cost').hint).toBe('currency');
    const plan = planApp('stamp album: stamps (country, year, what it\'s worth now, mint?)');
    expect(field(plan, 'stamps', 'value')).toMatchObject({ type: 'number', hint: 'currency' });
    expect(field(plan, 'stamps', 'mint').type).toBe('boolean');
  });
});

describe('planApp gives money asked about to the thing it is asked of', () => {
  it('"…, rehearsals with a date, and the costumes we still need to buy with what they cost": the costumes cost, not the rehearsals', () => {
    const plan = planApp('Could you make me something where I can list the dancers, rehearsals with a date and which pieces we practise, and the costumes we still need to buy with what they cost?');
    expect(field(plan, 'costumes', 'cost').hint).toBe('currency');
    expect(entity(plan, 'rehearsals').fields.filter((known) => known.hint === 'currency')).toEqual([]);
  });

  it('"I\'m managing our choir\'s next show": a phrase ending on a word read as a verb ("show") names nothing kept', () => {
    expect(names(planApp("I'm managing our choir's next show. Singers, songs and rehearsals with a date."))).toEqual(expect.not.arrayContaining(['choir_nexts', 'nexts']));
  });
});

describe('planApp reads choices and money said among other things', () => {
  it('"log payments (date, amount, late or on time)": two short words joined by "or" among fields are one choice', () => {
    const plan = planApp('A small daycare: children, parents, and log fee payments (date, amount, late or on time)');
    expect(field(plan, 'fee_payments', 'status')).toMatchObject({ type: 'select', options: ['Late', 'On time'] });
  });

  it('"every room in each hotel, who the guest is, the nightly fee": money said after an adjective is the each-thing\'s', () => {
    const plan = planApp('I run two hotels. I want to see every room in each hotel, who the guest is, the nightly fee.');
    expect(entity(plan, 'rooms').fields.some((known) => known.hint === 'currency')).toBe(true);
    expect(entity(plan, 'guests').fields.some((known) => known.hint === 'currency')).toBe(false);
  });
});

describe('planApp reads a listed thing placed by a short clause before its fields', () => {
  it('"…, and sales of honey to shops with the price": the sales are a thing with the price, not a field of the thing before', () => {
    const plan = planApp('beekeeping: hives with a location, harvests of each hive with date and kilos, and sales of honey to shops with the price');
    expect(field(plan, 'sales', 'price').hint).toBe('currency');
    expect(entity(plan, 'harvests').fields.map((known) => known.name)).not.toContain('sales_of_honey');
  });
});

describe('planApp reads "X of each Y in each Z"', () => {
  it('"attendances of each singer at each concert": the attendances point at both, the singers and concerts at neither', () => {
    for (const prompt of [
      'A choir: singers, concerts with a date, and attendances of each singer at each concert',
      'Mi coro: cantantes, conciertos con fecha, y asistencias de cada cantante en cada concierto',
    ]) {
      const plan = planApp(prompt);
      const [people, events, records] = plan.entities.map((known) => known.name);
      const pointers = (name: string): string[] => entity(plan, name).fields.filter((known) => known.type === 'reference').map((known) => known.entity ?? '');
      expect(pointers(records)).toEqual([people, events]);
      expect(pointers(people)).toEqual([]);
      expect(pointers(events)).toEqual([]);
    }
  });
});

describe('planApp reads a ranking asked for in French, German or Spanish', () => {
  it('"die besten Schwimmer oben", "los mejores nadadores arriba": the swimmers are ranked', () => {
    expect(views(planApp('Ein Schwimmverein: Schwimmer und Rennen mit Zeit. Die besten Schwimmer oben.'), 'schwimmer')).toEqual([expect.stringMatching(/^ranking:/)]);
    expect(views(planApp('Un club de natación: nadadores y carreras con tiempo. Los mejores nadadores arriba.'), 'nadadores')).toEqual([expect.stringMatching(/^ranking:/)]);
  });

  it('"the best finishers at the top": people named by what they do are the app\'s people, ranked, not a new thing', () => {
    const plan = planApp('A running club: members and races with a date. The best finishers at the top.');
    expect(names(plan)).toEqual(['members', 'races']);
    expect(views(plan, 'members')).toEqual([expect.stringMatching(/^ranking:/)]);
  });
});

describe('planApp reads sentences that say what one thing has', () => {
  it('"Each member has many bikes. A bike has a frame number …": the bikes are kept, with their fields, pointing at the member', () => {
    const plan = planApp('A cycling club register. Each member has many bikes. A bike has a frame number, a colour and a purchase price. Members have a name and a phone.');
    expect(names(plan)).toEqual(['members', 'bikes']);
    expect(field(plan, 'bikes', 'member')).toMatchObject({ type: 'reference', entity: 'members' });
    expect(field(plan, 'bikes', 'purchase_price')).toMatchObject({ type: 'number', hint: 'currency' });
    expect(entity(plan, 'members').fields.some((known) => known.name === 'purchase_price')).toBe(false);
  });
});

describe('planApp reads yes/no facts said as a place or a state', () => {
  it('"a flag for whether it\'s currently out on loan": a yes/no field named by the clause, no "flag"', () => {
    const plan = planApp('A camera kit list: cameras with a brand, a price and a flag for whether it\'s currently out on loan');
    expect(field(plan, 'cameras', 'out_on_loan').type).toBe('boolean');
    expect(entity(plan, 'cameras').fields.some((known) => known.name === 'flag')).toBe(false);
  });

  it('"the title, the price, and whether it\'s on this week\'s list": "it" is the thing whose fields came just before', () => {
    const plan = planApp('dinner planner - which dishes we cook, which farm is the source of each, the price, and whether it\'s on this week\'s list');
    expect(field(plan, 'dishes', 'on_list').type).toBe('boolean');
    expect(field(plan, 'dishes', 'farm')).toMatchObject({ type: 'reference', entity: 'farms' });
  });
});

describe('planApp reads plain sentences about a farm\'s or a club\'s records', () => {
  it('"Hives have a name. Colonies belong to their home hive, with a queen year …": each thing keeps its own fields', () => {
    const plan = planApp('A bee keeping app. Hives have a name and a location. Colonies belong to their home hive, with a queen colour and a temper (calm/nervous). We check the colonies every couple of weeks, so I need inspections for each colony too.');
    expect(names(plan)).toEqual(['hives', 'colonies', 'inspections']);
    expect(field(plan, 'colonies', 'hive')).toMatchObject({ type: 'reference', entity: 'hives' });
    expect(field(plan, 'colonies', 'temper').options).toEqual(['Calm', 'Nervous']);
    expect(field(plan, 'inspections', 'colony')).toMatchObject({ type: 'reference', entity: 'colonies' });
    expect(entity(plan, 'hives').fields.some((known) => known.name === 'temper')).toBe(false);
  });
});

describe('planApp reads lists a user keeps and what is kept of each', () => {
  it('"I keep a list of venues and for each venue the gigs we\'ve played or booked: date, fee": venues and gigs pointing at them', () => {
    const plan = planApp('I manage a small band. I\'d like a tool where I keep a list of venues and for each venue the gigs we\'ve played or booked: date, fee, and status (booked, played, cancelled).');
    expect(names(plan)).toEqual(expect.arrayContaining(['venues', 'gigs']));
    expect(field(plan, 'gigs', 'venue')).toMatchObject({ type: 'reference', entity: 'venues' });
    expect(field(plan, 'gigs', 'status').options).toEqual(['Booked', 'Played', 'Cancelled']);
    expect(entity(plan, 'venues').fields.some((known) => known.name === 'status')).toBe(false);
  });

  it('"an overview of our suppliers …, per batch the grade (a, b, c), the amount of crates": the fields of each batch', () => {
    const plan = planApp('I want to make an overview of our suppliers and batches, per batch the grade (premium, standard, seconds), the amount of crates and the price.');
    expect(names(plan)).toEqual(['suppliers', 'batches']);
    expect(field(plan, 'batches', 'grade').options).toEqual(['Premium', 'Standard', 'Seconds']);
    expect(field(plan, 'batches', 'amount_of_crates').type).toBe('integer');
    expect(field(plan, 'batches', 'price')).toMatchObject({ type: 'number', hint: 'currency' });
  });
});

describe('planApp reads possessives and records of each of two things', () => {
  it('"each pupil\'s marks with a score", "the owner\'s horses": what a thing owns is kept and points at it', () => {
    const marks = planApp('A tutor app: pupils and each pupil\'s grades with a score');
    expect(field(marks, 'grades', 'pupil')).toMatchObject({ type: 'reference', entity: 'pupils' });
    expect(field(marks, 'grades', 'score').type).toBe('integer');
    const stable = planApp('A livery yard app: owners, the owner\'s horses, and lessons');
    expect(field(stable, 'horses', 'owner')).toMatchObject({ type: 'reference', entity: 'owners' });
    // a field the owner's kind has stays its field
    expect(names(planApp('A recipe site: the recipe\'s ingredients are listed'))).toEqual(['recipes']);
  });

  it('"la présence de chaque membre à chaque répétition": a record of each member at each rehearsal, in French too', () => {
    const plan = planApp('Une appli pour la chorale : les choristes, les concerts, et la présence de chaque choriste à chaque concert');
    expect(field(plan, 'presences', 'choriste')).toMatchObject({ type: 'reference', entity: 'choristes' });
    expect(field(plan, 'presences', 'concert')).toMatchObject({ type: 'reference', entity: 'concerts' });
    const english = planApp('A league app: players, rounds, and the score of each player in each round');
    expect(field(english, 'scores', 'player')).toMatchObject({ type: 'reference', entity: 'players' });
    expect(field(english, 'scores', 'round')).toMatchObject({ type: 'reference', entity: 'rounds' });
  });
});

describe('planApp reads orders described in a second language\'s English', () => {
  it('"every job has client, price for one page, deadline and information if the text is already delivered to client"', () => {
    const plan = planApp('I need application for manage the jobs. We have editors and clients. Every job has client, editor, price for one page, deadline and information if the text is already delivered to client.');
    expect(field(plan, 'jobs', 'price')).toMatchObject({ type: 'number', hint: 'currency' });
    expect(field(plan, 'jobs', 'deadline').type).toBe('date');
    expect(views(plan, 'jobs')).toContain('calendar:deadline');
    expect(field(plan, 'jobs', 'text_delivered').type).toBe('boolean');
    expect(entity(plan, 'editors').fields.some((known) => known.type === 'reference' && known.entity === 'clients')).toBe(false);
  });
});

describe('planApp reads a thing named in the clause a colon ends', () => {
  it('"Hives with a name. I also want the sales of honey to the neighbours: who buys, price and whether they paid"', () => {
    const plan = planApp('Hives with a name. I also want the sales of honey to the neighbours: who buys, how many jars, price and whether they paid.');
    expect(names(plan)[0]).toBe('hives');
    expect(field(plan, 'sales', 'price')).toMatchObject({ type: 'number', hint: 'currency' });
    expect(field(plan, 'sales', 'paid').type).toBe('boolean');
    expect(entity(plan, 'hives').fields.some((known) => known.hint === 'currency')).toBe(false);
  });
});

describe('planApp reads a keeping verb said of each of a thing', () => {
  it('"each stallholder books a pitch": the stallholder points at the pitch', () => {
    const plan = planApp('craft fair: stallholders (name, phone), pitches (number, price). Each stallholder books a pitch, paid yes/no');
    expect(field(plan, 'stallholders', 'pitch')).toMatchObject({ type: 'reference', entity: 'pitches' });
  });
});

describe('planApp reads assignments, belonging to one of a new thing, and money named by its last word', () => {
  it('"Build me an app to assign jobs to cleaners, with hours per job and a leaderboard of cleaners by hours"', () => {
    const plan = planApp('Build me an app to assign jobs to cleaners, with an address and a leaderboard of cleaners by hours');
    expect(field(plan, 'jobs', 'cleaner')).toMatchObject({ type: 'reference', entity: 'cleaners' });
    expect(field(plan, 'jobs', 'address').type).toBe('text');
    expect(views(plan, 'cleaners').some((view) => view.startsWith('ranking:'))).toBe(true);
  });

  it('"each bottle belongs to a winery", "the rent payments each tenant makes": the winery is kept; rent payments are money', () => {
    const cellar = planApp('A wine cellar: bottles in racks; each bottle belongs to a winery; I rate bottles from 1 to 5');
    expect(field(cellar, 'bottles', 'winery')).toMatchObject({ type: 'reference', entity: 'wineries' });
    const rentals = planApp('As a landlord I want to track my flats, the tenants in each flat, and the rent payments each tenant makes');
    expect(entity(rentals, 'rent_payments').fields.some((known) => known.hint === 'currency')).toBe(true);
    expect(field(rentals, 'rent_payments', 'tenant')).toMatchObject({ type: 'reference', entity: 'tenants' });
  });
});

describe('planApp reads "them" for the things named before', () => {
  it('"an overview of our farms and the crates we buy from them": each crate points at a farm', () => {
    const plan = planApp('I want to make an overview of our farms and the crates we buy from them, per crate the fruit (apple, pear, plum) and the price.');
    expect(field(plan, 'crates', 'farm')).toMatchObject({ type: 'reference', entity: 'farms' });
    expect(field(plan, 'crates', 'fruit').options).toEqual(['Apple', 'Pear', 'Plum']);
  });
});

describe('planApp reads "which Xs" among a thing\'s fields', () => {
  it('"rehearsals (date, venue, which singers came)": each rehearsal points at several singers', () => {
    const plan = planApp('A choir app: singers (name, voice), rehearsals (date, venue, which singers came)');
    expect(field(plan, 'rehearsals', 'singers')).toMatchObject({ type: 'references', entity: 'singers' });
    expect(field(plan, 'rehearsals', 'date').type).toBe('date');
  });

  it('"the date of the repair, the cost of the parts, and the mechanic": a field said with articles does not end the list', () => {
    const plan = planApp('We keep every repair: the bike, the date of the repair, the cost of the parts, and the mechanic.');
    expect(field(plan, 'repairs', 'date_of_repair')).toMatchObject({ type: 'date' });
    expect(field(plan, 'repairs', 'cost_of_parts')).toMatchObject({ type: 'number' });
    expect(field(plan, 'repairs', 'mechanic')).toMatchObject({ type: 'reference', entity: 'mechanics' });
  });

  it('"max depth", "their depth", "humidity, pressure, rainfall": measures are numbers', () => {
    expect(field(planApp('A dive log: dives (date, site, max depth, bottom time).'), 'dives', 'max_depth')).toMatchObject({ type: 'number' });
    expect(field(planApp('A well register: wells with their depth and their owner.'), 'wells', 'depth')).toMatchObject({ type: 'number' });
    const weather = planApp('A weather log: readings (date, temperature, humidity, pressure, rainfall).');
    for (const measure of ['humidity', 'pressure', 'rainfall']) expect(field(weather, 'readings', measure)).toMatchObject({ type: 'number' });
  });

  it('"log every call-out: the customer, which engineer we sent, the total": each call-out points at the engineer', () => {
    const plan = planApp('Our dispatch desk needs to log every call-out: the customer, which engineer we sent, and the total we billed.');
    expect(field(plan, 'call_outs', 'engineer')).toMatchObject({ type: 'reference', entity: 'engineers' });
    expect(field(plan, 'call_outs', 'customer')).toMatchObject({ type: 'reference', entity: 'customers' });
  });
});

describe('planApp reads "each X\'s Ys per Z"', () => {
  it('"the runners, the races (date, course) and each runner\'s times per race": times pointing at the runner and the race', () => {
    const plan = planApp('I coach a running club. I\'d like to keep the runners, the races (date, course) and each runner\'s times per race.');
    expect(field(plan, 'times', 'runner')).toMatchObject({ type: 'reference', entity: 'runners' });
    expect(field(plan, 'times', 'race')).toMatchObject({ type: 'reference', entity: 'races' });
  });
});
