/**
 * Turns what the parser read into a complete AppPlan: every entity gets its naming field first, the fields its
 * domain usually has when the prompt named none, labels, user scoping; the app gets a name, one sentence of
 * description and its pages.
 */
import type { AppPlan, EntityField, EntityPlan, PagePlan } from '@appgen/contracts';
import { domainOf, fieldFromWords, matchDomainNoun, readPrompt, type EntityDraft, type PromptReading } from './prompt-parser';
import { APP_KIND_WORDS, APP_WORDS, DOMAIN_ALIASES, DOMAINS, GENERIC_APP_KINDS, GENERIC_FIELDS, KEEPING_VERBS, SKIPPED_ADJECTIVES, STOP_WORDS } from './vocabulary.data';
import { joinWords, pluralSnake, singularSnake, toSentence, toSnake, toTitle, tokenize } from './words.util';

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

export function entityFromDraft(draft: EntityDraft, userScoped: boolean, openWrites = false): EntityPlan {
  const domain = domainOf(draft.domainKey);
  // words of any language reach here ("dépenses"): table names are plain snake_case
  const name = pluralSnake(toSnake(draft.singular));
  const titleName = draft.measurement ? 'date' : (domain?.titleField ?? 'name');
  const fields: EntityField[] = [];
  const title = draft.fields.find((field) => field.name === titleName) ?? fieldFromWords([titleName], draft.domainKey);
  if (title) fields.push({ ...title, type: draft.measurement ? 'date' : 'text', required: true });

  let named = draft.fields.filter((field) => field.name !== titleName);
  // one named field ("appointments with a date and time") is a detail, not a design: the domain's usual fields join it
  if (named.length < 2 || draft.measurement) {
    const defaults = draft.measurement ? ['notes'] : (domain?.fields ?? GENERIC_FIELDS);
    const extra = defaults.map((key) => fieldFromWords([key], draft.domainKey)).filter((field): field is EntityField => field !== null);
    named = [...named, ...extra.filter((field) => !named.some((candidate) => candidate.name === field.name))];
  }
  for (const field of named) {
    if (field.name !== titleName && !fields.some((candidate) => candidate.name === field.name)) fields.push(field);
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

export function pagesFor(entities: EntityPlan[], appName: string): PagePlan[] {
  const pages: PagePlan[] = [{ path: '/', title: appName, kind: 'home' }];
  for (const entity of entities) {
    pages.push({ path: `/${entity.name}`, title: entity.label, kind: 'list', entity: entity.name });
    pages.push({ path: `/${entity.name}/new`, title: `New ${entity.label_singular.toLowerCase()}`, kind: 'form', entity: entity.name });
  }
  if (entities.some((entity) => entity.user_scoped)) pages.push({ path: '/sign-in', title: 'Sign in', kind: 'sign_in' });
  return pages;
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
    if (KEEPING_VERBS.includes(token.text) && next && !next.punct && !STOP_WORDS.includes(next.text) && !APP_KIND_WORDS.includes(next.text)) continue;
    // "I want to book a table": a verb after "to" or a pronoun names no app
    if (KEEPING_VERBS.includes(token.text) && ['to', 'i', 'we', 'you', 'and', 'can', 'will'].includes(tokens[index - 1]?.text ?? '')) continue;
    // "a book club", "a recipe book app": the name runs on to the last app word
    if (next && !next.punct && APP_KIND_WORDS.includes(next.text)) continue;
    const before: string[] = [];
    for (let at = index - 1; at >= 0 && before.length < 3; at -= 1) {
      const word = tokens[at];
      if (word.punct || STOP_WORDS.includes(word.text) || SKIPPED_ADJECTIVES.includes(word.text)) break;
      if (KEEPING_VERBS.includes(word.text) && !word.text.endsWith('ing') && !['a', 'an', 'the', 'my', 'our', 'your'].includes(tokens[at - 1]?.text ?? '')) break;
      before.unshift(word.raw);
    }
    const generic = GENERIC_APP_KINDS.includes(token.text);
    if (!before.length) {
      if (generic) continue;
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

/** The whole plan of a first prompt. */
export function buildPlan(prompt: string): AppPlan {
  const reading = readPrompt(prompt);
  let drafts = reading.entities;
  if (!drafts.length) {
    // the first app word decides ("an inventory app for our shop" is about items, not also products)
    const implied = reading.impliedDomains.length ? [...new Set(reading.impliedDomains.slice(0, APP_WORDS_FIRST(reading.impliedDomains)))] : [fallbackDomain(prompt)];
    drafts = implied.map((key) => ({ singular: key, domainKey: DOMAINS[key] ? key : null, fields: [], measurement: false }));
  }
  drafts = drafts.slice(0, MAX_ENTITIES);
  const [first] = drafts;
  for (const field of reading.appFields) {
    if (!first.fields.some((candidate) => candidate.name === field.name)) first.fields.push(field);
  }
  const entities = drafts.map((draft) => {
    const open = isOpenForWrites(prompt, draft.domainKey);
    return entityFromDraft(draft, !open && isUserScoped(reading, draft.domainKey), open);
  });
  const name = appNameFrom(prompt, entities[0], first.domainKey);
  return {
    name,
    description: describeEntities(entities),
    entities,
    pages: pagesFor(entities, name),
    prompts: [prompt],
  };
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
