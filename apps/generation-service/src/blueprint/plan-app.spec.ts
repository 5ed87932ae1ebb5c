import type { AppPlan } from '@appgen/contracts';
import { BlueprintPromptError, planApp, revisePlan } from './plan-app';
import { entity, field } from './plan-lookup.testing';
import { AppPlanValidationError, validateAppPlan } from './validate-plan';

const RECIPE_PROMPT = 'A recipe manager where I save recipes with ingredients and cooking time and rate them';


describe('planApp', () => {
  it('plans the recipe manager of the issue around recipes and the fields the prompt names', () => {
    const plan = planApp(RECIPE_PROMPT);
    expect(plan.name).toContain('Recipe');
    expect(plan.entities.map((candidate) => candidate.name)).toEqual(['recipes']);
    const recipes = entity(plan, 'recipes');
    expect(recipes.label).toBe('Recipes');
    expect(recipes.label_singular).toBe('Recipe');
    expect(recipes.user_scoped).toBe(true);
    expect(recipes.fields[0]).toMatchObject({ name: 'name', type: 'text', required: true });
    expect(field(plan, 'recipes', 'ingredients').type).toBe('text');
    expect(field(plan, 'recipes', 'cooking_time')).toMatchObject({ type: 'integer', hint: 'minutes' });
    expect(field(plan, 'recipes', 'rating')).toMatchObject({ type: 'integer', hint: '1–5' });
    expect(plan.description).toMatch(/recipes/i);
    expect(plan.description.split('.').filter((part) => part.trim())).toHaveLength(1);
    expect(plan.pages).toEqual([
      { path: '/', title: plan.name, kind: 'home' },
      { path: '/recipes', title: 'Recipes', kind: 'list', entity: 'recipes' },
      { path: '/recipes/new', title: 'New recipe', kind: 'form', entity: 'recipes' },
      { path: '/recipes/:id', title: 'Recipe', kind: 'detail', entity: 'recipes' },
      { path: '/sign-in', title: 'Sign in', kind: 'sign_in' },
    ]);
    expect(plan.prompts).toEqual([RECIPE_PROMPT]);
  });

  it('gives the same plan for the same prompt', () => {
    expect(planApp(RECIPE_PROMPT)).toEqual(planApp(RECIPE_PROMPT));
    expect(JSON.stringify(planApp('a CRM with companies and contacts and deals'))).toBe(JSON.stringify(planApp('a CRM with companies and contacts and deals')));
  });

  it('every plan it makes passes validateAppPlan', () => {
    for (const prompt of PROMPTS.map(([text]) => text)) expect(validateAppPlan(planApp(prompt))).toEqual(planApp(prompt));
  });

  type Expectation = (plan: AppPlan) => void;
  const PROMPTS: Array<[string, Expectation]> = [
    [
      'a todo app where tasks have a title, due date, priority and done status',
      (plan) => {
        expect(plan.entities.map((candidate) => candidate.name)).toEqual(['tasks']);
        expect(field(plan, 'tasks', 'title').required).toBe(true);
        expect(field(plan, 'tasks', 'due_date').type).toBe('date');
        expect(field(plan, 'tasks', 'priority')).toMatchObject({ type: 'select', options: ['Low', 'Medium', 'High'] });
        expect(field(plan, 'tasks', 'done').type).toBe('boolean');
      },
    ],
    [
      'A habit tracker',
      (plan) => {
        expect(plan.name).toBe('Habit Tracker');
        expect(entity(plan, 'habits').user_scoped).toBe(true);
        expect(field(plan, 'habits', 'frequency').options).toEqual(['Daily', 'Weekly', 'Monthly']);
      },
    ],
    [
      'track my workouts with exercise, sets, reps and weight in kg',
      (plan) => {
        expect(plan.entities.map((candidate) => candidate.name)).toEqual(['workouts']);
        expect(field(plan, 'workouts', 'sets').type).toBe('integer');
        expect(field(plan, 'workouts', 'reps').type).toBe('integer');
        expect(field(plan, 'workouts', 'weight')).toMatchObject({ type: 'number', hint: 'kg' });
      },
    ],
    [
      'a reading list for my books',
      (plan) => {
        expect(plan.name).toBe('Reading List');
        expect(field(plan, 'books', 'title').required).toBe(true);
        expect(field(plan, 'books', 'author').type).toBe('text');
        expect(field(plan, 'books', 'status').options).toEqual(['Want to read', 'Reading', 'Finished']);
      },
    ],
    [
      'an expense tracker with amount, date and category',
      (plan) => {
        expect(plan.name).toBe('Expense Tracker');
        expect(field(plan, 'expenses', 'amount')).toMatchObject({ type: 'number', hint: 'currency' });
        expect(field(plan, 'expenses', 'date').type).toBe('date');
        expect(field(plan, 'expenses', 'category').options).toContain('Transport');
      },
    ],
    [
      'an inventory app for our shop',
      (plan) => {
        expect(plan.entities.map((candidate) => candidate.name)).toEqual(['items']);
        expect(field(plan, 'items', 'quantity').type).toBe('integer');
        expect(entity(plan, 'items').user_scoped).toBe(false);
        expect(plan.pages.some((page) => page.kind === 'sign_in')).toBe(false);
      },
    ],
    [
      'a CRM with companies and contacts and deals',
      (plan) => {
        expect(plan.name).toBe('CRM');
        expect(plan.entities.map((candidate) => candidate.name)).toEqual(['companies', 'contacts', 'deals']);
        expect(field(plan, 'contacts', 'email').hint).toBe('e-mail address');
        expect(field(plan, 'deals', 'value').type).toBe('number');
        expect(field(plan, 'deals', 'stage').options).toContain('Won');
      },
    ],
    [
      'A booking system where customers book appointments with a date and time',
      (plan) => {
        expect(plan.entities.map((candidate) => candidate.name)).toEqual(['appointments']);
        expect(field(plan, 'appointments', 'starts_at').type).toBe('datetime');
      },
    ],
    [
      'an event planner for our community events',
      (plan) => {
        expect(plan.name).toBe('Event Planner');
        expect(field(plan, 'events', 'starts_at').type).toBe('datetime');
        expect(entity(plan, 'events').user_scoped).toBe(false);
      },
    ],
    [
      'a simple notes app',
      (plan) => {
        expect(plan.entities.map((candidate) => candidate.name)).toEqual(['notes']);
        expect(field(plan, 'notes', 'content').type).toBe('text');
      },
    ],
    [
      'I want to track my job applications: company, role, status (applied, interview, offer, rejected), applied date',
      (plan) => {
        expect(plan.entities.map((candidate) => candidate.name)).toEqual(['job_applications']);
        expect(field(plan, 'job_applications', 'status')).toMatchObject({ type: 'select', options: ['Applied', 'Interview', 'Offer', 'Rejected'] });
        expect(field(plan, 'job_applications', 'applied_on').type).toBe('date');
        expect(field(plan, 'job_applications', 'company').type).toBe('text');
      },
    ],
    [
      'a plant watering app to remember when I watered my plants',
      (plan) => {
        expect(plan.entities.map((candidate) => candidate.name)).toEqual(['plants']);
        expect(field(plan, 'plants', 'last_watered').type).toBe('date');
        expect(field(plan, 'plants', 'watering_interval')).toMatchObject({ type: 'integer', hint: 'days' });
      },
    ],
    [
      'pet care for my pets with species, birthday and vet visits',
      (plan) => {
        expect(field(plan, 'pets', 'birthday').type).toBe('date');
        expect(field(plan, 'pets', 'vet_visit').type).toBe('date');
      },
    ],
    [
      'a movie watchlist where I mark movies as watched and rate them out of 10',
      (plan) => {
        expect(plan.name).toBe('Movie Watchlist');
        expect(field(plan, 'movies', 'watched').type).toBe('boolean');
        expect(field(plan, 'movies', 'rating')).toMatchObject({ type: 'integer', hint: '1–10' });
      },
    ],
    [
      'an app to track my coffee beans with roaster, origin and roast date',
      (plan) => {
        expect(plan.name).toBe('Coffee Bean Tracker');
        expect(entity(plan, 'coffee_beans').label_singular).toBe('Coffee bean');
        expect(field(plan, 'coffee_beans', 'roast_date').type).toBe('date');
        expect(field(plan, 'coffee_beans', 'origin').type).toBe('text');
      },
    ],
    [
      'a project tracker for our team with projects and tasks; tasks have a deadline, an assignee e-mail and tags',
      (plan) => {
        expect(plan.entities.map((candidate) => candidate.name)).toEqual(['projects', 'tasks']);
        expect(field(plan, 'tasks', 'deadline').type).toBe('date');
        expect(field(plan, 'tasks', 'tags').type).toBe('multiselect');
        expect(plan.entities.every((candidate) => !candidate.user_scoped)).toBe(true);
      },
    ],
    [
      'Build a simple app for a dog walking business where clients book walks with date, time, dog name and price',
      (plan) => {
        expect(plan.name).toBe('Walk Tracker');
        expect(plan.entities.map((candidate) => candidate.name)).toEqual(['walks']);
        expect(field(plan, 'walks', 'dog_name').type).toBe('text');
        expect(field(plan, 'walks', 'price').type).toBe('number');
      },
    ],
    [
      'Build me something called "Gig Book" for my band',
      (plan) => {
        expect(plan.name).toBe('Gig Book');
        expect(plan.entities).toHaveLength(1);
        expect(plan.entities[0].fields[0].required).toBe(true);
      },
    ],
  ];

  it('plans a book club around its books and reviews, with choices for every choice field', () => {
    const plan = planApp('A book club with books and reviews');
    expect(plan.name).toBe('Book Club');
    expect(plan.entities.map((candidate) => candidate.name)).toEqual(['books', 'reviews']);
    expect(field(plan, 'reviews', 'rating').type).toBe('integer');
    // the data model keeps a choice field's values only from its choices: none may come without them
    for (const prompt of ['an app for my book club', 'something cool', 'a bookmark manager with tags', 'a podcast log with guests and topics']) {
      for (const candidate of planApp(prompt).entities.flatMap((planned) => planned.fields)) {
        if (candidate.type === 'select' || candidate.type === 'multiselect') expect(candidate.options?.length).toBeGreaterThan(0);
      }
    }
    expect(field(planApp('a bookmark manager with tags'), 'bookmarks', 'tags').options).toContain('Read later');
  });

  it('reads what an app word lists as things it keeps, up to the first field', () => {
    const club = planApp('a chess club with members and tournaments');
    expect(club.name).toBe('Chess Club');
    expect(club.entities.map((candidate) => candidate.name)).toEqual(['members', 'tournaments']);
    const homes = planApp('a real estate listing site with properties, price, bedrooms, bathrooms and square meters');
    expect(homes.entities.map((candidate) => candidate.name)).toEqual(['properties']);
    expect(entity(homes, 'properties').fields.map((candidate) => candidate.name)).toEqual(expect.arrayContaining(['bathrooms', 'square_meters']));
  });

  it('opens an entity to writes by visitors only when the prompt asks for it (a guest book, "without signing in")', () => {
    const guestBook = planApp('A guest book where visitors leave a message with their name');
    expect(guestBook.entities).toEqual([expect.objectContaining({ user_scoped: false, open_writes: true })]);
    expect(guestBook.entities[0].fields.map((candidate) => candidate.name)).toEqual(['name', 'message']);
    expect(guestBook.description).toMatch(/open to anyone without signing in\.$/);
    // "my" would make rows personal, but a visitor owns nothing: an open entity is always shared.
    expect(planApp('A suggestion box for my shop where anyone can post ideas without signing in').entities).toEqual([
      expect.objectContaining({ user_scoped: false, open_writes: true }),
    ]);
    for (const prompt of [RECIPE_PROMPT, 'a CRM with companies and contacts and deals', 'A team task board anyone on the team can use']) {
      for (const planned of planApp(prompt).entities) expect(planned.open_writes).toBeUndefined();
    }
  });

  it('names tables in plain snake_case whatever the language', () => {
    expect(planApp('mes dépenses du mois: montant, catégorie, date').entities[0].name).toBe('depenses');
  });

  it.each(PROMPTS)('plans a fitting app for %j', (prompt, expectation) => {
    expectation(planApp(prompt));
  });

  it('refuses an empty prompt with a message', () => {
    expect(() => planApp('   ')).toThrow(BlueprintPromptError);
  });
});

describe('revisePlan', () => {
  const base = planApp(RECIPE_PROMPT);

  function unchangedExcept(next: AppPlan, changedField?: string): void {
    for (const original of entity(base, 'recipes').fields) {
      if (original.name === changedField) continue;
      expect(entity(next, 'recipes').fields).toContainEqual(original);
    }
  }

  it('adds a category select to recipes and keeps everything else', () => {
    const next = revisePlan(base, 'add a category field to recipes');
    expect(field(next, 'recipes', 'category')).toMatchObject({ type: 'select', required: false });
    expect(field(next, 'recipes', 'category').options).toContain('Dinner');
    unchangedExcept(next);
    expect(next.name).toBe(base.name);
    expect(next.prompts).toEqual([RECIPE_PROMPT, 'add a category field to recipes']);
    expect(base.entities[0].fields.some((candidate) => candidate.name === 'category')).toBe(false);
  });

  it('removes the rating', () => {
    const next = revisePlan(base, 'remove the rating');
    expect(entity(next, 'recipes').fields.map((candidate) => candidate.name)).toEqual(['name', 'ingredients', 'cooking_time']);
  });

  it('adds an entity for "also track cooking methods"', () => {
    const next = revisePlan(base, 'also track cooking methods');
    expect(next.entities.map((candidate) => candidate.name)).toEqual(['recipes', 'cooking_methods']);
    expect(entity(next, 'cooking_methods').fields[0]).toMatchObject({ name: 'name', required: true });
    expect(next.pages).toContainEqual({ path: '/cooking_methods', title: 'Cooking methods', kind: 'list', entity: 'cooking_methods' });
    unchangedExcept(next);
  });

  it('renames the app, a field and an entity', () => {
    expect(revisePlan(base, 'rename the app to Kitchen Book').name).toBe('Kitchen Book');
    const renamedField = revisePlan(base, 'rename cooking time to prep time');
    expect(field(renamedField, 'recipes', 'prep_time')).toMatchObject({ type: 'integer', label: 'Prep time' });
    const renamedEntity = revisePlan(base, 'rename recipes to dishes');
    expect(renamedEntity.entities.map((candidate) => candidate.name)).toEqual(['dishes']);
    expect(renamedEntity.pages.find((page) => page.kind === 'list')?.entity).toBe('dishes');
  });

  it('changes choices, requiredness and types', () => {
    const next = revisePlan(base, 'add a category field to recipes. Then change the category options to quick, slow and fancy; make the ingredients required');
    expect(field(next, 'recipes', 'category').options).toEqual(['Quick', 'Slow', 'Fancy']);
    expect(field(next, 'recipes', 'ingredients').required).toBe(true);
    const select = revisePlan(base, 'make rating a select field');
    expect(field(select, 'recipes', 'rating')).toMatchObject({ type: 'select', options: ['1', '2', '3', '4', '5'] });
  });

  it('adds fields said in other words', () => {
    expect(field(revisePlan(base, 'recipes should have tags'), 'recipes', 'tags').type).toBe('multiselect');
    expect(field(revisePlan(base, 'let me mark recipes as favorite'), 'recipes', 'favorite').type).toBe('boolean');
    const two = revisePlan(base, 'remove the rating and add a servings field');
    expect(entity(two, 'recipes').fields.map((candidate) => candidate.name)).toEqual(['name', 'ingredients', 'cooking_time', 'servings']);
  });

  it('gives a field turned into a multiselect its choices', () => {
    const next = revisePlan(planApp('notes'), 'make the content a multiselect');
    expect(field(next, 'notes', 'content')).toMatchObject({ type: 'multiselect' });
    expect(field(next, 'notes', 'content').options?.length).toBeGreaterThan(0);
  });

  it('updates an app stored before every multiselect had choices', () => {
    const stored = planApp('notes');
    const old: AppPlan = { ...stored, entities: stored.entities.map((planned) => ({ ...planned, fields: planned.fields.map(({ options: _options, ...rest }) => rest) })) };
    expect(() => validateAppPlan(old)).toThrow(/a multiselect field needs at least one choice/);
    const next = revisePlan(old, 'add a color field to notes');
    expect(field(next, 'notes', 'tags').options).toEqual(field(stored, 'notes', 'tags').options);
    expect(field(next, 'notes', 'color').type).toBe('text');
  });

  it('removes several fields named with articles', () => {
    const next = revisePlan(planApp('recipes'), 'remove the rating, the servings and the category');
    expect(entity(next, 'recipes').fields.map((candidate) => candidate.name)).toEqual(['name', 'ingredients', 'instructions', 'cooking_time']);
  });

  it('says so when it cannot make the change', () => {
    expect(() => revisePlan(base, 'add a rating to reviews')).toThrow(/There is no "reviews" in the app to add a rating to; it has recipes/);
    expect(() => revisePlan(base, 'hello there')).toThrow(BlueprintPromptError);
    expect(() => revisePlan(base, 'remove the calories')).toThrow(/no field or entity "calories"/);
    expect(() => revisePlan(base, 'delete the recipes')).toThrow(/only entity/);
    expect(() => revisePlan(base, 'make the rating optional')).toThrow(/Rating is already optional/);
    expect(() => revisePlan(base, 'add option Brunch to category')).toThrow(/no field "category"/);
  });

  it('is deterministic', () => {
    expect(revisePlan(base, 'add a category field to recipes')).toEqual(revisePlan(base, 'add a category field to recipes'));
  });

  it('adds a notes field to a reading log\'s books, whose author is typed in with the book', () => {
    const log = planApp('A reading log where I save books with title, author and a rating');
    expect(entity(log, 'books').fields.map((candidate) => candidate.name)).toEqual(['title', 'author', 'rating']);
    const next = revisePlan(log, 'Add a notes field to books');
    expect(entity(next, 'books').fields.map((candidate) => candidate.name)).toEqual(['title', 'author', 'rating', 'notes']);
  });

  it('says a field asked for is already there, and adds the others asked for with it', () => {
    const withNotes = revisePlan(base, 'add a notes field to recipes');
    expect(() => revisePlan(withNotes, 'add a notes field to recipes')).toThrow(/^Recipes already have a "Notes" field\.$/);
    expect(entity(revisePlan(withNotes, 'add notes and a source to recipes'), 'recipes').fields.map((candidate) => candidate.name)).toContain('source');
    expect(() => revisePlan(base, 'make the rating an integer')).toThrow(/Rating is already an integer field/);
    expect(() => revisePlan(base, 'rename the app to Recipe Manager')).toThrow(/already called Recipe Manager/);
  });
});

describe('revisePlan asked for a table the app already has', () => {
  const salon = planApp('a salon booking system: customers book appointments with a stylist, service and time');

  it('fails saying the table exists, for every way of asking, and leaves the plan as it was', () => {
    expect(salon.entities.map((candidate) => candidate.name)).toEqual(['appointments', 'stylists']);
    const before = JSON.stringify(salon);
    for (const update of ['add a table for stylists', 'add a stylists table', 'create a new table called stylists', 'also track stylists', 'add stylists']) {
      expect(() => revisePlan(salon, update)).toThrow(/^The app already has a table of stylists \(name, email, phone, company, notes\), so nothing was changed; to add fields to stylists, name them\.$/);
    }
    expect(JSON.stringify(salon)).toBe(before);
  });

  it('adds the new fields asked for with it', () => {
    const next = revisePlan(salon, 'add a table for stylists with a specialty and a phone');
    expect(field(next, 'stylists', 'specialty').type).toBe('text');
    expect(entity(next, 'stylists').fields.filter((candidate) => candidate.name === 'phone')).toHaveLength(1);
    expect(next.entities.map((candidate) => candidate.name)).toEqual(['appointments', 'stylists']);
  });

  it('says so when every field asked for is there too', () => {
    expect(() => revisePlan(salon, 'add a table for stylists with email and phone')).toThrow(/^The app already has a table of stylists, and stylists already have "Email" and "Phone" fields\.$/);
  });

  it('still makes a table the app lacks when asked the same way', () => {
    expect(revisePlan(salon, 'add a table for products with a price').entities.map((candidate) => candidate.name)).toEqual(['appointments', 'stylists', 'products']);
  });
});

describe('validateAppPlan', () => {
  it('lists every problem with where it is', () => {
    const plan = {
      name: '',
      description: 'x',
      entities: [
        {
          name: 'Recipes',
          label: 'Recipes',
          label_singular: 'Recipe',
          user_scoped: 'yes',
          fields: [
            { name: 'id', label: 'Id', type: 'text', required: true },
            { name: 'kind', label: 'Kind', type: 'select', required: false },
            { name: 'rating', label: 'Rating', type: 'float', required: false },
          ],
        },
      ],
      pages: [{ path: 'recipes', title: 'Recipes', kind: 'list', entity: 'missing' }],
    };
    let caught: unknown;
    try {
      validateAppPlan(plan);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppPlanValidationError);
    const fields = caught instanceof AppPlanValidationError ? caught.errors.map((problem) => problem.field) : [];
    expect(fields).toEqual(
      expect.arrayContaining([
        'name',
        'entities[0].name',
        'entities[0].user_scoped',
        'entities[0].fields[0].name',
        'entities[0].fields[1].options',
        'entities[0].fields[2].type',
        'pages[0].path',
        'pages[0].entity',
      ]),
    );
    expect(caught instanceof Error ? caught.message : '').toContain('entities[0].fields[2].type: must be one of text, integer');
  });

  it('returns a clean copy without unknown keys', () => {
    const plan = planApp(RECIPE_PROMPT);
    const extra = { ...plan, model_notes: 'ignored', entities: plan.entities.map((candidate) => ({ ...candidate, color: 'red' })) };
    expect(validateAppPlan(extra)).toEqual(plan);
  });

  it('keeps open_writes only on shared entities and only when true', () => {
    const plan = planApp('A guest book where visitors leave a message with their name');
    expect(validateAppPlan(plan).entities[0].open_writes).toBe(true);
    const closed = { ...plan, entities: plan.entities.map((candidate) => ({ ...candidate, open_writes: false })) };
    expect(validateAppPlan(closed).entities[0]).not.toHaveProperty('open_writes');
    const both = { ...plan, entities: plan.entities.map((candidate) => ({ ...candidate, user_scoped: true })) };
    expect(() => validateAppPlan(both)).toThrow('entities[0].open_writes: applies to shared entities only');
    const notBoolean = { ...plan, entities: plan.entities.map((candidate) => ({ ...candidate, open_writes: 'yes' })) };
    expect(() => validateAppPlan(notBoolean)).toThrow('entities[0].open_writes: must be true or false');
  });

  it('refuses what is not an object', () => {
    for (const value of [null, 'plan', 42, []]) expect(() => validateAppPlan(value)).toThrow(AppPlanValidationError);
  });

  it('refuses control and bidi characters a model put in names, labels, choices and the description', () => {
    const plan = planApp(RECIPE_PROMPT);
    const recipes = entity(plan, 'recipes');
    const tainted = {
      ...plan,
      name: 'Recipes\u202Eevil',
      description: 'Keeps recipes\u0007',
      entities: [{ ...recipes, label: 'Recipes\r\nX-Injected: 1', fields: recipes.fields.map((f, index) => (index === 0 ? { ...f, hint: 'a\tb' } : f)) }],
    };
    let caught: unknown;
    try {
      validateAppPlan(tainted);
    } catch (error) {
      caught = error;
    }
    const problems = caught instanceof AppPlanValidationError ? caught.errors : [];
    expect(problems).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'must not contain bidirectional text controls (U+202E at character 8)' },
        { field: 'description', message: 'must not contain control characters (U+0007 at character 14)' },
        { field: 'entities[0].label', message: 'must not contain line breaks (U+000D at character 8)' },
        { field: 'entities[0].fields[0].hint', message: 'must not contain tabs (U+0009 at character 2)' },
      ]),
    );
    expect(validateAppPlan({ ...plan, description: 'Two lines\nof description' }).description).toBe('Two lines\nof description');
  });
});
