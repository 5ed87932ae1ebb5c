/**
 * The blueprint planner's vocabulary: data only, no logic. Extending what the planner understands means
 * adding a row here (a domain, a field, a word), not writing code.
 */
import type { FieldType } from '@appgen/contracts';

/** A field as the vocabulary knows it; the planner fills in label and required. */
export interface FieldTemplate {
  type: FieldType;
  label?: string;
  hint?: string;
  options?: string[];
  required?: boolean;
}

/** What the planner knows about a kind of thing people keep in an app. */
export interface DomainTemplate {
  /** the field that names a row, always first and required */
  titleField: 'name' | 'title' | 'description';
  /** second word of the app's name when the prompt gives none: "Recipe" + "Manager" */
  appKind: string;
  /** verb of the one-sentence description: "Save recipes with ..." */
  verb: string;
  /** rows belong to one person unless the prompt speaks of a team or the public */
  personal: boolean;
  /** visitors add rows without signing in (a guest book is signed by whoever passes by) */
  openWrites?: true;
  /** fields (names in FIELD_LIBRARY) an entity gets when the prompt names none of its own */
  fields: string[];
  /** choices of this domain's select fields, by field name, where they differ from FIELD_OPTIONS */
  options?: Record<string, string[]>;
}

/** Domain nouns, singular and snake_case. Multi-word keys match multi-word phrases ("job applications"). */
export const DOMAINS: Record<string, DomainTemplate> = {
  recipe: {
    titleField: 'name', appKind: 'Manager', verb: 'save', personal: true,
    fields: ['ingredients', 'instructions', 'cooking_time', 'servings', 'category', 'rating'],
    options: { category: ['Breakfast', 'Lunch', 'Dinner', 'Dessert', 'Snack', 'Drink'], difficulty: ['Easy', 'Medium', 'Hard'] },
  },
  cooking_method: { titleField: 'name', appKind: 'Manager', verb: 'keep', personal: true, fields: ['description'] },
  meal: {
    titleField: 'name', appKind: 'Planner', verb: 'plan', personal: true, fields: ['date', 'meal_type', 'notes'],
    options: { meal_type: ['Breakfast', 'Lunch', 'Dinner', 'Snack'] },
  },
  task: {
    titleField: 'title', appKind: 'List', verb: 'manage', personal: true, fields: ['due_date', 'priority', 'done', 'notes'],
    options: { status: ['To do', 'In progress', 'Done'] },
  },
  project: {
    titleField: 'name', appKind: 'Tracker', verb: 'manage', personal: false, fields: ['description', 'status', 'deadline'],
    options: { status: ['Planned', 'Active', 'On hold', 'Done'] },
  },
  habit: {
    titleField: 'name', appKind: 'Tracker', verb: 'track', personal: true, fields: ['frequency', 'target_per_week', 'streak', 'active'],
  },
  goal: {
    titleField: 'title', appKind: 'Tracker', verb: 'track', personal: true, fields: ['target_date', 'progress', 'status'],
    options: { status: ['Not started', 'In progress', 'Achieved'] },
  },
  workout: {
    titleField: 'name', appKind: 'Log', verb: 'log', personal: true, fields: ['date', 'type', 'duration', 'calories', 'notes'],
    options: { type: ['Strength', 'Cardio', 'Mobility', 'Sports'] },
  },
  exercise: {
    titleField: 'name', appKind: 'Log', verb: 'log', personal: true, fields: ['sets', 'reps', 'weight', 'muscle_group'],
  },
  run: { titleField: 'title', appKind: 'Log', verb: 'log', personal: true, fields: ['date', 'distance', 'duration', 'notes'] },
  book: {
    titleField: 'title', appKind: 'List', verb: 'track', personal: true, fields: ['author', 'genre', 'status', 'rating', 'notes'],
    options: { status: ['Want to read', 'Reading', 'Finished'], genre: ['Fiction', 'Non-fiction', 'Biography', 'Science', 'History', 'Fantasy', 'Mystery'] },
  },
  movie: {
    titleField: 'title', appKind: 'Watchlist', verb: 'track', personal: true, fields: ['genre', 'year', 'watched', 'rating'],
    options: { genre: ['Action', 'Comedy', 'Drama', 'Documentary', 'Horror', 'Science fiction', 'Animation'], status: ['Want to watch', 'Watching', 'Watched'] },
  },
  tv_show: {
    titleField: 'title', appKind: 'Watchlist', verb: 'track', personal: true, fields: ['genre', 'season', 'status', 'rating'],
    options: { status: ['Want to watch', 'Watching', 'Watched'], genre: ['Comedy', 'Drama', 'Documentary', 'Crime', 'Science fiction', 'Animation'] },
  },
  song: {
    titleField: 'title', appKind: 'Library', verb: 'collect', personal: true, fields: ['artist', 'album', 'genre', 'rating'],
    options: { genre: ['Rock', 'Pop', 'Jazz', 'Classical', 'Hip-hop', 'Electronic', 'Folk'] },
  },
  game: { titleField: 'title', appKind: 'Library', verb: 'track', personal: true, fields: ['platform', 'status', 'rating'], options: { status: ['Backlog', 'Playing', 'Finished'] } },
  expense: {
    titleField: 'description', appKind: 'Tracker', verb: 'track', personal: true, fields: ['amount', 'date', 'category', 'notes'],
    options: { category: ['Food', 'Transport', 'Housing', 'Utilities', 'Entertainment', 'Health', 'Other'] },
  },
  income: { titleField: 'description', appKind: 'Tracker', verb: 'track', personal: true, fields: ['amount', 'date', 'source'] },
  transaction: {
    titleField: 'description', appKind: 'Tracker', verb: 'record', personal: true, fields: ['amount', 'date', 'type', 'category'],
    options: { type: ['Expense', 'Income'], category: ['Food', 'Transport', 'Housing', 'Salary', 'Entertainment', 'Other'] },
  },
  subscription: {
    titleField: 'name', appKind: 'Tracker', verb: 'track', personal: true, fields: ['price', 'billing_cycle', 'next_payment_date', 'active'],
  },
  budget: { titleField: 'name', appKind: 'Planner', verb: 'plan', personal: true, fields: ['amount', 'period', 'category'] },
  item: {
    titleField: 'name', appKind: 'Inventory', verb: 'manage', personal: false, fields: ['sku', 'quantity', 'location', 'price'],
  },
  product: {
    titleField: 'name', appKind: 'Catalog', verb: 'manage', personal: false, fields: ['sku', 'price', 'quantity', 'category', 'description'],
    options: { category: ['General', 'Electronics', 'Clothing', 'Food', 'Other'] },
  },
  order: {
    titleField: 'title', appKind: 'Tracker', verb: 'manage', personal: false, fields: ['customer', 'order_date', 'total', 'status'],
    options: { status: ['Pending', 'Paid', 'Shipped', 'Delivered', 'Cancelled'] },
  },
  supplier: { titleField: 'name', appKind: 'Manager', verb: 'manage', personal: false, fields: ['email', 'phone', 'notes'] },
  contact: { titleField: 'name', appKind: 'Book', verb: 'manage', personal: false, fields: ['email', 'phone', 'company', 'notes'] },
  company: { titleField: 'name', appKind: 'CRM', verb: 'manage', personal: false, fields: ['industry', 'website', 'notes'] },
  deal: {
    titleField: 'title', appKind: 'CRM', verb: 'manage', personal: false, fields: ['value', 'stage', 'close_date'],
  },
  lead: {
    titleField: 'name', appKind: 'CRM', verb: 'manage', personal: false, fields: ['email', 'company', 'status', 'source'],
    options: { status: ['New', 'Contacted', 'Qualified', 'Lost'] },
  },
  customer: { titleField: 'name', appKind: 'Manager', verb: 'manage', personal: false, fields: ['email', 'phone', 'notes'] },
  client: { titleField: 'name', appKind: 'Manager', verb: 'manage', personal: false, fields: ['email', 'phone', 'company', 'notes'] },
  invoice: {
    titleField: 'title', appKind: 'Manager', verb: 'manage', personal: false, fields: ['client', 'amount', 'due_date', 'status'],
    options: { status: ['Draft', 'Sent', 'Paid', 'Overdue'] },
  },
  booking: {
    titleField: 'name', appKind: 'Manager', verb: 'manage', personal: false, fields: ['email', 'starts_at', 'guests', 'status', 'notes'],
    options: { status: ['Requested', 'Confirmed', 'Cancelled'] },
  },
  appointment: {
    titleField: 'title', appKind: 'Scheduler', verb: 'book', personal: false, fields: ['client', 'starts_at', 'duration', 'status', 'notes'],
    options: { status: ['Requested', 'Confirmed', 'Completed', 'Cancelled'] },
  },
  event: {
    titleField: 'title', appKind: 'Planner', verb: 'plan', personal: false, fields: ['starts_at', 'location', 'description', 'capacity'],
    options: { status: ['Planned', 'Confirmed', 'Cancelled'], type: ['Meetup', 'Workshop', 'Conference', 'Party', 'Other'] },
  },
  guest: { titleField: 'name', appKind: 'List', verb: 'manage', personal: false, fields: ['email', 'rsvp', 'plus_ones'] },
  guestbook_entry: { titleField: 'name', appKind: 'Guest Book', verb: 'sign', personal: false, openWrites: true, fields: ['message'] },
  note: { titleField: 'title', appKind: 'Notebook', verb: 'write', personal: true, fields: ['content', 'tags', 'pinned'], options: { tags: ['Work', 'Personal', 'Ideas', 'To do'] } },
  journal_entry: { titleField: 'title', appKind: 'Journal', verb: 'write', personal: true, fields: ['date', 'mood', 'content'] },
  idea: { titleField: 'title', appKind: 'Board', verb: 'collect', personal: true, fields: ['description', 'status', 'tags'], options: { status: ['New', 'Exploring', 'Doing', 'Dropped'], tags: ['Product', 'Work', 'Personal', 'Someday'] } },
  bookmark: { titleField: 'title', appKind: 'Manager', verb: 'save', personal: true, fields: ['url', 'tags', 'notes'], options: { tags: ['Read later', 'Reference', 'Tools', 'Inspiration'] } },
  post: { titleField: 'title', appKind: 'Blog', verb: 'publish', personal: false, fields: ['content', 'published', 'tags'], options: { tags: ['News', 'Guide', 'Opinion', 'Update'] } },
  review: { titleField: 'title', appKind: 'Board', verb: 'collect', personal: false, fields: ['rating', 'content', 'date'] },
  job_application: {
    titleField: 'title', appKind: 'Tracker', verb: 'track', personal: true, fields: ['company', 'applied_on', 'status', 'salary', 'url', 'notes'],
    options: { status: ['Applied', 'Interviewing', 'Offer', 'Rejected', 'Withdrawn'] },
  },
  plant: {
    titleField: 'name', appKind: 'Care', verb: 'care for', personal: true, fields: ['species', 'location', 'watering_interval', 'last_watered', 'sunlight'],
  },
  pet: {
    titleField: 'name', appKind: 'Care', verb: 'look after', personal: true, fields: ['species', 'breed', 'birthday', 'weight', 'vet_visit', 'notes'],
  },
  medication: { titleField: 'name', appKind: 'Tracker', verb: 'track', personal: true, fields: ['dosage', 'frequency', 'next_dose_at', 'notes'] },
  trip: { titleField: 'name', appKind: 'Planner', verb: 'plan', personal: true, fields: ['destination', 'start_date', 'end_date', 'budget', 'notes'] },
  place: { titleField: 'name', appKind: 'List', verb: 'save', personal: true, fields: ['address', 'category', 'visited', 'rating'], options: { category: ['Restaurant', 'Cafe', 'Bar', 'Museum', 'Park', 'Shop', 'Other'] } },
  restaurant: { titleField: 'name', appKind: 'Guide', verb: 'review', personal: true, fields: ['cuisine', 'address', 'price_range', 'rating', 'visited'] },
  student: { titleField: 'name', appKind: 'Roster', verb: 'manage', personal: false, fields: ['email', 'grade_level', 'notes'] },
  course: { titleField: 'title', appKind: 'Catalog', verb: 'manage', personal: false, fields: ['description', 'level', 'duration', 'starts_on'] },
  employee: { titleField: 'name', appKind: 'Directory', verb: 'manage', personal: false, fields: ['email', 'role', 'department', 'start_date'] },
  ticket: {
    titleField: 'title', appKind: 'Desk', verb: 'track', personal: false, fields: ['description', 'priority', 'status', 'assignee'],
    options: { status: ['Open', 'In progress', 'Resolved', 'Closed'] },
  },
  bug: {
    titleField: 'title', appKind: 'Tracker', verb: 'track', personal: false, fields: ['description', 'severity', 'status', 'assignee'],
    options: { status: ['Open', 'In progress', 'Fixed', 'Closed'] },
  },
  vehicle: { titleField: 'name', appKind: 'Log', verb: 'track', personal: true, fields: ['make', 'model', 'year', 'mileage', 'next_service_date'] },
  wine: { titleField: 'name', appKind: 'Cellar', verb: 'collect', personal: true, fields: ['winery', 'vintage', 'type', 'quantity', 'rating'], options: { type: ['Red', 'White', 'Rosé', 'Sparkling', 'Dessert'] } },
  member: { titleField: 'name', appKind: 'Directory', verb: 'manage', personal: false, fields: ['email', 'phone', 'joined_on', 'active'] },
  volunteer: { titleField: 'name', appKind: 'Roster', verb: 'manage', personal: false, fields: ['email', 'phone', 'availability', 'skills'] },
  donation: { titleField: 'description', appKind: 'Tracker', verb: 'record', personal: false, fields: ['donor', 'amount', 'date'] },
  property: { titleField: 'name', appKind: 'Manager', verb: 'manage', personal: false, fields: ['address', 'price', 'bedrooms', 'status'], options: { status: ['Available', 'Under offer', 'Sold', 'Rented'] } },
  entry: { titleField: 'title', appKind: 'Log', verb: 'log', personal: true, fields: ['date', 'notes'] },
  shift: { titleField: 'title', appKind: 'Scheduler', verb: 'schedule', personal: false, fields: ['starts_at', 'ends_at', 'location', 'capacity'] },
  album: { titleField: 'title', appKind: 'Library', verb: 'collect', personal: true, fields: ['artist', 'year', 'genre'], options: { genre: ['Rock', 'Pop', 'Jazz', 'Classical', 'Hip-hop', 'Electronic', 'Folk'] } },
  player: { titleField: 'name', appKind: 'Roster', verb: 'manage', personal: false, fields: ['email', 'position', 'points'] },
  match: { titleField: 'title', appKind: 'Scheduler', verb: 'schedule', personal: false, fields: ['starts_at', 'location', 'score'] },
};

/** Fields of an entity whose domain the planner does not know ("coffee beans"), after its naming field. */
export const GENERIC_FIELDS = ['description', 'date', 'tags'];
/** Fields of a record of another thing whose kind the planner does not know ("weighings for each lamb"). */
export const RECORD_FIELDS = ['date', 'notes'];

/**
 * Domains close enough that an app named after one ("a booking system") and listing another ("customers book
 * appointments") means one entity, the one listed.
 */
/**
 * A domain noun with another sense when the app also keeps one of these things: games played by players, in
 * rounds or tournaments, are matches, not a library of video games.
 */
export const DOMAIN_SENSES: Record<string, { domain: string; companions: string[] }> = {
  game: { domain: 'match', companions: ['player', 'team', 'round', 'tournament', 'opponent', 'league', 'club_member', 'member'] },
  // "cleaners, customers and jobs": work done for customers, booked on a day, not applications for a job
  job_application: { domain: 'appointment', companions: ['customer', 'client', 'cleaner', 'worker', 'employee', 'staff_member', 'technician', 'contractor', 'tenant'] },
};

export const DOMAIN_FAMILIES: string[][] = [
  ['booking', 'appointment', 'event'],
  ['task', 'project', 'goal'],
  ['expense', 'transaction', 'income', 'budget', 'subscription'],
  ['item', 'product'],
  ['contact', 'customer', 'client', 'lead', 'member'],
  ['note', 'journal_entry', 'idea', 'entry'],
  ['movie', 'tv_show'],
  ['workout', 'exercise', 'run'],
];

/**
 * Words that name a domain's entity by another word: the entity keeps the user's word ("reservations"),
 * the planner borrows the template ("booking").
 */
export const DOMAIN_ALIASES: Record<string, string> = {
  todo: 'task', chore: 'task', assignment: 'task', errand: 'task',
  reservation: 'booking', visit: 'appointment', session: 'appointment', meeting: 'event', class: 'course', lesson: 'course',
  film: 'movie', show: 'tv_show', series: 'tv_show', podcast: 'tv_show', album: 'song', track: 'song',
  purchase: 'expense', bill: 'expense', spending: 'expense', payment: 'transaction',
  product_item: 'product', supply: 'item', tool: 'item', ingredient_item: 'item', asset: 'item', equipment: 'item', part: 'item',
  person: 'contact', friend: 'contact', prospect: 'lead', opportunity: 'deal', account: 'company', organization: 'company',
  issue: 'ticket', request: 'ticket', feature_request: 'idea', suggestion: 'idea',
  diary_entry: 'journal_entry', article: 'post', link: 'bookmark', guestbook: 'guestbook_entry', guest_book: 'guestbook_entry',
  application: 'job_application', job: 'job_application',
  houseplant: 'plant', flower: 'plant', animal: 'pet', dog: 'pet', cat: 'pet',
  medicine: 'medication', pill: 'medication', car: 'vehicle',
  restaurant_visit: 'restaurant', cafe: 'place', destination: 'place', vacation: 'trip', travel: 'trip',
  pupil: 'student', staff_member: 'employee', volunteer_shift: 'volunteer',
  house: 'property', apartment: 'property', listing: 'property', donor: 'contact',
  rehearsal: 'event', gig: 'event', concert: 'event', shift_slot: 'shift', slot: 'shift', game_night: 'event', meetup: 'event', tournament: 'event',
  participant: 'member', roommate: 'contact', housemate: 'contact', flatmate: 'contact', teammate: 'member', athlete: 'player',
};

/**
 * Words that name the app rather than its rows ("a CRM", "an inventory app"): they give an entity only when
 * the prompt names none of its own, and what they list ("a CRM with companies, contacts and deals") are entities.
 */
export const APP_WORDS: Record<string, string[]> = {
  crm: ['company', 'contact', 'deal'],
  inventory: ['item'],
  budget: ['expense'],
  finance: ['transaction'],
  finances: ['transaction'],
  money: ['transaction'],
  journal: ['journal_entry'],
  diary: ['journal_entry'],
  blog: ['post'],
  watchlist: ['movie'],
  reading: ['book'],
  library: ['book'],
  bookshelf: ['book'],
  cookbook: ['recipe'],
  kitchen: ['recipe'],
  fitness: ['workout'],
  gym: ['workout'],
  training: ['workout'],
  garden: ['plant'],
  gardening: ['plant'],
  calendar: ['event'],
  helpdesk: ['ticket'],
  support: ['ticket'],
  kanban: ['task'],
  productivity: ['task'],
  shop: ['product'],
  store: ['product'],
  catalog: ['product'],
  pantry: ['item'],
  wardrobe: ['item'],
  warehouse: ['item'],
  reservations: ['booking'],
  scheduling: ['appointment'],
  salon: ['appointment'],
  clinic: ['appointment'],
  hiring: ['job_application'],
  'job hunt': ['job_application'],
  'job search': ['job_application'],
  'address book': ['contact'],
  'book club': ['book'],
  club: ['member', 'event'],
  leaderboard: ['player'],
  scoreboard: ['player'],
  'to-do': ['task'],
  'to do': ['task'],
};

/** Words that close "a recipe ___": they make the app's name and are never entities. */
export const APP_KIND_WORDS = [
  'manager', 'tracker', 'planner', 'log', 'logger', 'journal', 'list', 'organizer', 'organiser', 'catalog', 'catalogue',
  'diary', 'crm', 'watchlist', 'board', 'inventory', 'hub', 'portal', 'scheduler', 'book', 'keeper', 'app',
  'application', 'website', 'site', 'tool', 'system', 'platform', 'dashboard', 'database', 'directory', 'notebook',
  'library', 'collection', 'helper', 'assistant', 'calendar', 'register', 'registry', 'roster', 'cellar', 'care', 'desk', 'club',
  'splitter', 'leaderboard', 'scoreboard', 'timetable', 'rota', 'wishlist', 'counter', 'sheet', 'guide',
];

/** App-kind words too generic to end an app's name: "a recipe app" is named "Recipe Manager". */
export const GENERIC_APP_KINDS = ['app', 'application', 'website', 'site', 'tool', 'system', 'platform', 'database', 'helper', 'assistant', 'dashboard'];

/** Verbs whose object is a thing the app keeps: "I save recipes", "track my workouts". */
export const KEEPING_VERBS = [
  'save', 'saves', 'saving', 'store', 'stores', 'storing', 'track', 'tracks', 'tracking', 'manage', 'manages', 'managing',
  'log', 'logs', 'logging', 'list', 'lists', 'listing', 'book', 'books', 'booking', 'keep', 'keeps', 'keeping', 'record',
  'records', 'recording', 'organize', 'organise', 'organizing', 'organising', 'collect', 'collects', 'collecting',
  'catalog', 'catalogue', 'plan', 'plans', 'planning', 'schedule', 'schedules', 'scheduling', 'monitor', 'monitors',
  'monitoring', 'water', 'watering', 'feed', 'write', 'writes', 'review', 'reviews', 'rate', 'sell', 'sells', 'selling',
];

/** Words that open a list of fields after an entity: "recipes with ...", "tasks have ...". */
export const FIELD_INTRO_WORDS = ['with', 'having', 'have', 'has', 'including', 'include', 'includes', 'containing', 'contain', 'contains', 'storing', 'by', 'plus', ':'];

/** Words that end a list of fields (a new clause starts). */
export const CLAUSE_WORDS = [
  'where', 'so', 'that', 'which', 'who', 'because', 'then', 'while', 'when', 'i', 'we', 'you', 'users', 'user', 'they',
  'people', 'customers', 'visitors', 'everyone', 'also', 'each', 'every', 'want', 'need', 'should', 'can', 'could',
  'would', 'will', 'must', 'let', 'lets', 'allow', 'allows', 'for', 'to', 'on', 'in', 'at', 'as', 'from', 'into', 'about', 'of',
];

/** Function words that are never entity or field names. */
export const STOP_WORDS = [
  'a', 'an', 'the', 'my', 'our', 'your', 'their', 'his', 'her', 'its', 'me', 'us', 'them', 'it', 'this', 'these', 'those',
  'all', 'any', 'some', 'each', 'every', 'of', 'for', 'to', 'and', 'or', 'but', 'in', 'on', 'at', 'by', 'with', 'from', 'against',
  'into', 'about', 'as', 'is', 'are', 'be', 'was', 'were', 'been', 'being', 'do', 'does', 'did', 'i', 'we', 'you', 'he',
  'she', 'they', 'that', 'which', 'who', 'where', 'when', 'what', 'how', 'why', 'whether', 'so', 'then', 'also', 'too', 'very',
  'just', 'only', 'can', 'could', 'should', 'would', 'will', 'must', 'may', 'might', 'want', 'wants', 'need', 'needs',
  'like', 'please', 'make', 'build', 'create', 'give', 'let', 'lets', 'allow', 'allows', 'help', 'helps', 'using', 'use',
  'simple', 'small', 'little', 'basic', 'new', 'nice', 'clean', 'modern', 'easy', 'quick', 'personal', 'private',
  'daily', 'weekly', 'monthly', 'favorite', 'favourite', 'own', 'other', 'more', 'most', 'many', 'much', 'up', 'down',
  'out', 'over', 'everything', 'things', 'thing', 'stuff', 'something', 'anything', 'one', 'ones', 'them', 'there',
  'here', 'it', 'pls', 'plz', 'thx', 'web', 'online', 'mobile', 'full', 'stack', 'fullstack', 'full-stack', 'not', 'no', 'yes', 'if',
  'while', 'because', 'than', 'after', 'before', 'during', 'per', 'via', 'way', 'ways', 'want', 'list', 'lists',
  'people', 'users', 'user', 'customers', 'visitors', 'everyone', 'team', 'family', 'friends', 'app', 'apps', 'data',
  'information', 'info', 'details', 'field', 'fields', 'record', 'records', 'see', 'view', 'show',
  'edit', 'delete', 'remove', 'update', 'sign', 'login', 'log-in', 'signin', 'account', 'accounts', 'page', 'pages',
];

/** Adjectives skipped in front of a noun: "my daily workouts" keeps "workouts". */
export const SKIPPED_ADJECTIVES = [
  'simple', 'small', 'little', 'basic', 'new', 'nice', 'clean', 'modern', 'easy', 'quick', 'personal', 'private', 'daily',
  'weekly', 'monthly', 'favorite', 'favourite', 'own', 'upcoming', 'current', 'different', 'various', 'all', 'shared',
  'team', 'company', 'family', 'home', 'household', 'local', 'online', 'every', 'each',
];

/** Signs that the rows are the user's own; the entity becomes user-scoped and the app gets sign-in. */
export const PERSONAL_WORDS = ['my', 'i', "i'm", 'me', 'mine', 'myself', 'personal', 'private', 'own'];

/** Signs that rows are shared by everyone using the app. */
export const SHARED_WORDS = ['team', 'shared', 'our', 'everyone', 'public', 'community', 'company-wide', 'office', 'club', 'colleagues', 'customers', 'visitors', 'guests', 'staff', 'organization'];

/** Object words after a field verb: "rate them", "tag each one". */
export const OBJECT_WORDS = ['them', 'it', 'each', 'one', 'ones', 'these', 'those', 'entries', 'items', 'every'];

/**
 * Verbs that stand for a field: "... and rate them" gives a rating. `adjective: true` means the field is the
 * word after the verb ("mark them as watched" gives a boolean `watched`).
 */
export const VERB_FIELDS: Record<string, { field: string; adjective?: boolean }> = {
  rate: { field: 'rating' }, rating: { field: 'rating' }, score: { field: 'score' }, grade: { field: 'grade' },
  tag: { field: 'tags' }, label: { field: 'tags' },
  categorize: { field: 'category' }, categorise: { field: 'category' }, group: { field: 'category' }, sort: { field: 'category' },
  prioritize: { field: 'priority' }, prioritise: { field: 'priority' }, rank: { field: 'priority' },
  review: { field: 'review' }, comment: { field: 'notes' }, annotate: { field: 'notes' }, describe: { field: 'description' },
  favorite: { field: 'favorite' }, favourite: { field: 'favorite' }, star: { field: 'favorite' }, pin: { field: 'pinned' },
  archive: { field: 'archived' }, complete: { field: 'done' }, finish: { field: 'done' }, tick: { field: 'done' },
  assign: { field: 'assignee' }, schedule: { field: 'scheduled_at' }, remind: { field: 'remind_at' },
  price: { field: 'price' }, photograph: { field: 'photo_url' }, locate: { field: 'location' },
  mark: { field: 'done', adjective: true }, check: { field: 'done', adjective: true }, flag: { field: 'flagged', adjective: true },
};

/** Adjectives that "mark them as ___" turns into a yes/no field. */
export const MARK_ADJECTIVES = [
  'done', 'complete', 'completed', 'finished', 'read', 'watched', 'seen', 'visited', 'paid', 'favorite', 'favourite',
  'important', 'urgent', 'archived', 'active', 'inactive', 'resolved', 'returned', 'owned', 'approved', 'cooked', 'tried',
  'played', 'bought', 'sold', 'packed', 'attended', 'flagged', 'private', 'public', 'published', 'available',
];

/** Fields the planner knows by name (or by one of `aliases`), with their type, unit and choices. */
export const FIELD_LIBRARY: Record<string, FieldTemplate & { aliases?: string[] }> = {
  name: { type: 'text', aliases: ['full_name', 'title_name'] },
  title: { type: 'text', aliases: ['headline', 'subject'] },
  description: { type: 'text', aliases: ['desc', 'summary_text'] },
  ingredients: { type: 'text', hint: 'one per line', aliases: ['ingredient', 'ingredient_list'] },
  instructions: { type: 'text', hint: 'one step per line', aliases: ['instruction', 'steps', 'step', 'directions', 'method', 'preparation'] },
  cooking_time: { type: 'integer', hint: 'minutes', aliases: ['cook_time', 'cooking_duration', 'time_to_cook', 'cooking_minutes'] },
  prep_time: { type: 'integer', hint: 'minutes', aliases: ['preparation_time', 'prep'] },
  servings: { type: 'integer', hint: 'people', aliases: ['serving', 'portions', 'number_of_servings', 'serves', 'yield'] },
  rating: { type: 'integer', hint: '1–5', aliases: ['ratings', 'stars', 'star_rating', 'score_out_of_5'] },
  score: { type: 'integer', hint: '0–100' },
  points: { type: 'integer', aliases: ['point', 'pts'] },
  votes: { type: 'integer', aliases: ['vote', 'upvotes', 'likes'] },
  wins: { type: 'integer', aliases: ['win', 'victories'] },
  time_of_day: { type: 'select', aliases: ['time_slot', 'slot'] },
  grade: { type: 'text' },
  review: { type: 'text', aliases: ['reviews', 'opinion', 'thoughts'] },
  notes: { type: 'text', aliases: ['note', 'comments', 'comment', 'remarks', 'memo'] },
  content: { type: 'text', aliases: ['body', 'text', 'entry_text'] },
  category: { type: 'select', aliases: ['categories', 'group'] },
  type: { type: 'select', aliases: ['kind', 'types'] },
  status: { type: 'select', aliases: ['state', 'stage_status', 'progress_status', 'statuses'] },
  stage: { type: 'select', aliases: ['pipeline_stage', 'deal_stage', 'stages'] },
  priority: { type: 'select', aliases: ['importance', 'urgency'] },
  level: { type: 'select', aliases: ['skill_level'] },
  difficulty: { type: 'select', aliases: ['difficulty_level'] },
  severity: { type: 'select' },
  genre: { type: 'select', aliases: ['genres'] },
  mood: { type: 'select', aliases: ['feeling'] },
  frequency: { type: 'select', aliases: ['how_often', 'repeat', 'recurrence'] },
  size: { type: 'select' },
  condition: { type: 'select' },
  sunlight: { type: 'select', aliases: ['light', 'sun', 'light_needs'] },
  rsvp: { type: 'select', aliases: ['attending', 'response'] },
  billing_cycle: { type: 'select', aliases: ['billing_period', 'cycle'] },
  period: { type: 'select' },
  meal_type: { type: 'select', aliases: ['course_type'] },
  price_range: { type: 'select' },
  muscle_group: { type: 'select', aliases: ['muscle', 'muscles', 'body_part'] },
  tags: { type: 'multiselect', aliases: ['tag', 'labels', 'keywords'] },
  skills: { type: 'multiselect', aliases: ['skill'] },
  availability: { type: 'multiselect', aliases: ['available_days', 'days_available'] },
  done: { type: 'boolean', aliases: ['is_done', 'completed', 'complete', 'finished', 'done_status', 'checked'] },
  active: { type: 'boolean', aliases: ['is_active', 'enabled'] },
  favorite: { type: 'boolean', aliases: ['favourite', 'is_favorite', 'starred'] },
  pinned: { type: 'boolean' },
  archived: { type: 'boolean' },
  published: { type: 'boolean', aliases: ['is_published'] },
  watched: { type: 'boolean', aliases: ['seen'] },
  visited: { type: 'boolean' },
  paid: { type: 'boolean', aliases: ['is_paid'] },
  due_date: { type: 'date', aliases: ['due', 'deadline_date', 'due_on', 'due_by'] },
  deadline: { type: 'date' },
  date: { type: 'date', aliases: ['day'] },
  birthday: { type: 'date', aliases: ['birth_date', 'date_of_birth', 'dob', 'birthdate'] },
  start_date: { type: 'date', aliases: ['starts_on', 'start_day'] },
  end_date: { type: 'date', aliases: ['ends_on', 'end_day'] },
  target_date: { type: 'date' },
  applied_on: { type: 'date', aliases: ['date_applied', 'application_date', 'applied_date'] },
  close_date: { type: 'date', aliases: ['expected_close_date', 'closing_date'] },
  order_date: { type: 'date' },
  joined_on: { type: 'date', aliases: ['join_date', 'joined'] },
  last_watered: { type: 'date', aliases: ['last_watering', 'watered_on', 'last_watered_on', 'watering_date'] },
  next_payment_date: { type: 'date', aliases: ['next_payment', 'renewal_date', 'next_billing_date'] },
  next_service_date: { type: 'date', aliases: ['next_service'] },
  vet_visit: { type: 'date', label: 'Next vet visit', aliases: ['vet_visits', 'next_vet_visit', 'vet_appointment', 'vet_appointments'] },
  starts_at: { type: 'datetime', label: 'Date and time', aliases: ['start_time', 'start', 'time', 'when', 'date_and_time', 'datetime', 'starts', 'scheduled_for', 'appointment_time'] },
  ends_at: { type: 'datetime', aliases: ['end_time', 'end', 'ends', 'finish_time'] },
  scheduled_at: { type: 'datetime', aliases: ['scheduled_time'] },
  remind_at: { type: 'datetime', aliases: ['reminder', 'reminders', 'reminder_time'] },
  next_dose_at: { type: 'datetime', aliases: ['next_dose'] },
  duration: { type: 'integer', hint: 'minutes', aliases: ['length', 'minutes', 'runtime', 'time_spent'] },
  watering_interval: { type: 'integer', hint: 'days', aliases: ['watering_frequency', 'water_every', 'watering_schedule', 'watering'] },
  amount: { type: 'number', hint: 'currency', aliases: ['sum'] },
  price: { type: 'number', hint: 'currency', aliases: ['prices', 'unit_price', 'sale_price'] },
  cost: { type: 'number', hint: 'currency', aliases: ['costs'] },
  total: { type: 'number', hint: 'currency', aliases: ['total_price', 'order_total'] },
  value: { type: 'number', hint: 'currency', aliases: ['deal_value', 'worth'] },
  budget: { type: 'number', hint: 'currency' },
  salary: { type: 'number', hint: 'per year', aliases: ['pay', 'wage', 'compensation'] },
  weight: { type: 'number', hint: 'kg' },
  distance: { type: 'number', hint: 'km' },
  mileage: { type: 'integer', hint: 'km', aliases: ['odometer'] },
  progress: { type: 'integer', hint: '0–100 %', aliases: ['percent_complete', 'percentage'] },
  quantity: { type: 'integer', aliases: ['qty', 'count', 'stock', 'amount_in_stock', 'units', 'number_in_stock'] },
  sets: { type: 'integer', aliases: ['set'] },
  reps: { type: 'integer', aliases: ['rep', 'repetitions'] },
  calories: { type: 'integer', hint: 'kcal', aliases: ['calorie', 'kcal'] },
  pages: { type: 'integer', aliases: ['page_count', 'number_of_pages'] },
  year: { type: 'integer', aliases: ['release_year', 'year_released', 'vintage_year'] },
  vintage: { type: 'integer' },
  season: { type: 'integer' },
  age: { type: 'integer', hint: 'years' },
  guests: { type: 'integer', aliases: ['party_size', 'number_of_guests', 'people_count', 'headcount'] },
  capacity: { type: 'integer', aliases: ['seats', 'max_attendees', 'spots'] },
  plus_ones: { type: 'integer' },
  bedrooms: { type: 'integer', aliases: ['rooms'] },
  streak: { type: 'integer', hint: 'days', aliases: ['current_streak'] },
  target_per_week: { type: 'integer', hint: 'times per week', aliases: ['target', 'goal_per_week', 'times_per_week'] },
  email: { type: 'text', hint: 'e-mail address', aliases: ['e-mail', 'email_address', 'mail'] },
  phone: { type: 'text', hint: 'phone number', aliases: ['phone_number', 'telephone', 'mobile', 'cell', 'mobile_number'] },
  url: { type: 'text', hint: 'URL', aliases: ['link', 'website', 'web_site', 'homepage', 'source_url', 'job_url', 'web_address'] },
  photo_url: { type: 'text', hint: 'image URL', aliases: ['photo', 'photos', 'image', 'images', 'picture', 'pictures', 'image_url', 'cover'] },
  address: { type: 'text', aliases: ['street_address'] },
  location: { type: 'text', aliases: ['place', 'venue', 'where', 'room', 'spot'] },
  destination: { type: 'text' },
  author: { type: 'text', aliases: ['authors', 'writer'] },
  artist: { type: 'text' },
  album: { type: 'text' },
  director: { type: 'text' },
  platform: { type: 'text' },
  company: { type: 'text', aliases: ['employer', 'organization', 'organisation', 'company_name'] },
  industry: { type: 'text' },
  customer: { type: 'text', aliases: ['customer_name', 'buyer'] },
  client: { type: 'text', aliases: ['client_name'] },
  donor: { type: 'text' },
  assignee: { type: 'text', aliases: ['assigned_to', 'owner', 'responsible'] },
  source: { type: 'text', aliases: ['lead_source'] },
  sku: { type: 'text', aliases: ['product_code', 'code', 'barcode', 'part_number'] },
  species: { type: 'text', aliases: ['kind_of_plant', 'plant_type', 'animal_type'] },
  breed: { type: 'text' },
  dosage: { type: 'text', aliases: ['dose'] },
  cuisine: { type: 'text' },
  winery: { type: 'text' },
  make: { type: 'text', aliases: ['brand', 'manufacturer'] },
  model: { type: 'text' },
  role: { type: 'text', aliases: ['job_title', 'position', 'title_role'] },
  department: { type: 'text', aliases: ['team_name'] },
  grade_level: { type: 'text', aliases: ['grade_year'] },
};

/** Choices of select fields by field name, used when the domain gives none of its own. */
export const FIELD_OPTIONS: Record<string, string[]> = {
  status: ['To do', 'In progress', 'Done'],
  category: ['General', 'Personal', 'Work', 'Other'],
  type: ['General', 'Other'],
  stage: ['Lead', 'Qualified', 'Proposal', 'Negotiation', 'Won', 'Lost'],
  priority: ['Low', 'Medium', 'High'],
  level: ['Beginner', 'Intermediate', 'Advanced'],
  difficulty: ['Easy', 'Medium', 'Hard'],
  severity: ['Minor', 'Major', 'Critical'],
  genre: ['Fiction', 'Non-fiction', 'Other'],
  mood: ['Great', 'Good', 'Okay', 'Bad', 'Awful'],
  frequency: ['Daily', 'Weekly', 'Monthly'],
  size: ['Small', 'Medium', 'Large'],
  condition: ['New', 'Good', 'Fair', 'Poor'],
  sunlight: ['Full sun', 'Partial shade', 'Shade'],
  rsvp: ['Invited', 'Attending', 'Maybe', 'Declined'],
  billing_cycle: ['Monthly', 'Yearly'],
  period: ['Weekly', 'Monthly', 'Yearly'],
  meal_type: ['Breakfast', 'Lunch', 'Dinner', 'Snack'],
  price_range: ['$', '$$', '$$$', '$$$$'],
  muscle_group: ['Chest', 'Back', 'Legs', 'Shoulders', 'Arms', 'Core'],
  availability: ['Weekdays', 'Evenings', 'Weekends'],
  skills: ['Organizing', 'Driving', 'Cooking', 'Teaching', 'Tech'],
  tags: ['Important', 'Favorite', 'Later', 'Idea'],
};

/**
 * Choices a select or multiselect gets when neither its domain nor its name gives any: the data model stores a
 * choice field's values only from its list of choices, so a choice field never goes without one.
 */
export const FALLBACK_OPTIONS: Record<'select' | 'multiselect', string[]> = {
  select: ['General', 'Other'],
  multiselect: FIELD_OPTIONS.tags,
};

/**
 * Words that decide a field's type when the field is not in FIELD_LIBRARY. The head word (the phrase's last
 * word) is tried first, then the others: "purchase date" is a date, "hourly rate" a number.
 */
export const TYPE_WORDS: Array<{ words: string[]; template: FieldTemplate }> = [
  { words: ['minutes', 'mins', 'duration', 'runtime'], template: { type: 'integer', hint: 'minutes' } },
  { words: ['hours', 'hrs'], template: { type: 'integer', hint: 'hours' } },
  { words: ['days'], template: { type: 'integer', hint: 'days' } },
  { words: ['date', 'deadline', 'due', 'birthday', 'anniversary', 'day', 'expiry', 'expiration', 'dob', 'on'], template: { type: 'date' } },
  { words: ['datetime', 'timestamp', 'when', 'at', 'appointment'], template: { type: 'datetime' } },
  {
    words: ['price', 'cost', 'amount', 'budget', 'total', 'salary', 'balance', 'value', 'revenue', 'fee', 'fees', 'income', 'payment', 'rate', 'spend', 'spent', 'tip', 'deposit', 'rent',
      'buy-in', 'cash-out', 'payout', 'winnings', 'stake', 'profit', 'fare', 'wage', 'bill', 'tuition', 'prize', 'earnings', 'takings', 'commission',
      'surcharge', 'toll', 'donation', 'refund', 'charge', 'proceeds', 'royalties', 'allowance', 'reimbursement', 'tips', 'wages', 'estimate'],
    template: { type: 'number', hint: 'currency' },
  },
  { words: ['weight', 'height', 'depth', 'diameter', 'thickness', 'speed', 'pressure', 'humidity', 'altitude', 'elevation', 'rainfall', 'distance', 'temperature', 'percentage', 'percent', 'ratio', 'latitude', 'longitude', 'km', 'miles', 'kg', 'kilos', 'lbs', 'volume', 'width', 'litres', 'liters', 'grams', 'mileage'], template: { type: 'number' } },
  {
    words: ['count', 'quantity', 'qty', 'servings', 'number', 'reps', 'sets', 'pages', 'calories', 'age', 'year', 'stock', 'streak', 'seats', 'guests', 'rank', 'floor', 'steps_count', 'points', 'level_number', 'size_number', 'capacity', 'episodes', 'chapters', 'laps', 'attendees'],
    template: { type: 'integer' },
  },
  { words: ['done', 'completed', 'finished', 'active', 'archived', 'favorite', 'paid', 'read', 'watched', 'visited', 'available', 'enabled', 'published', 'public', 'verified', 'approved', 'pinned', 'starred', 'owned', 'returned', 'shipped', 'confirmed', 'is', 'has', 'flag'], template: { type: 'boolean' } },
  { words: ['status', 'category', 'type', 'priority', 'level', 'stage', 'difficulty', 'genre', 'mood', 'frequency', 'size', 'condition', 'kind', 'tier', 'grade', 'class'], template: { type: 'select' } },
  { words: ['notes', 'note', 'description', 'ingredients', 'steps', 'instructions', 'directions', 'summary', 'comments', 'comment', 'review', 'bio', 'address', 'content', 'body', 'details', 'thoughts', 'remarks', 'agenda', 'symptoms', 'reflection', 'story', 'recipe', 'lyrics', 'message'], template: { type: 'text' } },
  { words: ['tags', 'labels', 'keywords', 'skills', 'topics'], template: { type: 'multiselect' } },
  { words: ['url', 'link', 'website', 'homepage'], template: { type: 'text', hint: 'URL' } },
  { words: ['email', 'e-mail'], template: { type: 'text', hint: 'e-mail address' } },
  { words: ['phone', 'mobile', 'telephone'], template: { type: 'text', hint: 'phone number' } },
  { words: ['photo', 'image', 'picture', 'avatar', 'logo', 'cover'], template: { type: 'text', hint: 'image URL' } },
];

/** "cooking time" is a duration, "start time" a moment: words before "time" that make it a number of minutes. */
export const DURATION_TIME_WORDS = ['cooking', 'cook', 'prep', 'preparation', 'baking', 'bake', 'reading', 'travel', 'total', 'run', 'running', 'wait', 'waiting', 'watch', 'screen', 'study', 'practice', 'workout', 'training', 'commute', 'drive', 'driving', 'flight', 'sleep', 'play', 'brewing', 'steeping', 'rest', 'resting'];

/**
 * Units a phrase may name ("cooking time in minutes", "weight in kg"), kept as the field's hint; a currency makes the
 * field money ("cost in euros"), which the app shows and totals as such.
 */
export const UNIT_WORDS: Record<string, string> = {
  minutes: 'minutes', minute: 'minutes', mins: 'minutes', min: 'minutes', hours: 'hours', hour: 'hours', seconds: 'seconds',
  days: 'days', weeks: 'weeks', months: 'months', years: 'years', kg: 'kg', kilograms: 'kg', lbs: 'lb', pounds: 'lb', grams: 'g',
  km: 'km', kilometers: 'km', kilometres: 'km', miles: 'miles', meters: 'm', metres: 'm', dollars: 'currency', usd: 'currency',
  euros: 'currency', eur: 'currency', percent: '%', calories: 'kcal', kcal: 'kcal', liters: 'l', litres: 'l', ml: 'ml', cm: 'cm',
};

/** Words that never become a field on their own, even inside a list. */
export const FIELD_FILLER_WORDS = ['a', 'an', 'the', 'their', 'its', 'his', 'her', 'my', 'our', 'your', 'some', 'those', 'these', 'optional', 'required', 'mandatory', 'field', 'fields', 'column', 'columns', 'also', 'pls', 'plz', 'maybe', 'possibly', 'extra', 'custom', 'own', 'each', 'every', 'any', 'one', 'its', 'it', 'them', 'this', 'that', 'info', 'information', 'entity', 'entities', 'table', 'tables'];

/** Column names the runtime adds to every row; a prompt that names them is describing what exists already. */
export const RESERVED_FIELD_NAMES = ['id', 'created_at', 'updated_at', 'user_id', 'owner_id', 'created', 'updated'];

// --- word forms ---------------------------------------------------------------------------------------

export const IRREGULAR_PLURALS: Record<string, string> = {
  person: 'people', child: 'children', man: 'men', woman: 'women', mouse: 'mice', goose: 'geese', foot: 'feet',
  tooth: 'teeth', ox: 'oxen', cactus: 'cacti', fungus: 'fungi', criterion: 'criteria', phenomenon: 'phenomena',
  analysis: 'analyses', thesis: 'theses', crisis: 'crises', diagnosis: 'diagnoses', index: 'indexes', quiz: 'quizzes',
  menu: 'menus', emu: 'emus', leaf: 'leaves', knife: 'knives', life: 'lives', shelf: 'shelves', wife: 'wives', wolf: 'wolves', half: 'halves',
  loaf: 'loaves', thief: 'thieves', calf: 'calves', scarf: 'scarves', status: 'statuses', bus: 'buses', series: 'series',
  tv_show: 'tv_shows', entry: 'entries', property: 'properties',
};

/** Words in -ics that name one field of study or work, not a plural: "physics", "logistics" (unlike "fabrics"). */
export const ICS_SINGULARS = [
  'physics', 'statistics', 'mathematics', 'ethics', 'economics', 'politics', 'athletics', 'gymnastics', 'aerobics', 'electronics',
  'logistics', 'analytics', 'robotics', 'genetics', 'linguistics', 'acoustics', 'ceramics', 'graphics', 'dynamics',
  'diagnostics', 'optics', 'classics', 'phonics', 'forensics', 'aeronautics', 'ergonomics', 'semantics',
];

/** Nouns with no plural form; their entity takes the same word. */
export const UNCOUNTABLE_NOUNS = [
  'news', 'series', 'species', 'equipment', 'information', 'inventory', 'money', 'music', 'software', 'feedback', 'fish',
  'sheep', 'deer', 'clothing', 'furniture', 'gear', 'mail', 'staff', 'homework', 'research', 'jewelry', 'jewellery',
  'stuff', 'luggage', 'baggage', 'data', 'metadata', 'progress', 'content', 'media', 'weather', 'advice', 'knowledge',
  'rice', 'bread', 'water', 'coffee', 'tea', 'wine', 'beer', 'sushi', 'spending', 'income', 'mileage', 'availability',
  'dosage', 'sunlight', 'cuisine', 'genres',
];

/** Question words listed as fields, and the field each asks for: "meets (when, where)". */
export const QUESTION_FIELDS: Record<string, string> = { when: 'date', where: 'location' };

/** Particles that finish a verb's meaning: "came back", "showed up", "checked out". */
export const VERB_PARTICLES = ['back', 'up', 'out', 'in', 'off', 'over', 'home', 'away', 'down'];

/** Countable nouns whose plural is the same word: "species (name, family), spots" lists several species. */
export const SAME_PLURAL_NOUNS = ['series', 'species', 'sheep', 'deer', 'fish', 'aircraft', 'moose', 'salmon', 'trout', 'bison', 'offspring', 'shrimp', 'swine'];

/** Singular forms ending in -ie whose plural is -ies ("movies" is not "movy"). */
export const IES_SINGULARS = ['movie', 'cookie', 'calorie', 'pie', 'tie', 'lie', 'rookie', 'selfie', 'smoothie', 'brownie', 'hoodie', 'goalie', 'prairie', 'zombie', 'sortie', 'freebie', 'newbie', 'veggie', 'genie', 'eerie', 'bootie', 'series', 'species'];

/** Plurals in -ves whose singular ends in -f or -fe. */
export const VES_SINGULARS: Record<string, string> = {
  leaves: 'leaf', knives: 'knife', lives: 'life', shelves: 'shelf', wives: 'wife', wolves: 'wolf', halves: 'half',
  loaves: 'loaf', thieves: 'thief', calves: 'calf', scarves: 'scarf', wharves: 'wharf', elves: 'elf', selves: 'self',
};

/** Singulars ending in -e before an -s plural, which the -es rule would cut short ("headaches", "shoes"). */
export const ES_SINGULARS = ['headache', 'ache', 'niche', 'cache', 'moustache', 'mustache', 'avalanche', 'shoe', 'toe', 'hoe', 'canoe', 'oboe', 'floe', 'sloe'];

/** Written in capitals in names and labels. */
/**
 * Function words the planner reads by, as people often mistype them ("wether they paid"): read as meant. Only
 * words the reading turns on; a misspelled thing ("apointments") stays as written, since it names the user's data.
 */
export const MISSPELLED_WORDS: Record<string, string> = {
  wether: 'whether', wheather: 'whether', wheter: 'whether', whethere: 'whether',
  wich: 'which', whitch: 'which', thier: 'their', teh: 'the', adn: 'and', nad: 'and', wiht: 'with', whith: 'with', eachh: 'each',
  // shorthand read as the word it stands for
  thru: 'through', appt: 'appointment', appts: 'appointments', qty: 'quantity', amt: 'amount', hrs: 'hours', mins: 'minutes',
};

export const UPPERCASE_WORDS = ['crm', 'url', 'sku', 'id', 'isbn', 'tv', 'api', 'faq', 'hr', 'dob', 'rsvp', 'usd', 'eur', 'vat', 'pdf', 'diy', 'bbq', 'ui', 'seo', 'kpi', 'okr'];

/** Small words kept lower-case inside a title. */
export const TITLE_SMALL_WORDS = ['a', 'an', 'and', 'the', 'of', 'for', 'to', 'in', 'on', 'at', 'by', 'with', 'or'];

// --- what a prompt means beyond entities and fields: relations, stages, choices, schedules, money, rankings ---

/**
 * Things that happen at a time: an entity of one of these gets a date and time and a calendar page, even when
 * the planner knows nothing else about it ("rehearsals", "shifts", "matches").
 */
export const SCHEDULED_NOUNS = [
  'shift', 'appointment', 'booking', 'reservation', 'event', 'session', 'meeting', 'class', 'lesson', 'rehearsal', 'gig',
  'concert', 'match', 'practice', 'training', 'visit', 'tour', 'party', 'interview', 'workshop', 'game_night', 'meetup',
  'slot', 'exam', 'game_day', 'fixture', 'screening', 'performance', 'ride', 'walk', 'pickup', 'delivery', 'service', 'checkup',
];

/** Things that are money: an entity of one of these always has an amount (a number shown as currency). */
export const MONEY_NOUNS = [
  'expense', 'payment', 'transaction', 'invoice', 'order', 'donation', 'income', 'purchase', 'bill', 'sale', 'fee', 'refund',
  'quote', 'loan', 'debt', 'reimbursement', 'contribution', 'deposit', 'salary', 'tip', 'bet',
];

/** Words that speak of money about the entity named before them ("expenses paid by", "what each item costs"). */
export const MONEY_WORDS = ['cost', 'costs', 'price', 'priced', 'paid', 'payed', 'pay', 'pays', 'spend', 'spent', 'split', 'splitter', 'owe', 'owes', 'owed', 'money', 'fee', 'fees', 'charge', 'charged', 'budget', 'reimburse', 'refund', 'earn', 'earned', 'earns'];

/** Nouns of an amount of money when a determiner says they are one ("the deposit", "my rate"; not "rate them"). */
export const PRICE_NOUNS = ['deposit', 'deposits', 'rate', 'rates', 'tuition', 'wage', 'wages', 'salary', 'rent', 'payment', 'payments', 'cost', 'price', 'fee'];

/** Units of money after a number: "5 cents per gram", "20 euros an hour". */
export const CURRENCY_UNITS = ['cents', 'cent', 'dollars', 'dollar', 'euros', 'euro', 'pounds', 'bucks', 'pence'];

/** Words asking to order rows by a number, highest first: a ranking page. */
export const RANKING_WORDS = ['leaderboard', 'leaderboards', 'ranking', 'rankings', 'ranked', 'scoreboard', 'standings', 'highest', 'top', 'best', 'most'];

/** Number fields a ranking orders by, the first an entity has. */
export const SCORE_FIELDS = ['score', 'points', 'votes', 'wins', 'rating', 'goals', 'total', 'amount', 'quantity'];

/** Numbers people rank by, as they say them after "the most", "best", "top". */
export const SCORE_WORDS = ['votes', 'vote', 'goals', 'points', 'score', 'scores', 'wins', 'rating', 'likes', 'sales', 'views'];

/** Words asking for rows in columns by stage: a board page. */
export const BOARD_WORDS = ['kanban', 'pipeline', 'pipelines', 'columns', 'swimlanes', 'trello'];

/** Words asking to see rows on a calendar. */
export const CALENDAR_WORDS = ['calendar', 'calendars', 'schedule', 'schedules', 'scheduler', 'scheduling', 'agenda', 'timetable', 'rota', 'planning', 'view'];

/** Words that open an ordered list of stages: "moving through idea, rehearsing and ready", "stages: ...". */
export const STAGE_WORDS = ['through', 'stages', 'stage', 'statuses', 'phases', 'steps', 'columns', 'pipeline'];

/** Verbs after which a thing passes through stages ("each moving through", "tasks go from ... to ..."). */
export const MOVING_VERBS = ['moving', 'move', 'moves', 'go', 'goes', 'going', 'pass', 'passes', 'passing', 'progress', 'progresses', 'flow', 'flows', 'advance', 'advances'];

/** "volunteers sign up for shifts": verbs by which many of the first take part in one of the second. */
export const JOINING_VERBS = ['sign', 'signs', 'enroll', 'enrolls', 'enrol', 'enrols', 'register', 'registers', 'join', 'joins', 'attend', 'attends', 'volunteer', 'volunteers', 'participate', 'participates', 'subscribe', 'subscribes', 'rsvp'];

/** "members borrow books": verbs by which one of the first is behind each of the second. */
export const ACTING_VERBS = [
  'borrow', 'borrows', 'rent', 'rents', 'order', 'orders', 'buy', 'buys', 'write', 'writes', 'submit', 'submits', 'suggest',
  'suggests', 'post', 'posts', 'adopt', 'adopts', 'lead', 'leads', 'teach', 'teaches', 'take', 'takes', 'play', 'plays',
  'apply', 'applies', 'request', 'requests', 'own', 'owns', 'create', 'creates', 'propose', 'proposes', 'host', 'hosts',
  'report', 'reports', 'pay', 'pays', 'run', 'runs', 'coach', 'coaches', 'drive', 'drives', 'walk', 'walks', 'reserve', 'reserves',
  'book', 'books', 'place', 'places', 'make', 'makes', 'send', 'sends', 'cook', 'cooks', 'bring', 'brings', 'win', 'wins',
];

/** Past participles that are not a word + "ed" ("paid by one person"). */
export const IRREGULAR_PARTICIPLES = ['paid', 'made', 'written', 'led', 'owned', 'run', 'held', 'sent', 'taught', 'bought', 'kept', 'given', 'done', 'hosted', 'won', 'chosen', 'taken', 'brought', 'sold', 'built', 'driven', 'lent', 'borrowed', 'split', 'shared', 'cooked', 'read', 'sung', 'drawn',
  'set', 'put', 'cut', 'seen', 'found', 'shown', 'known', 'grown', 'thrown', 'left', 'lost', 'met', 'told', 'spent', 'laid', 'fed', 'bred', 'worn',
  'eaten', 'born', 'ridden', 'flown', 'hidden', 'caught', 'heard', 'said', 'understood', 'begun', 'dealt', 'struck'];

/** Prepositions after which a list of people share a thing ("shared among several", "split between friends"). */
/** Participles that only link a thing to another ("orders linked to a customer"): the link is named after the other. */
export const LINKING_PARTICIPLES = ['linked', 'connected', 'attached', 'tied', 'related', 'associated', 'matched', 'mapped'];

export const SHARING_PREPOSITIONS = ['among', 'amongst', 'between', 'across', 'with'];

/** Words that say how many: "one person" is a reference, "several people" a list of references. */
export const MANY_WORDS = ['several', 'multiple', 'many', 'some', 'all', 'various', 'two', 'three', 'more'];

/** Nouns for people: when a thing is "shared" or "assigned" without saying with whom, it is one of these. */
export const PEOPLE_NOUNS = [
  'person', 'member', 'friend', 'participant', 'player', 'volunteer', 'student', 'guest', 'employee', 'customer', 'client',
  'contact', 'roommate', 'housemate', 'flatmate', 'teammate', 'attendee', 'tenant', 'musician', 'athlete', 'coach', 'teacher',
  'parent', 'child', 'kid', 'staff_member', 'worker', 'user', 'traveler', 'traveller', 'owner', 'author', 'donor', 'patient',
  'neighbour', 'neighbor', 'artist', 'singer', 'helper', 'tutor', 'stylist', 'driver', 'landlord', 'adopter', 'sitter',
  'instructor', 'trainer', 'mechanic', 'cleaner', 'gardener', 'resident', 'cast_member', 'performer', 'borrower', 'lender',
];

/** What a person the prompt names without saying more is kept with: how to reach them. */
export const PERSON_FIELDS = ['email', 'phone', 'notes'];

/**
 * Deeds whose record an app keeps under a noun of its own: "customers rent a bike … each rental has a price" keeps
 * rentals, each pointing at its customer and its bike. Each form of the verb, with the nouns its record goes by, and
 * whether the record is kept even when the prompt names no such thing ("members book machines": bookings).
 */
const DEED_GROUPS: [string[], string[], boolean?][] = [
  [['rent', 'rents', 'rented', 'renting'], ['rental', 'hire', 'booking', 'reservation'], true],
  [['hire', 'hires', 'hired'], ['hire', 'rental', 'booking'], true],
  [['lease', 'leases', 'leased'], ['lease', 'rental'], true],
  [['borrow', 'borrows', 'borrowed', 'lend', 'lends', 'lent'], ['loan', 'borrowing', 'checkout', 'lending'], true],
  [['book', 'books', 'booked', 'reserve', 'reserves', 'reserved'], ['booking', 'reservation', 'appointment'], true],
  [['order', 'orders', 'ordered'], ['order']],
  [['buy', 'buys', 'bought', 'purchase', 'purchases', 'purchased'], ['purchase', 'order', 'sale']],
  [['sell', 'sells', 'sold'], ['sale', 'order']],
  [['visit', 'visits', 'visited'], ['visit', 'appointment']],
  [['attend', 'attends', 'attended'], ['attendance', 'visit', 'registration', 'booking']],
  [['enrol', 'enrols', 'enrolled', 'enroll', 'enrolls'], ['enrolment', 'enrollment', 'registration'], true],
  [['register', 'registers', 'registered'], ['registration', 'signup']],
  [['adopt', 'adopts', 'adopted'], ['adoption'], true],
  [['foster', 'fosters', 'fostered'], ['placement', 'foster']],
  [['donate', 'donates', 'donated', 'give', 'gives', 'gave'], ['donation', 'gift']],
  [['pay', 'pays', 'paid'], ['payment']],
  [['treat', 'treats', 'treated'], ['treatment', 'visit', 'appointment']],
  [['review', 'reviews', 'reviewed'], ['review']],
  [['comment', 'comments', 'commented'], ['comment'], true],
  [['rate', 'rates', 'rated'], ['rating', 'review']],
  [['vote', 'votes', 'voted'], ['vote'], true],
  [['bid', 'bids'], ['bid'], true],
  [['apply', 'applies', 'applied'], ['application']],
  [['submit', 'submits', 'submitted'], ['submission', 'entry']],
  [['deliver', 'delivers', 'delivered'], ['delivery']],
  [['ship', 'ships', 'shipped'], ['shipment']],
  [['assign', 'assigns', 'assigned'], ['assignment']],
  [['inspect', 'inspects', 'inspected'], ['inspection']],
  [['repair', 'repairs', 'repaired', 'fix', 'fixes', 'fixed'], ['repair', 'job']],
  [['service', 'services', 'serviced'], ['service']],
  [['walk', 'walks', 'walked'], ['walk']],
  [['teach', 'teaches', 'taught', 'tutor', 'tutors', 'tutored', 'coach', 'coaches', 'coached'], ['lesson', 'session', 'class']],
  [['sponsor', 'sponsors', 'sponsored'], ['sponsorship', 'pledge']],
  [['subscribe', 'subscribes', 'subscribed'], ['subscription']],
  [['pledge', 'pledges', 'pledged'], ['pledge']],
  [['stay', 'stays', 'stayed'], ['stay', 'booking']],
  [['nominate', 'nominates', 'nominated'], ['nomination']],
  [['vaccinate', 'vaccinates', 'vaccinated'], ['vaccination']],
  [['swap', 'swaps', 'swapped', 'trade', 'trades', 'traded'], ['swap', 'trade']],
  [['check', 'checks', 'checked'], ['checkout', 'check_in', 'loan']],
  [['sign', 'signs', 'signed'], ['signup', 'registration']],
];

/** Each form of a deed's verb, with the nouns its record goes by. */
export const DEED_RECORDS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  DEED_GROUPS.flatMap(([forms, nouns]) => forms.map((form) => [form, nouns])),
);

/** Forms of the verbs whose record is kept even when the prompt does not name it (under the first noun). */
export const KEPT_DEEDS: readonly string[] = DEED_GROUPS.flatMap(([forms, , kept]) => (kept ? forms : []));

/** Words that say which part a kept thing plays in a field of another: "home team", "main contact", "assigned vet". */
export const ROLE_MODIFIERS = [
  'home', 'away', 'main', 'primary', 'secondary', 'assigned', 'previous', 'current', 'lead', 'head', 'host', 'visiting',
  'opposing', 'preferred', 'backup', 'referring', 'supervising', 'responsible', 'winning', 'losing', 'first', 'second',
];

/** Records of lending: one that points at a thing, not a person, lends that thing, and is no loan of money. */
export const LENDING_NOUNS = ['loan', 'lending', 'borrowing', 'checkout'];

/** Fields of a thing kept as stock for sale, which a thing lent out does not have. */
export const STOCK_FIELDS = ['sku', 'quantity', 'price', 'cost', 'unit_price', 'reorder_level'];

/** People whose word says they have the thing they are named with: "dogs, their owners" point at the owners. */
export const POSSESSOR_NOUNS = ['owner', 'keeper', 'holder', 'guardian', 'breeder'];

/** Nouns that are who uses the app, not what it keeps, when they only act ("customers book appointments"). */
export const USER_NOUNS = ['user', 'customer', 'visitor', 'people', 'person', 'everyone', 'someone', 'anyone', 'client', 'guest', 'admin', 'i', 'we', 'you', 'they'];

/**
 * Choices named in a prompt ("morning or evening shifts") become a select; its name comes from the family
 * its choices belong to, else `type`.
 */
export const OPTION_FAMILIES: Array<{ field: string; words: string[] }> = [
  { field: 'time_of_day', words: ['morning', 'afternoon', 'evening', 'night', 'midday', 'noon', 'overnight', 'daytime', 'late', 'early'] },
  { field: 'day', words: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'weekday', 'weekend', 'weekdays', 'weekends'] },
  { field: 'size', words: ['small', 'medium', 'large', 'xl', 'big', 'tiny', 'huge'] },
  { field: 'priority', words: ['low', 'high', 'urgent', 'normal'] },
  { field: 'level', words: ['beginner', 'intermediate', 'advanced', 'expert', 'novice', 'pro'] },
  { field: 'meal_type', words: ['breakfast', 'lunch', 'dinner', 'brunch', 'snack', 'dessert'] },
  { field: 'setting', words: ['indoor', 'outdoor', 'indoors', 'outdoors', 'inside', 'outside'] },
  { field: 'format', words: ['online', 'remote', 'onsite', 'in-person', 'hybrid', 'virtual', 'person'] },
  { field: 'payment_method', words: ['cash', 'card', 'transfer', 'cheque', 'check', 'paypal', 'credit', 'debit'] },
  { field: 'frequency', words: ['daily', 'weekly', 'monthly', 'yearly', 'once', 'hourly'] },
  { field: 'season', words: ['spring', 'summer', 'autumn', 'fall', 'winter'] },
  { field: 'diet', words: ['vegetarian', 'vegan', 'meat', 'fish', 'gluten-free', 'halal', 'kosher'] },
  { field: 'color', words: ['red', 'white', 'blue', 'green', 'black', 'yellow', 'pink', 'rosé', 'orange', 'purple'] },
  { field: 'role', words: ['admin', 'editor', 'viewer', 'manager', 'captain', 'coach', 'leader'] },
];

/** Nouns of a list a user keeps of things: "a list of funders", "an overview of our growers". */
/** Uncountable nouns for stuff a user keeps row by row, whose kinds a list may name: "equipment: wheelchairs, commodes". */
export const MASS_THINGS = ['equipment', 'kit', 'gear', 'furniture', 'clothing', 'machinery', 'luggage', 'jewellery', 'jewelry', 'apparatus', 'tackle'];
export const LIST_NOUNS = ['list', 'lists', 'overview', 'record', 'records', 'register', 'log', 'database', 'catalogue', 'catalog', 'directory', 'inventory'];
/** Words that name a way of showing rows: never a field. */
export const VIEW_WORDS = ['view', 'views', 'page', 'pages', 'screen', 'screens', 'dashboard', 'board', 'calendar', 'leaderboard', 'ranking', 'overview'];

/** The measure a superlative orders by: "the heaviest catches" by their weight, "the longest hikes" by their length. */
export const SUPERLATIVE_MEASURES: Record<string, string> = {
  heaviest: 'weight', lightest: 'weight', longest: 'length', shortest: 'length', tallest: 'height', highest: 'height', fastest: 'time', slowest: 'time',
  biggest: 'size', largest: 'size', smallest: 'size', oldest: 'age', youngest: 'age', cheapest: 'price', priciest: 'price', richest: 'value',
};
