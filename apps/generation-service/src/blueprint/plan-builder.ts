/**
 * Turns what the parser read into a complete AppPlan: every entity gets its naming field first, the fields its
 * domain usually has when the prompt named none, labels, user scoping; the app gets a name, one sentence of
 * description and its pages.
 */
import type { AppLanguage, AppPlan, EntityField, EntityPlan, PagePlan } from '@appgen/contracts';
import { extractChoices, type ChoicePhrase } from './choice-phrases';
import { applyDeclarations, declaredThings } from './declared-things';
import { detectLanguage, localizePlan, pageTitle, toEnglish } from './languages';
import { domainOf, fieldFromWords, libraryFieldName, matchDomainNoun, optionsFor, readPrompt, type EntityDraft, type PromptReading, type ViewWish } from './prompt-parser';
import { promptBody } from './prompt-body';
import { addMissingFields } from './prompt-structure';
import {
  APP_KIND_WORDS, APP_WORDS, DOMAIN_ALIASES, DOMAIN_SENSES, DOMAINS, FIELD_OPTIONS, GENERIC_APP_KINDS, GENERIC_FIELDS, RECORD_FIELDS, IRREGULAR_PARTICIPLES, KEEPING_VERBS, MONEY_NOUNS, PEOPLE_NOUNS,
  LENDING_NOUNS, PERSON_FIELDS, RESERVED_FIELD_NAMES, SCHEDULED_NOUNS, SCORE_FIELDS, SKIPPED_ADJECTIVES, STOCK_FIELDS, STOP_WORDS, USER_NOUNS,
} from './vocabulary.data';
import { distinctValues, isPlural, joinWords, partsOfSpeech, pluralSnake, singularSnake, singularize, toSentence, toSnake, toTitle, tokenize } from './words.util';

/** Most entities an app gets from one prompt; more would be a data model to design, not an app to start from. */
export const MAX_ENTITIES = 8;
/** Most fields an entity gets from one prompt. */
export const MAX_FIELDS = 24;

/**
 * Prompts asking that visitors write without an account: a guest book, a sign-up sheet, "anyone can add".
 * Only these get entities open for writes; every other app's data takes changes from signed-in users.
 */
const OPEN_WRITES_PHRASES =
  /\b(?:guest ?books?|sign-?up sheets?|without (?:signing (?:in|up)|logging in|an account|registering|registration)|anyone (?:can|may|could) (?:add|post|sign|leave|write|submit|join)|anonymous(?:ly)?)\b/i;

export function wantsOpenWrites(prompt: string): boolean {
  return OPEN_WRITES_PHRASES.test(prompt);
}

/** Whether visitors may write an entity of this draft: the prompt says so, or its domain is written by passers-by. */
function isOpenForWrites(prompt: string, domainKey: string | null): boolean {
  return wantsOpenWrites(prompt) || domainOf(domainKey)?.openWrites === true;
}

/**
 * Whether the drafts lend the thing `draft` names: a loan of it ("tools, neighbours, loans"), which then is no loan of
 * money, and the thing no stock for sale.
 */
export function lentThing(draft: EntityDraft, drafts: EntityDraft[]): boolean {
  const table = pluralSnake(toSnake(draft.singular));
  return !PEOPLE_NOUNS.includes(draft.singular) && drafts.some((other) => LENDING_NOUNS.includes(other.singular) && other.fields.some((field) => field.entity === table || field.name === draft.singular));
}

/** Whether another draft points at the thing `draft` names: "donors, and donations from a donor" links donors. */
export function linkedThing(draft: EntityDraft, drafts: EntityDraft[]): boolean {
  const table = pluralSnake(toSnake(draft.singular));
  return drafts.some((other) => other !== draft && other.fields.some((field) => (field.type === 'reference' || field.type === 'references') && field.entity === table));
}

export function entityFromDraft(draft: EntityDraft, userScoped: boolean, openWrites = false, lent = false, linked = false): EntityPlan {
  const domain = domainOf(draft.domainKey);
  // words of any language reach here ("dépenses"): table names are plain snake_case
  const name = pluralSnake(toSnake(draft.singular));
  const declaredTitle = draft.declared && !draft.fields.some((field) => field.name === 'name') && draft.fields.some((field) => field.name === 'title');
  const titleName = draft.measurement ? 'date' : declaredTitle ? 'title' : (domain?.titleField ?? 'name');
  const fields: EntityField[] = [];
  const title = draft.fields.find((field) => field.name === titleName) ?? fieldFromWords([titleName], draft.domainKey);
  if (title) fields.push({ ...title, type: draft.measurement ? 'date' : 'text', required: true });

  let named = draft.fields.filter((field) => field.name !== titleName);
  // one named field ("appointments with a date and time") is a detail, not a design: the domain's usual fields join it
  // (a relation is not a detail of the thing itself: "expenses paid by one person" still wants an amount and a date;
  // nor are yes/no facts: "each recipe should say if it's vegan and whether it freezes" still wants ingredients)
  if (!draft.declared && (named.filter((field) => !['reference', 'references', 'boolean'].includes(field.type)).length < 2 || draft.measurement)) {
    // a person with no domain of their own ("neighbours", "wedding guests") is kept with how to reach them, not a
    // thing's description and date
    // a thing of no known kind, named only as a group others point at ("kilns, and firings in a kiln"), is told
    // apart by its name: a description, date and tags would be made-up details of it
    // a thing of no known kind that points at another ("weighings for each lamb", "results of each player") is a record
    // of it: when it was and notes, not a description and tags
    const record = named.some((field) => field.type === 'reference' || field.type === 'references');
    // ("grades of each student": a record named by a field's word holds that field, the grade)
    const bare = linked && named.length === 0 ? ['notes'] : record ? [...(libraryFieldName(draft.singular) ? [draft.singular] : []), ...RECORD_FIELDS] : GENERIC_FIELDS;
    const defaults = draft.measurement ? ['notes'] : (domain?.fields ?? (PEOPLE_NOUNS.includes(draft.singular) || PEOPLE_NOUNS.includes(draft.singular.split('_').pop() ?? '') ? PERSON_FIELDS : bare));
    // a thing lent out ("tools" of a lending library) is no stock: no SKU, quantity or price from its kind's usual fields
    const extra = defaults.filter((key) => !(lent && STOCK_FIELDS.includes(key))).map((key) => fieldFromWords([key], draft.domainKey)).filter((field): field is EntityField => field !== null);
    // the domain's time of the happening or its person is not added beside the one the prompt gave ("jobs … which
    // customer, on what day")
    const dated = named.some((field) => field.type === 'date' || field.type === 'datetime');
    const pointsAtPeople = named.some((field) => field.type === 'reference');
    // (nor the kind's usual status beside the stages the prompt gave: "moves them from open to in progress to closed")
    const staged = named.some((field) => field.name === 'stage' && field.options);
    const repeats = (field: EntityField): boolean => named.some((candidate) => candidate.name === field.name)
      || (dated && ['starts_at', 'date'].includes(field.name)) || (pointsAtPeople && PEOPLE_NOUNS.includes(field.name)) || (staged && field.name === 'status');
    named = [...named, ...extra.filter((field) => !repeats(field))];
  }
  for (const field of named) {
    // (however a reading named it, a column every row has already is no field: "ID y/n")
    if (field.name !== titleName && !fields.some((candidate) => candidate.name === field.name) && !RESERVED_FIELD_NAMES.includes(field.name)) fields.push(field);
  }
  const singularLabel = toSentence(draft.measurement ? draft.singular.replace(/_entry$/, ' entry') : draft.singular);
  return {
    name,
    label: toSentence(name),
    label_singular: singularLabel,
    fields: fields.slice(0, MAX_FIELDS),
    user_scoped: userScoped,
    // A visitor owns nothing, so an entity open to visitors is always shared.
    ...(openWrites && !userScoped ? { open_writes: true } : {}),
  };
}

/** Whether rows are the user's own: what the prompt says wins over what the domain usually is. */
export function isUserScoped(reading: Pick<PromptReading, 'personal' | 'shared'>, domainKey: string | null): boolean {
  if (reading.shared) return false;
  if (reading.personal) return true;
  return domainOf(domainKey)?.personal ?? true;
}

/** A board, calendar or ranking of an entity by one of its fields. */
export interface EntityView {
  kind: 'board' | 'calendar' | 'ranking';
  entity: string;
  field: string;
}

/**
 * The pages of a plan: home; for every entity its list, form and detail page (its row with the rows pointing at
 * it); the boards, calendars and rankings asked for, of fields that exist; sign-in when any data is personal.
 */
export function pagesFor(entities: EntityPlan[], appName: string, views: EntityView[] = [], language: AppLanguage = 'en'): PagePlan[] {
  const pages: PagePlan[] = [{ path: '/', title: appName, kind: 'home' }];
  for (const entity of entities) {
    pages.push({ path: `/${entity.name}`, title: entity.label, kind: 'list', entity: entity.name });
    pages.push({ path: `/${entity.name}/new`, title: pageTitle(language, 'form', entity), kind: 'form', entity: entity.name });
    pages.push({ path: `/${entity.name}/:id`, title: entity.label_singular, kind: 'detail', entity: entity.name });
    for (const view of views) {
      const field = entity.fields.find((candidate) => candidate.name === view.field);
      if (view.entity !== entity.name || !field || !viewFits(view.kind, field)) continue;
      const path = `/${entity.name}/${view.kind}`;
      if (pages.some((page) => page.path === path)) continue;
      pages.push({ path, title: pageTitle(language, view.kind, entity, field), kind: view.kind, entity: entity.name, field: field.name });
    }
  }
  if (entities.some((entity) => entity.user_scoped)) pages.push({ path: '/sign-in', title: pageTitle(language, 'sign_in'), kind: 'sign_in' });
  return pages;
}

/** Whether a field can carry a view: a board groups by a select, a calendar places by a date, a ranking orders by a number. */
export function viewFits(kind: EntityView['kind'], field: EntityField): boolean {
  if (kind === 'board') return field.type === 'select';
  if (kind === 'calendar') return field.type === 'date' || field.type === 'datetime';
  return field.type === 'number' || field.type === 'integer';
}

/** The boards, calendars and rankings a plan has, to keep them through a change. */
export function viewsOf(plan: Pick<AppPlan, 'pages'>): EntityView[] {
  return plan.pages.flatMap((page) =>
    (page.kind === 'board' || page.kind === 'calendar' || page.kind === 'ranking') && page.entity && page.field ? [{ kind: page.kind, entity: page.entity, field: page.field }] : [],
  );
}

const CALENDAR_FIELDS = ['starts_at', 'scheduled_at', 'due_date', 'date', 'start_date', 'deadline', 'next_service_date', 'target_date'];

/** The select a board of this entity groups by, made from its domain's statuses when it has none. */
export function boardField(entity: EntityPlan, domainKey: string | null): EntityField {
  const found = ['stage', 'status'].map((name) => entity.fields.find((field) => field.name === name && field.type === 'select')).find(Boolean)
    ?? entity.fields.find((field) => field.type === 'select' && /status|stage|state|phase|column/.test(field.name));
  if (found) return found;
  const field: EntityField = { name: 'status', label: 'Status', type: 'select', required: false, options: optionsFor('status', domainKey) ?? [...FIELD_OPTIONS.status] };
  const existing = entity.fields.findIndex((candidate) => candidate.name === 'status');
  if (existing >= 0) entity.fields[existing] = field;
  else entity.fields.push(field);
  return field;
}

const HAPPENINGS = '(?:[a-z]+ing|pickup|delivery|visit|event|session|meeting|match|class|shift|booking|service|appointment)';
/** "pickup date", "viewing date", "sowing dates": the date of something that happens. */
const HAPPENING_DATE = new RegExp(`^${HAPPENINGS}_(?:date|day|time|at|on)s?$`);
/** "date of delivery", "day of the match": the same, the other way round. */
const DATE_OF_HAPPENING = new RegExp(`^(?:date|day|time)s?_of_(?:the_)?${HAPPENINGS}$`);

/** A date of something that happens, not of a birth, a joining or an expiry ("birthday", "joined_on", "warranty_end_date"). */
function eventDate(field: EntityField): boolean {
  return viewFits('calendar', field) && !/(?:birth|born|joined|hired|anniversary|expir|warranty|year)/.test(field.name);
}

/** The date a calendar of this entity places rows by, a date and time added when it has none. */
function calendarField(entity: EntityPlan): EntityField {
  const found = CALENDAR_FIELDS.map((name) => entity.fields.find((field) => field.name === name && viewFits('calendar', field))).find(Boolean)
    ?? entity.fields.find((field) => viewFits('calendar', field));
  if (found) return found;
  // ("shoot days", "match days": a day is placed by its date, not a start time)
  const field = fieldFromWords([/_days?$|^days?$/.test(entity.name) ? 'date' : 'starts_at'], null) as EntityField;
  entity.fields.push(field);
  return field;
}

/**
 * The number a ranking orders by: the one named, a score-like one, or a score added. A named text or choice becomes a
 * number; a named field no number can stand for (a reference, a date, a yes/no fact) stays what it is, and the ranking
 * takes a score-like number instead.
 */
function rankingField(entity: EntityPlan, named?: string): EntityField {
  const wanted = named ? entity.fields.find((field) => field.name === named || singularSnake(field.name) === singularSnake(named)) : undefined;
  if (wanted && viewFits('ranking', wanted)) return wanted;
  // "by votes" (read as text) can be a number; "by author" or "by team" names no number, whatever the prompt asks
  const known = named ? libraryFieldName(toSnake(named)) : undefined;
  const numberNamed = named !== undefined && (known === undefined || SCORE_FIELDS.includes(known));
  const renumbered = wanted !== undefined && (wanted.type === 'text' || wanted.type === 'select') && numberNamed;
  const found = SCORE_FIELDS.map((name) => entity.fields.find((field) => field.name === name && viewFits('ranking', field))).find(Boolean);
  if (found && (!numberNamed || (wanted && !renumbered))) return found;
  if (wanted && renumbered) {
    wanted.type = 'integer';
    delete wanted.options;
    return wanted;
  }
  const field: EntityField = named && !wanted && numberNamed
    ? { ...(fieldFromWords([named], null) ?? { name: named, label: toSentence(named), type: 'integer', required: false }), type: 'integer', required: false }
    : { name: 'score', label: 'Score', type: 'integer', required: false };
  delete field.options;
  entity.fields.push(field);
  return field;
}

function isMoneyField(field: EntityField): boolean {
  return (field.type === 'number' || field.type === 'integer') && field.hint === 'currency';
}

/**
 * What an entity is, beyond the fields the prompt listed: money entities have an amount, scheduled ones a date
 * and time; a text field naming another entity ("client" beside clients) points at it.
 */
export function completeEntities(entities: EntityPlan[], drafts: Array<Pick<EntityDraft, 'singular' | 'domainKey' | 'money'>>): void {
  entities.forEach((entity, index) => {
    // a relation to an entity the app does not have (past the most entities a prompt gets) is left out
    entity.fields = entity.fields.filter((field) => !field.entity || entities.some((other) => other.name === field.entity));
    const draft = drafts[index];
    // ("rent payments", "late fees": a kind named by its last word)
    const kinds = [draft?.singular, draft?.domainKey, singularSnake(entity.name), singularSnake(entity.name).split('_').pop()];
    // "loans" of a thing the app keeps lend that thing: their kind says nothing of money
    // (a field named after a kept thing points at it, though it is made a reference only below)
    const lentTable = (field: EntityField): string | undefined => field.entity ?? entities.find((other) => other !== entity && singularSnake(other.name) === singularSnake(field.name))?.name;
    const lends = LENDING_NOUNS.includes(draft?.singular ?? '') && entity.fields.some((field) => {
      const table = lentTable(field);
      return table !== undefined && !PEOPLE_NOUNS.includes(singularSnake(table));
    });
    if ((draft?.money || (!lends && kinds.some((kind) => kind && MONEY_NOUNS.includes(kind)))) && !entity.fields.some(isMoneyField)) {
      entity.fields.splice(Math.min(1, entity.fields.length), 0, fieldFromWords(['amount'], null) as EntityField);
    }
    for (const field of [...entity.fields]) {
      if (field.type !== 'text' || field.hint) continue;
      // "the book chosen", "the chosen venue": a thing and what was done to it is that thing
      const parts = field.name.split('_');
      const done = (word: string): boolean => IRREGULAR_PARTICIPLES.includes(word) || (word.length > 4 && word.endsWith('ed'));
      const thing = parts.length === 2 && done(parts[1]) ? parts[0] : parts.length === 2 && done(parts[0]) ? parts[1] : null;
      if (thing && entities.some((other) => other !== entity && singularSnake(other.name) === thing)) {
        // ("attendances: a dancer seen in a class", where the dancer is already pointed at: the same field twice)
        if (entity.fields.some((other) => other.name === thing)) {
          entity.fields.splice(entity.fields.indexOf(field), 1);
          continue;
        }
        field.name = thing;
      }
      const singular = singularSnake(field.name);
      const people = ['assignee', 'owner', 'responsible', 'assigned_to', 'organizer', 'host', 'leader'].includes(field.name);
      const target = entities.find((other) => other !== entity && (singularSnake(other.name) === singular || (people && PEOPLE_NOUNS.includes(singularSnake(other.name)))));
      if (!target) continue;
      // ("the owner of each dog", kept as the assignee the library calls an owner; "clients come with cases", read as a
      // list of cases beside the case a join made: a thing points at another once)
      if (entity.fields.some((other) => other !== field && (other.type === 'reference' || other.type === 'references') && other.entity === target.name)) {
        entity.fields.splice(entity.fields.indexOf(field), 1);
        continue;
      }
      field.type = singular === field.name || people ? 'reference' : 'references';
      field.entity = target.name;
      field.on_delete = 'set_null';
    }
  });
}

/** The views a reading asks for, made to fit the entities (a board gets its stages, a calendar its date). */
export function viewsFor(entities: EntityPlan[], drafts: Array<Pick<EntityDraft, 'singular' | 'domainKey'> & { fields?: EntityField[] }>, wishes: ViewWish[]): EntityView[] {
  const views: EntityView[] = [];
  const add = (kind: EntityView['kind'], entity: EntityPlan, field: EntityField): void => {
    if (!views.some((view) => view.kind === kind && view.entity === entity.name)) views.push({ kind, entity: entity.name, field: field.name });
  };
  const entityOf = (singular: string | null): EntityPlan | undefined =>
    singular === null ? undefined : entities.find((entity) => singularSnake(entity.name) === singular || pluralSnake(toSnake(singular)) === entity.name);
  for (const wish of wishes) {
    if (wish.kind === 'board') {
      const entity = entityOf(wish.entity) ?? entities.find((candidate) => candidate.fields.some((field) => field.type === 'select' && /status|stage/.test(field.name))) ?? entities[0];
      if (entity) add('board', entity, wish.field ? (entity.fields.find((field) => field.name === wish.field) ?? boardField(entity, null)) : boardField(entity, drafts[entities.indexOf(entity)]?.domainKey ?? null));
    } else if (wish.kind === 'calendar') {
      // "a calendar" said of no thing: the one a calendar was asked of by name, else the first with a date of something
      // that happens (a birth date or the day someone joined is no event to see on a calendar)
      if (!wish.entity && wishes.some((other) => other.kind === 'calendar' && other.entity && entityOf(other.entity))) continue;
      const entity = entityOf(wish.entity) ?? entities.find((candidate) => candidate.fields.some(eventDate)) ?? entities.find((candidate) => candidate.fields.some((field) => viewFits('calendar', field))) ?? entities[0];
      if (entity) add('calendar', entity, calendarField(entity));
    } else {
      const holder = wish.field && !entityOf(wish.entity) ? entities.find((candidate) => candidate.fields.some((field) => field.name === wish.field && viewFits('ranking', field))) : undefined;
      const entity = holder ?? entityOf(wish.entity) ?? entities.find((candidate) => candidate.fields.some((field) => SCORE_FIELDS.includes(field.name) && viewFits('ranking', field))) ?? entities[0];
      if (entity) add('ranking', entity, rankingField(entity, wish.field));
    }
  }
  entities.forEach((entity, index) => {
    const draft = drafts[index];
    const scheduled = [draft?.singular, draft?.domainKey, singularSnake(entity.name)].some((kind) => kind && SCHEDULED_NOUNS.includes(kind));
    const due = entity.fields.find((field) => ['due_date', 'deadline'].includes(field.name) && viewFits('calendar', field));
    // a date of something that happens ("pickup date", "viewing date", "sowing dates") is one to see on a calendar
    // "date of delivery" ("date de livraison") says the same the other way round
    // what the prompt gave a start time ("each talk with a start time") or a date ("trainings with a date and a
    // location", "inspections of each hive with the date") happens on a day
    const named = draft?.fields ?? [];
    const happening = entity.fields.find((field) => viewFits('calendar', field) && (HAPPENING_DATE.test(field.name) || DATE_OF_HAPPENING.test(field.name)))
      // a date something starts on ("an arrival date and a departure date", "date of arrival", "start date") spans days
      // from there, when the prompt names it (an employee's usual start date is no event)
      ?? named.find((field) => viewFits('calendar', field) && /(?:^|_)(?:arrival|check_in|start|begin|beginning)(?:_|$)/.test(field.name));
    const starts = named.find((field) => field.name === 'starts_at' && viewFits('calendar', field));
    const dated = named.find((field) => field.name === 'date' && viewFits('calendar', field));
    // a date the prompt itself gives a thing ("visits w date", "sorties avec la date") says when it happens
    const occurs = dated;
    if (scheduled) add('calendar', entity, calendarField(entity));
    else if (due ?? happening ?? starts ?? occurs) add('calendar', entity, (due ?? happening ?? starts ?? occurs) as EntityField);
  });
  return views;
}

/** "A recipe manager where ..." gives "Recipe Manager"; `called "Pantry Pal"` gives "Pantry Pal". */
export function appNameFrom(prompt: string, primary: EntityPlan | undefined, primaryDomainKey: string | null): string {
  const called = /\b(?:called|named|titled)\s+["']?([A-Za-z0-9][^"'.,;!?\n]*?)["']?(?=[.,;!?\n]|$|\s+(?:that|which|where|with|to|for|so|and)\b)/i.exec(prompt);
  if (called) {
    const words = called[1].trim().split(/\s+/).slice(0, 6).join(' ');
    return /[A-Z]/.test(words) ? words : toTitle(words);
  }
  const tokens = tokenize(prompt);
  const domainKind = primaryDomainKey ? (DOMAINS[primaryDomainKey]?.appKind ?? 'Tracker') : 'Tracker';
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token.punct || !APP_KIND_WORDS.includes(token.text)) continue;
    const next = tokens[index + 1];
    // "clients book walks": a verb, not the end of a name
    // ("log each walk": a determiner after it starts its object too)
    if (KEEPING_VERBS.includes(token.text) && next && !next.punct && (!STOP_WORDS.includes(next.text) || ['each', 'every', 'the', 'a', 'an', 'all', 'my', 'our', 'their', 'your'].includes(next.text)) && !APP_KIND_WORDS.includes(next.text)) continue;
    // "I want to book a table": a verb after "to" or a pronoun names no app
    if (KEEPING_VERBS.includes(token.text) && ['to', 'i', 'we', 'you', 'and', 'can', 'will'].includes(tokens[index - 1]?.text ?? '')) continue;
    // "a book club", "a recipe book app": the name runs on to the last app word
    if (next && !next.punct && APP_KIND_WORDS.includes(next.text)) continue;
    // "a board game night organiser", "board games": an app word a thing's noun follows is part of that noun
    if (next && !next.punct && !STOP_WORDS.includes(next.text) && (matchDomainNoun(tokens, index + 1) !== null || (isPlural(next.text) && partsOfSpeech(tokens)[index + 1] === 'NOUN'))) continue;
    // "a tool lending library", "a site booking system": a generic app word one word before a proper one is part of its name
    const generic = GENERIC_APP_KINDS.includes(token.text);
    const then = tokens[index + 2];
    if (generic && next && !next.punct && then && !then.punct && APP_KIND_WORDS.includes(then.text) && !GENERIC_APP_KINDS.includes(then.text)) continue;
    const before: string[] = [];
    for (let at = index - 1; at >= 0 && before.length < 3; at -= 1) {
      const word = tokens[at];
      if (word.punct || STOP_WORDS.includes(word.text) || SKIPPED_ADJECTIVES.includes(word.text)) break;
      if (KEEPING_VERBS.includes(word.text) && !word.text.endsWith('ing') && !['a', 'an', 'the', 'my', 'our', 'your'].includes(tokens[at - 1]?.text ?? '')) break;
      before.unshift(word.raw);
    }
    // "a tiny tool lending library": an adjective before a name of two words or more says how it is, not what
    if (before.length >= 3 && partsOfSpeech(tokens)[index - before.length] === 'ADJ') before.shift();
    // ("a tool lending library for my street": a subject naming a thing and what is done with it says what it is for)
    const activity = before.length >= 2 && /ing$/i.test(before[before.length - 1]);
    const named = !generic && !activity ? nameWithPurpose(tokens, index, before) : null;
    if (named) return named;
    if (!before.length) {
      if (generic) continue;
      // "… on a board I can drag", "a calendar view of the drives would be great": a way of showing rows named in
      // passing, after the prompt has opened, is no name for the app
      if (VIEW_KINDS.includes(token.text) && index > 3) continue;
      return toTitle(token.raw);
    }
    const last = before[before.length - 1].toLowerCase();
    if (!generic) return toTitle([...before, token.raw].join(' '));
    if (APP_KIND_WORDS.includes(last)) return toTitle(before.join(' '));
    // "a recipe app" is a Recipe Manager; "a gym membership app" stays a Gym Membership App
    const lastIsThing = matchDomainNoun(tokenize(last), 0) !== null || (primary !== undefined && singularSnake(toSnake(last)) === singularSnake(primary.name));
    if (!lastIsThing) return toTitle(`${before.join(' ')} ${token.raw}`);
    return toTitle(`${before.join(' ')} ${domainKind}`);
  }
  if (!primary) return 'My App';
  if (primary.name.endsWith('_entries') && primary.fields.length > 1) return toTitle(`${primary.fields[1].label} Tracker`);
  return toTitle(`${primary.label_singular} ${domainKind}`);
}

/** App words that name a way of showing rows: "a board", "a calendar", "a list". */
const VIEW_KINDS = ['board', 'calendar', 'list', 'leaderboard', 'ranking', 'table', 'overview', 'schedule', 'agenda'];
/** Words that qualify an app's kind without naming its subject: "a kanban board", "a simple tracker". */
const KIND_MODIFIERS = ['kanban', 'simple', 'shared', 'online', 'digital', 'smart', 'little', 'group', 'team', 'family', 'personal', 'visual', 'weekly', 'daily'];
/** Who an app is for, which names no subject: "for our team", "for me". */
const AUDIENCE_WORDS = ['team', 'teams', 'family', 'families', 'me', 'us', 'myself', 'friends', 'business', 'businesses', 'company', 'staff', 'people', 'everyone', 'kids', 'children', 'users', 'customers', 'clients', 'sales', 'office'];

/**
 * "A volunteer shift scheduler for an animal shelter" is the Shelter Shift Scheduler; "a kanban board for my band's
 * songs" the Band Song Board: the subject before the kind word (its last noun), what the app is for before it.
 */
function nameWithPurpose(tokens: ReturnType<typeof tokenize>, kindIndex: number, before: string[]): string | null {
  if (tokens[kindIndex + 1]?.text !== 'for') return null;
  const purpose: Array<{ text: string; raw: string; possessive: boolean }> = [];
  for (let at = kindIndex + 2; at < tokens.length && purpose.length < 4; at += 1) {
    const token = tokens[at];
    if (token.punct || ['where', 'that', 'which', 'with', 'to', 'so', 'who', 'and', 'in', 'of', 'at', 'on', 'by'].includes(token.text)) break;
    if (['a', 'an', 'the', 'my', 'our', 'your', 'their', 'his', 'her', 'its'].includes(token.text)) continue;
    purpose.push({ text: token.text, raw: token.raw, possessive: /'s$/i.test(token.raw) });
  }
  if (!purpose.length || purpose.length > 3) return null;
  const tags = partsOfSpeech(tokens);
  const head = purpose[purpose.length - 1];
  const headIndex = tokens.findIndex((token, at) => at > kindIndex && token.raw === head.raw);
  if (AUDIENCE_WORDS.includes(head.text) || USER_NOUNS.includes(head.text) || (tags[headIndex] !== 'NOUN' && tags[headIndex] !== 'PROPN' && !matchDomainNoun(tokens, headIndex))) return null;
  const subjectWords = before.filter((word) => !KIND_MODIFIERS.includes(word.toLowerCase()));
  const subject = subjectWords.length ? subjectWords[subjectWords.length - 1] : null;
  const owner = purpose.find((word) => word.possessive);
  const kind = tokens[kindIndex].raw;
  const parts = subject
    ? [head.possessive ? head.text : singularize(head.text), subject, kind]
    : [owner ? owner.text : (purpose.length > 1 ? purpose[purpose.length - 2].text : ''), singularize(head.text), kind].filter(Boolean);
  // "a reading list for my books": the subject already says what the app is for
  if (subject && (singularize(subject.toLowerCase()) === singularize(head.text) || APP_WORDS[subject.toLowerCase()]?.includes(singularize(head.text)))) return null;
  return toTitle(parts.map((part) => part.replace(/'s$/i, '')).join(' '));
}

/** One sentence: "Save recipes with ingredients, cooking time and rating." */
export function describePlan(entities: EntityPlan[], verb: string): string {
  if (!entities.length) return 'An app.';
  const [primary] = entities;
  const verbText = verb.charAt(0).toUpperCase() + verb.slice(1);
  const details = primary.fields.slice(1, 5).map((field) => field.label.toLowerCase());
  const things = joinWords(entities.map((entity) => entity.label.toLowerCase()));
  const withDetails = entities.length === 1 && details.length ? ` with ${joinWords(details)}` : '';
  const scope = entities.some((entity) => entity.user_scoped)
    ? ', each signed-in user keeping their own'
    : entities.length > 0 && entities.every((entity) => entity.open_writes)
      ? ', open to anyone without signing in'
      : '';
  return `${verbText} ${things}${withDetails}${scope}.`;
}

/** The DOMAINS key an entity of a plan stands for, from its table name ("reservations" -> booking). */
export function domainKeyOf(entity: Pick<EntityPlan, 'name'>): string | null {
  const singular = singularSnake(entity.name);
  return DOMAINS[singular] ? singular : (DOMAIN_ALIASES[singular] ?? null);
}

/** The description of a plan's entities as the planner writes it. */
export function describeEntities(entities: EntityPlan[]): string {
  return describePlan(entities, verbFor(entities[0] ? domainKeyOf(entities[0]) : null));
}

export function verbFor(domainKey: string | null): string {
  return domainKey ? (DOMAINS[domainKey]?.verb ?? 'manage') : 'keep track of';
}

/** The whole plan of a first prompt, in the prompt's language. */
export function buildPlan(prompt: string): AppPlan {
  // (read without a mail's greeting and signature, markdown, user stories' tellers or pasted data; kept as written)
  const body = promptBody(prompt);
  const language = detectLanguage(body);
  if (language === 'en') return { ...buildEnglishPlan(body), prompts: [prompt] };
  const english = toEnglish(body, language);
  const planned = buildEnglishPlan(english.text);
  const { plan, views } = localizePlan({ ...planned, prompts: [prompt] }, language, english.words, viewsOf(planned));
  return { ...plan, pages: pagesFor(plan.entities, plan.name, views, language) };
}

/** Things whose names make one table ("pagado s'il" and "pagado s'ils" read twice) are one thing, with the fields of both. */
function oneDraftPerTable(drafts: EntityDraft[]): EntityDraft[] {
  const byTable = new Map<string, EntityDraft>();
  for (const draft of drafts) {
    const table = pluralSnake(toSnake(draft.singular));
    const first = byTable.get(table);
    if (!first) byTable.set(table, draft);
    else addMissingFields(first, draft.fields);
  }
  return [...byTable.values()];
}

function buildEnglishPlan(prompt: string): AppPlan {
  const { text, choices } = extractChoices(prompt);
  const reading = readPrompt(text);
  const declared = declaredThings(text);
  if (declared.length) applyDeclarations(reading, declared, text);
  let drafts = oneDraftPerTable(reading.entities);
  if (!drafts.length) {
    // the first app word decides ("an inventory app for our shop" is about items, not also products)
    const implied = reading.impliedDomains.length ? [...new Set(reading.impliedDomains.slice(0, APP_WORDS_FIRST(reading.impliedDomains)))] : [fallbackDomain(prompt)];
    drafts = implied.map((key) => ({ singular: key, domainKey: DOMAINS[key] ? key : null, fields: [], measurement: false }));
  }
  drafts = drafts.slice(0, MAX_ENTITIES).map((draft) => {
    // "games between two players": a domain noun takes the sense the app's other things give it
    const sense = draft.domainKey ? DOMAIN_SENSES[draft.domainKey] : undefined;
    const companion = sense && drafts.some((other) => other !== draft && [other.singular, other.domainKey].some((kind) => kind && sense.companions.includes(kind)));
    return sense && companion ? { ...draft, domainKey: sense.domain } : draft;
  });
  const [first] = drafts;
  for (const field of reading.appFields) {
    if (!first.fields.some((candidate) => candidate.name === field.name)) first.fields.push(field);
  }
  const entities = drafts.map((draft) => {
    const open = isOpenForWrites(prompt, draft.domainKey);
    return entityFromDraft(draft, !open && isUserScoped(reading, draft.domainKey), open, lentThing(draft, drafts), linkedThing(draft, drafts));
  });
  applyChoices(entities, choices, text);
  const name = appNameFrom(prompt, entities[0], first.domainKey);
  completeEntities(entities, drafts);
  for (const entity of entities) entity.fields.forEach(withDistinctOptions);
  const views = viewsFor(entities, drafts, reading.views);
  return {
    name,
    description: describeEntities(entities),
    entities,
    pages: pagesFor(entities, name, views),
    prompts: [prompt],
  };
}

/**
 * Gives each closed set of values the prompt named (choice-phrases.ts) to its field: the field of that name, of
 * whichever thing has it; or a new one on the thing named last before the phrase (the first thing when none was);
 * a set named after the thing itself ("animals (dog/cat/rabbit)") is its kind.
 */
function applyChoices(entities: EntityPlan[], choices: ChoicePhrase[], text: string): void {
  for (const written of choices) {
    // ("those stages: enquiry, quoted, done": a plural of the library's field names that field, "stage")
    const known = libraryFieldName(written.name);
    const choice = { ...written, name: known !== undefined && known === singularSnake(written.name) ? known : written.name };
    const mentions = (entity: EntityPlan): number =>
      Math.max(...[entity.name, singularSnake(entity.name)].map((name) => text.toLowerCase().lastIndexOf(toSentence(name).toLowerCase(), choice.at)));
    const named = entities.find((entity) => [entity.name, singularSnake(entity.name)].includes(choice.name) || pluralSnake(choice.name) === entity.name);
    if (choice.kinds && !named) continue;
    // ("stamps with an ID (mint, used)": a column every row has already is no field to choose in; the values are a type)
    const fieldName = named || RESERVED_FIELD_NAMES.includes(choice.name) ? 'type' : choice.name;
    const holder = named ?? entities.find((entity) => entity.fields.some((field) => field.name === fieldName));
    const owner = holder ?? [...entities].sort((a, b) => mentions(b) - mentions(a))[0];
    if (!owner) continue;
    const existing = owner.fields.find((field) => field.name === fieldName);
    if (existing) {
      existing.type = 'select';
      existing.options = choice.options;
      delete existing.hint;
      delete existing.entity;
      delete existing.on_delete;
    } else {
      owner.fields.push({ name: fieldName, label: toSentence(fieldName), type: 'select', required: false, options: choice.options });
    }
  }
}

/**
 * A choice offers each value once ("which / which", "track or track" read as values): repeats go, and a choice left
 * with fewer than two values is plain text.
 */
function withDistinctOptions(field: EntityField): void {
  if (!field.options) return;
  const options = distinctValues(field.options.filter((option) => option.trim() !== ''));
  if (options.length >= 2) {
    field.options = options;
    return;
  }
  delete field.options;
  field.type = 'text';
}

/** How many of the implied domains came from the first app word. */
function APP_WORDS_FIRST(implied: string[]): number {
  const first = Object.values(APP_WORDS).find((domains) => domains.every((domain, index) => implied[index] === domain));
  return first ? first.length : 1;
}

/** A prompt naming nothing the planner knows still gets an app about its first plural noun, or "items". */
function fallbackDomain(prompt: string): string {
  const tokens = tokenize(prompt).filter((token) => !token.punct && !STOP_WORDS.includes(token.text) && !APP_KIND_WORDS.includes(token.text));
  const plural = tokens.find((token) => singularSnake(token.text) !== token.text && token.text.length > 3);
  if (plural) return singularSnake(plural.text);
  const noun = tokens.find((token) => token.text.length > 2 && !/^\d/.test(token.text) && !KEEPING_VERBS.includes(token.text) && !/(ly|ed)$/.test(token.text));
  return noun ? singularSnake(toSnake(noun.text)) : 'item';
}
