import * as fs from 'node:fs';
import { APP_SOURCE_LAYOUT, type AppPlan } from '@appgen/contracts';
import { planApp, revisePlan } from './plan-app';
import { renderApp, type RenderContext } from './render-app';
import { bundleApp, typeCheckApps, writeApp } from './rendered-app.testing';
import { validateAppPlan } from './validate-plan';

/**
 * Prompts the planner was not written for: every one must give an app that appgen can store, render, build and
 * serve. The planner may read a prompt poorly (that is a weaker app, not a failure); it may never give a plan
 * the data model, the renderer or the builder refuses.
 */
const PROMPTS: string[] = [
  // the issue's own and close relatives
  'A recipe manager where I save recipes with ingredients and cooking time and rate them',
  'A book club with books and reviews',
  'a book club app where members suggest books, vote on them and write reviews',
  'a CRM with companies, contacts and deals',
  'an app for my book club',
  // "an app for X"
  'an app for dog walkers',
  'an app for my bakery orders',
  'an app for tracking plants',
  'an app for our volunteer shifts',
  'An app for a yoga studio to manage classes and students',
  'app for homework',
  'an app to share recipes with friends',
  'an app where neighbours lend tools to each other',
  // "I want to track Y"
  'I want to track my weight',
  'I want to track my running distance and pace',
  'I want to track how much water I drink every day',
  'i want to track my moods and sleep',
  'I want to keep track of the wines I taste, with winery, vintage and a score out of 100',
  'I want to log my workouts with sets, reps and weight',
  'I want to record my blood pressure readings',
  'I want to track expenses by category and see the total',
  'I need to track which bills I have paid',
  'we want to track customer complaints and how they were resolved',
  // one-word and very short prompts
  'recipes',
  'Todo',
  'CRM',
  'inventory',
  'journal',
  'habits',
  'budget',
  'blog',
  'books',
  'movies',
  'notes',
  'Invoices',
  'gym',
  'plants',
  'x',
  'app',
  '???',
  '42',
  'a',
  'the the the',
  'make me an app',
  'something cool',
  'hello',
  // domains
  'a habit tracker with streaks',
  'a movie watchlist where I mark movies as watched and rate them out of 10',
  'a job application tracker: company, role, status (applied, interview, offer, rejected), applied date, salary',
  'a todo list where tasks have a title, due date, priority and done status',
  'a project tracker for our team with projects and tasks; tasks have a deadline, an assignee e-mail and tags',
  'an inventory app for our shop with products, suppliers and orders',
  'a plant care app: plants with species, watering interval in days and last watered',
  'pet care app with pets, vet visits and vaccinations',
  'a medication reminder with dosage and next dose',
  'a trip planner with destinations, flights and hotels',
  'a restaurant guide where I review restaurants and note the cuisine and price range',
  'a helpdesk where customers open tickets with priority and status',
  'a bug tracker with severity (minor, major, blocker) and status',
  'a student roster with grades for each course',
  'an employee directory with departments and roles',
  'a wedding guest list with RSVP, meal choice and table number',
  'an event planner for meetups with venue, date and capacity',
  'a car maintenance log: service date, mileage, cost, garage',
  'a wine cellar with bottles, vintage, region and drink-by year',
  'a subscription tracker with price, billing cycle and next payment date',
  'a reading list for books I want to read, with author and pages',
  'a podcast episode log with guests and topics',
  'a music library with albums, artists and songs',
  'a video game backlog with platform and hours played',
  'a board game collection with min players, max players and play time',
  'a library of my vinyl records with artist, year and condition',
  'a stamp collection catalog with country, year, value and condition',
  'a recipe box for my grandmother\'s recipes with ingredients, steps and servings',
  'a meal planner for the week with breakfast, lunch and dinner',
  'a grocery list with items, quantity and aisle',
  'a pantry inventory with expiry dates',
  'a home inventory for insurance: items, room, purchase price, purchase date, photo',
  'a budget planner with monthly budgets per category and transactions',
  'a freelance invoice manager with clients, projects, invoices and hourly rate',
  'a time tracker for client projects with hours and billable flag',
  'a sales pipeline with leads, deals (stage, value, close date) and notes',
  'a real estate listing site with properties, price, bedrooms, bathrooms and square meters',
  'a rental property manager with tenants, leases and rent payments',
  'a gym membership app with members, plans and check-ins',
  'a school timetable with classes, teachers and rooms',
  'a tutoring scheduler where students book lessons with tutors',
  'a dog walking business where clients book walks',
  'a salon booking system: customers book appointments with a stylist, service and time',
  'a clinic appointment scheduler with patients and doctors',
  'a fleet tracker for our delivery vans with drivers and routes',
  'a warehouse stock system with bins, SKUs and reorder levels',
  'an asset register for IT equipment with serial number, owner and warranty end date',
  'a church volunteer roster with availability and skills',
  'a donation tracker for our charity with donors, amounts and campaigns',
  'a sports league manager with teams, players, matches and scores',
  'a fantasy football draft board',
  'a chess club with members and tournaments',
  'a language learning app with vocabulary words, translations and a difficulty level',
  'a flashcard app with decks and cards (front, back, last reviewed)',
  'a bird watching log with species, location, date and count',
  'a fishing log: catches with species, weight, length and bait',
  'a hiking journal with trails, distance, elevation gain and difficulty',
  'a garden planner with beds, plants and sowing dates',
  'a beekeeping log with hives and inspections',
  'a home brewing log with batches, recipes, original gravity and bottling date',
  'a coffee tasting journal with beans, roaster, origin and tasting notes',
  'a skincare routine tracker with products and reactions',
  'a baby tracker for feeds, sleeps and diaper changes',
  'a period tracker',
  'a gratitude journal',
  'a dream diary with lucid yes/no',
  'a password hint list (no actual passwords!)',
  'a bookmark manager with tags',
  'a link saver for articles to read later',
  'a quote collection with author and source',
  'a research paper tracker with DOI, authors, year and read status',
  'a conference talk tracker with speakers, talks and rooms',
  'a hackathon judging app with teams, projects and scores from 1 to 10',
  'an OKR tracker with objectives and key results',
  'a kanban board with columns and cards',
  'a recruiting pipeline with candidates, interviews and offers',
  'a customer feedback board where users post ideas and upvote them',
  'a lost and found registry for our office',
  'a parking spot booking tool for employees',
  'a meeting room booking app',
  'a car pool organizer with rides, drivers and seats',
  'a potluck sign-up sheet with dishes and who brings what',
  'a secret santa organizer',
  'an allergy tracker for the kids with foods and reactions',
  // phrasing, typos, non-English words, punctuation, emoji, quotes, numbers
  'recipie manger with ingrediants and cookin time',
  'a todo app wiht tasks and deadlnes',
  'trak my expences plz',
  'Rezepte App mit Zutaten und Kochzeit',
  'una app para mis recetas con ingredientes',
  'application de gestion de bibliothèque avec livres et auteurs',
  'mes dépenses du mois: montant, catégorie, date',
  'café menu with prices in €',
  'an app for my 🐶 dog walks 🐾 with distance and duration',
  '📚 reading tracker 📚',
  '💰💰💰',
  'a "super simple" app called "Pantry Pal" for my pantry items',
  'an app called Task-o-matic 3000 for tasks',
  'a recipe manager called "Grandma\'s Kitchen"',
  'A TODO APP WITH TASKS AND PRIORITIES',
  'todo!!!! tasks!!! priorities!!!',
  'recipes; ingredients; steps; servings; rating.',
  'books - title, author, isbn, pages, started on, finished on',
  'track: workouts (type: run/swim/bike), duration in minutes, distance in km',
  'a list of 10 things to do before I turn 30',
  'track my 5k times and my 10k times',
  'an app with 3 entities: customers, orders and products',
  'expenses with amount ($), date & category (food/rent/fun)',
  'notes with #tags and @mentions',
  'tasks with status (todo / doing / done) and priority (low, medium, high)',
  'an app for "stuff"',
  'a C++ snippet library with language, code and tags',
  'a tracker for my 2024 goals',
  'employees, departments, salaries, managers, offices',
  'cats and dogs',
  'customers orders products invoices payments',
  'I collect sneakers',
  'I sell handmade candles on etsy and need to track orders, materials and costs',
  'log',
  'list',
  'book',
  'track',
  'with',
  'a with and or',
  'recipes with',
  'recipes with ()',
  'tasks with status ()',
  'tasks with status (,)',
  'tasks with status (a)',
  'tasks with status (done, done, done)',
  'a field called id and a field called created_at',
  'users with id, email, password and created_at',
  'an app with a data field, a json field and a type field',
  'items with name name name and title title',
  'contacts with email, email address, e-mail and mail',
  'recipes called recipes with recipes',
  // long prompts
  'I run a small community garden with about forty plots. I want an app where members can see which plot is theirs, log what they planted and when, record harvests with weight in kg, and where the coordinators can keep a list of tools that can be borrowed and who has them right now. It should also have a simple list of upcoming work days with a date and a short description, and the members should be able to sign up for them.',
  'We are a tiny nonprofit that rescues cats. We need to track every cat (name, age, color, health notes, whether it is adopted), the foster homes that take them in (address, phone, capacity), the adoption applications we receive (applicant name, email, date, status: new, reviewing, approved, declined), and the vet appointments. Only staff will use it.',
  'My partner and I are renovating our house and we keep losing track of things: the rooms, the tasks in each room, the contractors we talked to with their quotes, the materials we bought with prices and the shop, and the receipts. Please make something simple where we can see all of that, mark tasks as done, and sort by priority.',
  'Build a full stack web app for a food truck: menu items with price, category (mains, sides, drinks, desserts) and whether they are sold out; daily locations with date, address and opening hours; customer orders with items, total, pickup time and status (received, preparing, ready, picked up). The owner signs in, customers do not.',
  Array.from({ length: 40 }, (_, index) => `field${index + 1}`).reduce((prompt, field) => `${prompt}, ${field}`, 'a tracker for widgets with'),
  `a very long prompt ${'that goes on and on '.repeat(60)}about recipes`,
  'an app for collecting recipes and books and movies and songs and games and plants and pets and cars and wines and trips and notes and ideas',
  // an item ending in "per", which once made the planner throw; two readings of one word that made one table twice
  'notes: insured per',
  "A know Keep installs pagado s'ils mâle",
  // values or a yes/no given a column every row has ("an ID (mint, used)", "ID y/n"), which validation refused
  'alumno Chargennummer ID (mint, huevos) fee) logs',
  'Stamps app: stamps with an ID (mint, used)',
  'make, juggle Rangliste babysit entries do ID y/n) livraison firings. 0 weight',
];

/** Prompts of a first version and an update applied to it. */
const REVISIONS: Array<[string, string]> = [
  ['A recipe manager where I save recipes with ingredients and cooking time and rate them', 'add a category field to recipes'],
  ['A book club with books and reviews', 'add a spoiler flag to reviews and remove the date'],
  ['a todo app where tasks have a title, due date, priority and done status', 'make priority required; also track projects'],
  ['a CRM with companies, contacts and deals', 'rename deals to opportunities'],
  ['a habit tracker with streaks', 'make frequency a multiselect field'],
  ['a bookmark manager with tags', 'change the tags options to work, fun and later'],
  ['notes', 'make the content a multiselect'],
  ['books', 'add tags to books'],
  ['I want to track my weight', 'add a body fat percentage'],
  ['an app for tracking plants', 'also track watering logs with date and amount in ml'],
  ['recipes', 'remove the rating, the servings and the category'],
  ['a movie watchlist where I mark movies as watched and rate them out of 10', 'rename the app to "Film Night"'],
  ['a sales pipeline with leads, deals (stage, value, close date) and notes', 'add an option "Paused" to the stage'],
  ['a wedding guest list with RSVP, meal choice and table number', 'guests should have a dietary restrictions field and a plus one'],
  ['a salon booking system: customers book appointments with a stylist, service and time', 'add a table for products with a price and a brand'],
  ['cats and dogs', 'give cats a favorite toy'],
  ['📚 reading tracker 📚', 'add topics to books'],
  ['a tracker for my 2024 goals', 'I also want to write a journal entry for each week with a mood'],
];

const CONTEXT: RenderContext = {
  appId: 'sweep0001',
  previewUrl: 'http://preview-sweep0001.preview.localhost:8080',
  productionUrl: null,
  editorUrl: 'http://localhost:3000/account/apps/sweep0001/editor',
  envVarNames: [],
  customDomains: [],
};

const SNAKE = /^[a-z][a-z0-9_]*$/;
const NAMING_FIELDS = ['name', 'title', 'description', 'date'];
const REQUIRED_FILES = [APP_SOURCE_LAYOUT.html, APP_SOURCE_LAYOUT.entry, 'AGENTS.md', 'CLAUDE.md', 'SKILL.md', 'app.json'];

/** Everything appgen needs of a plan, as one list of readable problems (empty when the plan is sound). */
function problemsOf(plan: AppPlan): string[] {
  const problems: string[] = [];
  try {
    expect(validateAppPlan(plan)).toEqual(plan);
  } catch (error) {
    problems.push(`does not validate: ${String(error)}`);
  }
  if (!plan.name.trim() || plan.name.length > 100) problems.push(`app name "${plan.name}" is empty or longer than 100 characters`);
  if (!plan.entities.length) problems.push('has no entity');
  const entityNames = plan.entities.map((entity) => entity.name);
  if (new Set(entityNames).size !== entityNames.length) problems.push(`repeats an entity name: ${entityNames.join(', ')}`);
  for (const entity of plan.entities) {
    if (!SNAKE.test(entity.name)) problems.push(`entity "${entity.name}" is not snake_case`);
    const fieldNames = entity.fields.map((field) => field.name);
    if (new Set(fieldNames).size !== fieldNames.length) problems.push(`${entity.name} repeats a field name: ${fieldNames.join(', ')}`);
    const [first] = entity.fields;
    // an app in another language names its columns in that language ("nombre", "titre")
    const namedInEnglish = (plan.language ?? 'en') === 'en';
    if (!first || (namedInEnglish && !NAMING_FIELDS.includes(first.name)) || !first.required || (first.type !== 'text' && first.type !== 'date')) {
      problems.push(`${entity.name} does not start with a required naming field: ${JSON.stringify(first)}`);
    }
    for (const field of entity.fields) {
      if (!SNAKE.test(field.name)) problems.push(`${entity.name}.${field.name} is not snake_case`);
      if (field.type === 'select' || field.type === 'multiselect') {
        const options = field.options ?? [];
        if (!options.length || options.some((option) => !option.trim()) || new Set(options).size !== options.length) {
          problems.push(`${entity.name}.${field.name} (${field.type}) has no usable choices: ${JSON.stringify(field.options)}`);
        }
      } else if (field.options !== undefined) {
        problems.push(`${entity.name}.${field.name} (${field.type}) has choices`);
      }
    }
  }
  const paths = renderApp(plan, CONTEXT).map((file) => file.path);
  for (const required of REQUIRED_FILES) if (!paths.includes(required)) problems.push(`renders no ${required}`);
  return problems;
}

/** A few prompts of every kind, type-checked and bundled; the rest are checked as plans and file lists only. */
const BUILT = [
  'A book club with books and reviews',
  'x',
  '💰💰💰',
  'Rezepte App mit Zutaten und Kochzeit',
  'a "super simple" app called "Pantry Pal" for my pantry items',
  'tasks with status (todo / doing / done) and priority (low, medium, high)',
  'an app with a data field, a json field and a type field',
  'a C++ snippet library with language, code and tags',
  'a home inventory for insurance: items, room, purchase price, purchase date, photo',
  'a flashcard app with decks and cards (front, back, last reviewed)',
  'I want to track my weight',
  'customers orders products invoices payments',
  'a podcast episode log with guests and topics',
  PROMPTS[PROMPTS.length - 3],
  PROMPTS[PROMPTS.length - 4],
];

describe('the blueprint planner across prompts it was not written for', () => {
  it('holds at least 150 different prompts', () => {
    expect(new Set(PROMPTS).size).toBe(PROMPTS.length);
    expect(PROMPTS.length).toBeGreaterThanOrEqual(150);
  });

  it('plans, validates and renders every prompt into an app appgen can store and serve', () => {
    const failures = PROMPTS.flatMap((prompt) => {
      try {
        const plan = planApp(prompt);
        expect(planApp(prompt)).toEqual(plan);
        return problemsOf(plan).map((problem) => `${JSON.stringify(prompt.slice(0, 80))}: ${problem}`);
      } catch (error) {
        return [`${JSON.stringify(prompt.slice(0, 80))}: ${String(error)}`];
      }
    });
    expect(failures).toEqual([]);
  });

  it('applies update prompts and still gives apps appgen can store and serve', () => {
    const failures = REVISIONS.flatMap(([prompt, update]) => {
      try {
        const before = planApp(prompt);
        const after = revisePlan(before, update);
        expect(after).not.toEqual(before);
        expect(after.prompts).toEqual([prompt, update]);
        return problemsOf(after).map((problem) => `${JSON.stringify(update)} on ${JSON.stringify(prompt)}: ${problem}`);
      } catch (error) {
        return [`${JSON.stringify(update)} on ${JSON.stringify(prompt)}: ${String(error)}`];
      }
    });
    expect(failures).toEqual([]);
  });

  describe('a representative few, compiled and bundled', () => {
    const dirs: string[] = [];
    beforeAll(() => {
      for (const prompt of BUILT) dirs.push(writeApp(renderApp(planApp(prompt), CONTEXT)));
    });
    afterAll(() => {
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('type-check under strict TypeScript without a single diagnostic', () => {
      expect(BUILT.length).toBeGreaterThanOrEqual(15);
      expect(typeCheckApps(dirs)).toEqual([]);
    });

    it('bundle with esbuild from src/main.ts', async () => {
      for (const dir of dirs) {
        const result = await bundleApp(dir);
        expect(result.errors).toEqual([]);
        expect(result.warnings).toEqual([]);
        expect(result.outputFiles.map((output) => output.path.slice(dir.length + 1)).sort()).toEqual([APP_SOURCE_LAYOUT.bundleScript, APP_SOURCE_LAYOUT.bundleStyles].sort());
      }
    });
  });
});
