/**
 * Reads a prompt into drafts: the things the user keeps (entities) in the order they are named, the fields
 * said around each ("recipes with ingredients and cooking time and rate them"), and the signs of whose data it is.
 *
 * The reading is a single left-to-right pass over tokens with a small state: the entity spoken of last
 * (`current`) and whether a list of fields is open ("with ..."). Every decision comes from the tables in
 * vocabulary.data.ts.
 */
import type { EntityField } from '@appgen/contracts';
import {
  ACTING_VERBS, BOARD_WORDS, CALENDAR_WORDS, IRREGULAR_PARTICIPLES, JOINING_VERBS, LENDING_NOUNS, MANY_WORDS, MONEY_WORDS, MOVING_VERBS, OPTION_FAMILIES,
  PEOPLE_NOUNS, POSSESSOR_NOUNS, PRICE_NOUNS, CURRENCY_UNITS, RANKING_WORDS, SHARING_PREPOSITIONS, LINKING_PARTICIPLES, STAGE_WORDS, USER_NOUNS,
  APP_KIND_WORDS, APP_WORDS, MONEY_NOUNS, SCHEDULED_NOUNS, CLAUSE_WORDS, DOMAIN_ALIASES, DOMAIN_FAMILIES, DOMAINS, DURATION_TIME_WORDS, FALLBACK_OPTIONS, FIELD_FILLER_WORDS, FIELD_INTRO_WORDS,
  FIELD_LIBRARY, FIELD_OPTIONS, KEEPING_VERBS, LIST_NOUNS, VIEW_WORDS, SCORE_WORDS, MARK_ADJECTIVES, OBJECT_WORDS, PERSONAL_WORDS, RESERVED_FIELD_NAMES,
  SAME_PLURAL_NOUNS, SHARED_WORDS, SUPERLATIVE_MEASURES, VERB_PARTICLES, QUESTION_FIELDS, SKIPPED_ADJECTIVES, STOP_WORDS, TYPE_WORDS, UNCOUNTABLE_NOUNS, UNIT_WORDS, VERB_FIELDS, type DomainTemplate, type FieldTemplate,
} from './vocabulary.data';
import { readStructure } from './prompt-structure';
import { capitalize, distinctValues, isPlural, partsOfSpeech, pluralSnake, singularize, toSentence, toSnake, tokenize, YES_NO_MARK, type Token } from './words.util';

export interface EntityDraft {
  /** snake_case singular, e.g. `cooking_method` */
  singular: string;
  /** key in DOMAINS whose template applies, if any */
  domainKey: string | null;
  fields: EntityField[];
  /** true when the entity is a log of one measured field ("track my weight") */
  measurement: boolean;
  /** named only as the app's subject ("a booking system"); gives way to a listed entity of the same family */
  weak?: boolean;
  /** the prompt speaks of money about it ("expenses paid by", "what each costs") */
  money?: boolean;
  /** the prompt declared its fields as a data model ("Vessel (name, length)"): it gets those and no usual ones */
  declared?: boolean;
}

/** A view the prompt asks for beyond list, form and detail: a board by stage, a calendar, a ranking. */
export interface ViewWish {
  kind: 'board' | 'calendar' | 'ranking';
  /** the draft's singular; null: the app's main entity */
  entity: string | null;
  /** the field to group, place or order by, when the prompt named it */
  field?: string;
}

export interface PromptReading {
  entities: EntityDraft[];
  /** boards, calendars and rankings the prompt asks for */
  views: ViewWish[];
  /** fields said of the app rather than of one entity; they go to the first entity */
  appFields: EntityField[];
  /** entities that words like "CRM" or "inventory" imply, used when the prompt names none */
  impliedDomains: string[];
  personal: boolean;
  shared: boolean;
}

/** Words that mean "this list is over, a new thought starts". */
const SEPARATORS = new Set([',', 'and', 'or', '&', 'plus', '/', 'as well as']);
const END_PUNCT = new Set(['.', ';', '!', '?', ')', '"']);
const DETERMINERS = new Set(['a', 'an', 'the', 'my', 'our', 'your', 'their', 'his', 'her', 'its', 'all', 'some', 'any', 'of', 'each', 'every', 'these', 'those', 'this', 'that', 'more', 'many', 'several', 'different', 'multiple']);
/** Words after which a keeping verb is a noun. */
const ARTICLES = new Set(['a', 'an', 'the', 'my', 'our', 'your', 'their', 'his', 'her', 'its']);
const FIELD_ALIAS_INDEX = buildAliasIndex();
/** Prepositions by which a thing is placed in, on or at another: "services on my cars", "gigs at venues". */
const RELATION_PREPOSITIONS = ['in', 'on', 'at', 'of', 'for', 'per', 'from', 'between', 'within', 'inside', 'under'];
/** Verbs by which each of a thing takes some of another: "projects use yarns", "recipes need ingredients". */
const USING_VERBS = ['use', 'uses', 'need', 'needs', 'require', 'requires', 'contain', 'contains', 'include', 'includes', 'combine', 'combines'];
/** Words opening an aside in brackets: "(we have 4)", "(about 30)", "(lots of chaos)". */
const ASIDE_OPENERS = ['we', 'i', 'you', 'they', 'have', 'has', 'there', 'about', 'around', 'approx', 'approximately', 'roughly', 'maybe', 'lots', 'currently', 'usually', 'mostly'];
/** Participles after a money noun that keep it money: "price paid", "amount spent". */
const MONEY_PARTICIPLES = ['paid', 'spent', 'charged', 'owed', 'received', 'agreed', 'quoted', 'asked'];
/** Numbers written as words, saying how many things there are ("three henhouses"). */
const NUMBER_WORDS = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'twelve', 'twenty'];
/** Words that order rows by a number ("best score first"). */
const SUPERLATIVES = ['best', 'most', 'top', 'highest', 'lowest', 'fewest', 'least', 'worst'];

function buildAliasIndex(): Map<string, string> {
  const index = new Map<string, string>();
  for (const name of Object.keys(FIELD_LIBRARY)) index.set(name, name);
  for (const [name, template] of Object.entries(FIELD_LIBRARY)) {
    for (const alias of template.aliases ?? []) if (!index.has(alias)) index.set(alias, name);
  }
  return index;
}

export function domainOf(key: string | null): DomainTemplate | undefined {
  return key ? DOMAINS[key] : undefined;
}

/** The FIELD_LIBRARY name a phrase (as snake_case) stands for, trying its singular and plural too. */
export function libraryFieldName(snake: string): string | undefined {
  const parts = snake.split('_');
  const last = parts[parts.length - 1];
  const singular = [...parts.slice(0, -1), singularize(last)].join('_');
  return FIELD_ALIAS_INDEX.get(snake) ?? FIELD_ALIAS_INDEX.get(singular) ?? FIELD_ALIAS_INDEX.get(pluralSnake(snake));
}

/** The first index in [from, to] whose token passes `test`, or -1: a search of a few words around one. */
function findBetween(tokens: Token[], from: number, to: number, test: (token: Token, at: number) => boolean): number {
  for (let at = Math.max(0, from); at <= Math.min(tokens.length - 1, to); at += 1) if (test(tokens[at], at)) return at;
  return -1;
}

function isWord(token: Token | undefined): token is Token {
  return token !== undefined && !token.punct;
}

function isNumber(token: Token | undefined): boolean {
  return isWord(token) && /^\d+$/.test(token.text);
}

/** A domain noun of one to three words at `index`: "job applications", "tv shows", "recipes". */
export function matchDomainNoun(tokens: Token[], index: number): { length: number; singular: string; domainKey: string } | null {
  for (let length = 3; length >= 1; length -= 1) {
    const words = tokens.slice(index, index + length);
    if (words.length < length || !words.every(isWord)) continue;
    const texts = words.map((word) => word.text);
    const singular = [...texts.slice(0, -1), singularize(texts[texts.length - 1])].join('_');
    if (DOMAINS[singular]) return { length, singular, domainKey: singular };
    const alias = DOMAIN_ALIASES[singular];
    if (alias) return { length, singular, domainKey: alias };
  }
  return null;
}

/** "CRM", "inventory", "address book": words naming the app that imply its entities. */
function matchAppWord(tokens: Token[], index: number): { length: number; domains: string[] } | null {
  for (let length = 2; length >= 1; length -= 1) {
    const words = tokens.slice(index, index + length);
    if (words.length < length || !words.every(isWord)) continue;
    const domains = APP_WORDS[words.map((word) => word.text).join(' ')];
    if (domains) return { length, domains };
  }
  return null;
}

/** ["board", "games"] -> board_game */
function singularSnakeOf(words: string[]): string {
  return toSnake([...words.slice(0, -1), singularize(words[words.length - 1])].join(' '));
}

/** Index of the first token after determiners and throwaway adjectives ("my daily ..."). */
function skipDeterminers(tokens: Token[], index: number): number {
  let at = index;
  while (isWord(tokens[at]) && (DETERMINERS.has(tokens[at].text) || SKIPPED_ADJECTIVES.includes(tokens[at].text))) at += 1;
  return at;
}

function isContentWord(token: Token | undefined): boolean {
  if (!isWord(token)) return false;
  const text = token.text;
  return !STOP_WORDS.includes(text) && !CLAUSE_WORDS.includes(text) && !FIELD_INTRO_WORDS.includes(text) && !/^\d+$/.test(text);
}

/** Whether the keeping verb at `index` ("book", "list", "track") is used as a verb: a noun follows it. */
function isVerbUse(tokens: Token[], index: number): boolean {
  if (!KEEPING_VERBS.includes(tokens[index].text)) return false;
  // "a book club", "my record collection": after an article or a possessive the word is a noun
  if (ARTICLES.has(tokens[index - 1]?.text ?? '')) return false;
  // "a booking tool", "a tracking app": what kind of app, not a verb
  if (tokens[index].text.endsWith('ing') && isWord(tokens[index + 1]) && APP_KIND_WORDS.includes(tokens[index + 1].text)) return false;
  const next = skipDeterminers(tokens, index + 1);
  if (next === index + 1 && isWord(tokens[next]) && tokens[next].text === 'track') return true; // "keep track of"
  const word = tokens[next];
  if (!isContentWord(word) || !isWord(word)) return false;
  return !APP_KIND_WORDS.includes(word.text) || matchDomainNoun(tokens, next) !== null;
}

/** Reads a scale or unit after a field: "from 1 to 10", "out of 10", "1-10", "in minutes". Returns tokens used. */
export function readQualifier(tokens: Token[], index: number, field: { hint?: string; type?: string }): number {
  const at = tokens[index];
  if (!isWord(at)) return 0;
  const range = /^(\d+)-(\d+)$/.exec(at.text);
  if (range) {
    field.hint = `${range[1]}–${range[2]}`;
    return 1;
  }
  if ((at.text === 'from' || at.text === 'between') && isNumber(tokens[index + 1]) && ['to', 'and', '-'].includes(tokens[index + 2]?.text ?? '') && isNumber(tokens[index + 3])) {
    field.hint = `${tokens[index + 1].text}–${tokens[index + 3].text}`;
    return tokens[index + 4]?.text === 'stars' ? 5 : 4;
  }
  if (at.text === 'out' && tokens[index + 1]?.text === 'of' && isNumber(tokens[index + 2])) {
    field.hint = `1–${tokens[index + 2].text}`;
    return tokens[index + 3]?.text === 'stars' ? 4 : 3;
  }
  if ((at.text === 'with' || at.text === 'using') && isNumber(tokens[index + 1]) && tokens[index + 2]?.text === 'stars') {
    field.hint = `1–${tokens[index + 1].text}`;
    return 3;
  }
  if (isNumber(at) && tokens[index + 1]?.text === 'stars') {
    field.hint = `1–${at.text}`;
    return 2;
  }
  if ((at.text === 'in' || at.text === 'per') && isWord(tokens[index + 1]) && UNIT_WORDS[tokens[index + 1].text]) {
    field.hint = UNIT_WORDS[tokens[index + 1].text];
    return 2;
  }
  return 0;
}

/** Choices written after a field: "status (todo, doing, done)". Returns the options and tokens used. */
function readOptions(tokens: Token[], index: number): { options: string[]; used: number } | null {
  if (tokens[index]?.text !== '(') return null;
  const options: string[] = [];
  let current: string[] = [];
  let at = index + 1;
  for (; at < tokens.length && tokens[at].text !== ')'; at += 1) {
    const token = tokens[at];
    if (token.text === ',' || token.text === '/' || token.text === 'or' || token.text === 'and') {
      if (current.length) options.push(current.join(' '));
      current = [];
    } else if (!token.punct && !['e', 'g', 'e.g', 'eg', 'like', 'such', 'as', 'either'].includes(token.text)) {
      current.push(token.raw);
    }
  }
  if (current.length) options.push(current.join(' '));
  if (at >= tokens.length) return null;
  // ("(PICKUP, POST, COURIER)": a shouted word is written as a word; a short one, "DNA", stays as written)
  const cleaned = [...new Set(options.map((option) => (option.length > 3 && option === option.toUpperCase() ? option.toLowerCase() : option)).map((option) => option.charAt(0).toUpperCase() + option.slice(1)))];
  return cleaned.length >= 2 ? { options: cleaned, used: at - index + 1 } : null;
}

/** Words joined by slashes at `index` ("PLA/PETG/ABS"), not all plural, as options; null when there are none. */
function slashChoices(tokens: Token[], index: number): { options: string[]; end: number } | null {
  const words: Token[] = [];
  let at = index;
  // ("package: basic/premium": a small word joined by a slash is a choice too)
  while (isWord(tokens[at]) && !SEPARATORS.has(tokens[at].text) && (!STOP_WORDS.includes(tokens[at].text) || tokens[at + 1]?.text === '/' || tokens[at - 1]?.text === '/')) {
    words.push(tokens[at]);
    if (tokens[at + 1]?.text !== '/') break;
    at += 2;
  }
  if (words.length < 2 || words.every((word) => isPlural(word.text))) return null;
  return { options: words.map((word) => word.raw.charAt(0).toUpperCase() + word.raw.slice(1)), end: index + words.length * 2 - 1 };
}

/** Choices of a select field: the domain's own, then the field name's, then its head word's. */
export function optionsFor(name: string, domainKey: string | null, template?: FieldTemplate): string[] | undefined {
  const head = name.split('_').pop() ?? name;
  const options = template?.options ?? domainOf(domainKey)?.options?.[name] ?? FIELD_OPTIONS[name] ?? domainOf(domainKey)?.options?.[head] ?? FIELD_OPTIONS[head];
  return options && options.length ? [...options] : undefined;
}

/** The field a phrase names, from the library, or by the type its words suggest. Null when it is no field. */
/** Words for the box a yes/no fact is ticked in: "an insured checkbox". */
const CHECKBOX_WORDS = ['checkbox', 'tickbox', 'toggle', 'switch'];

export function fieldFromWords(rawWords: string[], domainKey: string | null, qualifier: { hint?: string } = {}): EntityField | null {
  let required = false;
  // "drunk y/n", "fragile (yes/no)": a yes/no fact, whatever its words would otherwise say
  let yesNo = false;
  const words: string[] = [];
  for (const raw of rawWords) {
    const word = raw.toLowerCase();
    if (word === YES_NO_MARK) {
      yesNo = true;
      continue;
    }
    if (word === 'required' || word === 'mandatory') required = true;
    if (FIELD_FILLER_WORDS.includes(word) || word === 'optional') continue;
    words.push(word);
  }
  if (!words.length || words.length > 4) return null;
  // "meets (when, where)": a question word listed as a field asks for the date or the place
  const asked = words.length === 1 ? QUESTION_FIELDS[words[0]] : undefined;
  if (asked) return fieldFromWords([asked], domainKey, qualifier);
  if (words.every((word) => STOP_WORDS.includes(word) || CLAUSE_WORDS.includes(word) || /^\d+$/.test(word))) return null;
  const phraseSnake = toSnake(words.join(' '));
  if (RESERVED_FIELD_NAMES.includes(phraseSnake)) return null;
  // "a day view", "a calendar page": a way to see the rows, not a field of them
  if (VIEW_WORDS.includes(words[words.length - 1])) return null;
  // "best score first", "the most votes": an order of the rows (a ranking), not a field of them
  if (SUPERLATIVES.includes(words[0]) && words.slice(1).some((word) => SCORE_WORDS.includes(word))) return null;
  const head = words[words.length - 1];
  const headSingular = singularize(head);

  let name = phraseSnake;
  let template: FieldTemplate | undefined;
  const known = yesNo ? undefined : libraryFieldName(phraseSnake);
  if (known) {
    name = known;
    template = FIELD_LIBRARY[known];
  } else if (words.length > 1 && MONEY_PARTICIPLES.includes(head) && FIELD_LIBRARY[libraryFieldName(words[0]) ?? '']?.hint === 'currency') {
    // ("price paid", "amount spent": money, however it changed hands)
    template = FIELD_LIBRARY[libraryFieldName(words[0]) as string];
  } else if (headSingular === 'time' && words.length > 1) {
    template = DURATION_TIME_WORDS.includes(words[words.length - 2]) ? { type: 'integer', hint: 'minutes' } : { type: 'datetime' };
  } else if (yesNo || words[0] === 'is' || words[0] === 'has') {
    template = { type: 'boolean' };
  } else if (words.length > 1 && CHECKBOX_WORDS.includes(head)) {
    // ("an insured checkbox", "a tickbox for the deposit"): a yes/no fact named by its other words
    name = toSnake(words.slice(0, -1).join(' '));
    template = { type: 'boolean' };
  } else if ((words[0] === 'number' || (words[0] === 'amount' && words.length === 3 && isPlural(words[2]) && !UNIT_WORDS[words[2]])) && words[1] === 'of') {
    // ("the amount of bulbs": a count of things, where an amount alone is money)
    template = { type: 'integer' };
  } else if (words.length > 2 && CURRENCY_UNITS.includes(words[0]) && words[1] === 'per') {
    // ("£ per walk", "dollars per hour": the price of each)
    name = toSnake(['price', ...words.slice(1)].join(' '));
    template = { type: 'number', hint: 'currency' };
  } else if (words.length === 1 && UNIT_WORDS[head] && !['days', 'weeks', 'months', 'years'].includes(head)) {
    // "feeds (time, ml)", "runs (date, km)": a unit listed alone is an amount measured in it
    template = { type: 'number', hint: UNIT_WORDS[head] };
  } else if (words[0] === 'how' && words[1] === 'many') {
    // "how many kilos", "how many": a count, named by what is counted (a unit keeps its hint)
    const counted = words.slice(2);
    name = counted.length ? toSnake(counted.join(' ')) : 'count';
    template = { type: 'integer', ...(counted.length === 1 && UNIT_WORDS[counted[0]] ? { hint: UNIT_WORDS[counted[0]] } : {}) };
  } else {
    const candidates = [head, headSingular, ...words.slice(0, -1).reverse()];
    for (const candidate of candidates) {
      const rule = TYPE_WORDS.find((entry) => entry.words.includes(candidate));
      if (rule) {
        template = rule.template;
        break;
      }
    }
  }
  template = template ?? { type: 'text' };
  const field: EntityField = {
    name,
    label: template.label ?? toSentence(name),
    type: template.type,
    required,
  };
  // ("rate per hour", "fee per night": money said per something is money still)
  const hint = template.hint === 'currency' ? 'currency' : qualifier.hint ?? template.hint;
  if (hint) field.hint = hint;
  if (field.type === 'select' || field.type === 'multiselect') {
    field.options = optionsFor(name, domainKey, template) ?? [...FALLBACK_OPTIONS[field.type]];
  }
  return field;
}

/** The yes/no field "mark them as watched" gives, or the field a verb like "rate" stands for. */
function verbField(tokens: Token[], index: number, domainKey: string | null): { field: EntityField; used: number } | null {
  const verb = VERB_FIELDS[tokens[index].text];
  if (!verb) return null;
  let at = index + 1;
  const objectWord = tokens[at];
  const hasObject = isWord(objectWord) && (OBJECT_WORDS.includes(objectWord.text) || matchDomainNoun(tokens, at) !== null);
  const atEnd = !isWord(objectWord) || SEPARATORS.has(objectWord.text) || objectWord.text === 'from' || objectWord.text === 'out';
  if (!hasObject && !atEnd) return null;
  if (hasObject) at += matchDomainNoun(tokens, at)?.length ?? 1;
  let fieldName = verb.field;
  if (verb.adjective) {
    if (tokens[at]?.text === 'off') at += 1; // "check them off"
    if (tokens[at]?.text === 'as') at += 1;
    const adjective = tokens[at];
    if (isWord(adjective) && MARK_ADJECTIVES.includes(adjective.text)) {
      fieldName = ['complete', 'completed', 'finished'].includes(adjective.text) ? 'done' : adjective.text === 'favourite' ? 'favorite' : adjective.text;
      at += 1;
    } else if (tokens[index].text === 'check' && tokens[index + 2]?.text !== 'off' && tokens[index + 1]?.text !== 'off') {
      return null;
    }
  }
  const qualifier: { hint?: string } = {};
  at += readQualifier(tokens, at, qualifier);
  const field = fieldFromWords([fieldName], domainKey, qualifier) ?? { name: fieldName, label: toSentence(fieldName), type: 'boolean', required: false };
  if (verb.adjective && !FIELD_LIBRARY[fieldName]) field.type = 'boolean';
  return { field, used: at - index };
}

/** Adds a field unless one of that name is there; a later, more precise mention refines hint and options. */
export function addField(fields: EntityField[], field: EntityField): void {
  const existing = fields.find((candidate) => candidate.name === field.name);
  if (!existing) {
    fields.push(field);
    return;
  }
  if (field.hint && field.hint !== FIELD_LIBRARY[field.name]?.hint) existing.hint = field.hint;
  if (field.required) existing.required = true;
}

/**
 * A domain noun outside a list of fields. Plural and multi-word nouns always count; a singular one only where it
 * clearly names a thing ("a recipe manager", "each task has"), so "in order to" or "in one place" give no entity.
 */
function standaloneNoun(tokens: Token[], index: number): ReturnType<typeof matchDomainNoun> {
  const noun = matchDomainNoun(tokens, index);
  if (!noun) return null;
  if (noun.length > 1 || isPlural(tokens[index].text)) return noun;
  const before = tokens[index - 1];
  const after = tokens[index + 1];
  const determined = isWord(before) && (DETERMINERS.has(before.text) || before.text === 'per' || SKIPPED_ADJECTIVES.includes(before.text));
  const namesApp = isWord(after) && (APP_KIND_WORDS.includes(after.text) || FIELD_INTRO_WORDS.includes(after.text) || after.text === 'should' || after.text === 'can');
  if (!DOMAINS[noun.singular]) return namesApp ? noun : null;
  return determined || namesApp ? noun : null;
}

/**
 * "the instruments I build, each for a client with a price": the ", each" says of every one of the things what "the
 * instruments I build for a client with a price" says, and is read so (the place and the fields are the things').
 */
function withoutDistributiveEach(tokens: Token[]): Token[] {
  const placing = (at: number): boolean => ['for', 'to', 'from', 'at', 'in', 'on', 'of', 'by'].includes(tokens[at]?.text ?? '') && ['a', 'an', 'one'].includes(tokens[at + 1]?.text ?? '');
  return tokens.filter((token, index) => !(token.text === ',' && ['each', 'every'].includes(tokens[index + 1]?.text ?? '') && placing(index + 2))
    && !(['each', 'every'].includes(token.text) && tokens[index - 1]?.text === ',' && placing(index + 1)));
}

/**
 * "the borrowers who are registered at each stop": "who are" before a participle says what "the borrowers registered
 * at each stop" says, and is read so.
 */
function withoutRelativeBe(tokens: Token[]): Token[] {
  const relativeBe = (at: number): boolean => ['who', 'that', 'which'].includes(tokens[at]?.text ?? '') && ['are', 'is', 'were', 'was'].includes(tokens[at + 1]?.text ?? '')
    && isParticiple(tokens[at + 2]?.text ?? '') && isPlural(tokens[at - 1]?.text ?? '');
  return tokens.filter((_, index) => !relativeBe(index) && !relativeBe(index - 1));
}

export function readPrompt(prompt: string, known: EntityDraft[] = []): PromptReading {
  const tokens = withoutRelativeBe(withoutDistributiveEach(tokenize(prompt)));
  const tags = partsOfSpeech(tokens);
  const reading: PromptReading = { entities: known.map((draft) => ({ ...draft, fields: [...draft.fields] })), views: [], appFields: [], impliedDomains: [], personal: false, shared: false };
  let current: EntityDraft | null = null;
  /** where the words naming `current` end */
  let currentEnd = -1;
  /**
   * "services on my cars with the cost", "projects by students, judged with a score": a thing placed by a preposition
   * on another (`owner`, the head of the phrase) keeps what is said of it right after the other's words (`end`).
   */
  let phraseHead: { owner: EntityDraft; end: number } | null = null;
  /** The thing named at [start, end) becomes `current`; a preposition between it and the one before makes that one the phrase's head. */
  const nameCurrent = (draft: EntityDraft, start: number, end: number): EntityDraft => {
    let at = currentEnd;
    // ("cada reserva es de un socio" → "each booking is of a member": being of or in another places it too)
    // ("each booking belongs to a member, with a date": belonging or being linked to another, too)
    // ("- bikes owned by a customer: make, …", "- repairs logged against a device, with a charge": done to one, too)
    if (at >= 0 && (COPULAS.includes(tokens[at]?.text ?? '') || ['belong', 'belongs', 'linked', 'attached', 'tied'].includes(tokens[at]?.text ?? '') || isParticiple(tokens[at]?.text ?? '')) && [...RELATION_PREPOSITIONS, 'to', 'by', 'against'].includes(tokens[at + 1]?.text ?? '')) at += 1;
    const placed = current !== null && current !== draft && at >= 0 && at < start && (RELATION_PREPOSITIONS.includes(tokens[at].text) || ['by', 'to', 'against'].includes(tokens[at].text));
    if (placed) {
      at += 1;
      while (at < start && isWord(tokens[at]) && (DETERMINERS.has(tokens[at].text) || MANY_WORDS.includes(tokens[at].text) || /^\d+$/.test(tokens[at].text))) at += 1;
    }
    phraseHead = placed && at === start && current ? { owner: phraseHead && phraseHead.end === currentEnd ? phraseHead.owner : current, end } : null;
    current = draft;
    currentEnd = end;
    sentence.push(draft);
    // "a beekeeping journal: inspections of each hive with the date": the date is the inspections', not the app's
    afterAppWord = false;
    return draft;
  };
  /** The phrase's head when the words at `index` speak of it again: right after its phrase, or a participle after a comma. */
  const headAt = (index: number): EntityDraft | null => {
    if (!phraseHead) return null;
    if (phraseHead.end === index) return phraseHead.owner;
    // "projects by students, judged with …", "lessons to pupils, with the price"
    if (phraseHead.end === index - 1 && tokens[index - 1].text === ',' && (isParticiple(tokens[index].text) || tokens[index].text === 'with')) return phraseHead.owner;
    return null;
  };
  /** the first thing named in this sentence, and in the one before: "bottles, wineries. vintage, price" */
  let sentence: EntityDraft[] = [];
  let previousFirst: EntityDraft | null = null;
  /** the thing the last item of a bullet or numbered list named, whose fields a later item may list */
  let lineOwner: EntityDraft | null = null;
  /** open list of fields: of an entity, or of the app ("a CRM with companies, contacts and deals") */
  let listing: 'entity' | 'app' | null = null;
  let afterAppWord = false;
  let appListHasFields = false;
  /** a list of things after ":" is open in this sentence: "hives in apiaries, inspections of each hive …" */
  let thingsList = false;
  /** the thing a sentence speaks of, named after "each" at its start */
  let eachSubject: EntityDraft | null = null;

  /** "the parents' kids", "my clients appointments": a plural owning the plural thing right after it, which the second pass relates. */
  const ownedAfter = (at: number): boolean => isWord(tokens[at]) && (isPlural(tokens[at].text) || tokens[at].possessive === true) && ['NOUN', 'PROPN'].includes(tags[at]) && !STOP_WORDS.includes(tokens[at].text) && !UNIT_WORDS[tokens[at].text]
    && isWord(tokens[at + 1]) && isPlural(tokens[at + 1].text) && tags[at + 1] === 'NOUN' && !STOP_WORDS.includes(tokens[at + 1].text) && !UNIT_WORDS[tokens[at + 1].text]
    // ("each student's grades with a score": a field's word owned by an apostrophe is a thing when fields of its own follow;
    // "the recipe's ingredients" stay the recipe's field)
    && (!libraryFieldName(toSnake(tokens[at + 1].text)) || (tokens[at].possessive === true && ['with', 'having', 'including', '(', ':', 'per'].includes(tokens[at + 2]?.text ?? '')));
  /** Whether the possessive at `at` names a thing already kept ("my students' attendance"). */
  const draftAt0Possessor = (at: number): boolean => isWord(tokens[at]) && namedDraft(reading.entities, singularize(tokens[at].text)) !== undefined;
  /** Whether a word names a thing already kept. */
  const isKept = (word: string): boolean => namedDraft(reading.entities, singularize(word)) !== undefined;
  const entityFor = (singular: string, domainKey: string | null, measurement = false): EntityDraft => {
    const found = reading.entities.find((draft) => draft.singular === singular || pluralSnake(draft.singular) === singular);
    if (found) return found;
    const draft: EntityDraft = { singular, domainKey, fields: [], measurement };
    reading.entities.push(draft);
    return draft;
  };
  const fieldTarget = (): EntityField[] => (listing !== 'app' && current ? current.fields : reading.appFields);
  /**
   * A thing named in a list at `index` ("episodes", "their dogs"): a plural noun that is no field, unit or function
   * word. Returns where its words end, or -1.
   */
  const listedThing = (index: number, lookAhead = true): number => {
    let at = index;
    // ("each student's grades": whose they are)
    while (isWord(tokens[at]) && (ARTICLES.has(tokens[at].text) || (['each', 'every'].includes(tokens[at].text) && tokens[at + 1]?.possessive))) at += 1;
    // "three henhouses", "2 boats": how many there are; "the owners' dogs": whose they are
    if (isWord(tokens[at]) && (isNumber(tokens[at]) || NUMBER_WORDS.includes(tokens[at].text) || ownedAfter(at)) && isWord(tokens[at + 1]) && isPlural(tokens[at + 1].text)) at += 1;
    // "which cocktails we make", "what plants we grow": the things the user does something with
    if (['which', 'what'].includes(tokens[at]?.text ?? '') && ['we', 'i', 'you', 'they'].includes(tokens[at + 2]?.text ?? '') && tags[at + 3] === 'VERB') at += 1;
    // "menu items with price", "cast members, roles": a singular noun before a plural thing is part of its name
    const head = tokens[at + 1];
    if (isWord(tokens[at]) && isWord(head) && tags[at] === 'NOUN' && !isPlural(tokens[at].text) && !STOP_WORDS.includes(tokens[at].text) && !CLAUSE_WORDS.includes(tokens[at].text)
      && !APP_KIND_WORDS.includes(tokens[at].text) && !libraryFieldName(toSnake(tokens[at].text)) && !UNIT_WORDS[tokens[at].text] && matchDomainNoun(tokens, at)?.length !== 1
      && isPlural(head.text) && tags[at + 1] === 'NOUN' && !STOP_WORDS.includes(head.text) && !UNIT_WORDS[head.text] && !libraryFieldName(toSnake(head.text))) return at + 2;
    const word = tokens[at];
    // "customers, their cars and …": people a clause may start with are things when the list goes on after them
    const next = tokens[at + 1];
    const listedPeople = LISTED_PEOPLE.includes(word?.text ?? '')
      && ([',', 'and', 'with', '('].includes(next?.text ?? '') || ((next === undefined || END_PUNCT.has(next.text)) && [',', 'and'].includes(tokens[at - 1]?.text ?? '')));
    const twoEach = ['of', 'for'].includes(tokens[at + 1]?.text ?? '') && ['each', 'every'].includes(tokens[at + 2]?.text ?? '') && RELATION_PREPOSITIONS.concat('to').includes(tokens[at + 4]?.text ?? '')
      && ['each', 'every'].includes(tokens[at + 5]?.text ?? '') && ARTICLES.has(tokens[at - 1]?.text ?? '');
    if (!isWord(word) || !(isPlural(word.text) || SAME_PLURAL_NOUNS.includes(word.text) || twoEach) || ((STOP_WORDS.includes(word.text) || CLAUSE_WORDS.includes(word.text)) && !listedPeople) || UNIT_WORDS[word.text]) return -1;
    const noun = matchDomainNoun(tokens, at);
    if (noun) return at + noun.length;
    // the tagger takes "walks" in "walks booked for a date" for a verb: a participle after it says it is a thing
    // ("swimmers, meets (when, where)": or a listed one its fields follow)
    // ("baby log: feeds (time, ml), nappies, sleeps": the first item of a list after a colon, and the last one of a
    // list of things, too)
    const lastOfThings = [',', 'and'].includes(tokens[at - 1]?.text ?? '') && (tokens[at + 1] === undefined || END_PUNCT.has(tokens[at + 1].text))
      && (tokens[at - 2]?.text === ')' || (isPlural(tokens[at - 2]?.text ?? '') && tags[at - 2] === 'NOUN'));
    const verbAsNoun = tags[at] === 'VERB' && (ARTICLES.has(tokens[at - 1]?.text ?? '') || isParticiple(tokens[at + 1]?.text ?? '')
      || ([',', '/', ':', 'and'].includes(tokens[at - 1]?.text ?? '') && ['(', ':'].includes(tokens[at + 1]?.text ?? '')) || lastOfThings);
    if (tags[at] !== 'NOUN' && tags[at] !== 'PROPN' && !verbAsNoun) return -1;
    // a count ("episodes", "guests") may be a field, but what a list of things starts with is a thing
    const known = libraryFieldName(toSnake(word.text));
    // "artists, clients, appointments", "owners / pets / visits": a plural a name-like field is named after is a
    // thing when the list goes on with another thing
    // ("the venues we play at": one the user does something with, too)
    const doneTo = ['we', 'i', 'you', 'they'].includes(tokens[at + 1]?.text ?? '') && tags[at + 2] === 'VERB';
    // ("grades of each student in each course": a field's word said of each of a thing is a record of its own)
    // ("each student's grades": what a thing owns, by an apostrophe, is kept too)
    const ofEachThing = (['of', 'for', 'per'].includes(tokens[at + 1]?.text ?? '') && ['each', 'every'].includes(tokens[at + 2]?.text ?? ''))
      || (tokens[at - 1]?.possessive === true && ['with', 'having', 'including', '(', ':', 'per'].includes(tokens[at + 1]?.text ?? ''));
    if (known && FIELD_LIBRARY[known].type !== 'integer' && !ofEachThing && !(fieldLikeThing(word.text) && (doneTo || (lookAhead && thingFollows(at + 1))))) return -1;
    if (!ofEachThing && TYPE_WORDS.some((entry) => entry.template.type !== 'integer' && (entry.words.includes(word.text) || entry.words.includes(singularize(word.text))))) return -1;
    return at + 1;
  };
  /**
   * Kinds of a thing in the brackets at `index`: single words naming no field and no thing, plural but for one at
   * most ("skis" reads as singular, like "axis").
   */
  const kindsInBrackets = (index: number): ReturnType<typeof readOptions> => {
    const read = readOptions(tokens, index);
    if (!read) return null;
    const words = read.options.map((option) => option.toLowerCase());
    const kinds = words.every((word) => /^\S+$/.test(word) && !libraryFieldName(toSnake(word)) && matchDomainNoun(tokens, tokens.findIndex((token) => token.text === word)) === null)
      && words.filter((word) => !isPlural(word)).length <= Math.min(1, words.length - 2);
    return kinds ? read : null;
  };
  /** "equipment (skis, boots, helmets)": plural nouns in brackets after a thing are its kinds, not its fields. */
  const takeKinds = (thing: EntityDraft, options: string[]): void => {
    const family = OPTION_FAMILIES.find((candidate) => options.filter((option) => candidate.words.includes(option.toLowerCase())).length >= 2);
    addField(thing.fields, { name: family?.field ?? 'type', label: toSentence(family?.field ?? 'type'), type: 'select', required: false, options });
  };
  /** The list goes on at `index` with a separator and another thing: "…, clients", "… / pets". */
  const thingFollows = (index: number): boolean => {
    let at = index;
    // "species (name, family), spots": past the thing's fields in brackets
    if (tokens[at]?.text === '(') {
      while (at < tokens.length && tokens[at].text !== ')') at += 1;
      at += 1;
    }
    return SEPARATORS.has(tokens[at]?.text ?? '') && tokens[at].text !== 'or' && listedThing(at + 1, false) > 0;
  };
  /**
   * The thing named after "each" at `index`: a draft already named, or one or two nouns that a verb of having,
   * moving or being follows ("each repair job goes through", "chaque réparation a un prix").
   */
  const eachNamed = (index: number): { draft: EntityDraft; end: number } | null => {
    for (const length of [2, 1]) {
      const words = tokens.slice(index, index + length);
      if (words.length < length || !words.every(isWord)) continue;
      const singular = singularSnakeOf(words.map((word) => word.text));
      const known = reading.entities.find((draft) => draft.singular === singular);
      if (known) return { draft: known, end: index + length };
      const verb = tokens[index + length]?.text ?? '';
      const says = MOVING_VERBS.includes(verb) || ['has', 'have', 'belongs', 'is', 'was', 'gets', 'needs', 'comes'].includes(verb);
      // "chaque panier a" → "each panier has": a word the tagger does not know, which it takes for an adjective, is
      // the noun between "each" and the verb
      const nouns = words.every((word, at) => !STOP_WORDS.includes(word.text) && !CLAUSE_WORDS.includes(word.text) && (tags[index + at] === 'NOUN' || tags[index + at] === 'PROPN' || tags[index + at] === 'ADJ' && (at < length - 1 || length === 1)));
      const last = words[length - 1].text;
      if (!says || !nouns || isPlural(last) || UNIT_WORDS[last] || APP_KIND_WORDS.includes(last) || (libraryFieldName(toSnake(last)) && !fieldLikeThing(last))) continue;
      const noun = matchDomainNoun(tokens, index);
      return { draft: noun && noun.length === length ? entityFor(noun.singular, noun.domainKey) : entityFor(singular, null), end: index + length };
    }
    return null;
  };
  /**
   * A plural noun (with the noun before it: "meeting rooms") followed by a passive verb ("are logged", "can be
   * booked", "get delivered"): a thing the app keeps.
   */
  const passiveThing = (index: number): { draft: EntityDraft; start: number } | null => {
    const word = tokens[index];
    if (!isWord(word) || !isPlural(word.text) || tags[index] !== 'NOUN' || STOP_WORDS.includes(word.text) || CLAUSE_WORDS.includes(word.text) || UNIT_WORDS[word.text]) return null;
    let at = index + 1;
    if (['can', 'will', 'must', 'should', 'may'].includes(tokens[at]?.text ?? '') && tokens[at + 1]?.text === 'be') at += 2;
    else if (['are', 'get', 'were', 'is'].includes(tokens[at]?.text ?? '')) at += 1;
    else return null;
    if (!isParticiple(tokens[at]?.text ?? '')) return null;
    const before = tokens[index - 1];
    const compound = isWord(before) && tags[index - 1] === 'NOUN' && !isPlural(before.text) && !STOP_WORDS.includes(before.text) && !APP_KIND_WORDS.includes(before.text);
    const start = compound ? index - 1 : index;
    const noun = matchDomainNoun(tokens, start);
    const words = tokens.slice(start, index + 1).map((token) => token.text);
    return { draft: noun && noun.length === words.length ? entityFor(noun.singular, noun.domainKey) : entityFor(singularSnakeOf(words), null), start };
  };
  /** What follows a listed thing and says it is one: its fields ("with"), a verb, a participle or a preposition. */
  const endsThing = (index: number): 'fields' | 'clause' | 'item' | null => {
    const after: Token | undefined = tokens[index];
    if (after === undefined) return 'item';
    // "apointments (which artist, date, deposit)", "sightings = spot + date", "orders -> customer, total": a plural
    // thing's fields in brackets, after a colon or after an arrow pointing at what it belongs to
    if (['(', ':', '>'].includes(after.text) && (isPlural(tokens[index - 1]?.text ?? '') || SAME_PLURAL_NOUNS.includes(tokens[index - 1]?.text ?? ''))) return 'fields';
    // "owners / pets / visits": a slash between things separates them as a comma does
    if (after.punct) return after.text === ',' || after.text === '/' || END_PUNCT.has(after.text) ? 'item' : null;
    if (SEPARATORS.has(after.text)) return 'item';
    if (['with', 'having', 'including', 'containing'].includes(after.text)) return 'fields';
    if (RELATION_PREPOSITIONS.includes(after.text) || ['by', 'who', 'that', 'which', 'where', 'are', 'is', 'can', 'each', 'every'].includes(after.text)) return 'clause';
    if (isParticiple(after.text) || tags[index] === 'VERB') return 'clause';
    // "the events we park at", "the props I still need": what the user does with the thing, said right after it
    if (['we', 'i', 'you', 'they'].includes(after.text) && (tags[index + 1] === 'VERB' || tags[index + 2] === 'VERB')) return 'clause';
    // "members reserve desks": a singular word before a plural thing is what the listed thing does
    if (tags[index] === 'NOUN' && !isPlural(after.text) && isWord(tokens[index + 1]) && isPlural(tokens[index + 1].text) && tags[index + 1] === 'NOUN' && !libraryFieldName(toSnake(after.text))) return 'clause';
    return null;
  };

  /** A later item of the list at `index` (up to the sentence's end) is a thing followed by a relation, a verb or its fields. */
  const thingsFollow = (index: number): boolean => {
    for (let at = index; at < tokens.length && !END_PUNCT.has(tokens[at].text) && tokens[at].text !== ':'; at += 1) {
      if (!SEPARATORS.has(tokens[at].text) || SEPARATORS.has(tokens[at + 1]?.text ?? '')) continue;
      const end = listedThing(at + 1);
      const ends = end > 0 ? endsThing(end) : null;
      if (ends === 'fields' || (ends === 'clause' && matchDomainNoun(tokens, end - 1) !== null)) return true;
    }
    return false;
  };

  const chains = arrowChains(tokens);
  /**
   * "a status of draft → review → published": the stages become the options of the field the words before them
   * name (a status when they name none), and the thing they are said of gets a board by it.
   */
  const takeStages = (chain: ArrowChain, phrase: string[]): void => {
    const words = phrase.filter((word) => !STOP_WORDS.includes(word) && word !== ':');
    const name = !words.length || words.some((word) => STATE_WORDS.includes(word)) ? (words.some((word) => word.startsWith('stage')) ? 'stage' : 'status') : toSnake(words.join(' '));
    const fields = current ? current.fields : reading.appFields;
    const field: EntityField = { name, label: toSentence(name), type: 'select', required: false, options: chain.stages };
    const existing = fields.findIndex((candidate) => candidate.name === name);
    if (existing >= 0) fields[existing] = field;
    else fields.push(field);
    reading.views.push({ kind: 'board', entity: current?.singular ?? null, field: name });
  };

  for (const token of tokens) {
    if (token.punct) continue;
    if (PERSONAL_WORDS.includes(token.text)) reading.personal = true;
    if (SHARED_WORDS.includes(token.text)) reading.shared = true;
  }

  /**
   * The thing a line of a list names ("- drivers", "2. trips: driver, vehicle", "- fuel logs with liters"): one to
   * three words up to its fields or a relation, ending on a noun. Null when the line says something else.
   */
  const lineThing = (start: number): { draft: EntityDraft; start: number; end: number } | null => {
    let first = start;
    while (isWord(tokens[first]) && ARTICLES.has(tokens[first].text)) first += 1;
    let end = first;
    // ("- repairs logged against a device": a participle after a plural says what was done to the thing the line names)
    const doneTo = (at: number): boolean => at > first && isParticiple(tokens[at].text) && isPlural(tokens[at - 1].text) && tags[at - 1] === 'NOUN';
    while (isWord(tokens[end]) && end - first < 3 && !LINE_THING_ENDS.includes(tokens[end].text) && tokens[end].text !== YES_NO_MARK && !chains.some((chain) => chain.start === end) && !doneTo(end)) end += 1;
    if (end === first || (isWord(tokens[end]) && !LINE_THING_ENDS.includes(tokens[end].text) && !doneTo(end))) return null;
    const last = tokens[end - 1];
    const noun = matchDomainNoun(tokens, first);
    const nounLike = noun !== null || isPlural(last.text) || tags[end - 1] === 'NOUN' || tags[end - 1] === 'PROPN';
    // "- track expenses", "- see who is late": what the app does, not what it keeps
    // ("- water tests": a mass noun before a plural one says what kind of thing it is)
    const massModifier = end - first >= 2 && tags[first] === 'NOUN' && UNCOUNTABLE_NOUNS.includes(tokens[first].text) && isPlural(last.text);
    // ("- books -> author": a keeping verb no noun follows is the noun)
    const doing = ((tags[first] === 'VERB' && !isPlural(tokens[first].text)) || (KEEPING_VERBS.includes(tokens[first].text) && (end - first > 1 || isVerbUse(tokens, first)))) && !massModifier;
    if (!nounLike || doing || STOP_WORDS.includes(last.text) || CLAUSE_WORDS.includes(last.text) || UNIT_WORDS[last.text]) return null;
    const words = tokens.slice(first, end).map((word) => word.text);
    return { draft: noun && noun.length === words.length ? entityFor(noun.singular, noun.domainKey) : entityFor(singularSnakeOf(words), null), start: first, end };
  };
  /** The person's singular when the words are one of a kind of person, written alone: "a tenant", "the owner". */
  const personWith = (words: string[]): string | null => {
    const named = words.filter((word) => !ARTICLES.has(word));
    return named.length === 1 && PEOPLE_NOUNS.includes(singularize(named[0])) && !isPlural(named[0]) ? singularize(named[0]) : null;
  };
  /**
   * "one of our members)", "from our list of vets)", "any of the staff)": at `index`, inside brackets, words saying a
   * field holds one of the things named by the plural noun before the closing bracket; where they end.
   */
  const thingAmong = (index: number): { word: string; end: number; both: boolean } | null => {
    let at = index;
    const words: string[] = [];
    // ("(both from our list of supervisors)": said of the fields before too)
    const both = ['both', 'all'].includes(tokens[at]?.text ?? '');
    if (both) at += 1;
    while (at < tokens.length && tokens[at].text !== ')' && !tokens[at].punct) words.push(tokens[at++].text);
    if (tokens[at]?.text !== ')' || words.length < 2 || words.length > 6) return null;
    const word = words[words.length - 1];
    const saysOneOf = /^(?:(?:one|any|each) of|from|chosen from|picked from)$/.test(words.slice(0, words[0] === 'one' || words[0] === 'any' || words[0] === 'each' ? 2 : 1).join(' '))
      && ['our', 'the', 'my', 'your', 'their', 'list'].some((determiner) => words.includes(determiner));
    return saysOneOf && isPlural(word) && tags[at - 1] === 'NOUN' && !libraryFieldName(toSnake(singularize(word))) ? { word, end: at + 1, both } : null;
  };
  /**
   * "a book fair tracker", "a car show planner", "for my wine cellar - …": a thing's word before the noun the app
   * is about (which no app word or list follows) only says what kind of app it is.
   */
  const kindModifier = (index: number, length: number): boolean => {
    const after = tokens[index + length];
    const then = tokens[index + length + 1]?.text ?? '';
    return !isPlural(tokens[index + length - 1].text) && isWord(after) && ['NOUN', 'ADJ'].includes(tags[index + length]) && !isPlural(after.text)
      && !APP_KIND_WORDS.includes(after.text) && matchDomainNoun(tokens, index + length) === null && (APP_KIND_WORDS.includes(then) || [':', '-'].includes(then));
  };
  /** A sentence of bare fields, no verb in it: "vintage, price, drunk y/n". */
  const bareFieldsFrom = (start: number): boolean => {
    let words = 0;
    let commas = 0;
    for (let at = start; at < tokens.length && !END_PUNCT.has(tokens[at].text); at += 1) {
      if (tokens[at].text === ',') {
        commas += 1;
        words = 0;
      } else if (tokens[at].punct || (tags[at] === 'VERB' && isWord(tokens[at + 1]) && tokens[at + 1].text !== YES_NO_MARK) || (words += 1) > 3) return false;
    }
    return commas >= 1;
  };

  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index];
    // "each booking is of a member, in a court, with a date": a second place said of the phrase's head keeps it the head
    if (phraseHead && (phraseHead as { end: number }).end === index && token.text === ',' && RELATION_PREPOSITIONS.includes(tokens[index + 1]?.text ?? '')) {
      let end = index + 2;
      while (end < index + 6 && isWord(tokens[end]) && !SEPARATORS.has(tokens[end].text) && tokens[end].text !== 'with') end += 1;
      if (tokens[end]?.text === ',' || tokens[end]?.text === '(') {
        (phraseHead as { end: number }).end = end;
        index = end;
        continue;
      }
    }
    // "in a court (we have 4), with date", "(about 30 of them)": an aside in brackets says nothing the app keeps
    const asideEnd = token.text === '(' ? findBetween(tokens, index + 1, index + 8, (candidate) => candidate.text === ')') : -1;
    if (asideEnd > index + 1 && (ASIDE_OPENERS.includes(tokens[index + 1].text) || tokens.slice(index + 1, asideEnd).every((word) => isNumber(word)))) {
      const after = asideEnd + 1;
      if (phraseHead && (phraseHead as { end: number }).end === index) (phraseHead as { end: number }).end = after;
      if (currentEnd === index) currentEnd = after;
      index = after;
      continue;
    }
    if (token.punct) {
      // "games (title, broken?), tables, bookings": after a thing's fields in brackets the list of things goes on
      // "freezers (name, room) → boxes in a freezer (shelf) → samples in a box (…)": an arrow after a thing's fields
      // leads to the next thing, as a comma does
      if (token.text === ')' && tokens[index + 1]?.text === '>' && listedThing(index + 2) > 0 && endsThing(listedThing(index + 2)) !== null) {
        listing = 'app';
        appListHasFields = false;
        thingsList = true;
        index += 2;
        continue;
      }
      if (token.text === ')' && thingsList && thingFollows(index + 1)) {
        listing = 'app';
        appListHasFields = false;
        index += 1;
        continue;
      }
      if (END_PUNCT.has(token.text)) {
        previousFirst = sentence.find((draft) => !draft.weak) ?? previousFirst;
        sentence = [];
      }
      if (token.raw === '\n') {
        // a line of a list: "- drivers", "2. boxes - each box goes to a room", "* trips: driver, vehicle"
        let start = index + 1;
        const marked = tokens[start]?.text === '-' || (isNumber(tokens[start]) && ['.', ')'].includes(tokens[start + 1]?.text ?? ''));
        if (tokens[start]?.text === '-') start += 1;
        else if (marked) start += 2;
        const line = lineThing(start);
        if (line) {
          nameCurrent(line.draft, line.start, line.end).weak = false;
          lineOwner = line.draft;
          const after = tokens[line.end]?.text ?? '';
          listing = ['(', ':', '-', ',', '>', 'with', 'having', 'including', 'containing'].includes(after) ? 'entity' : null;
          thingsList = false;
          index = [':', '-', ',', '>'].includes(after) ? line.end + 1 : line.end;
          continue;
        }
        if (marked && lineOwner) {
          // "- fragile y/n" under "- boxes": a field of the thing the list named last
          current = lineOwner;
          currentEnd = start;
          listing = 'entity';
          index = start;
          continue;
        }
      }
      // "deliveries (customer, date, price), paid y/n": a yes/no fact right after a thing's fields in brackets is its
      // own too
      if (token.text === ')' && current && listing === 'entity' && tokens[index + 1]?.text === ',') {
        let at = index + 2;
        while (at < index + 5 && isWord(tokens[at]) && !SEPARATORS.has(tokens[at].text) && tokens[at].text !== YES_NO_MARK) at += 1;
        if (at > index + 2 && tokens[at]?.text === YES_NO_MARK) {
          index += 2;
          continue;
        }
      }
      if (END_PUNCT.has(token.text) && token.text !== ')' && previousFirst && listing !== 'entity' && bareFieldsFrom(index + 1)) {
        // "bottles, wineries, regions. vintage, price, drunk y/n": a sentence of bare fields is of the first thing named before
        current = previousFirst;
        currentEnd = index + 1;
        listing = 'entity';
        index += 1;
        continue;
      }
      const arrowToThings = token.text === '>' && listedThing(index + 1) > 0 && endsThing(listedThing(index + 1)) === 'fields' && !chains.some((chain) => chain.start < index && index < chain.end);
      if (END_PUNCT.has(token.text) || token.text === ':' || token.text === '-' || arrowToThings) {
        // "a dog walking business: clients, their dogs and walks": a list that starts with things lists things
        // "PUB QUIZ. Teams, Rounds (…), points per team": a sentence that opens with two things and a comma lists things
        const first = listedThing(index + 1);
        // ("species (name, family), spots": a thing's fields in brackets may come between)
        // ("PIZZAS WITH PRICE.": so does one that opens the sentence with its fields)
        const opensList = END_PUNCT.has(token.text) && token.text !== ')' && first > 0
          && (([',', '('].includes(tokens[first]?.text ?? '') && thingFollows(first)) || (tokens[first]?.text === 'with' && index + 1 === first - 1));
        // ("vide-grenier → exposants (nom, tél), emplacements (…)": an arrow to things and their fields lists them too)
        const thingsListed = ((token.text === ':' || token.text === '-') && first > 0 && endsThing(first) !== null) || opensList
          || (token.text === '>' && first > 0 && endsThing(first) === 'fields' && !chains.some((chain) => chain.start < index && index < chain.end));
        // "…!! yarns: brand, colour, weight": a sentence opening with a plural thing and a colon lists its fields
        const opensWithFields = END_PUNCT.has(token.text) && token.text !== ')' && first > 0 && tokens[first]?.text === ':' && first - index <= 3;
        if (opensWithFields) {
          const words = tokens.slice(index + 1, first).map((word) => word.text).filter((word) => !ARTICLES.has(word));
          const noun = matchDomainNoun(tokens, first - words.length);
          nameCurrent(noun && noun.length === words.length ? entityFor(noun.singular, noun.domainKey) : entityFor(singularSnakeOf(words), null), first - words.length, first).weak = false;
          listing = 'entity';
          thingsList = false;
          index = first + 1;
          continue;
        }
        // "I can put in each delivery as it comes in: pickup address, …": the thing said after "each" in the clause
        // the colon ends is the one whose fields are listed
        let eachAt = index - 1;
        while (eachAt > 0 && !END_PUNCT.has(tokens[eachAt].text) && tokens[eachAt].text !== ':' && !['each', 'every'].includes(tokens[eachAt].text)) eachAt -= 1;
        const eachWord = tokens[eachAt + 1];
        const eachOne = token.text === ':' && !thingsListed && ['each', 'every'].includes(tokens[eachAt]?.text ?? '') && isWord(eachWord) && tags[eachAt + 1] === 'NOUN'
          && !STOP_WORDS.includes(eachWord.text) && !UNIT_WORDS[eachWord.text] && !APP_KIND_WORDS.includes(eachWord.text) && (!libraryFieldName(toSnake(eachWord.text)) || fieldLikeThing(eachWord.text));
        if (eachOne && (!current || currentEnd <= eachAt)) {
          const noun = matchDomainNoun(tokens, eachAt + 1);
          nameCurrent(noun && noun.length === 1 ? entityFor(noun.singular, noun.domainKey) : entityFor(singularSnakeOf([eachWord.text]), null), eachAt + 1, eachAt + 2).weak = false;
        } else if (token.text === ':' && !thingsListed) {
          // "and the sales of eggs to the neighbours: who buys, price": the things the clause the colon ends opens with
          let clauseAt = index - 1;
          while (clauseAt > 0 && !END_PUNCT.has(tokens[clauseAt - 1].text) && ![':', ',', 'and'].includes(tokens[clauseAt - 1].text)) clauseAt -= 1;
          const articleAt = findBetween(tokens, clauseAt, index - 1, (candidate) => ARTICLES.has(candidate.text));
          const thingAt = articleAt >= 0 ? articleAt + 1 : -1;
          const word = tokens[thingAt];
          const opens = thingAt > 0 && thingAt < index - 1 && isWord(word) && isPlural(word.text) && tags[thingAt] === 'NOUN' && RELATION_PREPOSITIONS.concat('to').includes(tokens[thingAt + 1]?.text ?? '')
            && !STOP_WORDS.includes(word.text) && !UNIT_WORDS[word.text] && (!current || currentEnd <= thingAt);
          if (opens) {
            const noun = matchDomainNoun(tokens, thingAt);
            nameCurrent(noun && noun.length === 1 ? entityFor(noun.singular, noun.domainKey) : entityFor(singularSnakeOf([word.text]), null), thingAt, thingAt + 1).weak = false;
          }
        }
        if (thingsListed) {
          listing = 'app';
          appListHasFields = false;
        } else if (token.text === ':' && current) listing = 'entity';
        else listing = null;
        thingsList = thingsListed;
        if (token.text !== ':') eachSubject = null;
      } else if (token.text === ',' && listing === null && thingsList && listedThing(index + 1) > 0 && endsThing(listedThing(index + 1)) !== null) {
        // "hives in apiaries, inspections of each hive": after a thing's relation, the list of things goes on
        listing = 'app';
        appListHasFields = false;
      }
      const kinds = token.text === '(' && current && currentEnd === index ? kindsInBrackets(index) : null;
      if (kinds && current) {
        takeKinds(current, kinds.options);
        index += kinds.used;
        continue;
      }
      // ("arrosages de chaque plante (date, litres)" → "waterings of each plant (date, litres)": the phrase's head's fields)
      if ((token.text === '(' || token.text === ':') && phraseHead && (phraseHead as { end: number }).end === index) {
        current = (phraseHead as { owner: EntityDraft }).owner;
        currentEnd = index;
      }
      if (token.text === '(' && current) listing = 'entity';
      // "books -> author, year": an arrow right after a thing points at what it belongs to, then its fields follow
      if (token.text === '>' && current && currentEnd === index) listing = 'entity';
      index += 1;
      continue;
    }
    const text = token.text;

    // "meds for grandma: dose, time of day", "pills: dose": a plural thing opening the prompt before its fields is kept,
    // as a line of a list is
    // ("my boats: length, price": a possessive before it too)
    if (index === 0 && !tokens.slice(0, 4).some((word) => word.possessive)) {
      let end = 0;
      while (isWord(tokens[end]) && end < (ARTICLES.has(text) ? 4 : 3) && tokens[end].text !== 'for') end += 1;
      const last = tokens[end - 1]?.text ?? '';
      const after = tokens[end]?.text ?? '';
      // ("meds for grandma:": whom they are for, up to the colon)
      const forWhom = after === 'for' && tokens.slice(end + 1, end + 5).findIndex((candidate) => candidate.text === ':') > 0
        && tokens.slice(end + 1, end + 5).every((candidate) => candidate.text === ':' || isWord(candidate));
      // (after "my", only fields may follow: "My board games: games with publisher and year" lists things)
      const listsThings = ARTICLES.has(text) && isWord(tokens[end + 1]) && isPlural(tokens[end + 1].text);
      // ("I run holiday flats: flats, guests and bookings": a sentence with a subject and a verb is no thing's name)
      const clause = tags.slice(0, end - 1).some((tag) => tag === 'PRON' || tag === 'VERB') && !ARTICLES.has(text);
      const opening = end > 0 && isPlural(last) && !APP_KIND_WORDS.includes(last) && (after === ':' || forWhom) && !listsThings && !clause ? lineThing(0) : null;
      // ("Henhouses with a name. …": one opening with its fields too)
      const withFields = !ARTICLES.has(text) && isPlural(text) && tags[0] !== 'VERB' && tokens[1]?.text === 'with' && !STOP_WORDS.includes(text) && !APP_KIND_WORDS.includes(text) && !libraryFieldName(toSnake(text));
      if (withFields) {
        const noun = matchDomainNoun(tokens, 0);
        nameCurrent(noun && noun.length === 1 ? entityFor(noun.singular, noun.domainKey) : entityFor(singularSnakeOf([text]), null), 0, 1).weak = false;
        listing = 'entity';
        index = 2;
        continue;
      }
      if (opening && opening.end === end) {
        nameCurrent(opening.draft, opening.start, opening.end).weak = false;
        listing = null;
        index = opening.end;
        continue;
      }
    }
    // "there are visitors, items and fixers", "we have volunteers and animals": what there is, listed, are things kept
    // ("I want the parents, the kids and the drives", "we need members, boats and trips": what the user wants, listed)
    const existential = (['are', 'is', 'be'].includes(text) && (tokens[index - 1]?.text === 'there' || (tokens[index - 2]?.text === 'there' && ['must', 'should', 'will', 'can', 'would'].includes(tokens[index - 1]?.text ?? ''))))
      || (['have', "we've", 'got', 'want', 'need'].includes(text) && ['we', 'i', "we've"].includes(tokens[index - 1]?.text ?? ''))
      // ("Tengo tres gallineros" → "have 3 henhouses": languages that drop the "I" open the sentence with the verb)
      || (['have', 'want', 'need'].includes(text) && (index === 0 || END_PUNCT.has(tokens[index - 1].text)));
    if (existential && !listing && listedThing(index + 1) > 0 && (thingFollows(listedThing(index + 1)) || endsThing(listedThing(index + 1)) === 'fields')) {
      listing = 'app';
      appListHasFields = false;
      thingsList = true;
      index += 1;
      continue;
    }
    // "the tools in our shed and the harvests with a date": after a thing's clause, "and" goes on with the list of things
    if (text === 'and' && listing === null && thingsList && listedThing(index + 1) > 0 && endsThing(listedThing(index + 1)) !== null) {
      listing = 'app';
      appListHasFields = false;
      index += 1;
      continue;
    }
    const chain = chains.find((candidate) => candidate.start === index);
    const stateNamed = tokens.slice(Math.max(0, index - 3), index).filter((word) => isWord(word) && STATE_WORDS.includes(word.text)).map((word) => word.text);
    // "rides -> routes -> stops": plural nouns joined by arrows are things, each pointing at the next, no stages
    const thingChain = chain && !stateNamed.length && chain.end - chain.start === chain.stages.length * 2 - 1
      && tokens.slice(chain.start, chain.end).every((word, offset) => offset % 2 === 1 || (isPlural(word.text) && tags[chain.start + offset] === 'NOUN' && !STATE_WORDS.includes(word.text) && !libraryFieldName(toSnake(word.text))));
    if (chain && thingChain) {
      const things = tokens.slice(chain.start, chain.end).filter((word) => isWord(word)).map((word) => {
        const noun = matchDomainNoun([word], 0);
        return noun ? entityFor(noun.singular, noun.domainKey) : entityFor(singularSnakeOf([word.text]), null);
      });
      things.forEach((thing, at) => {
        thing.weak = false;
        const next = things[at + 1];
        if (next && next !== thing) addField(thing.fields, { name: next.singular, label: toSentence(next.singular), type: 'text', required: false });
      });
      current = things[things.length - 1];
      currentEnd = chain.end;
      index = chain.end;
      continue;
    }
    if (chain) {
      // "tickets: new > open > closed", "status is draft -> sent": the words just before say which field
      takeStages(chain, stateNamed);
      index = chain.end;
      continue;
    }

    const head = headAt(index);
    if (head) {
      // "services on my cars with the cost": the cost is the services'; "projects by students, judged with …": the projects'
      phraseHead = null;
      current = head;
      currentEnd = isParticiple(text) ? index + 1 : index;
      if (isParticiple(text)) {
        index += 1;
        continue;
      }
    }
    // "sessions I give each student with the date": what the user does with the thing, said right after it, leaves it
    // the thing the fields after are of (the second pass reads the relation)
    if (current && currentEnd === index && ['i', 'we'].includes(text) && tags[index + 1] === 'VERB' && !KEEPING_VERBS.includes(tokens[index + 1].text)) {
      let at = index + 2;
      // "the events we park at with the date": a preposition may end the clause
      if (['to', 'for', 'with', 'at', 'in', 'on'].includes(tokens[at]?.text ?? '') && tokens[at + 1]?.text !== 'with') at += 1;
      else if (['at', 'in', 'on', 'to', 'for'].includes(tokens[at]?.text ?? '')) at += 1;
      at = skipDeterminers(tokens, at);
      const noun = matchDomainNoun(tokens, at);
      if (noun) at += noun.length;
      else if (isWord(tokens[at]) && tags[at] === 'NOUN') at += 1;
      if (at > index + 2 && ['with', 'having', 'including', 'containing'].includes(tokens[at]?.text ?? '')) {
        currentEnd = at;
        index = at;
        continue;
      }
    }
    if (listing && current && currentEnd === index && ['with', 'having', 'including', 'containing'].includes(text)) {
      listing = 'entity';
      index += 1;
      continue;
    }

    if (listing) {
      // "bowlers, game nights, result per bowler and night (pins)": one thing per each of kept ones is a record of them
      const perWord = tokens[index + 1];
      const perTargets: EntityDraft[] = [];
      let perEnd = index + 2;
      if (listing === 'app' && perWord?.text === 'per' && tags[index] === 'NOUN' && !isPlural(text) && !STOP_WORDS.includes(text) && !UNIT_WORDS[text] && !isKept(text)) {
        for (;;) {
          const kept = isWord(tokens[perEnd]) ? namedDraft(reading.entities, singularize(tokens[perEnd].text)) ?? reading.entities.find((draft) => draft.singular.endsWith(`_${singularize(tokens[perEnd].text)}`) || draft.singular.endsWith(singularize(tokens[perEnd].text))) : undefined;
          if (!kept) break;
          perTargets.push(kept);
          perEnd += 1;
          if (tokens[perEnd]?.text !== 'and' && tokens[perEnd]?.text !== ',') break;
          perEnd += 1;
        }
      }
      if (perTargets.length && (tokens[perEnd - 1] && isWord(tokens[perEnd - 1]))) {
        const noun = matchDomainNoun(tokens, index);
        const record = nameCurrent(noun && noun.length === 1 ? entityFor(noun.singular, noun.domainKey) : entityFor(singularSnakeOf([text]), null), index, index + 1);
        record.weak = false;
        for (const target of perTargets) addField(record.fields, { name: target.singular, label: toSentence(target.singular), type: 'text', required: false });
        currentEnd = perEnd;
        listing = tokens[perEnd]?.text === '(' ? 'entity' : 'app';
        index = tokens[perEnd]?.text === '(' ? perEnd + 1 : perEnd;
        continue;
      }
      // "our suppliers and batches, per batch the grade (…), the amount": what follows is the fields of each of a kept thing
      const eachOfAt = ['each', 'every'].includes(tokens[index + 1]?.text ?? '') ? index + 2 : index + 1;
      const perKept = ['per', 'for'].includes(text) && tokens[index - 1]?.text === ',' && (text === 'per' || eachOfAt === index + 2) && isWord(tokens[eachOfAt])
        ? namedDraft(reading.entities, singularize(tokens[eachOfAt].text)) : undefined;
      if (perKept && ARTICLES.has(tokens[eachOfAt + 1]?.text ?? '')) {
        nameCurrent(perKept, eachOfAt, eachOfAt + 1);
        listing = 'entity';
        index = eachOfAt + 1;
        continue;
      }
      // "weigh-ins: for each match, each angler's total weight": in a thing's fields, each of another kept thing is
      // one it points at, and what follows is its own field
      const eachWordAt = ['for', 'per'].includes(text) && ['each', 'every'].includes(tokens[index + 1]?.text ?? '') ? index + 2 : ['each', 'every'].includes(text) ? index + 1 : -1;
      // ("properties: each repair belongs to a property": a clause about the other thing, not a field)
      const saysOf = isWord(tokens[eachWordAt + 1]) && (['VERB', 'AUX'].includes(tags[eachWordAt + 1]) || FIELD_INTRO_WORDS.includes(tokens[eachWordAt + 1].text) || MOVING_VERBS.includes(tokens[eachWordAt + 1].text));
      const eachKept = listing === 'entity' && current && eachWordAt > 0 && [',', ':', '('].includes(tokens[index - 1]?.text ?? '') && isWord(tokens[eachWordAt]) && !saysOf
        ? namedDraft(reading.entities, singularize(tokens[eachWordAt].text)) : undefined;
      if (current && eachKept && eachKept !== current) {
        addField(current.fields, { name: eachKept.singular, label: toSentence(eachKept.singular), type: 'text', required: false });
        index = eachWordAt + 1;
        continue;
      }
      // "which cocktails we make": the things, without the question word
      // ("the parents, the parents' kids": a thing already kept, owning the next, which the second pass relates)
      let owning = index;
      while (isWord(tokens[owning]) && (ARTICLES.has(tokens[owning].text) || (['each', 'every'].includes(tokens[owning].text) && tokens[owning + 1]?.possessive))) owning += 1;
      const possessor = ownedAfter(owning);
      const counted = isNumber(tokens[owning]) || NUMBER_WORDS.includes(tokens[owning]?.text ?? '');
      if ((['which', 'what'].includes(text) || possessor || counted) && listing === 'app' && listedThing(owning + 1) > owning + 1) {
        index = owning + 1;
        continue;
      }
      // "material: PLA/PETG/ABS", "freshwater/saltwater": words joined by slashes are the choices of one field, the
      // one named just before ":" or, when none is, a type; "owners / pets / visits", all plural, are things
      const slashed = slashChoices(tokens, index);
      if (slashed) {
        const fields = fieldTarget();
        const named = tokens[index - 1]?.text === ':' ? fields[fields.length - 1] : undefined;
        const family = OPTION_FAMILIES.find((candidate) => slashed.options.filter((option) => candidate.words.includes(option.toLowerCase())).length >= 2);
        const field: EntityField = named && ['text', 'select'].includes(named.type) ? named : { name: family?.field ?? 'type', label: toSentence(family?.field ?? 'type'), type: 'select', required: false };
        field.type = 'select';
        field.options = slashed.options;
        delete field.hint;
        if (field !== named) addField(fields, field);
        index = slashed.end;
        continue;
      }
      if (SEPARATORS.has(text)) {
        index += 1;
        continue;
      }
      // "with what they cost", "what it's worth now", "how much it costs": a question about money is a money field
      if (['what', 'how'].includes(text) && current) {
        let at = index + 1;
        while (at < index + 5 && isWord(tokens[at]) && !SEPARATORS.has(tokens[at].text) && !MONEY_WORDS.includes(tokens[at].text) && tokens[at].text !== 'worth') at += 1;
        const word = tokens[at];
        if (isWord(word) && (MONEY_WORDS.includes(word.text) || word.text === 'worth')) {
          // of the thing named last before it ("the props we need to buy with what they cost")
          let owner: EntityDraft = current;
          for (let back = index - 1; back >= 0 && !END_PUNCT.has(tokens[back].text); back -= 1) {
            const word = tokens[back];
            if (!isWord(word) || !isPlural(word.text) || tags[back] !== 'NOUN' || STOP_WORDS.includes(word.text) || CLAUSE_WORDS.includes(word.text) || UNIT_WORDS[word.text]) continue;
            // ("how many skeins, what I paid": a count listed before is no thing)
            if (tokens[back - 1]?.text === 'many' && tokens[back - 2]?.text === 'how') continue;
            const named = namedDraft(reading.entities, singularize(word.text));
            if (named || !libraryFieldName(toSnake(word.text))) owner = named ?? entityFor(singularSnakeOf([word.text]), null);
            break;
          }
          const money = fieldFromWords([word.text === 'worth' ? 'value' : ['cost', 'costs'].includes(word.text) ? 'cost' : 'price'], owner.domainKey);
          if (money) addField(owner.fields, { ...money, type: 'number', hint: 'currency' });
          index = at + 1;
          while (isWord(tokens[index]) && !SEPARATORS.has(tokens[index].text) && ['now', 'today', 'currently', 'new', 'each', 'apiece'].includes(tokens[index].text)) index += 1;
          continue;
        }
      }
      // "meets (when, where)": a question word listed as a field
      if (QUESTION_FIELDS[text] && listing === 'entity' && [',', ')'].includes(tokens[index + 1]?.text ?? '')) {
        const asked = fieldFromWords([text], current?.domainKey ?? null);
        if (asked) addField(fieldTarget(), asked);
        index += 1;
        continue;
      }
      // "(which artist, which client, date)": a thing the row points at, which the second pass reads; the list goes on
      // ("date, which parent drives, morning or afternoon": a short clause about it, too)
      const whichEnd = findBetween(tokens, index + 2, index + 4, (candidate) => candidate.punct || SEPARATORS.has(candidate.text));
      if (['which', 'what'].includes(text) && listing === 'entity' && isWord(tokens[index + 1]) && whichEnd > 0 && [',', ')', 'and', '.'].includes(tokens[whichEnd].text)) {
        index = whichEnd;
        continue;
      }
      // "with the date, whether the queen was seen and notes": a yes/no fact, which the second pass reads
      if ((text === 'whether' || text === 'if') && listing === 'entity') {
        index += 1;
        while (index < tokens.length && isWord(tokens[index]) && !SEPARATORS.has(tokens[index].text)) index += 1;
        continue;
      }
      // "expenses paid by one person", "shared among several": a relation, which the second pass reads
      if (isParticiple(text) && ['by', 'to', ...SHARING_PREPOSITIONS].includes(tokens[index + 1]?.text ?? '')) {
        listing = null;
        index += 1;
        continue;
      }
      const asVerbField = verbField(tokens, index, current?.domainKey ?? null);
      if (asVerbField) {
        addField(fieldTarget(), asVerbField.field);
        if (listing === 'app') appListHasFields = true;
        index += asVerbField.used;
        continue;
      }
      // "episodes with a topic", "walks booked for a date", "services on my cars": a thing of a list of things;
      // "guests invited to each episode" ends a list of fields with a thing done to another
      const thingEnd = listedThing(index);
      const inThings = listing === 'app' && !appListHasFields;
      // ("…, and grades of each student in each course": a record of each of a thing, after fields too)
      // ("the score of each student at each exam": one said of each of two things is such a record too)
      const ofTwoEach = ['each', 'every'].includes(tokens[thingEnd + 4]?.text ?? '') && RELATION_PREPOSITIONS.concat('to').includes(tokens[thingEnd + 3]?.text ?? '');
      const eachRecordAt = thingEnd > 0 && ['of', 'for', 'per'].includes(tokens[thingEnd]?.text ?? '') && ['each', 'every'].includes(tokens[thingEnd + 1]?.text ?? '') && (isPlural(tokens[thingEnd - 1].text) || ofTwoEach);
      const thingEnds = thingEnd > 0 && (inThings || eachRecordAt || (isParticiple(tokens[thingEnd]?.text ?? '') && RELATION_PREPOSITIONS.concat('by', 'to').includes(tokens[thingEnd + 1]?.text ?? ''))) ? endsThing(thingEnd) : null;
      // a bare word in a list ("bedrooms") is a thing only when no field has that name
      // ("bottles, wineries, regions": a plural naming a thing that is also a text field is a thing among things)
      const bareField = thingEnds === 'item' && libraryFieldName(toSnake(tokens[thingEnd - 1].text)) !== undefined && matchDomainNoun(tokens, thingEnd - 1) === null
        && !(inThings && fieldLikeThing(tokens[thingEnd - 1].text) && ((current !== null && !current.weak) || thingFollows(thingEnd)))
        // "spots, sightings": a count's word ("spots" of a capacity) is a thing too when things follow it
        && !(inThings && FIELD_LIBRARY[libraryFieldName(toSnake(tokens[thingEnd - 1].text)) ?? '']?.type === 'integer' && thingFollows(thingEnd));
      // "players with their rating, rounds, and games between two players", "tareas con asignaturas, tareas con
      // fecha": a list of things goes on after one thing's fields when a later item of it is a thing said to be
      // somewhere, with someone or with fields; "waterings … with the date and harvests with the weight": an item
      // no field is named after that takes fields of its own is a thing
      const doneToThing = thingEnd > 0 && ['we', 'i', 'you', 'they'].includes(tokens[thingEnd]?.text ?? '');
      const eachRecord = thingEnd > 0 && ['of', 'for', 'per'].includes(tokens[thingEnd]?.text ?? '') && ['each', 'every'].includes(tokens[thingEnd + 1]?.text ?? '');
      const resumes = thingEnd > 0 && listing === 'entity' && (!libraryFieldName(toSnake(tokens[thingEnd - 1].text)) || doneToThing || eachRecord) ? endsThing(thingEnd) : null;
      // "…, and payments of each student with the amount": a thing of each other thing is a thing too
      // ("…, and sales per item per event": of a thing already named, too)
      // ("…, and the kids born of each goat with their sex": what was born, made or done of each, too)
      const ofAt = resumes === 'clause' && isParticiple(tokens[thingEnd].text) && RELATION_PREPOSITIONS.includes(tokens[thingEnd + 1]?.text ?? '') ? thingEnd + 1 : thingEnd;
      const ofEach = resumes === 'clause' && RELATION_PREPOSITIONS.includes(tokens[ofAt].text)
        && (['each', 'every'].includes(tokens[ofAt + 1]?.text ?? '') || (ofAt === thingEnd && isWord(tokens[ofAt + 1]) && namedDraft(reading.entities, singularize(tokens[ofAt + 1].text)) !== undefined));
      const doneTo = resumes === 'clause' && ['we', 'i', 'you', 'they'].includes(tokens[thingEnd].text);
      // "…, and sales of grapes to wineries with the price": a thing placed by a short clause that then takes fields
      const clauseEnd = tokens.findIndex((candidate, at) => at > thingEnd && (candidate.punct || SEPARATORS.has(candidate.text) || candidate.text === 'with'));
      const placedWithFields = resumes === 'clause' && RELATION_PREPOSITIONS.concat('to').includes(tokens[thingEnd].text) && clauseEnd > 0 && clauseEnd - thingEnd <= 5 && tokens[clauseEnd].text === 'with';
      const thingsResume = resumes === 'fields' || ofEach || doneTo || placedWithFields || (resumes === 'item' && thingsFollow(thingEnd));
      if (thingsResume) {
        const words = tokens.slice(index, thingEnd).map((word) => word.text).filter((word) => !ARTICLES.has(word));
        const noun = matchDomainNoun(tokens, thingEnd - words.length);
        nameCurrent(noun ? entityFor(noun.singular, noun.domainKey) : entityFor(singularSnakeOf(words), null), thingEnd - words.length, thingEnd).weak = false;
        listing = 'app';
        appListHasFields = false;
        index = thingEnd;
        continue;
      }
      // "bottles, wineries, regions": right after a thing, a bare plural of a list of things is one too, even when
      // its word also names a field ("winery")
      const afterThing = current !== null && !current.weak && currentEnd < index && tokens.slice(currentEnd, index).every((between) => SEPARATORS.has(between.text) && between.text !== 'or');
      if (inThings && afterThing && isPlural(text) && fieldLikeThing(text) && tags[index] === 'NOUN' && matchDomainNoun(tokens, index) === null && (tokens[index + 1] === undefined || SEPARATORS.has(tokens[index + 1].text) || END_PUNCT.has(tokens[index + 1].text))) {
        nameCurrent(entityFor(singularSnakeOf([text]), null), index, index + 1).weak = false;
        index += 1;
        continue;
      }
      if (thingEnds && (thingEnds !== 'item' || inThings) && !bareField) {
        const words = tokens.slice(index, thingEnd).map((word) => word.text).filter((word) => !ARTICLES.has(word));
        const noun = matchDomainNoun(tokens, thingEnd - words.length);
        const thing = noun ? entityFor(noun.singular, noun.domainKey) : entityFor(singularSnakeOf(words), null);
        nameCurrent(thing, thingEnd - words.length, thingEnd).weak = false;
        const kinds = tokens[thingEnd]?.text === '(' ? kindsInBrackets(thingEnd) : null;
        if (kinds) {
          takeKinds(thing, kinds.options);
          listing = 'app';
          index = thingEnd + kinds.used;
          continue;
        }
        listing = thingEnds === 'fields' ? 'entity' : thingEnds === 'item' ? 'app' : null;
        index = thingEnds === 'fields' ? thingEnd + 1 : thingEnd;
        continue;
      }
      // "has an amount and belongs to a trip": a verb with a preposition and a thing after it says how the thing relates,
      // no field (the second pass reads the relation)
      const relating = tags[index] === 'VERB' && /[^s]s$/.test(text) && ['to', 'into', 'in', 'with'].includes(tokens[index + 1]?.text ?? '') && DETERMINERS.has(tokens[index + 2]?.text ?? '');
      if ((KEEPING_VERBS.includes(text) && isVerbUse(tokens, index)) || CLAUSE_WORDS.includes(text) || relating) {
        listing = null;
        continue;
      }
      const noun = matchDomainNoun(tokens, index);
      const nounIsField = noun !== null && libraryFieldName(noun.singular) !== undefined && listing === 'entity';
      if (noun && listing === 'app' && kindModifier(index, noun.length)) {
        index += noun.length + 1;
        continue;
      }
      if (noun && !nounIsField && (listing === 'app' || isPlural(tokens[index + noun.length - 1].text))) {
        nameCurrent(entityFor(noun.singular, noun.domainKey), index, index + noun.length).weak = false;
        listing = 'app';
        index += noun.length;
        continue;
      }
      // a field phrase: words up to the next separator or clause word
      let clauseInList = false;
      const words: string[] = [];
      const qualifier: { hint?: string } = {};
      let at = index;
      while (at < tokens.length && isWord(tokens[at]) && !SEPARATORS.has(tokens[at].text)) {
        if (chains.some((candidate) => candidate.start === at)) break;
        if (tokens[at + 1]?.text === 'and' && isWord(tokens[at + 2]) && FIELD_ALIAS_INDEX.has(`${tokens[at].text}_and_${tokens[at + 2].text}`)) {
          words.push(tokens[at].text, 'and', tokens[at + 2].text);
          at += 3;
          continue;
        }
        const used = readQualifier(tokens, at, qualifier);
        if (used) {
          at += used;
          continue;
        }
        // ("price for one word", "a fee for each night": what the amount is per, said after a money word, is no new phrase)
        if (tokens[at].text === 'for' && words.some((word) => MONEY_WORDS.includes(word) || PRICE_NOUNS.includes(word)) && ['one', 'a', 'an', 'each', 'every'].includes(tokens[at + 1]?.text ?? '')
          && isWord(tokens[at + 2]) && (tokens[at + 3] === undefined || SEPARATORS.has(tokens[at + 3].text) || tokens[at + 3].punct)) {
          at += 3;
          break;
        }
        if (CLAUSE_WORDS.includes(tokens[at].text) && tokens[at].text !== 'of') break;
        if (words.length && KEEPING_VERBS.includes(tokens[at].text) && isVerbUse(tokens, at)) break;
        if (tokens[at].text === 'with' && personWith(words)) break;
        // ("…, and a booking puts a diver on a trip": a verb in -s before a determiner makes the item a clause)
        if (words.length && tags[at] === 'VERB' && /[^s]s$/.test(tokens[at].text) && ['a', 'an', 'the', 'one', 'each', 'every'].includes(tokens[at + 1]?.text ?? '')) {
          clauseInList = true;
          break;
        }
        words.push(tokens[at].text);
        at += 1;
      }
      if (clauseInList) {
        listing = null;
        continue;
      }
      // ("clocks in for repair, their owner, the estimate": whose a thing is, in its field list, is a person kept apart;
      // "each flat has a tenant with a start date and a rent": a person one of a thing has, then that person's fields)
      const owner = listing === 'entity' && current && words.length === 2 && ['their', 'its'].includes(words[0]) ? personWith(words.slice(1)) : null;
      const personWithFields = !owner && tokens[at]?.text === 'with' && listing === 'entity' && current ? personWith(words) : null;
      const person = owner ?? personWithFields;
      if (person && current) {
        const draft = entityFor(person, null);
        draft.weak = false;
        if (draft !== current) addField(current.fields, { name: person, label: toSentence(person), type: 'reference', required: false, entity: pluralSnake(person), on_delete: 'set_null' });
        if (personWithFields) nameCurrent(draft, at - 1, at);
        index = personWithFields ? at + 1 : at;
        continue;
      }
      // "size 2m / 4m / 6m", "roof tile/metal": the field's name, then its choices joined by slashes
      const slashedAfter = tokens[at]?.text === '/' && words.length >= 2 ? slashChoices(tokens, at - 1) : null;
      const slashedField = slashedAfter ? fieldFromWords(words.slice(0, -1), current?.domainKey ?? null) : null;
      if (slashedAfter && slashedField && !libraryFieldName(toSnake(words[words.length - 1]))) {
        const family = OPTION_FAMILIES.find((candidate) => slashedAfter.options.filter((option) => candidate.words.includes(option.toLowerCase())).length >= 2);
        const name = slashedField.type === 'text' || slashedField.type === 'select' ? slashedField.name : family?.field ?? 'type';
        addField(fieldTarget(), { name, label: toSentence(name), type: 'select', required: false, options: slashedAfter.options });
        index = slashedAfter.end + 1;
        continue;
      }
      const stagesAfter = chains.find((candidate) => candidate.start === at);
      if (stagesAfter) {
        takeStages(stagesAfter, words);
        index = stagesAfter.end;
        continue;
      }
      if (!words.length) {
        listing = null;
        continue;
      }
      // "a flag for whether it's out for repair", "a checkbox for if it was paid": the fact, which the second pass
      // names by its clause, is the field
      const factAt = ['for', 'of', 'on', 'about'].includes(tokens[at]?.text ?? '') ? at + 1 : at;
      if ((factAt > at || ['for', 'of', 'on', 'about'].includes(words[words.length - 1])) && ['whether', 'if'].includes(tokens[factAt]?.text ?? '')) {
        index = factAt;
        continue;
      }
      // ("the time of the call": articles make no sentence)
      if (words.filter((word) => !ARTICLES.has(word)).length > 4) {
        // a sentence, not a field: the list is over
        listing = null;
        index = at;
        continue;
      }
      // "habits + a daily check-in for each habit": a single thing said to be for each of a thing is a thing itself
      const forEach = ['for', 'per'].includes(tokens[at]?.text ?? '') && ['each', 'every'].includes(tokens[at + 1]?.text ?? '') && ARTICLES.has(words[0]);
      const named = forEach ? words.filter((word, offset) => !ARTICLES.has(word) && !STOP_WORDS.includes(word) && tags[index + offset] !== 'ADJ') : [];
      if (forEach && named.length && named.length <= 2 && tags[at - 1] === 'NOUN' && !libraryFieldName(toSnake(named.join(' '))) && fieldFromWords(named, null)?.type === 'text') {
        nameCurrent(entityFor(singularSnakeOf(named), null), at - named.length, at).weak = false;
        listing = 'entity';
        // the second pass reads "for each habit" as the relation; what follows are the fields
        index = isWord(tokens[at + 2]) ? at + 3 : at;
        continue;
      }
      // "a wedding planner with guests, tables and a budget": the app's budget, no field of the guests
      if (listing === 'app' && !appListHasFields && words.length === 2 && ARTICLES.has(words[0]) && listedItem(tokens, at - 1) && !isPlural(words[1])) {
        index = at;
        continue;
      }
      // "has many books", "producer per bottle": how many of a thing there are, or one for each of a thing, is a
      // relation the second pass reads, no field
      const perAt = words.indexOf('per');
      const perThing = perAt === 1 && words.length > 2 && !isPlural(words[0]) && libraryFieldName(toSnake(words[0])) !== toSnake(words[0]) && fieldFromWords([words[0]], null)?.type === 'text'
        && reading.entities.some((draft) => draft.singular === singularSnakeOf(words.slice(2).filter((word) => !DETERMINERS.has(word))));
      const manyOf = words.length === 2 && MANY_WORDS.includes(words[0]) && isPlural(words[1]) && tags[index + 1] === 'NOUN';
      if (perThing || words[0] === 'per' || manyOf) {
        // ("each employee has many devices": a thing had many of, named as no field, is kept too)
        if (manyOf && ['has', 'have'].includes(tokens[index - 1]?.text ?? '') && !libraryFieldName(toSnake(words[1])) && !UNIT_WORDS[words[1]] && !STOP_WORDS.includes(words[1])) {
          const noun = matchDomainNoun(tokens, index + 1);
          (noun && noun.length === 1 ? entityFor(noun.singular, noun.domainKey) : entityFor(singularSnakeOf([words[1]]), null)).weak = false;
        }
        index = at;
        continue;
      }
      // "sightings = species + spot + date": a field named by a thing already kept points at it, though its word also
      // stands for a field ("spot" for a location)
      const thingNamed = words.length === 1 && !isPlural(words[0]) ? namedDraft(reading.entities, singularize(words[0])) : undefined;
      const field: EntityField | null = thingNamed && thingNamed !== current && listing === 'entity'
        ? { name: thingNamed.singular, label: toSentence(thingNamed.singular), type: 'text', required: false }
        : fieldFromWords(words, current?.domainKey ?? null, qualifier);
      const thingListed = listing === 'app' && !appListHasFields && field !== null && words.length === 1 && isPlural(words[0]) && field.type === 'text' && !field.hint && !libraryFieldName(field.name);
      if (thingListed && tokens[at]?.text !== '(') {
        // "a chess club with members and tournaments": what an app lists is a thing it keeps, unless it is a known field
        nameCurrent(entityFor(singularSnakeOf(words), null), index, at).weak = false;
        index = at;
        continue;
      }
      // ("has two or three packers": a count before "or" is no field)
      if (tokens[at]?.text === 'or' && words.every((word) => COUNT_WORDS.includes(word) || /^\d+$/.test(word))) {
        index = at + 1;
        continue;
      }
      // "(date, amount, late or on time)": two short words joined by "or" in a list of fields are the choices of one
      // ("one or two erectors" counts them: no choice)
      // ("(number, location, day or night)": one of the two may share a field's name, not both)
      if (listing === 'entity' && current && tokens[at]?.text === 'or' && words.length <= 2 && !COUNT_WORDS.includes(words[0])) {
        let end = at + 1;
        while (isWord(tokens[end]) && end - at <= 2 && !SEPARATORS.has(tokens[end].text)) end += 1;
        const other = tokens.slice(at + 1, end).map((word) => word.raw);
        const fieldNames = [words.join(' '), other.join(' ')].filter((side) => libraryFieldName(toSnake(side)) !== undefined).length;
        // ("paid or unpaid", "signed or not signed": a yes/no fact, named by its first word)
        const yesOrNo = words.length === 1 && [`un${words[0]}`, `not ${words[0]}`, `non-${words[0]}`].includes(other.join(' ').toLowerCase());
        if (yesOrNo && !isWord(tokens[end])) {
          addField(current.fields, { name: toSnake(words[0]), label: toSentence(words[0]), type: 'boolean', required: false });
          index = end;
          continue;
        }
        if (other.length && !isWord(tokens[end]) && (fieldNames === 0 || (fieldNames === 1 && words.length === 1 && other.length === 1))) {
          const choices = [capitalized(tokens.slice(index, at).map((word) => word.raw)), capitalized(other)];
          const family = OPTION_FAMILIES.find((candidate) => choices.filter((option) => candidate.words.includes(option.toLowerCase())).length >= 2);
          addField(current.fields, { name: family?.field ?? 'status', label: toSentence(family?.field ?? 'status'), type: 'select', required: false, options: choices });
          index = end;
          continue;
        }
      }
      // ("a leader (one of our members)", "a vet (from our list of vets)": the field is one of the things named)
      const among = field && tokens[at]?.text === '(' ? thingAmong(at + 1) : null;
      if (field && among) {
        const target = entityFor(singularSnakeOf([among.word]), null);
        target.weak = false;
        if (target !== current) {
          const reference = (name: string, label: string): EntityField => ({ name, label, type: 'reference', required: false, entity: pluralSnake(target.singular) });
          addField(fieldTarget(), reference(field.name, field.label));
          // ("a principal supervisor and a second supervisor (both from …)": the one before too)
          const before = among.both ? fieldTarget().findLast((other) => other.type === 'text' && other.name.endsWith(`_${target.singular}`)) : undefined;
          if (before) Object.assign(before, reference(before.name, before.label));
        }
        index = among.end;
        continue;
      }
      const options = readOptions(tokens, at);
      if (field && options) {
        field.options = options.options;
        if (field.type !== 'multiselect') field.type = 'select';
        delete field.hint;
        at += options.used;
      }
      if (field) {
        addField(fieldTarget(), field);
        // "with properties, price, bedrooms, bathrooms": once the list names fields, the rest are fields too
        if (listing === 'app') appListHasFields = true;
      }
      index = Math.max(at, index + 1);
      continue;
    }

    // not in a list: look for entities, app words, field lists and verbs that stand for fields
    // "each repair belongs to a property, has a contractor": the sentence's subject has them
    // ("each removal is booked by a customer and has two packers": after "and" too)
    if ((text === 'has' || text === 'have') && eachSubject && [',', 'and'].includes(tokens[index - 1]?.text ?? '')) current = eachSubject;
    const ordering = text === 'by' && tokens.slice(Math.max(0, index - 4), index).some((candidate) => ORDERING_WORDS.includes(candidate.text));
    // ("whether a sample has been used up": the "has" of a yes/no clause lists nothing)
    const factAt = findBetween(tokens, index - 4, index - 1, (word) => ['whether', 'if'].includes(word.text));
    const inFact = factAt >= 0 && tags.slice(factAt + 1, index).includes('NOUN');
    if (FIELD_INTRO_WORDS.includes(text) && (current || afterAppWord) && !ordering && !inFact && !(text === 'by' && isParticiple(tokens[index - 1]?.text ?? ''))) {
      listing = afterAppWord || !current ? 'app' : 'entity';
      appListHasFields = false;
      afterAppWord = false;
      index += 1;
      continue;
    }
    if (KEEPING_VERBS.includes(text) && isVerbUse(tokens, index)) {
      let at = skipDeterminers(tokens, index + 1);
      if (tokens[at]?.text === 'track' && tokens[at + 1]?.text === 'of') at = skipDeterminers(tokens, at + 2);
      const noun = matchDomainNoun(tokens, at);
      let entity: EntityDraft | null = null;
      if (noun) {
        entity = entityFor(noun.singular, noun.domainKey);
        at += noun.length;
      } else {
        const words: string[] = [];
        while (words.length < 3 && isContentWord(tokens[at]) && !KEEPING_VERBS.includes(tokens[at].text)) {
          words.push(tokens[at].text);
          at += 1;
        }
        // "managing our theatre's next show": a phrase whose noun is a word skipped as a function word ("show") names
        // nothing kept, and its adjective is no thing either
        if (words.length && isWord(tokens[at]) && tags[at] === 'NOUN' && STOP_WORDS.includes(tokens[at].text)) words.length = 0;
        // ("track my climbing: routes (…), ascents (…)": an activity the things after the colon are kept for)
        if (words.length === 1 && /ing$/.test(words[0]) && tokens[at]?.text === ':' && listedThing(at + 1) > 0) words.length = 0;
        if (words.length) {
          const phrase = toSnake(words.slice(-2).join(' '));
          const asField = libraryFieldName(phrase);
          const measured = asField ? FIELD_LIBRARY[asField].type : null;
          if (asField && (measured === 'text' || measured === 'date' || measured === 'datetime' || measured === 'multiselect')) {
            // "save time", "track dates": a property, not a thing to keep
          } else if (asField && !isPlural(words[words.length - 1])) {
            // "track my weight": a log of measurements of one field
            entity = entityFor(`${asField}_entry`, 'entry', true);
            const field = fieldFromWords([asField], null);
            if (field && !entity.fields.some((candidate) => candidate.name === field.name)) entity.fields.push(field);
          } else {
            const parts = phrase.split('_');
            entity = entityFor([...parts.slice(0, -1), singularize(parts[parts.length - 1])].join('_'), null);
          }
        }
      }
      if (entity) {
        nameCurrent(entity, at - 1, at);
        afterAppWord = false;
        // "keep track of the plots, the gardeners and the harvests": the things kept go on in a list
        if (thingFollows(at)) {
          listing = 'app';
          appListHasFields = false;
          thingsList = true;
        }
        const alsoField = VERB_FIELDS[text];
        if (alsoField && !alsoField.adjective) {
          const field = fieldFromWords([alsoField.field], entity.domainKey);
          if (field) addField(entity.fields, field);
        }
        index = at;
        continue;
      }
    }
    // "harvests are logged per plot with the weight", "meeting rooms can be booked": what is done to is a thing
    // "we taste coffees", "I foster kittens": what the user does something to, named as a plural, is a thing it keeps
    if (!listing && ['i', 'we'].includes(text) && tags[index + 1] === 'VERB' && !KEEPING_VERBS.includes(tokens[index + 1].text) && !USER_VERBS.includes(tokens[index + 1].text)) {
      const at = skipDeterminers(tokens, index + 2);
      const word = tokens[at];
      const noun = matchDomainNoun(tokens, at);
      const thing = isWord(word) && isPlural(word.text) && (tags[at] === 'NOUN' || noun !== null) && !STOP_WORDS.includes(word.text) && !CLAUSE_WORDS.includes(word.text) && !UNIT_WORDS[word.text]
        && (!libraryFieldName(toSnake(word.text)) || fieldLikeThing(word.text)) && !APP_KIND_WORDS.includes(word.text);
      if (thing) {
        nameCurrent(noun && noun.length === 1 ? entityFor(noun.singular, noun.domainKey) : entityFor(singularSnakeOf([word.text]), null), at, at + 1).weak = false;
        index = at + 1;
        continue;
      }
    }
    // "I need weighings for each lamb", "we want notes of every meeting": a plural of each thing already kept is a thing too
    // ("then the milking of each goat (date, litres)", "the kids born of each goat with their sex": one said with an
    // article, or what was born, made or done of each, too)
    // ("la puesta diaria de cada gallinero" → "the laying daily of each henhouse": how often may come between)
    const participleAfter = isParticiple(tokens[index + 1]?.text ?? '') || ['daily', 'weekly', 'monthly', 'yearly'].includes(tokens[index + 1]?.text ?? '') ? 1 : 0;
    const ofEachAt = index + 1 + participleAfter;
    const articled = ['the', 'a', 'an'].includes(tokens[index - 1]?.text ?? '');
    // ("my students' attendance for each lesson": one owned by a possessive, too)
    const ownedWord = tokens[index - 1]?.possessive === true && draftAt0Possessor(index - 1);
    const ofEachKept = !listing && (tags[index] === 'NOUN' || tags[index] === 'PROPN' || (articled && tags[index] === 'VERB' && !participleAfter)) && (isPlural(text) || articled || ownedWord)
      && ['for', 'per', 'of', 'from'].includes(tokens[ofEachAt]?.text ?? '') && ['each', 'every'].includes(tokens[ofEachAt + 1]?.text ?? '')
      && isWord(tokens[ofEachAt + 2]) && (namedDraft(reading.entities, singularize(tokens[ofEachAt + 2].text)) !== undefined || (ownedWord && tags[ofEachAt + 2] === 'NOUN'))
      && namedDraft(reading.entities, singularize(text)) === undefined
      && !STOP_WORDS.includes(text) && !CLAUSE_WORDS.includes(text) && !UNIT_WORDS[text] && !APP_KIND_WORDS.includes(text) && (!libraryFieldName(toSnake(text)) || fieldLikeThing(text));
    if (ofEachKept) {
      const noun = matchDomainNoun(tokens, index);
      nameCurrent(noun && noun.length === 1 ? entityFor(noun.singular, noun.domainKey) : entityFor(singularSnakeOf([text]), null), index, index + 1).weak = false;
      listing = null;
      index += 1;
      continue;
    }
    // "I keep a list of funders (foundations, councils)", "an overview of our growers": what the list is of is kept
    if (LIST_NOUNS.includes(text) && tokens[index + 1]?.text === 'of' && !listing) {
      const at = skipDeterminers(tokens, index + 2);
      const word = tokens[at];
      if (isWord(word) && isPlural(word.text) && (tags[at] === 'NOUN' || tags[at] === 'PROPN') && !STOP_WORDS.includes(word.text) && !UNIT_WORDS[word.text] && (!libraryFieldName(toSnake(word.text)) || fieldLikeThing(word.text))) {
        const noun = matchDomainNoun(tokens, at);
        nameCurrent(noun && noun.length === 1 ? entityFor(noun.singular, noun.domainKey) : entityFor(singularSnakeOf([word.text]), null), at, at + 1).weak = false;
        if (thingFollows(at + 1)) {
          listing = 'app';
          appListHasFields = false;
          thingsList = true;
        }
        index = at + 1;
        continue;
      }
    }
    const passive = passiveThing(index);
    if (passive && !listing) {
      nameCurrent(passive.draft, passive.start, index + 1).weak = false;
      index += 1;
      continue;
    }
    // "for each meeting we need the date, the place and the book": the thing, and a list of its fields
    // ("per lot the variety (…)": "per" alone says "for each")
    const perOne = text === 'per' && isWord(tokens[index + 1]) && !isPlural(tokens[index + 1].text) && tags[index + 1] === 'NOUN' && !['each', 'every'].includes(tokens[index + 1].text);
    if ((text === 'for' || text === 'per') && (['each', 'every'].includes(tokens[index + 1]?.text ?? '') || perOne) && !listing && (index === 0 || !isWord(tokens[index - 1]) || tokens[index - 1].text === 'and')) {
      const thingAt = perOne ? index + 1 : index + 2;
      const noun = matchDomainNoun(tokens, thingAt);
      // (a word also naming a field, "venue", is the thing when the prompt already keeps it)
      const kept = isWord(tokens[thingAt]) ? namedDraft(reading.entities, singularize(tokens[thingAt].text)) : undefined;
      const named = noun ?? (kept ? { length: 1, singular: kept.singular, domainKey: kept.domainKey } : null)
        ?? (isWord(tokens[thingAt]) && (tags[thingAt] === 'NOUN' || tags[thingAt] === 'PROPN') && !STOP_WORDS.includes(tokens[thingAt].text) && !UNIT_WORDS[tokens[thingAt].text] && !libraryFieldName(toSnake(tokens[thingAt].text))
          ? { length: 1, singular: singularSnakeOf([tokens[thingAt].text]), domainKey: null } : null);
      if (named) {
        const each = entityFor(named.singular, named.domainKey);
        nameCurrent(each, thingAt, thingAt + named.length).weak = false;
        // "and for each funder the applications we've sent: title, amount": the things kept of each, with their fields
        const ownedAt = skipDeterminers(tokens, thingAt + named.length);
        const ownedWord = tokens[ownedAt];
        if (ownedAt > thingAt + named.length && isWord(ownedWord) && isPlural(ownedWord.text) && (tags[ownedAt] === 'NOUN' || (tags[ownedAt] === 'VERB' && ARTICLES.has(tokens[ownedAt - 1].text)))
          && !STOP_WORDS.includes(ownedWord.text) && !UNIT_WORDS[ownedWord.text]
          && (!libraryFieldName(toSnake(ownedWord.text)) || fieldLikeThing(ownedWord.text))) {
          const ownedNoun = matchDomainNoun(tokens, ownedAt);
          const owned = ownedNoun && ownedNoun.length === 1 ? entityFor(ownedNoun.singular, ownedNoun.domainKey) : entityFor(singularSnakeOf([ownedWord.text]), null);
          addField(owned.fields, { name: each.singular, label: toSentence(each.singular), type: 'text', required: false });
          nameCurrent(owned, ownedAt, ownedAt + 1).weak = false;
          let end = ownedAt + 1;
          while (end < ownedAt + 10 && isWord(tokens[end]) && !['with', 'having', 'including'].includes(tokens[end].text)) end += 1;
          if (tokens[end]?.text === ':' || ['with', 'having', 'including'].includes(tokens[end]?.text ?? '')) {
            currentEnd = end;
            listing = 'entity';
            index = end + 1;
          } else index = ownedAt + 1;
          continue;
        }
        let at = thingAt + named.length;
        if (tokens[at]?.text === ',') at += 1;
        while (isWord(tokens[at]) && at < thingAt + named.length + 4 && FOR_EACH_SAYING.includes(tokens[at].text)) at += 1;
        // ("per lot the variety (…), the number of bulbs": its fields may follow at once, after an article)
        if (at > thingAt + named.length + (tokens[thingAt + named.length]?.text === ',' ? 1 : 0) || ARTICLES.has(tokens[at]?.text ?? '')) listing = 'entity';
        index = at;
        continue;
      }
    }
    // "each shoot goes through …, with a fee", "each repair belongs to a property, has a cost": what follows speaks of it
    const clauseStart = index === 0 || !isWord(tokens[index - 1]) || ['and', 'then', 'where', 'while', 'so'].includes(tokens[index - 1].text);
    // "A device has a serial number …", "The lamb belongs to …": a sentence opening with one thing that has or belongs
    // speaks of each of them, as "each device has" does
    const sentenceStart = index === 0 || END_PUNCT.has(tokens[index - 1].text) || tokens[index - 1].text === ':' || tokens[index - 1].raw === '\n';
    const oneHas = ['a', 'an', 'the'].includes(text) && sentenceStart && [1, 2].some((length) => ['has', 'belongs'].includes(tokens[index + 1 + length]?.text ?? ''));
    if ((text === 'each' || text === 'every' || oneHas) && !listing && clauseStart) {
      const each = eachNamed(index + 1);
      if (each) {
        nameCurrent(each.draft, index + 1, each.end);
        eachSubject = each.draft;
        index = each.end;
        continue;
      }
    }
    // "boats have a type (…)", "rooms have a capacity": a plural thing starting a clause and having something is kept,
    // and what it has are its fields
    // ("Ewes have a tag number": the tagger takes a capitalised word opening a sentence for a name)
    // "assign chores to kids", "allocate rooms to guests": the first are things, each pointing at one of the second
    if (['assign', 'assigns', 'allocate', 'allocates'].includes(text) && !listing) {
      const thingAt = skipDeterminers(tokens, index + 1);
      const word = tokens[thingAt];
      const toAt = findBetween(tokens, thingAt + 1, thingAt + 2, (candidate) => candidate.text === 'to');
      const targetAt = toAt > 0 ? skipDeterminers(tokens, toAt + 1) : -1;
      const target = targetAt > 0 ? tokens[targetAt] : undefined;
      const thingLike = (at: number, token: Token | undefined): token is Token => isWord(token) && ['NOUN', 'PROPN'].includes(tags[at]) && !STOP_WORDS.includes(token.text) && !UNIT_WORDS[token.text]
        && (!libraryFieldName(toSnake(token.text)) || fieldLikeThing(token.text));
      if (toAt === thingAt + 1 && isPlural(word?.text ?? '') && thingLike(thingAt, word) && thingLike(targetAt, target)) {
        const noun = matchDomainNoun(tokens, targetAt);
        const assignee = noun && noun.length === 1 ? entityFor(noun.singular, noun.domainKey) : entityFor(singularSnakeOf([target.text]), null);
        assignee.weak = false;
        const thingNoun = matchDomainNoun(tokens, thingAt);
        const assigned = thingNoun && thingNoun.length === 1 ? entityFor(thingNoun.singular, thingNoun.domainKey) : entityFor(singularSnakeOf([word.text]), null);
        addField(assigned.fields, { name: assignee.singular, label: toSentence(assignee.singular), type: 'text', required: false });
        nameCurrent(assigned, thingAt, thingAt + 1).weak = false;
        currentEnd = targetAt + 1;
        index = targetAt + 1;
        continue;
      }
    }
    // "so we need claimed y/n", "and how we gave it back (pickup, post, courier)": a yes/no fact or a choice said in a
    // sentence is of the thing spoken of (the one before, when the sentence speaks of people who do something to it)
    const factOwner = current && (PEOPLE_NOUNS.includes(current.singular) || USER_NOUNS.includes(current.singular)) && previousFirst ? previousFirst : current;
    if (!listing && factOwner && isContentWord(token) && tokens[index + 1]?.text === YES_NO_MARK) {
      addField(factOwner.fields, { name: toSnake(text), label: toSentence(toSnake(text)), type: 'boolean', required: false });
      index += 2;
      continue;
    }
    if (!listing && factOwner && text === 'how') {
      const open = findBetween(tokens, index + 2, index + 7, (candidate) => candidate.text === '(');
      const options = open > 0 && tokens.slice(index + 1, open).every(isWord) ? readOptions(tokens, open) : null;
      const words = open > 0 ? tokens.slice(index + 1, open).map((word) => word.text).filter((word) => !['we', 'i', 'you', 'they', 'it', 'them', 'he', 'she'].includes(word)) : [];
      if (options && words.length) {
        const name = toSnake(`how ${words.join(' ')}`);
        addField(factOwner.fields, { name, label: toSentence(name), type: 'select', required: false, options: options.options });
        index = open + options.used;
        continue;
      }
    }
    // "projects use one or more yarns", "Recipes need several ingredients": a plural thing opening a sentence and doing
    // something to some of another is kept
    const sentenceOpen = index === 0 || END_PUNCT.has(tokens[index - 1].text);
    // (the tagger may take the verb for a noun: "projects use one or more yarns")
    const doesToSome = sentenceOpen && !listing && isPlural(text) && ['NOUN', 'PROPN'].includes(tags[index]) && isWord(tokens[index + 1]) && !KEEPING_VERBS.includes(tokens[index + 1].text)
      && (tags[index + 1] === 'VERB' || (tags[index + 1] === 'NOUN' && !isPlural(tokens[index + 1].text)))
      && (MANY_WORDS.includes(tokens[index + 2]?.text ?? '') || ['one', 'each', 'every'].includes(tokens[index + 2]?.text ?? '') || isNumber(tokens[index + 2]))
      && !STOP_WORDS.includes(text) && !CLAUSE_WORDS.includes(text) && !UNIT_WORDS[text] && !USER_NOUNS.includes(text) && (!libraryFieldName(toSnake(text)) || fieldLikeThing(text));
    if (doesToSome) {
      const noun = matchDomainNoun(tokens, index);
      nameCurrent(noun && noun.length === 1 ? entityFor(noun.singular, noun.domainKey) : entityFor(singularSnakeOf([text]), null), index, index + 1).weak = false;
      index += 1;
      continue;
    }
    // ("Lambs belong to their mother, with a birth date": a plural thing belonging to another, then its own fields)
    const belongs = ['belong', 'belongs'].includes(tokens[index + 1]?.text ?? '') && tokens[index + 2]?.text === 'to';
    if (!listing && clauseStart && isPlural(text) && (tags[index] === 'NOUN' || tags[index] === 'PROPN') && ((['have', 'has'].includes(tokens[index + 1]?.text ?? '') && ARTICLES.has(tokens[index + 2]?.text ?? '')) || belongs)
      && !STOP_WORDS.includes(text) && !CLAUSE_WORDS.includes(text) && !UNIT_WORDS[text] && !USER_NOUNS.includes(text) && (!libraryFieldName(toSnake(text)) || fieldLikeThing(text))) {
      const noun = matchDomainNoun(tokens, index);
      const thing = nameCurrent(noun && noun.length === 1 ? entityFor(noun.singular, noun.domainKey) : entityFor(singularSnakeOf([text]), null), index, index + 1);
      thing.weak = false;
      if (belongs) {
        // what it belongs to is a relation the second pass reads; ", with …" after it lists the thing's own fields
        let end = index + 3;
        while (end < index + 8 && isWord(tokens[end])) end += 1;
        current = thing;
        currentEnd = tokens[end]?.text === ',' && tokens[end + 1]?.text === 'with' ? end + 1 : end;
        index = end;
        continue;
      }
      listing = 'entity';
      index += 2;
      continue;
    }
    // "each repair job goes through received, waiting for parts, fixed": stages, which the second pass reads, are no things
    if (STAGE_WORDS.includes(text) && MOVING_VERBS.includes(tokens[index - 1]?.text ?? '')) {
      const stages = readItems(tokens, index + 1);
      if (stages) {
        index = stages.end;
        continue;
      }
    }
    const asVerbField = verbField(tokens, index, current?.domainKey ?? null);
    if (asVerbField) {
      addField(current ? current.fields : reading.appFields, asVerbField.field);
      index += asVerbField.used;
      continue;
    }
    // "members submit print jobs": a singular noun right after a verb and before a plural thing is part of its name
    const nextWord = tokens[index + 1];
    if (index > 0 && tags[index] === 'NOUN' && tags[index - 1] === 'VERB' && !isPlural(text) && !STOP_WORDS.includes(text) && matchDomainNoun(tokens, index) === null
      && !libraryFieldName(toSnake(text)) && isWord(nextWord) && isPlural(nextWord.text) && tags[index + 1] === 'NOUN' && !UNIT_WORDS[nextWord.text] && !STOP_WORDS.includes(nextWord.text)) {
      nameCurrent(entityFor(singularSnakeOf([text, nextWord.text]), null), index, index + 2).weak = false;
      index += 2;
      continue;
    }
    const appWord = matchAppWord(tokens, index);
    const noun = standaloneNoun(tokens, index);
    if (appWord && !(noun && noun.length >= appWord.length && isPlural(tokens[index + noun.length - 1].text))) {
      reading.impliedDomains.push(...appWord.domains);
      afterAppWord = true;
      index += appWord.length;
      continue;
    }
    if (noun) {
      const after = tokens[index + noun.length];
      if (kindModifier(index, noun.length)) {
        index += noun.length;
        continue;
      }
      if (isWord(after) && KEEPING_VERBS.includes(after.text) && isVerbUse(tokens, index + noun.length)) {
        // "customers book appointments": the customers are who uses the app, the appointments are its data
        index += noun.length;
        continue;
      }
      const namesApp = isWord(after) && APP_KIND_WORDS.includes(after.text) && !isPlural(tokens[index + noun.length - 1].text);
      const existed = reading.entities.some((draft) => draft.singular === noun.singular || pluralSnake(draft.singular) === noun.singular);
      const named = nameCurrent(entityFor(noun.singular, noun.domainKey), index, index + noun.length);
      if (namesApp && !existed) named.weak = true;
      else if (!namesApp) named.weak = false;
      afterAppWord = false;
      index += noun.length;
      continue;
    }
    // "each helper works": a thing of the app, not the app
    if (APP_KIND_WORDS.includes(text) && !['each', 'every'].includes(tokens[index - 1]?.text ?? '')) {
      afterAppWord = true;
      index += 1;
      continue;
    }
    index += 1;
  }
  const meant = { ...reading, entities: withoutWeakDuplicates(reading.entities) };
  readMeaning(tokens, meant);
  readStructure(tokens, tags, meant, (singular, counted) => libraryFieldName(singular) !== undefined && !(counted && fieldLikeThing(singular)));
  return meant;
}

function familyOf(domainKey: string | null): string[] {
  if (!domainKey) return [];
  return DOMAIN_FAMILIES.find((family) => family.includes(domainKey)) ?? [domainKey];
}

/** "a todo app where tasks have ...": the app's subject and the listed entity are one, named as listed. */
function withoutWeakDuplicates(entities: EntityDraft[]): EntityDraft[] {
  const result: EntityDraft[] = [];
  for (const draft of entities) {
    if (!draft.weak) {
      result.push(draft);
      continue;
    }
    const family = familyOf(draft.domainKey);
    const strong = entities.find((other) => !other.weak && other !== draft && other.domainKey !== null && family.includes(other.domainKey));
    // "a chess tournament app: players, rounds and games": the app's subject, of which nothing is said, is no table
    // when the prompt lists the things it keeps
    if (!strong && !draft.fields.length && entities.some((other) => !other.weak && other !== draft)) continue;
    if (!strong) {
      result.push(draft);
      continue;
    }
    for (const field of draft.fields) addField(strong.fields, field);
  }
  return result.map((draft) => ({ singular: draft.singular, domainKey: draft.domainKey, fields: draft.fields, measurement: draft.measurement }));
}

// --- what the prompt means between its entities -------------------------------------------------------------

/** The draft a word names: its own, or the one thing whose name it ends ("item" of "menu items", "member" of "cast members"). */
function namedDraft(drafts: EntityDraft[], word: string): EntityDraft | undefined {
  // ("chèvre": names are snake_case ASCII)
  const singular = toSnake(word);
  const own = drafts.find((draft) => draft.singular === singular);
  if (own) return own;
  const ending = drafts.filter((draft) => draft.singular.endsWith(`_${singular}`));
  if (ending.length === 1) return ending[0];
  // "Einsätze … ob ein Einsatz": a plural of another language read back to a singular with its ending left on
  const ended = singular.length >= 4 ? drafts.filter((draft) => draft.singular.startsWith(singular) && /^(?:e|es|en|n|er|s)$/.test(draft.singular.slice(singular.length))) : [];
  return ended.length === 1 ? ended[0] : undefined;
}

/** A word listed on its own after things, with an article: "guests, tables and a budget". */
function listedItem(tokens: Token[], index: number): boolean {
  const before = tokens[index - 1];
  const after = tokens[index + 1];
  const listed = isWord(before) && ['a', 'an', 'the', 'our', 'my'].includes(before.text) && [',', 'and'].includes(tokens[index - 2]?.text ?? '');
  const plurals = tokens.slice(Math.max(0, index - 6), index - 2).some((token) => isWord(token) && isPlural(token.text));
  return listed && plurals && (after === undefined || after.punct || SEPARATORS.has(after.text));
}
/** Verbs of the user about the app itself, not about what it keeps: "we need reminders", "I want charts". */
const USER_VERBS = ['need', 'want', 'like', 'love', 'use', 'have', 'get', 'see', 'make', 'build', 'create', 'run', 'am', 'are', 'was', 'were', 'would', 'could', 'can', 'do', 'does', 'think', 'hope', 'wish'];

/** Words for a person the prompt does not name: "items that someone buys". */
const SOMEONE_WORDS = ['someone', 'somebody', 'anyone', 'anybody'];

/** The past participle of a verb in the third person: "buys" -> "bought", "cleans" -> "cleaned". */
function participleOf(verb: string): string {
  const irregular: Record<string, string> = { buys: 'bought', brings: 'brought', does: 'done', takes: 'taken', pays: 'paid', gets: 'got', makes: 'made', picks: 'picked_up' };
  if (irregular[verb]) return irregular[verb];
  const stem = verb.replace(/ies$/, 'y').replace(/(?:sh|ch|ss|x)es$/, (ending) => ending.slice(0, -2)).replace(/s$/, '');
  return /e$/.test(stem) ? `${stem}d` : /y$/.test(stem) ? `${stem.slice(0, -1)}ied` : `${stem}ed`;
}

/** What "for each meeting" is followed by before the list of its fields: "we need", "there is", "it has", "keep". */
const FOR_EACH_SAYING = ['we', 'i', 'you', 'it', 'there', 'need', 'needs', 'want', 'keep', 'track', 'record', 'note', 'log', 'is', 'are', 'has', 'have', 'should', 'must', 'show', 'store', 'save', 'list'];

/** Words that end the name of the thing a line of a list names: its fields or a relation follow. */
/** Words that order rows: "by" after them names what they are ordered by, not who did something. */
const ORDERING_WORDS = ['rank', 'ranked', 'ranks', 'sort', 'sorted', 'order', 'ordered'];

/** Words for a spreadsheet, whose columns are fields: "a spreadsheet with columns …", "the sheet's columns". */
const SHEET_WORDS = ['spreadsheet', 'spreadsheets', 'sheet', 'sheets', 'excel', 'workbook', 'csv', 'table'];

const LINE_THING_ENDS = ['with', 'having', 'including', 'containing', 'in', 'of', 'for', 'on', 'at', 'by', 'from', 'per', 'that', 'which', 'who', 'and'];

/** Clause words that are people, and things when listed: "a garage: customers, their cars and …". */
const LISTED_PEOPLE = ['customers', 'visitors', 'users', 'people'];

/** Prepositions after an intransitive verb that place its subject: "guests sit at a table", "teams play in leagues". */
const PLACING_PREPOSITIONS = ['at', 'in', 'on', 'into', 'with', 'under'];
/** What people give, make or leave about the things of an app: "judges give scores", "readers leave ratings". */
const PEOPLE_VERB_OBJECTS = ['score', 'rating', 'vote', 'review', 'comment', 'grade', 'point', 'mark', 'feedback'];

/** Verbs that say what something is: "whether the queen was seen", "if they are finished". */
const COPULAS = ['is', 'are', 'was', 'were', 'been', 'be'];

/** Words that end a list of stages or choices: a new clause starts. */
/** Words of a count between "of" and what is counted: "of up to five", "of at least 3", "of one or more". */
const COUNT_WORDS = ['up', 'to', 'at', 'most', 'least', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'or', 'more', 'several', 'many', 'multiple', 'a', 'few'];

/** Verbs of taking a thing for a while: "which friend borrowed which game" is a loan. */
const BORROWING_VERBS = ['borrowed', 'borrows', 'borrow'];

const ITEM_STOPS = ['where', 'which', 'that', 'who', 'so', 'because', 'while', 'when', 'each', 'every', 'i', 'we', 'you', 'they', 'but', 'also', 'for'];

/**
 * A field name that can also be a thing of its own ("subjects", "categories", "rooms", "authors", "owners"): its
 * field holds a name or a choice, not a number, a date or a yes/no, so a relation naming it speaks of a thing.
 */
function fieldLikeThing(word: string): boolean {
  const known = libraryFieldName(toSnake(word));
  return known !== undefined && ['text', 'select'].includes(FIELD_LIBRARY[known].type) && !UNIT_WORDS[word] && !SCORE_WORDS.includes(word) && !SCORE_WORDS.includes(singularize(word));
}

/** A past participle: "paid", "assigned", "written". */
export function isParticiple(word: string): boolean {
  return IRREGULAR_PARTICIPLES.includes(word) || (word.length > 4 && word.endsWith('ed'));
}

function capitalized(words: string[]): string {
  return capitalize(words.join(' '));
}

/** Cuts a list of short items ("idea, rehearsing and ready") starting at `start`; null when it is not one. */
function readItems(tokens: Token[], start: number, separators: string[] = [',', 'and', 'or', 'then', '/', '>']): { items: string[]; end: number } | null {
  const items: string[][] = [[]];
  let at = start;
  for (; at < tokens.length; at += 1) {
    const token = tokens[at];
    if (separators.includes(token.text) || token.text === '-') {
      if (items[items.length - 1].length) items.push([]);
      continue;
    }
    const current = items[items.length - 1];
    // "waiting for parts, fixed": a stage may say what it waits for, when a separator follows its last word
    const inItem = ['for', 'on', 'by'].includes(token.text) && current.length > 0 && current.length < 3 && isWord(tokens[at + 1]) && separators.includes(tokens[at + 2]?.text ?? '');
    if (!inItem && (token.punct || ITEM_STOPS.includes(token.text) || FIELD_INTRO_WORDS.includes(token.text))) break;
    if (current.length >= 3) return null;
    if (!current.length && DETERMINERS.has(token.text)) continue;
    current.push(token.raw);
  }
  const cleaned = items.filter((item) => item.length).map(capitalized);
  return cleaned.length >= 2 ? { items: [...new Set(cleaned)], end: at } : null;
}

/** Words that name the field stages are of, and so end a chain's first stage on the left: "a status of draft > …". */
const STATE_WORDS = ['status', 'statuses', 'state', 'states', 'stage', 'stages', 'phase', 'phases', 'step', 'steps', 'workflow', 'pipeline'];

/** Stages written with arrows: "draft → review → published", "queued -> printing -> done", at [start, end). */
export interface ArrowChain {
  start: number;
  end: number;
  stages: string[];
}

/**
 * Every chain of stages joined by arrows (the `>` mark tokenize makes of →, ->, =>). A stage is one to three words;
 * the first ends on the left at punctuation, a function word, a word naming the state ("status of draft"), a verb
 * of moving or a colon, so "a status of draft > review" gives Draft, Review.
 */
export function arrowChains(tokens: Token[]): ArrowChain[] {
  const chains: ArrowChain[] = [];
  const stops = (token: Token | undefined): boolean =>
    !isWord(token) || STOP_WORDS.includes(token.text) || STATE_WORDS.includes(token.text) || MOVING_VERBS.includes(token.text) || FIELD_INTRO_WORDS.includes(token.text);
  for (let index = 0; index < tokens.length; index += 1) {
    if (tokens[index].text !== '>' || chains.some((chain) => index < chain.end)) continue;
    // the word right before the arrow is a stage ("go new > open") unless it only links ("status of > …")
    let start = isWord(tokens[index - 1]) && !DETERMINERS.has(tokens[index - 1].text) && !['from', 'to', 'is', 'are', 'through'].includes(tokens[index - 1].text) ? index - 1 : index;
    while (start < index && start > index - 3 && !stops(tokens[start - 1])) start -= 1;
    if (start === index) continue;
    const stages: string[][] = [tokens.slice(start, index).map((token) => token.raw)];
    let at = index;
    while (tokens[at]?.text === '>') {
      at += 1;
      // a stage between two arrows is every word there ("waiting for parts"); the last ends at a function word
      let next = at;
      while (isWord(tokens[next]) && next - at < 4) next += 1;
      const between = tokens[next]?.text === '>' && next > at;
      const words: string[] = [];
      while (isWord(tokens[at]) && (between ? at < next : words.length < 3 && !(words.length && (SEPARATORS.has(tokens[at].text) || (STOP_WORDS.includes(tokens[at].text) && tokens[at].text !== 'up'))))) words.push(tokens[(at += 1) - 1].raw);
      if (!words.length) break;
      stages.push(words);
    }
    // "orders -> customer, due date": a plural thing pointing at one of another is a link, no stages
    const link = stages.length === 2 && stages.every((stage) => stage.length === 1) && isPlural(stages[0][0].toLowerCase()) && !isPlural(stages[1][0].toLowerCase()) && !isWord(tokens[at]);
    // "vide-grenier → exposants (nom, tél)": an arrow to a plural thing whose fields follow in brackets leads to things
    const lastStage = stages[stages.length - 1];
    const toThings = tokens[at]?.text === '(' && isPlural(lastStage[lastStage.length - 1].toLowerCase());
    if (toThings) continue;
    if (stages.length >= 2 && !link) chains.push({ start, end: at, stages: [...new Set(stages.map(capitalized))] });
  }
  return chains;
}

/**
 * The second pass over a prompt: what it says between the things it keeps. Relations ("expenses paid by one
 * person", "songs of an album", "volunteers sign up for shifts"), stages ("moving through idea, rehearsing and
 * ready"), choices ("morning or evening shifts"), yes/no facts ("whether they paid"), money, and the views it
 * asks for (board, calendar, ranking). Entities it names only here ("shifts") are added to the drafts.
 */
export function readMeaning(tokens: Token[], reading: PromptReading): void {
  const drafts = reading.entities;
  const tags = partsOfSpeech(tokens);
  const isNoun = (index: number): boolean => isWord(tokens[index]) && (tags[index] === 'NOUN' || tags[index] === 'PROPN' || matchDomainNoun(tokens, index) !== null);

  /** The draft named at `index` (one or two words, either number), with the words it takes. */
  const draftAt = (index: number): { draft: EntityDraft; length: number } | null => {
    for (let length = 2; length >= 1; length -= 1) {
      const words = tokens.slice(index, index + length);
      if (words.length < length || !words.every(isWord)) continue;
      const singular = singularSnakeOf(words.map((word) => word.text));
      const noun = matchDomainNoun(tokens, index);
      const draft = drafts.find((candidate) => candidate.singular === singular || (noun?.length === length && candidate.singular === noun.singular))
        ?? (length === 1 ? namedDraft(drafts, singular) : undefined);
      if (draft) return { draft, length };
    }
    return null;
  };
  /**
   * The draft a noun at `index` names, added when it is new (`create`): "paid by one person" brings people. A noun
   * that is also a field name ("subjects", "rooms", "authors") is a thing only when a relation names it (`named`).
   */
  const ensureDraft = (index: number, create: boolean, named = false): { draft: EntityDraft; length: number } | null => {
    const found = draftAt(index);
    if (found) return found;
    if (!create || !isWord(tokens[index]) || STOP_WORDS.includes(tokens[index].text) || CLAUSE_WORDS.includes(tokens[index].text)) return null;
    const noun = matchDomainNoun(tokens, index);
    if (noun) {
      const draft: EntityDraft = { singular: noun.singular, domainKey: noun.domainKey, fields: [], measurement: false };
      drafts.push(draft);
      return { draft, length: noun.length };
    }
    // "plants in rooms": a plural a relation names is a thing even when a count of it is a field ("rooms" → bedrooms),
    // unless a number says how many ("with 3 rooms")
    let placedAt = index - 1;
    while (placedAt > 0 && isWord(tokens[placedAt]) && ARTICLES.has(tokens[placedAt].text)) placedAt -= 1;
    const countNamed = named && isPlural(tokens[index].text) && FIELD_LIBRARY[libraryFieldName(toSnake(tokens[index].text)) ?? '']?.type === 'integer'
      && ['in', 'at', 'on', 'into', 'for', 'from'].includes(tokens[placedAt]?.text ?? '');
    if (!isNoun(index) || (libraryFieldName(toSnake(tokens[index].text)) && !(named && (fieldLikeThing(tokens[index].text) || countNamed))) || APP_KIND_WORDS.includes(tokens[index].text)) return null;
    const draft: EntityDraft = { singular: singularSnakeOf([tokens[index].text]), domainKey: null, fields: [], measurement: false };
    drafts.push(draft);
    return { draft, length: 1 };
  };
  /** A plural noun at `index` that is a thing, not a unit or a function word ("categories", not "minutes"). */
  // ("heaviest catches at the top": a word naming a kept thing is that thing, whatever the tagger makes of it)
  const isThing = (index: number): boolean => isWord(tokens[index]) && isPlural(tokens[index].text) && (isNoun(index) || draftAt(index) !== null) && !UNIT_WORDS[tokens[index].text] && !STOP_WORDS.includes(tokens[index].text) && !CLAUSE_WORDS.includes(tokens[index].text);
  /**
   * A verb at `index`, also where the tagger read a noun: a singular word between two plural things is what the
   * first do to the second ("donors pledge donations", "drivers offer rides").
   */
  const verbLike = (index: number): boolean => {
    if (tags[index] === 'VERB') return true;
    const word = tokens[index];
    if (!isWord(word) || tags[index] !== 'NOUN' || isPlural(word.text) || index === 0 || !isThing(index - 1)) return false;
    if (STOP_WORDS.includes(word.text) || matchDomainNoun(tokens, index) !== null || libraryFieldName(toSnake(word.text)) !== undefined) return false;
    const { at } = skipQuantifiers(index + 1);
    return isThing(at);
  };
  /** "route setters": a noun and a plural noun after it are one thing, new or named before. */
  const compoundAt = (index: number): { draft: EntityDraft; length: number } | null => {
    if (!isWord(tokens[index]) || tags[index] !== 'NOUN' || isPlural(tokens[index].text) || !isThing(index + 1) || STOP_WORDS.includes(tokens[index].text)) return null;
    const found = draftAt(index);
    if (found?.length === 2) return found;
    const singular = singularSnakeOf([tokens[index].text, tokens[index + 1].text]);
    const draft: EntityDraft = drafts.find((candidate) => candidate.singular === singular) ?? { singular, domainKey: null, fields: [], measurement: false };
    if (!drafts.includes(draft)) drafts.push(draft);
    return { draft, length: 2 };
  };
  /** Where the clause holding `index` starts, when it starts with a known thing: "; guests RSVP … and sit". */
  const subjectOfClause = (index: number): number => {
    let at = index;
    while (at > 0 && !(tokens[at - 1].punct && tokens[at - 1].text !== '(' && tokens[at - 1].text !== ')')) at -= 1;
    at = skipQuantifiers(at).at;
    return at < index && draftAt(at) !== null && isPlural(tokens[at].text) ? at : -1;
  };
  const isPeople = (draft: EntityDraft): boolean => PEOPLE_NOUNS.includes(draft.singular) || PEOPLE_NOUNS.includes(draft.domainKey ?? '');
  /** The last draft named before `index`, else the first one. */
  const draftBefore = (index: number): EntityDraft | null => {
    for (let at = index - 1; at >= 0; at -= 1) {
      const found = draftAt(at);
      if (found && at + found.length <= index) return found.draft;
    }
    return drafts[0] ?? null;
  };
  /**
   * The thing a phrase ending before `index` is about: "bookings for a boat on a date" speaks of the bookings, the
   * first thing of a chain joined by prepositions; else the last thing named.
   */
  const phraseOwnerBefore = (index: number): EntityDraft | null => {
    for (let at = index - 1; at >= 0; at -= 1) {
      const found = draftAt(at);
      if (!found || at + found.length > index) continue;
      let start = at;
      let owner = found.draft;
      for (;;) {
        const joining = ['for', 'of', 'in', 'at', 'with', 'to'];
        let before = start - 1;
        while (before >= 0 && isWord(tokens[before]) && !joining.includes(tokens[before].text) && (DETERMINERS.has(tokens[before].text) || MANY_WORDS.includes(tokens[before].text))) before -= 1;
        if (before < 1 || !joining.includes(tokens[before].text)) return owner;
        const head = draftAt(before - 1) ?? (before > 1 && draftAt(before - 2)?.length === 2 ? draftAt(before - 2) : null);
        if (!head) return owner;
        owner = head.draft;
        start = before - head.length;
      }
    }
    return drafts[0] ?? null;
  };
  /**
   * The thing an item of a list describes after naming it first and a dash, colon or parenthesis ("…, and jobs -
   * which cleaner goes …", "- tanks: name, …"), when `index` is in that description; null elsewhere ("rent my gear to
   * friends: items, …" lists things, and a parenthesis closed before `index` describes no more).
   */
  const describedAt = (index: number): EntityDraft | null => {
    let closed = false;
    for (let at = index - 1; at > 0 && !(tokens[at].punct && END_PUNCT.has(tokens[at].text) && tokens[at].text !== ')'); at -= 1) {
      if (tokens[at].text === ')') closed = true;
      if (![':', '-', '('].includes(tokens[at].text)) continue;
      if (tokens[at].text === '(' && closed) {
        closed = false;
        continue;
      }
      // ("les leçons de conduite (quel élève, …)" → "the lessons of driving (which student, …)": a thing of a kind)
      const ofKind = at > 2 && tokens[at - 2]?.text === 'of' && !draftAt(at - 1) && draftAt(at - 3)?.length === 1 ? draftAt(at - 3) : null;
      // ("the items they find: what it is, which room": what someone does with the thing, then its fields)
      const doneTo = at > 2 && ['they', 'we', 'i', 'you'].includes(tokens[at - 2]?.text ?? '') && tags[at - 1] === 'VERB' && draftAt(at - 3)?.length === 1 ? draftAt(at - 3) : null;
      const found = draftAt(at - 1) ?? (at > 1 && draftAt(at - 2)?.length === 2 ? draftAt(at - 2) : null) ?? ofKind ?? doneTo;
      if (!found) continue;
      let before = at - found.length - 1 - (found === ofKind || found === doneTo ? 2 : 0);
      while (before >= 0 && isWord(tokens[before]) && ARTICLES.has(tokens[before].text)) before -= 1;
      const itemStart = before < 0 || (tokens[before].punct && tokens[before].text !== '(') || tokens[before].text === 'and';
      // ("log every call-out: the customer, which technician we sent": each of a thing, then what is said of each)
      const eachOne = ['each', 'every'].includes(tokens[before]?.text ?? '') && found.length === at - before - 1;
      if (itemStart || eachOne || found === doneTo) return found.draft;
    }
    return null;
  };
  /** The thing a sentence speaks of before `index`: the one it names with "each" or "every", or else its first. */
  const sentenceThingBefore = (index: number): EntityDraft | null => {
    let first: EntityDraft | null = null;
    for (let at = index - 1; at >= 0 && !(tokens[at].punct && END_PUNCT.has(tokens[at].text)); at -= 1) {
      const found = draftAt(at);
      if (!found || at + found.length > index) continue;
      if (['each', 'every'].includes(tokens[at - 1]?.text ?? '')) return found.draft;
      first = found.draft;
    }
    return first;
  };
  /** "with the amount and whether it has been collected": "it" is the thing whose fields were listed just before. */
  // ("deadline and information if the translation is sent": so is the thing whose list the fact ends)
  const factOwnerBefore = (index: number): EntityDraft | undefined => (['it', 'they'].includes(tokens[index + 1]?.text ?? '') || ['information', 'info', 'and', ','].includes(tokens[index - 1]?.text ?? '')
    ? tokens.slice(Math.max(0, index - 9), index).reverse().map((candidate) => drafts.find((draft) => draft.fields.some((known) => known.name === candidate.text && known.type !== 'reference'))).find(Boolean)
    : undefined);
  const relate = (from: EntityDraft, to: EntityDraft, name: string, many: boolean, onDelete: 'restrict' | 'cascade' | 'set_null'): void => {
    if (from === to) return;
    const target = pluralSnake(toSnake(to.singular));
    const fieldName = toSnake(name);
    if (from.fields.some((field) => field.entity === target && field.name === fieldName)) return;
    const existing = from.fields.findIndex((field) => field.name === fieldName);
    const field: EntityField = { name: fieldName, label: toSentence(fieldName), type: many ? 'references' : 'reference', required: false, entity: target, on_delete: onDelete };
    if (existing >= 0) from.fields[existing] = field;
    else from.fields.push(field);
  };
  const addChoice = (draft: EntityDraft, name: string, given: string[]): void => {
    // ("track or track": a value said twice is one; fewer than two values are no choice)
    const options = distinctValues(given);
    if (options.length < 2) return;
    const existing = draft.fields.find((field) => field.name === name);
    if (existing) {
      existing.type = existing.type === 'multiselect' ? 'multiselect' : 'select';
      existing.options = options;
      // (a field that pointed at a thing of that name holds one of the values now)
      delete existing.hint;
      delete existing.entity;
      delete existing.on_delete;
      return;
    }
    draft.fields.push({ name, label: toSentence(name), type: 'select', required: false, options });
  };
  /** Skips determiners, "one", numbers and "several" after a preposition; returns the next index. */
  const skipQuantifiers = (index: number): { at: number; many: boolean } => {
    let at = index;
    let many = false;
    while (isWord(tokens[at]) && (DETERMINERS.has(tokens[at].text) || MANY_WORDS.includes(tokens[at].text) || tokens[at].text === 'one' || /^\d+$/.test(tokens[at].text))) {
      if (MANY_WORDS.includes(tokens[at].text) || /^([2-9]|\d\d+)$/.test(tokens[at].text)) many = true;
      at += 1;
    }
    return { at, many };
  };

  /**
   * "each repair job goes through…", "each loan was returned", "chaque réparation has a price": the thing named
   * after each/every and ending just before `end` (one or two nouns), made a draft when new.
   */
  const eachThing = (end: number): EntityDraft | null => {
    for (const length of [1, 2]) {
      const start = end - length;
      if (start < 1 || !['each', 'every'].includes(tokens[start - 1]?.text ?? '')) continue;
      const found = draftAt(start);
      if (found && found.length === length) return found.draft;
      const words = tokens.slice(start, end);
      if (!words.every((word, at) => isWord(word) && !STOP_WORDS.includes(word.text) && !CLAUSE_WORDS.includes(word.text) && (isNoun(start + at) || tags[start + at] === 'ADJ'))) continue;
      if (!isNoun(end - 1) || UNIT_WORDS[words[length - 1].text] || APP_KIND_WORDS.includes(words[length - 1].text)) continue;
      // ("every couple of weeks", "every few days": how often, of a unit of time or measure)
      if (tokens[end]?.text === 'of' && UNIT_WORDS[tokens[end + 1]?.text ?? '']) continue;
      // ("every unit": a word a count only stands for, like "unit" for a quantity, names a thing after each)
      const known = libraryFieldName(toSnake(words[length - 1].text));
      if (known && !fieldLikeThing(words[length - 1].text) && (known === toSnake(singularize(words[length - 1].text)) || FIELD_LIBRARY[known].type !== 'integer')) continue;
      const noun = matchDomainNoun(tokens, start);
      const draft: EntityDraft = noun && noun.length === length
        ? { singular: noun.singular, domainKey: noun.domainKey, fields: [], measurement: false }
        : { singular: singularSnakeOf(words.map((word) => word.text)), domainKey: null, fields: [], measurement: false };
      drafts.push(draft);
      return draft;
    }
    return null;
  };
  /**
   * What ", which …" or ", that …" at `index` speaks of: the first thing of the phrase before the comma ("the pieces
   * students make, which go …" speaks of the pieces).
   */
  const antecedentOf = (index: number): EntityDraft | null => {
    if (!['which', 'that'].includes(tokens[index]?.text ?? '') || tokens[index - 1]?.text !== ',') return null;
    let start = index - 2;
    while (start > 0 && isWord(tokens[start - 1]) && !SEPARATORS.has(tokens[start - 1].text)) start -= 1;
    for (let at = start; at < index - 1; at += 1) {
      const found = draftAt(at);
      if (found) return found.draft;
    }
    return null;
  };
  /** A thing named after a determiner ("each subject", "an agent"), or a plural thing: what a relation may create. */
  const thingAfter = (at: number, determined: boolean): boolean => isThing(at) || (determined && isNoun(at) && !isPlural(tokens[at].text) && !UNIT_WORDS[tokens[at].text] && !STOP_WORDS.includes(tokens[at].text) && !CLAUSE_WORDS.includes(tokens[at].text));
  /**
   * A singular noun at `index` that "per" may follow to say there is one for each of a thing: no field's own name
   * (a price, a score per team), though it may mean one ("producer", "owner").
   */
  const oneOfEach = (index: number): boolean => {
    const word = tokens[index];
    if (!isWord(word) || isPlural(word.text) || tags[index] !== 'NOUN' || draftAt(index) || STOP_WORDS.includes(word.text) || UNIT_WORDS[word.text] || SCORE_WORDS.includes(word.text)) return false;
    const known = libraryFieldName(toSnake(word.text));
    const typed = fieldFromWords([word.text], null);
    return (typed === null || (typed.type === 'text' && !typed.hint)) && (!known || (fieldLikeThing(word.text) && known !== toSnake(word.text)));
  };
  /** "a spreadsheet with columns Hut number, Renter, …": a sheet's columns are its fields, not a board's stages. */
  const sheetColumns = (index: number): boolean => tokens[index].text === 'columns' && tokens.slice(Math.max(0, index - 4), index).some((word) => SHEET_WORDS.includes(word.text));
  /** The first thing of the sentence before `index` named after "each" or "every": what the sentence speaks of. */
  const eachSubjectBefore = (index: number): EntityDraft | null => {
    let start = index;
    while (start > 0 && !(tokens[start - 1].punct && END_PUNCT.has(tokens[start - 1].text))) start -= 1;
    for (let at = start + 1; at < index; at += 1) {
      const found = ['each', 'every'].includes(tokens[at - 1].text) ? draftAt(at) : null;
      if (found) return found.draft;
    }
    return null;
  };
  /** The last relation a participle made in this sentence: "bugs reported by testers, assigned to developers". */
  let participleRelation: { owner: EntityDraft; target: EntityDraft; end: number } | null = null;

  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token.text === '.' || token.text === ';') participleRelation = null;
    // "items that someone buys", "chores somebody does": whether it was done, and who did it when the app keeps people
    if (SOMEONE_WORDS.includes(token.text) && isWord(tokens[index + 1]) && /[^s]s$/.test(tokens[index + 1].text) && ['that', 'which'].includes(tokens[index - 1]?.text ?? '')) {
      const done = participleOf(tokens[index + 1].text);
      const owner = draftBefore(index - 1);
      if (owner && !owner.fields.some((field) => field.name === done)) owner.fields.push({ name: done, label: toSentence(done), type: 'boolean', required: false });
      const people = drafts.find((draft) => draft !== owner && (isPeople(draft) || drafts.some((other) => other.fields.some((field) => field.entity === pluralSnake(toSnake(draft.singular)) && ['assigned_to', 'assignee', 'owner', 'responsible'].includes(field.name)))));
      if (owner && people) relate(owner, people, `${done}_by`, false, 'set_null');
    }
    // possessives: "clients, their dogs", "students and their grades": the thing named after belongs to the one before
    if ((token.text === 'and' || token.text === ',') && ['their', 'its', 'his', 'her'].includes(tokens[index + 1]?.text ?? '')) {
      const owned = draftAt(index + 2) ?? (isThing(index + 2) ? ensureDraft(index + 2, true, true) : null);
      // "owners, their pets": who has the things is one too, even when the word is also a field's
      const owner = draftAt(index - 1) ?? (index > 1 ? draftAt(index - 2) : null) ?? (owned && isThing(index - 1) ? ensureDraft(index - 1, true, true) : null);
      // "dogs, their owners": who has the thing is whom it points at, each of them having several ("families, their
      // children" are the families')
      const personOfThing = owner && owned && POSSESSOR_NOUNS.includes(owned.draft.singular) && !isPeople(owner.draft);
      if (owner && owned && personOfThing) relate(owner.draft, owned.draft, owned.draft.singular, false, 'set_null');
      else if (owner && owned && (owner.length === 1 || draftAt(index - 1) === null)) relate(owned.draft, owner.draft, owner.draft.singular, false, 'cascade');
    }
    if (token.punct) continue;
    const text = token.text;
    const next = tokens[index + 1];

    // "my clients appointments": a plural thing right after another, with no apostrophe, is the other's
    // ("each student's grades", "the owner's pets": with one, too)
    // ("my students' attendance": a singular thing owned by a possessive, too)
    if (index > 0 && (isPlural(text) || (tokens[index - 1]?.possessive === true && draftAt(index)?.length === 1)) && isWord(tokens[index - 1]) && (isPlural(tokens[index - 1].text) || tokens[index - 1].possessive === true) && ['NOUN', 'PROPN'].includes(tags[index - 1])) {
      const owned = draftAt(index);
      const owner = draftAt(index - 1) ?? (owned && isThing(index - 1) ? ensureDraft(index - 1, true, true) : null);
      if (owner && owned && owner.length === 1 && owner.draft !== owned.draft) relate(owned.draft, owner.draft, owner.draft.singular, false, 'cascade');
    }
    // "the pieces students make", "the songs members suggest": a thing, then who makes it, then the verb
    if (index > 1 && isPlural(text) && ['the', 'their', 'our', 'my', 'any', 'all'].includes(tokens[index - 2].text) && isThing(index - 1) && tags[index + 1] === 'VERB' && !isParticiple(next?.text ?? '')) {
      const maker = draftAt(index);
      const made = maker && maker.length === 1 ? draftAt(index - 1) ?? ensureDraft(index - 1, true) : null;
      if (maker && made && made.length === 1 && made.draft !== maker.draft) relate(made.draft, maker.draft, maker.draft.singular, false, 'restrict');
    }
    // "students … the workshops they sign up for": what they join is joined by the people named before
    if (text === 'they' && index > 0 && isThing(index - 1) && JOINING_VERBS.includes(next?.text ?? '')) {
      const joined = draftAt(index - 1) ?? ensureDraft(index - 1, true);
      const people = joined ? [...drafts].reverse().find((draft) => draft !== joined.draft && isPeople(draft) && drafts.indexOf(draft) < drafts.indexOf(joined.draft)) : undefined;
      if (joined && people) relate(joined.draft, people, pluralSnake(people.singular), true, 'set_null');
    }
    // "items, who borrowed them": who did it to the things is one of the app's people, or a name when it keeps none
    if (text === 'who' && (tags[index + 1] === 'VERB' || tags[index + 1] === 'AUX') && ['them', 'it'].includes(tokens[index + 2]?.text ?? '')) {
      const owner = draftBefore(index);
      // "who does them (me or Sam)": the people it can be are named, so it is a choice of them
      const named = readOptions(tokens, index + 3);
      if (owner && named) {
        const names = named.options.map((option) => toSnake(option));
        owner.fields = owner.fields.filter((field) => !names.includes(field.name));
        addChoice(owner, `${participleOf(next?.text ?? 'does')}_by`, named.options);
        index += 2 + named.used;
        continue;
      }
      const people = drafts.find((draft) => draft !== owner && isPeople(draft));
      const done = `${toSnake(next?.text ?? 'done')}_by`;
      if (owner && people) relate(owner, people, people.singular, false, 'set_null');
      else if (owner && !owner.fields.some((field) => field.name === done)) owner.fields.push({ name: done, label: toSentence(done), type: 'text', required: false });
    }
    // "every unit in each building, who the tenant is": who it has is one of a thing it points at
    if (text === 'who' && tokens[index + 1]?.text === 'the' && ['is', 'are'].includes(tokens[index + 3]?.text ?? '') && isNoun(index + 2)) {
      const person = ensureDraft(index + 2, !libraryFieldName(toSnake(tokens[index + 2].text)), true);
      const owner = eachSubjectBefore(index) ?? draftBefore(index);
      if (person && owner && person.draft !== owner) {
        relate(owner, person.draft, person.draft.singular, false, 'set_null');
        index += 3;
        continue;
      }
    }
    // "when they're due back", "when it was sold": the date of it
    if (text === 'when' && isWord(next)) {
      let at = index + 1;
      while (isWord(tokens[at]) && at < index + 4 && !(tokens[at].text === 'due' || isParticiple(tokens[at].text))) at += 1;
      const owner = draftBefore(index);
      const word = tokens[at];
      const name = word?.text === 'due' ? 'due_date' : isWord(word) && isParticiple(word.text) ? `${toSnake(word.text)}_on` : null;
      if (owner && name && at < index + 4 && !owner.fields.some((field) => field.name === name || (name === 'due_date' && field.name === 'deadline'))) owner.fields.push({ name, label: toSentence(name), type: 'date', required: false });
    }

    // stages: "each moving through idea, rehearsing and ready", "stages: lead, won, lost", "goes from draft to sent to paid"
    // ("move each card through …": the thing moved may stand between the verb and "through")
    const movedThrough = text === 'through' && [2, 3].some((back) => MOVING_VERBS.includes(tokens[index - back]?.text ?? '') && draftAt(index - 1) !== null);
    const staged = STAGE_WORDS.includes(text) && !sheetColumns(index) && (text !== 'through' || MOVING_VERBS.includes(tokens[index - 1]?.text ?? '') || movedThrough);
    // ("moves them from open to in progress to closed": the thing moved may stand between the verb and "from")
    const fromTo = text === 'from' && (MOVING_VERBS.includes(tokens[index - 1]?.text ?? '') || (['them', 'it', 'each', 'one'].includes(tokens[index - 1]?.text ?? '') && MOVING_VERBS.includes(tokens[index - 2]?.text ?? '')));
    if (staged || fromTo) {
      let start = index + 1;
      while (tokens[start]?.text === ':' || tokens[start]?.text === 'like' || tokens[start]?.text === 'of') start += 1;
      const list = readItems(tokens, start, fromTo ? ['to', ',', 'then', '>'] : undefined);
      if (list && list.items.length <= 8) {
        const mover = tokens[index - 1] && MOVING_VERBS.includes(tokens[index - 1].text) ? index - 2 : index - 1;
        // ("logs bugs against projects … and moves them from open …": "them" are the sentence's thing)
        const moved = fromTo && ['them', 'it'].includes(tokens[index - 1]?.text ?? '') ? sentenceThingBefore(index) : null;
        // ("each job is assigned to a mechanic and moves through …": the verb after "and" is the sentence's thing's)
        // ("a subtitle file is for one episode, done by a translator, and goes through …": or its first thing)
        const coordinated = tokens[mover]?.text === 'and' ? (eachSubjectBefore(index) ?? sentenceThingBefore(index)) : null;
        const owner = moved ?? coordinated ?? antecedentOf(mover) ?? ((mover >= 0 && (draftAt(mover)?.draft ?? (isThing(mover) ? ensureDraft(mover, true, true)?.draft : null) ?? eachThing(mover + 1))) || draftBefore(index));
        if (owner) {
          const name = owner.fields.some((field) => field.name === 'status') || text === 'statuses' ? 'status' : 'stage';
          addChoice(owner, name, list.items);
          reading.views.push({ kind: 'board', entity: owner.singular, field: name });
        }
        index = list.end - 1;
        continue;
      }
    }

    // "Pipeline for our grant applications: researching, drafting, submitted, then awarded or rejected", "show jobs on
    // a board: queued, printing, done, failed": after a sentence asking for a board, a colon opens its stages
    if (next?.text === ':') {
      const colon = index + 1;
      let start = index;
      while (start > 0 && !(tokens[start - 1].punct && END_PUNCT.has(tokens[start - 1].text))) start -= 1;
      const asksBoard = tokens.slice(start, colon).some((token) => BOARD_WORDS.includes(token.text) || ['board', 'stages', 'statuses', 'workflow'].includes(token.text));
      const list = asksBoard ? readItems(tokens, colon + 1, [',', 'or', 'then', '>', '/', 'and']) : null;
      const stageLike = list !== null && list.items.length >= 3 && list.items.length <= 8
        // ("done", "paid": a yes/no field's name is a stage too)
        && list.items.every((item) => {
          const word = toSnake(item);
          const known = libraryFieldName(word);
          return (!known || FIELD_LIBRARY[known].type === 'boolean') && !namedDraft(drafts, singularize(word));
        });
      const owner = stageLike ? (tokens.slice(start, colon).map((_, offset) => draftAt(index - offset)?.draft).find(Boolean) ?? draftBefore(colon)) : null;
      if (list && owner) {
        const name = owner.fields.some((field) => field.name === 'status') ? 'status' : 'stage';
        // the first pass read the stages as fields of their own
        const stages = list.items.map(toSnake);
        owner.fields = owner.fields.filter((field) => !stages.includes(field.name));
        addChoice(owner, name, list.items);
        reading.views.push({ kind: 'board', entity: owner.singular, field: name });
        index = list.end - 1;
        continue;
      }
    }

    // "bought or not", "paid or unpaid": a yes/no fact of the thing named before
    // ("vegetarian or not": whatever the word, "or not" makes it a yes/no fact)
    if (text === 'or' && isWord(tokens[index - 1]) && !STOP_WORDS.includes(tokens[index - 1].text) && (next?.text === 'not' || (next?.text === `un${tokens[index - 1].text}` && (isParticiple(tokens[index - 1].text) || tags[index - 1] === 'ADJ')))) {
      const owner = draftBefore(index - 1);
      const name = toSnake(tokens[index - 1].text);
      // "a deposit paid or not": the first pass made it `deposit_paid` already
      const said = owner?.fields.some((field) => field.name === name || (field.type === 'boolean' && field.name.endsWith(`_${name}`)));
      if (owner && !said) owner.fields.push({ name, label: toSentence(name), type: 'boolean', required: false });
      index += 1;
      continue;
    }
    // choices named before a thing: "morning or evening shifts", "indoor, outdoor or hybrid events"
    if (text === 'or' && isWord(tokens[index - 1]) && isWord(next)) {
      const options: string[] = [tokens[index - 1].text];
      let back = index - 2;
      while (tokens[back]?.text === ',' && isWord(tokens[back - 1])) {
        options.unshift(tokens[back - 1].text);
        back -= 2;
      }
      // "shifts of the morning or of the evening": the choices come after the thing
      let last = index + 1;
      while (isWord(tokens[last]) && ['of', 'in', 'the', 'at', 'during'].includes(tokens[last].text)) last += 1;
      let before = back;
      while (isWord(tokens[before]) && ['of', 'in', 'the', 'at', 'during', 'for'].includes(tokens[before].text)) before -= 1;
      const ownerBefore = last > index + 1 && isWord(tokens[last]) && !isWord(tokens[last + 1]) ? draftAt(before) : null;
      if (ownerBefore && before < back) {
        options.push(tokens[last].text);
        const family = OPTION_FAMILIES.find((candidate) => options.filter((option) => candidate.words.includes(option)).length >= Math.min(2, options.length));
        addChoice(ownerBefore.draft, family?.field ?? 'type', options.map((option) => capitalized([option])));
        index = last;
        continue;
      }
      options.push(next.text);
      // ("two or three packers": how many, not which kind)
      const plain = options.every((option) => !STOP_WORDS.includes(option) && !CLAUSE_WORDS.includes(option) && !/^\d/.test(option) && !NUMBER_WORDS.includes(option) && draftAt(tokens.findIndex((candidate) => candidate.text === option)) === null);
      if (plain) {
        const owner = ensureDraft(index + 2, tokens[index + 2] !== undefined && isPlural(tokens[index + 2].text));
        if (owner && !options.some((option) => option === tokens[index + 2].text)) {
          const family = OPTION_FAMILIES.find((candidate) => options.filter((option) => candidate.words.includes(option)).length >= Math.min(2, options.length));
          addChoice(owner.draft, family?.field ?? 'type', options.map((option) => capitalized([option])));
          index += 1;
          continue;
        }
      }
    }

    // "expenses paid by one person", "tasks assigned to a member", "films screened in sessions", "meals made from
    // recipes": a participle and a preposition relate the thing before to the thing after
    // ("ranked by the author" orders them: no relation)
    // ("the kids born of each goat": "of" with "each" too)
    // ("if the translation is already sent to the client": a yes/no fact, no relation)
    const inFactClause = tokens.slice(Math.max(0, index - 6), index).some((word) => ['if', 'whether'].includes(word.text));
    if (!inFactClause && (text === 'by' || text === 'to' || (RELATION_PREPOSITIONS.includes(text) && (text !== 'of' || ['each', 'every'].includes(next?.text ?? '')))) && isParticiple(tokens[index - 1]?.text ?? '') && isWord(tokens[index - 1]) && !ORDERING_WORDS.includes(tokens[index - 1].text)) {
      let owner = draftBefore(index - 1);
      // "reported by testers, assigned to developers": the second participle still speaks of the bugs
      if (participleRelation && owner === participleRelation.target && index - participleRelation.end <= 4) owner = participleRelation.owner;
      const { at, many } = skipQuantifiers(index + 1);
      const target = compoundAt(at) ?? draftAt(at) ?? (thingAfter(at, at > index + 1) ? ensureDraft(at, true, true) : null);
      if (owner && target && owner !== target.draft) {
        // "linked to a customer": a participle that only links says nothing the target's name does not
        const linking = LINKING_PARTICIPLES.includes(tokens[index - 1].text);
        const named = (text === 'by' || text === 'to') && !linking ? `${tokens[index - 1].text}_${text}` : target.draft.singular;
        relate(owner, target.draft, named, many || text === 'between', text === 'by' ? 'restrict' : 'set_null');
        let end = at + target.length;
        // "linked to a customer and a cake": each thing after "and" is linked as well
        while (linking && tokens[end]?.text === 'and') {
          const { at: nextAt, many: nextMany } = skipQuantifiers(end + 1);
          const also = draftAt(nextAt) ?? (thingAfter(nextAt, nextAt > end + 1) ? ensureDraft(nextAt, true, true) : null);
          if (!also || also.draft === owner) break;
          relate(owner, also.draft, also.draft.singular, nextMany, 'set_null');
          end = nextAt + also.length;
        }
        participleRelation = { owner, target: target.draft, end };
        index = end - 1;
        continue;
      }
    }
    // "talks given by speakers in rooms": a place named right after a participle's relation is the owner's too
    if (participleRelation && participleRelation.end === index && ['in', 'on', 'at'].includes(text)) {
      const { at } = skipQuantifiers(index + 1);
      const target = draftAt(at) ?? (isThing(at) ? ensureDraft(at, true, true) : null);
      if (target && target.draft !== participleRelation.owner) {
        relate(participleRelation.owner, target.draft, target.draft.singular, false, 'set_null');
        index = at + target.length - 1;
        continue;
      }
    }

    // "shared among several", "split between the friends"
    if (SHARING_PREPOSITIONS.includes(text) && isParticiple(tokens[index - 1]?.text ?? '') && ['shared', 'split', 'divided', 'spread', 'shared_out'].includes(tokens[index - 1].text)) {
      // "expenses paid by one person and shared among several": what is shared is the thing, not the person before
      let owner = draftBefore(index - 1);
      for (let at = index - 2; at >= 0 && owner && isPeople(owner); at -= 1) {
        const found = draftAt(at);
        if (found && !isPeople(found.draft)) owner = found.draft;
      }
      const { at } = skipQuantifiers(index + 1);
      const named = draftAt(at) ?? (isWord(tokens[at]) && isPlural(tokens[at].text) ? ensureDraft(at, true) : null);
      const people = named?.draft ?? [...drafts].reverse().find((draft) => draft !== owner && isPeople(draft));
      if (owner && people) {
        relate(owner, people, `${tokens[index - 1].text}_${text}`, true, 'set_null');
        continue;
      }
    }

    // "teams of players", "bouquets of flowers": a plural thing of another plural, with no determiner between, is made
    // of them: each of the second is in one of the first
    // ("submissions of up to five poems": a count between says how many of the second one of the first holds)
    let counted = index + 1;
    while (counted < index + 5 && (COUNT_WORDS.includes(tokens[counted]?.text ?? '') || /^\d+$/.test(tokens[counted]?.text ?? ''))) counted += 1;
    if (text === 'of' && index > 0 && isThing(counted) && isPlural(tokens[index - 1].text) && draftAt(index - 1)?.length === 1) {
      const whole = draftAt(index - 1);
      const part = draftAt(counted) ?? ensureDraft(counted, true);
      // ("bookings of courts", "orders of customers": a happening or a deal of a thing is about one of them)
      const recordOf = whole !== null && counted === index + 1 && (SCHEDULED_NOUNS.includes(whole.draft.singular) || MONEY_NOUNS.includes(whole.draft.singular) || /(?:ing|tion|sion|ment|al)s$/.test(tokens[index - 1].text));
      if (whole && part && part.draft !== whole.draft && recordOf) {
        part.draft.fields = part.draft.fields.filter((field) => field.entity !== pluralSnake(toSnake(whole.draft.singular)));
        relate(whole.draft, part.draft, part.draft.singular, false, 'set_null');
        index = counted - 1 + part.length;
        continue;
      }
      if (whole && part && part.draft !== whole.draft) {
        whole.draft.fields = whole.draft.fields.filter((field) => field.entity !== pluralSnake(toSnake(part.draft.singular)));
        relate(part.draft, whole.draft, whole.draft.singular, false, 'set_null');
        index = counted - 1 + part.length;
        continue;
      }
    }
    // "publisher per series", "a coach per team": one of a new thing for each of a known one, which points at it
    if (text === 'per' && oneOfEach(index - 1)) {
      const { at } = skipQuantifiers(index + 1);
      const each = draftAt(at);
      const one = each ? ensureDraft(index - 1, true, true) : null;
      // "attendance per singer per concert": one for each pair is a record of both, pointing at each
      const pairAt = tokens[at + (each?.length ?? 0)]?.text === 'per' ? skipQuantifiers(at + (each?.length ?? 0) + 1).at : -1;
      const pair = pairAt > 0 ? draftAt(pairAt) : null;
      if (each && one && pair && one.draft !== each.draft && one.draft !== pair.draft) {
        relate(one.draft, each.draft, each.draft.singular, false, 'cascade');
        relate(one.draft, pair.draft, pair.draft.singular, false, 'cascade');
        index = pairAt + pair.length - 1;
        continue;
      }
      if (each && one && one.draft !== each.draft) {
        relate(each.draft, one.draft, one.draft.singular, false, 'set_null');
        index = at + each.length - 1;
        continue;
      }
    }
    // "songs of an album", "tasks in projects", "players per team"
    // "services on my cars", "gigs at venues", "matches between two players", "tasks for each subject", "projects by students"
    if (['of', 'in', 'within', 'inside', 'under', 'per', 'for', 'from', 'on', 'at', 'between', 'by'].includes(text) && index > 0) {
      // "each scout is in a patrol", "the units are in buildings": being somewhere places the thing as the preposition alone does
      let placed = ['is', 'are'].includes(tokens[index - 1].text) && ['in', 'within', 'inside', 'under', 'on', 'at', 'of'].includes(text) ? index - 1 : index;
      // "sales per item per event": each "per" speaks of the thing before the first
      while (text === 'per' && tokens[placed - 2]?.text === 'per' && draftAt(placed - 1)?.length === 1) placed -= 2;
      // ("every unit in each building": a thing named after each or every, new or not, is placed in the other)
      const eachPlaced = placed < index || ['each', 'every'].includes(tokens[placed - 2]?.text ?? '') ? eachThing(placed) : null;
      // "goals of each player in each match": the goals are placed in the match, not the player
      const record = eachPlaced && placed === index && ['of', 'for', 'per', 'by'].includes(tokens[index - 3]?.text ?? '') ? draftAt(index - 4) : null;
      // ("la puesta diaria de cada gallinero" → "the laying daily of each henhouse": how often may come between)
      const often = ['daily', 'weekly', 'monthly', 'yearly'].includes(tokens[placed - 1]?.text ?? '') && draftAt(placed - 2)?.length === 1 ? draftAt(placed - 2) : null;
      const before = (record && record.draft !== eachPlaced ? record : null) ?? (eachPlaced ? { draft: eachPlaced, length: 1 } : null) ?? draftAt(placed - 1) ?? often ?? (placed > 1 ? draftAt(placed - 2) : null);
      const endsBefore = before && (eachPlaced || draftAt(placed - 1) || often ? true : draftAt(placed - 2)?.length === 2);
      if (before && endsBefore) {
        const { at, many } = skipQuantifiers(index + 1);
        const existing = draftAt(at);
        const each = ['each', 'every'].includes(tokens[at - 1]?.text ?? '');
        const creates = (text === 'of' && matchDomainNoun(tokens, at) && !isWord(tokens[at + 1]))
          || (['in', 'within', 'inside', 'under', 'on', 'at', 'between', 'by', 'from'].includes(text) && isThing(at))
          || (text === 'for' && each && thingAfter(at, true))
          || ((placed < index || eachPlaced !== null) && thingAfter(at, true));
        const target = existing ?? (creates ? ensureDraft(at, true, true) : null);
        if (target && target.draft !== before.draft && !(text === 'for' && !existing && !each)) {
          const between = text === 'between' || (many && text === 'by');
          relate(before.draft, target.draft, between ? pluralSnake(target.draft.singular) : target.draft.singular, between, text === 'by' ? 'restrict' : 'cascade');
          continue;
        }
      }
    }

    // "<things> ___ for a group trip" (the app's subject is for another entity): "an expense splitter for a group trip"
    if (APP_KIND_WORDS.includes(text) && next?.text === 'for') {
      const subject = draftAt(index - 1);
      let at = skipQuantifiers(index + 2).at;
      let target = draftAt(at);
      for (let extra = 0; !target && extra < 2 && isWord(tokens[at]); extra += 1) target = draftAt((at += 1));
      if (subject && target && subject.draft !== target.draft) relate(subject.draft, target.draft, target.draft.singular, false, 'cascade');
    }


    // "each project has many tasks", "each task belongs to a project"; "each box goes to a room": where it is put
    const goesTo = ['goes', 'go'].includes(text) && ['to', 'into'].includes(next?.text ?? '') && eachThing(index) !== null;
    if (['has', 'have', 'belongs', 'belong'].includes(text) || goesTo) {
      const subject = eachThing(index) ?? draftBefore(index);
      let at = index + 1;
      if (['to', 'into'].includes(tokens[at]?.text ?? '')) at += 1;
      const { at: objectAt, many } = skipQuantifiers(at);
      // ("belong to their mother ewe": a word before the thing may say which of them it is)
      const described = tags[objectAt] === 'NOUN' && isWord(tokens[objectAt + 1]) && !isPlural(tokens[objectAt].text) ? draftAt(objectAt + 1) : null;
      // ("each bottle belongs to a winery": one of a new thing, too)
      const oneOf = isNoun(objectAt) && ['a', 'an', 'one', 'the'].includes(tokens[objectAt - 1]?.text ?? '') && (!isWord(tokens[objectAt + 1]) || SEPARATORS.has(tokens[objectAt + 1].text));
      const object = draftAt(objectAt) ?? described ?? (text.startsWith('belong') && (isThing(objectAt) || oneOf) ? ensureDraft(objectAt, true, true) : null);
      if (subject && object && subject !== object.draft) {
        if (goesTo) relate(subject, object.draft, object.draft.singular, false, 'set_null');
        // ("each show has episodes": a plural says many as a quantifier does)
        else if (text.startsWith('belong') || !(many || isPlural(tokens[objectAt + object.length - 1].text))) relate(subject, object.draft, object.draft.singular, false, text.startsWith('belong') ? 'cascade' : 'set_null');
        else relate(object.draft, subject, subject.singular, false, 'cascade');
      }
    }

    // "our growers and the lots we buy from them": "them" after the user's verb is the things named before, which the
    // things the clause is about point at
    if (text === 'them' && ['from', 'to', 'with', 'for', 'of', 'by'].includes(tokens[index - 1]?.text ?? '')) {
      const userAt = findBetween(tokens, index - 5, index - 2, (candidate) => ['we', 'i', 'you'].includes(candidate.text));
      const owner = userAt > 0 ? draftAt(userAt - 1) : null;
      const ownerStart = owner ? userAt - owner.length : -1;
      let named: EntityDraft | null = null;
      for (let at = ownerStart - 1; at >= Math.max(0, ownerStart - 8) && !named && !END_PUNCT.has(tokens[at].text); at -= 1) named = draftAt(at)?.draft ?? null;
      if (owner && named && named !== owner.draft) {
        relate(owner.draft, named, named.singular, false, 'set_null');
        continue;
      }
    }
    // "each gardener rents one plot": what each of a thing does to one of another points it at that one; "each
    // beekeeper keeps hives": several of the other point back at it
    // (the tagger may read the verb as a plural noun: "each gardener rents one plot")
    const verbAfterEach = tags[index] === 'VERB' || (/[^s]s$/.test(text) && (DETERMINERS.has(next?.text ?? '') || next?.text === 'one' || isNumber(next)));
    // ("each seller books a pitch": a keeping verb said of each of a thing is what it does, too)
    const keptVerbOfEach = KEEPING_VERBS.includes(text) && /[^s]s$/.test(text) && ['a', 'an', 'one', 'the'].includes(next?.text ?? '') && eachThing(index) !== null;
    if (verbAfterEach && index > 1 && (!KEEPING_VERBS.includes(text) || keptVerbOfEach) && !VERB_FIELDS[text] && !COPULAS.includes(text) && !['has', 'have', 'belongs', 'belong', 'goes', 'go'].includes(text)) {
      const subject = eachThing(index);
      const { at, many } = subject ? skipQuantifiers(index + 1) : { at: -1, many: false };
      const object = subject && at > index + 1 ? draftAt(at) : null;
      if (subject && object && object.draft !== subject) {
        if (many || isPlural(tokens[at + object.length - 1].text)) relate(object.draft, subject, subject.singular, false, 'set_null');
        else relate(subject, object.draft, object.draft.singular, false, 'set_null');
        index = at + object.length - 1;
        continue;
      }
    }
    // "volunteers sign up for shifts", "members borrow books"
    const joining = JOINING_VERBS.includes(text);
    if ((joining || ACTING_VERBS.includes(text)) && index > 0 && isPlural(tokens[index - 1].text)) {
      const subjectWord = tokens[index - 1];
      const known = draftAt(index - 1);
      const userWord = USER_NOUNS.includes(subjectWord.text) || USER_NOUNS.includes(singularize(subjectWord.text)) || CLAUSE_WORDS.includes(subjectWord.text);
      if (known || (!userWord && isNoun(index - 1) && !STOP_WORDS.includes(subjectWord.text))) {
        let at = index + 1;
        while (isWord(tokens[at]) && ['up', 'in', 'into', 'for', 'to', 'on', 'onto', 'out'].includes(tokens[at].text)) at += 1;
        at = skipQuantifiers(at).at;
        // "for morning or evening shifts": the choices come before the thing
        let look = at;
        while (look < at + 6 && isWord(tokens[look]) && !draftAt(look) && !(isPlural(tokens[look].text) && isNoun(look))) look += 1;
        const object = ensureDraft(look, true);
        if (object && object.draft.singular !== singularize(subjectWord.text)) {
          const subject = known ?? ensureDraft(index - 1, true, true);
          if (subject) relate(object.draft, subject.draft, joining ? pluralSnake(subject.draft.singular) : subject.draft.singular, joining, joining ? 'set_null' : 'restrict');
        }
      }
    }

    // "drivers give rides to patients", "customers bring in devices", "teams submit projects": any verb between two
    // things makes each of the second done by one of the first, and "to"/"for" after it names whom it is for
    // "guests RSVP yes or no and sit at a table": a second verb of the clause has its subject
    const clauseSubject = tokens[index - 1]?.text === 'and' && tags[index] === 'VERB' ? subjectOfClause(index - 1) : -1;
    if (clauseSubject >= 0 && !joining && !ACTING_VERBS.includes(text) && PLACING_PREPOSITIONS.includes(tokens[index + 1]?.text ?? '')) {
      const subject = draftAt(clauseSubject);
      const placeAt = skipQuantifiers(index + 2).at;
      const place = draftAt(placeAt);
      if (subject && place && subject.draft !== place.draft) {
        relate(subject.draft, place.draft, place.draft.singular, false, 'set_null');
        index = placeAt + place.length - 1;
        continue;
      }
    }
    // "projects use one or more yarns", "recipes need several ingredients": each of the first takes some of the second
    if (USING_VERBS.includes(text) && index > 0 && isPlural(tokens[index - 1].text) && draftAt(index - 1)) {
      let at = index + 1;
      if (tokens[at]?.text === 'one' && tokens[at + 1]?.text === 'or') at += 2;
      const { at: objectAt, many } = skipQuantifiers(at);
      const user = draftAt(index - 1);
      const used = draftAt(objectAt) ?? (isThing(objectAt) ? ensureDraft(objectAt, true, true) : null);
      if (user && used && user.draft !== used.draft) {
        relate(user.draft, used.draft, many || isPlural(tokens[objectAt].text) ? pluralSnake(used.draft.singular) : used.draft.singular, many || isPlural(tokens[objectAt].text), 'set_null');
        index = objectAt + used.length - 1;
        continue;
      }
    }
    if (!joining && !ACTING_VERBS.includes(text) && verbLike(index) && !KEEPING_VERBS.includes(text) && !VERB_FIELDS[text] && !isParticiple(text) && index > 0 && isPlural(tokens[index - 1].text)) {
      const subjectWord = tokens[index - 1];
      const known = draftAt(index - 1);
      const anyone = ['users', 'people', 'visitors', 'everyone', 'we', 'you', 'they', 'i'].includes(subjectWord.text);
      if (!anyone && (known || isThing(index - 1))) {
        let at = index + 1;
        while (isWord(tokens[at]) && ['up', 'in', 'out', 'off', 'back', 'over'].includes(tokens[at].text)) at += 1;
        at = skipQuantifiers(at).at;
        // "guests sit at a table", "teams compete in leagues": the subject is at, in or with one of the things after
        const placing = at === index + 1 && isWord(tokens[at]) && PLACING_PREPOSITIONS.includes(tokens[at].text);
        if (placing) {
          const placeAt = skipQuantifiers(at + 1).at;
          const place = draftAt(placeAt) ?? (isThing(placeAt) && !libraryFieldName(toSnake(tokens[placeAt].text)) ? ensureDraft(placeAt, true) : null);
          const subject = place ? known ?? ensureDraft(index - 1, true, true) : null;
          if (place && subject && place.draft !== subject.draft) {
            relate(subject.draft, place.draft, place.draft.singular, false, 'set_null');
            index = placeAt + place.length - 1;
            continue;
          }
        }
        const objectKnown = draftAt(at);
        const object = objectKnown ?? (isThing(at) && !libraryFieldName(toSnake(tokens[at].text)) ? ensureDraft(at, true) : null);
        const subject = object ? known ?? ensureDraft(index - 1, true, true) : null;
        // "judges give scores": who gives a field of the things is one of the app's people, kept as a thing
        if (!object && !known && isThing(at) && libraryFieldName(toSnake(tokens[at].text)) && PEOPLE_VERB_OBJECTS.includes(singularize(tokens[at].text))) ensureDraft(index - 1, true, true);
        if (object && subject && object.draft !== subject.draft) {
          relate(object.draft, subject.draft, subject.draft.singular, false, 'restrict');
          const after = at + object.length;
          if (isWord(tokens[after]) && ['to', 'for'].includes(tokens[after].text)) {
            const { at: forAt, many } = skipQuantifiers(after + 1);
            const receiver = draftAt(forAt) ?? (isThing(forAt) ? ensureDraft(forAt, true, true) : null);
            if (receiver && receiver.draft !== object.draft) relate(object.draft, receiver.draft, many ? pluralSnake(receiver.draft.singular) : receiver.draft.singular, many, 'set_null');
          }
          index = after - 1;
          continue;
        }
      }
    }

    // "which friend borrowed which game": a loan, pointing at the one who borrowed and at what (a word naming no
    // thing of its own, "which record" in an album app, is the app's first thing)
    if (text === 'which' && BORROWING_VERBS.includes(tokens[index + 2]?.text ?? '') && tokens[index + 3]?.text === 'which' && isWord(tokens[index + 4]) && drafts.length > 0) {
      const borrower = ensureDraft(index + 1, true, true);
      const lent = draftAt(index + 4)?.draft ?? drafts[0];
      if (borrower && borrower.draft !== lent && !drafts.some((draft) => LENDING_NOUNS.includes(draft.singular))) {
        const loan: EntityDraft = { singular: 'loan', domainKey: null, fields: [], measurement: false };
        drafts.push(loan);
        relate(loan, borrower.draft, borrower.draft.singular, false, 'restrict');
        relate(loan, lent, lent.singular, false, 'restrict');
        index += 4;
        continue;
      }
    }
    // "which fixer did which repair": the second thing points at the first
    if (text === 'which' && draftAt(index + 1)) {
      const first = draftAt(index + 1);
      const secondAt = tokens.findIndex((candidate, at) => at > index + 1 && at <= index + 4 && candidate.text === 'which');
      const second = secondAt > 0 && isWord(tokens[secondAt - 1]) && tags[secondAt - 1] !== 'NOUN' ? draftAt(secondAt + 1) : null;
      if (first && second && first.draft !== second.draft && !describedAt(index)) {
        relate(second.draft, first.draft, first.draft.singular, false, 'set_null');
        index = secondAt + second.length;
        continue;
      }
    }
    // "jobs - which cleaner goes to which customer": in what describes a thing, "which" names a thing it points at
    // (the tagger may take the noun for an adjective: "which cleaner goes")
    const nounAfter = isWord(next) && (isNoun(index + 1) || (tags[index + 1] === 'ADJ' && isWord(tokens[index + 2]) && !SEPARATORS.has(tokens[index + 2].text)));
    if (['which', 'what'].includes(text) && nounAfter && !isPlural(next.text) && !STOP_WORDS.includes(next.text) && !UNIT_WORDS[next.text]) {
      // ("which spirit is the base of each", "which teacher runs each class": the thing it is said of each of)
      const eachAt = findBetween(tokens, index + 2, index + 8, (candidate, at) => ['each', 'every'].includes(candidate.text)
        && tokens.slice(index + 2, at).every((word) => isWord(word) && !SEPARATORS.has(word.text)));
      const eachOf = eachAt > 0 ? (isWord(tokens[eachAt + 1]) && !SEPARATORS.has(tokens[eachAt + 1].text) ? draftAt(eachAt + 1)?.draft ?? null : draftBefore(index)) : null;
      const owner = describedAt(index) ?? eachOf;
      const known = draftAt(index + 1);
      const named = !known && owner && !libraryFieldName(toSnake(next.text)) && !CLAUSE_WORDS.includes(next.text);
      const target = known ?? (named ? { draft: drafts.find((draft) => draft.singular === toSnake(next.text)) ?? { singular: toSnake(next.text), domainKey: matchDomainNoun(tokens, index + 1)?.domainKey ?? null, fields: [], measurement: false }, length: 1 } : null);
      if (target && !drafts.includes(target.draft)) drafts.push(target.draft);
      if (owner && target && target.draft !== owner) {
        relate(owner, target.draft, target.draft.singular, false, 'set_null');
        index += target.length;
        continue;
      }
    }
    // "drives: date, which kids ride along", "Übungsabende (Datum, welche Mitglieder teilgenommen haben)": "which" and a
    // plural thing in what describes another point it at several of them
    if (['which', 'what'].includes(text) && isWord(next) && isPlural(next.text) && draftAt(index + 1)) {
      const owner = describedAt(index);
      const several = draftAt(index + 1);
      if (owner && several && several.draft !== owner) {
        relate(owner, several.draft, pluralSnake(several.draft.singular), true, 'set_null');
        index += several.length;
        continue;
      }
    }
    // "sessions I give each student", "lessons we teach to pupils": what the user does with the things is for the one after
    if (['i', 'we'].includes(text) && index > 0 && isThing(index - 1) && tags[index + 1] === 'VERB' && !KEEPING_VERBS.includes(tokens[index + 1].text)) {
      const done = draftAt(index - 1);
      let at = index + 2;
      if (['to', 'for', 'with'].includes(tokens[at]?.text ?? '')) at += 1;
      const { at: receiverAt, many } = skipQuantifiers(at);
      const receiver = draftAt(receiverAt) ?? (receiverAt > at && thingAfter(receiverAt, true) ? ensureDraft(receiverAt, true, true) : null);
      if (done && receiver && done.draft !== receiver.draft) {
        relate(done.draft, receiver.draft, many ? pluralSnake(receiver.draft.singular) : receiver.draft.singular, many, 'set_null');
        index = receiverAt + receiver.length - 1;
        continue;
      }
    }
    // "the classes each dog is entered in": each of the second is in several of the first
    if ((text === 'each' || text === 'every') && index > 0 && isThing(index - 1)) {
      const within = draftAt(index - 1) ?? ensureDraft(index - 1, true);
      const member = draftAt(index + 1);
      const after = member ? index + 1 + member.length : -1;
      if (within && member && within.draft !== member.draft && COPULAS.includes(tokens[after]?.text ?? '') && isParticiple(tokens[after + 1]?.text ?? '') && RELATION_PREPOSITIONS.includes(tokens[after + 2]?.text ?? '')) {
        relate(member.draft, within.draft, pluralSnake(within.draft.singular), true, 'set_null');
        index = after + 2;
        continue;
      }
    }
    // "the donations each donor makes to a campaign": a thing, then who makes each, then for whom
    if ((text === 'each' || text === 'every') && index > 0 && isThing(index - 1)) {
      const made = draftAt(index - 1) ?? ensureDraft(index - 1, true);
      const maker = draftAt(index + 1);
      if (made && maker && made.draft !== maker.draft && isWord(tokens[index + 1 + maker.length]) && tags[index + 1 + maker.length] === 'VERB') {
        relate(made.draft, maker.draft, maker.draft.singular, false, 'restrict');
        const after = index + 2 + maker.length;
        if (['to', 'for', 'on', 'in', 'at'].includes(tokens[after]?.text ?? '')) {
          const { at } = skipQuantifiers(after + 1);
          const receiver = draftAt(at) ?? (thingAfter(at, at > after + 1) ? ensureDraft(at, true, true) : null);
          if (receiver && receiver.draft !== made.draft) relate(made.draft, receiver.draft, receiver.draft.singular, false, 'set_null');
        }
        index = after - 1;
        continue;
      }
    }

    // "each ride is pending, confirmed or done": the states a thing is in, as a status
    // ("each job is on a date and is either scheduled, done or invoiced": the sentence's thing, said again)
    const either = tokens[index + 1]?.text === 'either';
    const owner = (text === 'is' || text === 'are') && index > 0 ? (draftAt(index - 1)?.draft ?? (either ? sentenceThingBefore(index) : null)) : null;
    if (owner) {
      const list = readItems(tokens, index + (either ? 2 : 1), [',', 'or']);
      // ("parcels are pending, out for delivery, delivered or returned": three states or more may take a few words each)
      const words = (list?.items.every((item) => !item.includes(' ')) || (list !== null && list.items.length >= 3 && tokens.slice(index + 1, list.end).some((token) => token.text === 'or'))) ?? false;
      if (list && words && list.items.length <= 6 && tokens[list.end - 1] && !list.items.some((item) => draftAt(tokens.findIndex((candidate) => candidate.raw === item)))) {
        addChoice(owner, owner.fields.some((field) => field.name === 'stage') ? 'stage' : 'status', list.items);
        index = list.end - 1;
        continue;
      }
    }

    // yes/no facts: "whether they paid", "track if each dog is vaccinated"
    if (text === 'whether' || (text === 'if' && index > 0)) {
      let at = index + 1;
      const subjectAt = skipQuantifiers(at).at;
      const made = !draftAt(subjectAt) && ['each', 'every'].includes(tokens[subjectAt - 1]?.text ?? '') ? eachThing(subjectAt + 1) : null;
      const subject = draftAt(subjectAt) ?? (made ? { draft: made, length: 1 } : null);
      if (subject) at = skipQuantifiers(at).at + subject.length;
      while (isWord(tokens[at]) && (['it', 'they', 'he', 'she', 'i', 'we', 'you', "they've", "it's", "they're", 'is', 'are', 'was', 'were', 'has', 'have', 'had', 'been', 'already', 'got', 'get', 'gets', 'the', 'each', 'a', 'an', 'one', 'still', 'ever'].includes(tokens[at].text) || DETERMINERS.has(tokens[at].text)
        // ("whether it's currently out": an adverb before what is said)
        || (tags[at] === 'ADV' && isWord(tokens[at + 1]) && !SEPARATORS.has(tokens[at + 1].text)))) at += 1;
      // "whether it's out for repair", "whether it's on this season's menu": a place or state said with a preposition
      // is the fact, named by its prepositions and the noun it ends on
      if (tags[at] === 'ADP' && isWord(tokens[at]) && !draftAt(at)) {
        let end = at + 1;
        while (end < at + 6 && isWord(tokens[end]) && !SEPARATORS.has(tokens[end].text)) end += 1;
        const last = tokens[end - 1];
        if (end > at + 1 && tags[end - 1] === 'NOUN' && !draftAt(end - 1)) {
          const words = tokens.slice(at, end - 1).filter((_, offset) => tags[at + offset] === 'ADP').map((word) => word.text).concat(last.text);
          const name = toSnake(words.join(' '));
          const owner = subject?.draft ?? factOwnerBefore(index) ?? draftBefore(index);
          if (owner && !owner.fields.some((field) => field.name === name)) owner.fields.push({ name, label: toSentence(name), type: 'boolean', required: false });
          index = end - 1;
          continue;
        }
      }
      // "if it came back damaged": the fact is the state the clause ends on, not the verb it starts with
      if (tags[at] === 'VERB' && !isParticiple(tokens[at].text)) {
        for (let look = at + 1; look < at + 4 && isWord(tokens[look]) && !SEPARATORS.has(tokens[look].text) && !draftAt(look); look += 1) {
          const last = !isWord(tokens[look + 1]) || SEPARATORS.has(tokens[look + 1].text);
          if (tags[look] === 'ADJ' || isParticiple(tokens[look].text) || (last && tags[look] === 'VERB')) {
            at = look;
            break;
          }
        }
      }
      const word = tokens[at];
      // "whether it was a personal best": an adjective and the noun it ends on name the fact together
      let phrase = tags[at] === 'ADJ' && (tags[at + 1] === 'NOUN' || tags[at + 1] === 'ADJ') && isWord(tokens[at + 1]) && !isWord(tokens[at + 2]) ? [word.text, tokens[at + 1].text] : [word?.text ?? ''];
      // "whether the queen was seen": the noun and what was said of it name the fact together
      // ("if the translation is already sent": an adverb may come between)
      const statedAt = ['already', 'still', 'now', 'yet'].includes(tokens[at + 2]?.text ?? '') ? at + 3 : at + 2;
      const stated = isWord(word) && tags[at] === 'NOUN' && !draftAt(at) && COPULAS.includes(tokens[at + 1]?.text ?? '') && isWord(tokens[statedAt]) && (isParticiple(tokens[statedAt].text) || tags[statedAt] === 'ADJ');
      if (stated) phrase = [word.text, tokens[statedAt].text];
      // "whether it came back", "if they showed up": a verb's particle is part of what it means
      const particle = tokens[at + 1];
      if (phrase.length === 1 && isWord(particle) && VERB_PARTICLES.includes(particle.text) && (tags[at] === 'VERB' || isParticiple(word.text)) && (!isWord(tokens[at + 2]) || SEPARATORS.has(tokens[at + 2].text))) phrase = [word.text, particle.text];
      // "whether I own each book": a verb of the person, said of a thing
      const ownVerb = isWord(word) && ['i', 'we', 'you', 'they'].includes(tokens[at - 1]?.text ?? '') && draftAt(skipQuantifiers(at + 1).at) !== null;
      // "ob ein Sänger anwesend war" → "whether a singer present was": a clause ending on its verb names the fact before it
      const verbLast = isWord(word) && !draftAt(at) && COPULAS.includes(tokens[at + 1]?.text ?? '') && (!isWord(tokens[at + 2]) || SEPARATORS.has(tokens[at + 2].text));
      // "if they are terminadas": whatever is said after "is" or "are" is the fact
      const predicate = isWord(word) && COPULAS.includes(tokens[at - 1]?.text ?? '') && !draftAt(at) && !DETERMINERS.has(tokens[at - 1]?.text ?? '');
      // "si chacun a réglé …" → "if each has réglé": what follows "has" is done, whatever the tagger makes of the word
      const perfect = isWord(word) && ['has', 'have', 'had'].includes(tokens[at - 1]?.text ?? '') && !draftAt(at) && !DETERMINERS.has(word.text) && !STOP_WORDS.includes(word.text);
      if (isWord(word) && (!STOP_WORDS.includes(word.text) || phrase.length === 2 || ownVerb) && !CLAUSE_WORDS.includes(word.text) && (stated || ownVerb || predicate || perfect || verbLast || tags[at] === 'ADJ' || tags[at] === 'VERB' || isParticiple(word.text))) {
        // "whether I own each book": the thing named after the verb is what the fact is about
        const objectAt = skipQuantifiers(at + 1).at;
        // "with the amount and whether it has been collected": "it" is the thing whose fields were listed just before
        const listedBefore = factOwnerBefore(index);
        const owner = subject?.draft ?? (phrase.length === 1 && tags[at] === 'VERB' ? draftAt(objectAt)?.draft : undefined) ?? listedBefore ?? draftBefore(index);
        const name = toSnake(phrase.join(' '));
        if (owner && !owner.fields.some((field) => field.name === name) && !RESERVED_FIELD_NAMES.includes(name)) owner.fields.push({ name, label: toSentence(name), type: 'boolean', required: false });
      }
    }

    // money: "what each item costs", "expenses paid by"; "guests, tables and a budget" lists the app's budget, not the tables'
    // "the deposit", "my rate": a noun of money after a determiner, even listed on its own; "5 cents per gram"
    // ("the monthly rent": an adjective may come between)
    const determinedAt = tags[index - 1] === 'ADJ' && !DETERMINERS.has(tokens[index - 1]?.text ?? '') ? index - 2 : index - 1;
    const priceNoun = PRICE_NOUNS.includes(text) && DETERMINERS.has(tokens[determinedAt]?.text ?? '') && !['rate', 'rates'].includes(text) || (['rate', 'rates'].includes(text) && ['my', 'our', 'your', 'their', 'hourly', 'daily'].includes(tokens[index - 1]?.text ?? ''));
    const currencyUnit = CURRENCY_UNITS.includes(text) && isNumber(tokens[index - 1]);
    if ((MONEY_WORDS.includes(text) && !listedItem(tokens, index)) || priceNoun || currencyUnit) {
      // "services on my cars with the cost": the thing that took the cost as a field is the one it speaks of
      // "with the price and whether it has been paid": the money just named is the one it speaks of
      // ("batches, recipes, brew date, cost": a money field listed for the app is the first thing's, where it goes)
      const moneyNear = tokens.slice(Math.max(0, index - 8), index + 1).reverse().map((candidate) => drafts.find((draft) => draft.fields.some((field) => field.name === candidate.text && field.hint === 'currency'))
        ?? (reading.appFields.some((field) => field.name === candidate.text && field.hint === 'currency') ? drafts[0] : undefined)).find(Boolean);
      // ("every unit in each building, who the tenant is, the monthly rent": the sentence's each-thing)
      const owner = moneyNear ?? describedAt(index) ?? eachSubjectBefore(index) ?? draftBefore(index);
      if (owner) owner.money = true;
    }

    // "which rider did the most deliveries", "which henhouse lays the most?": the things asked about are ranked, by the
    // count named after "most" when there is one
    if (text === 'which' && draftAt(index + 1) && !isPlural(next?.text ?? '')) {
      const asked = draftAt(index + 1);
      const mostAt = findBetween(tokens, index + 2, index + 6, (candidate, at) => ['most', 'more'].includes(candidate.text)
        && tokens.slice(index + 2, at).every((word) => isWord(word) && !SEPARATORS.has(word.text)));
      if (asked && mostAt > 0) {
        const counted = skipQuantifiers(mostAt + 1).at;
        const word = tokens[counted];
        const field = isWord(word) && isPlural(word.text) && isNoun(counted) && !UNIT_WORDS[word.text] ? toSnake(word.text) : undefined;
        reading.views.push({ kind: 'ranking', entity: asked.draft.singular, ...(field ? { field } : {}) });
        index = field ? counted : mostAt;
        continue;
      }
    }
    // "so that I can see who missed the most lessons": the app's people are ranked by how many, named by the verb and
    // what it counts
    if (text === 'who' && ['see', 'know', 'show', 'find'].includes(tokens[index - 1]?.text ?? '') && tags[index + 1] === 'VERB') {
      const people = drafts.find(isPeople) ?? drafts.find((draft) => PEOPLE_NOUNS.includes(draft.singular.split('_').pop() ?? ''));
      const mostAt = ['most', 'more'].includes(tokens[index + 2]?.text ?? '') ? index + 2 : tokens[index + 3]?.text === 'most' && tokens[index + 2]?.text === 'the' ? index + 3 : -1;
      if (people && mostAt > 0) {
        const counted = tokens[mostAt + 1];
        const field = isWord(counted) && isPlural(counted.text) ? toSnake(`${tokens[index + 1].text} ${counted.text}`) : toSnake(tokens[index + 1].text);
        reading.views.push({ kind: 'ranking', entity: people.singular, field });
        index = isWord(counted) && isPlural(counted.text) ? mostAt + 1 : mostAt;
        continue;
      }
    }
    // "the most votes", "best score first", "voted on": ordered by that number
    const scoreWord = (['most', 'best', 'top', 'highest'].includes(text) ? tokens.slice(index + 1, index + 4).find((candidate) => isWord(candidate) && SCORE_WORDS.includes(candidate.text)) : undefined)
      ?? (['vote', 'votes', 'voted', 'upvote', 'upvotes'].includes(text) ? { text: 'votes' } : undefined);
    if (scoreWord) {
      const field = libraryFieldName(toSnake(scoreWord.text)) ?? toSnake(scoreWord.text);
      // "votes for the best film": what is voted for is ranked; "best score first": the thing that has the score
      let at = skipQuantifiers(index + 1).at;
      if (['for', 'on'].includes(tokens[index + 1]?.text ?? '')) at = skipQuantifiers(index + 2).at;
      while (isWord(tokens[at]) && ['best', 'favourite', 'favorite', 'top'].includes(tokens[at].text)) at += 1;
      const voted = ['for', 'on'].includes(tokens[index + 1]?.text ?? '') ? draftAt(at)?.draft : undefined;
      // "top patrols by points": the things named right after the superlative are what is ranked
      // ("players with the most goals", "members who have the most wins": the things that have them, each with a count)
      const withAt = tokens[index - 1]?.text === 'the' ? index - 2 : index - 1;
      const holderAt = ['with', 'has', 'have', 'had', 'scored', 'won', 'got'].includes(tokens[withAt]?.text ?? '') ? (['who', 'that'].includes(tokens[withAt - 1]?.text ?? '') ? withAt - 2 : withAt - 1) : -1;
      const holder = holderAt >= 0 && text === 'most' ? draftAt(holderAt)?.draft ?? (isThing(holderAt) ? ensureDraft(holderAt, true, true)?.draft : undefined) : undefined;
      const named = ['most', 'best', 'top', 'highest'].includes(text) && isPlural(tokens[at]?.text ?? '') ? draftAt(at)?.draft : undefined;
      const scored = drafts.find((draft) => draft.fields.some((candidate) => candidate.name === field && candidate.type !== 'reference'));
      reading.views.push({ kind: 'ranking', entity: (voted ?? holder ?? named ?? scored ?? draftBefore(index))?.singular ?? null, field });
      continue;
    }
    // "families pick up parcels on a set day", "which cleaner goes where on what day": the thing happens on a date
    if (text === 'on' && index > 0) {
      let at = index + 1;
      while (isWord(tokens[at]) && at < index + 4 && (DETERMINERS.has(tokens[at].text) || ['what', 'which', 'set', 'fixed', 'given', 'specific', 'certain', 'chosen', 'agreed'].includes(tokens[at].text))) at += 1;
      const owner = ['day', 'date'].includes(tokens[at]?.text ?? '') && !isWord(tokens[at + 1]) ? describedAt(index) ?? phraseOwnerBefore(index) : null;
      if (owner && !owner.fields.some((field) => field.type === 'date' || field.type === 'datetime')) {
        owner.fields.push({ name: 'date', label: toSentence('date'), type: 'date', required: false });
        reading.views.push({ kind: 'calendar', entity: owner.singular, field: 'date' });
      }
    }
    // "best sellers on top", "top sellers": what sells best is ranked — the thing sales point at, else the priced one
    if (['best', 'top'].includes(text) && ['sellers', 'seller', 'selling'].includes(next?.text ?? '')) {
      const sold = drafts.find((draft) => drafts.some((other) => ['sale', 'order', 'purchase'].includes(other.singular) && other.fields.some((candidate) => candidate.entity === pluralSnake(toSnake(draft.singular)))))
        ?? drafts.find((draft) => draft.fields.some((candidate) => candidate.hint === 'currency'));
      if (sold) {
        reading.views.push({ kind: 'ranking', entity: sold.singular });
        index += 1;
        continue;
      }
    }
    // "the species I've seen most at the top", "show the bakers we hired most on top": the first thing of the clause
    if (text === 'top' && ['the', 'on'].includes(tokens[index - 1]?.text ?? '') && index > 2) {
      let start = index - 1;
      while (start > 0 && !(tokens[start - 1].punct && END_PUNCT.has(tokens[start - 1].text))) start -= 1;
      const mostAt = tokens.findIndex((candidate, at) => at >= start && at < index && ['most', 'best', 'highest'].includes(candidate.text));
      let ranked: EntityDraft | null = null;
      for (let at = start; at < mostAt && !ranked; at += 1) ranked = draftAt(at)?.draft ?? null;
      if (mostAt >= 0 && ranked) {
        reading.views.push({ kind: 'ranking', entity: ranked.singular });
        continue;
      }
    }
    // "the best coffees show at the top", "top teams first": the things named after it are ranked
    // ("the fastest swimmers at the top": any superlative)
    const superlative = ['best', 'top', 'highest'].includes(text) || (tags[index] === 'ADJ' && /[^e]est$/.test(text) && text.length > 5);
    if (superlative && isThing(index + 1) && tokens.slice(index + 2, index + 7).some((candidate) => ['top', 'first'].includes(candidate.text))) {
      // "the top scorers at the top", "los máximos goleadores arriba": people named by what they do are the app's people
      const doers = !draftAt(index + 1) && /(ers|dores|doras|eurs|euses)$/.test(next.text) ? drafts.find((draft) => PEOPLE_NOUNS.includes(draft.singular)) : undefined;
      const ranked = (doers ? { draft: doers, length: 1 } : null) ?? draftAt(index + 1) ?? ensureDraft(index + 1, true, true);
      if (ranked) {
        // ("heaviest catches at the top": by the weight the catches have)
        const measure = SUPERLATIVE_MEASURES[text];
        const field = measure && ranked.draft.fields.some((candidate) => candidate.name === measure) ? measure : undefined;
        reading.views.push({ kind: 'ranking', entity: ranked.draft.singular, ...(field ? { field } : {}) });
        continue;
      }
    }
    // "sort coins by value, highest first", "coins sorted by value, most valuable at the top", "order reps by sales
    // descending", "the coins from most to least valuable": rows in descending order of a number are a ranking
    if (['sort', 'sorted', 'order', 'ordered', 'list', 'show', 'table'].includes(text) && !reading.views.some((view) => view.kind === 'ranking')) {
      let end = index + 1;
      while (end < tokens.length && end < index + 14 && !(tokens[end].punct && END_PUNCT.has(tokens[end].text))) end += 1;
      const rest = tokens.slice(index + 1, end).map((candidate) => candidate.text);
      const highFirst = rest.some((word, at) => ['highest', 'best', 'most', 'biggest', 'largest', 'high'].includes(word) && ['first', 'top', 'to'].some((then) => rest.slice(at + 1, at + 5).includes(then)));
      if (rest.includes('descending') || rest.includes('desc') || highFirst) {
        // ("coins (year, value), sorted by value": what is sorted is the sentence's thing named before)
        let target: EntityDraft | null = null;
        for (let at = index - 1; ['sorted', 'ordered'].includes(text) && at >= 0 && !target && !['.', '!', '?', ';', '\n'].includes(tokens[at].text); at -= 1) target = draftAt(at)?.draft ?? null;
        for (let at = index + 1; at < end && !target; at += 1) target = draftAt(at)?.draft ?? null;
        const by = rest.indexOf('by');
        const byWord = by >= 0 && isWord(tokens[index + 2 + by]) && !ARTICLES.has(tokens[index + 2 + by].text) ? tokens[index + 2 + by].text : undefined;
        const field = byWord ? libraryFieldName(toSnake(byWord)) ?? toSnake(byWord) : undefined;
        if (target) {
          reading.views.push({ kind: 'ranking', entity: target.singular, ...(field ? { field } : {}) });
          continue;
        }
      }
    }
    // ("a league table of anglers by total weight": a table of a league is a ranking)
    if (RANKING_WORDS.includes(text) || (text === 'table' && tokens[index - 1]?.text === 'league') || text === 'rank' && next?.text !== 'them') {
      // "stylists ranked by number of appointments": what is ranked comes before the participle
      // ("can technicians be ranked by …", "players are sorted by …": through the verb's auxiliary)
      let rankedAt = index - 1;
      while (rankedAt > 0 && ['be', 'are', 'is', 'been', 'get', 'gets'].includes(tokens[rankedAt].text)) rankedAt -= 1;
      const passive = ['ranked', 'sorted', 'ordered'].includes(text) ? (draftAt(rankedAt) ?? (rankedAt > 0 && draftAt(rankedAt - 1)?.length === 2 ? draftAt(rankedAt - 1) : null)) : null;
      let target: EntityDraft | null = passive?.draft ?? null;
      for (let at = index + 1; at < Math.min(tokens.length, index + 6) && !target; at += 1) target = draftAt(at)?.draft ?? (text === 'rank' && isThing(at) ? ensureDraft(at, true)?.draft ?? null : null);
      // "which cows give the most milk": the thing asked about with "which" earlier in the clause
      for (let at = index - 1; at > 0 && !target && !(tokens[at].punct && END_PUNCT.has(tokens[at].text)); at -= 1) {
        if (tokens[at].text === 'which') target = draftAt(at + 1)?.draft ?? null;
      }
      let by = tokens.findIndex((candidate, at) => at > index && candidate.text === 'by' && at < index + 8);
      // "ranked by the author", "by their best 5 scores": the article, whose it is and which of them are not the number's name
      while (by > 0 && (tags[by + 1] === 'DET' || ['their', 'his', 'her', 'its', 'our', 'my', 'best', 'top', 'total', 'highest'].includes(tokens[by + 1]?.text ?? '') || /^\d+$/.test(tokens[by + 1]?.text ?? ''))) by += 1;
      // "by total harvest": an adjective and its noun name the number together
      // ("by number of appointments": the count is named by what it counts)
      const counted = by > 0 && ['number', 'count'].includes(tokens[by + 1]?.text ?? '') && tokens[by + 2]?.text === 'of' && isWord(tokens[by + 3]) ? ['number', 'of', tokens[by + 3].text] : null;
      const byWords = counted ?? (by > 0 && isWord(tokens[by + 1]) ? (tags[by + 1] === 'ADJ' && isWord(tokens[by + 2]) && tags[by + 2] === 'NOUN' ? [tokens[by + 1].text, tokens[by + 2].text] : [tokens[by + 1].text]) : []);
      const field = byWords.length ? libraryFieldName(toSnake(byWords.join(' '))) ?? toSnake(byWords.join(' ')) : undefined;
      if (text !== 'most' && text !== 'best' && text !== 'top' || target) reading.views.push({ kind: 'ranking', entity: target?.singular ?? null, ...(field ? { field } : {}) });
    }
    // ("a board game night", "board games": a board a noun follows is part of that noun's name)
    const boardOf = isWord(next) && tags[index + 1] === 'NOUN' && !APP_KIND_WORDS.includes(next.text) && !STOP_WORDS.includes(next.text);
    if ((BOARD_WORDS.includes(text) && !sheetColumns(index)) || (text === 'board' && (tokens[index - 1]?.text === 'a' || tokens[index - 1]?.text === 'as') && !boardOf)) reading.views.push({ kind: 'board', entity: null });
    if (CALENDAR_WORDS.includes(text) && (text !== 'view' || ['day', 'week', 'month', 'calendar'].includes(tokens[index - 1]?.text ?? ''))) {
      // ("a calendar of the shoot days": of the thing named after it)
      let of = next?.text === 'of' ? index + 2 : -1;
      while (of > 0 && ARTICLES.has(tokens[of]?.text ?? '')) of += 1;
      // (named by its words when the thing is only kept later: "shoot days" read as a thing by the structural pass)
      const ofWords: string[] = [];
      for (let at = of; of > 0 && at < of + 3 && isWord(tokens[at]) && !STOP_WORDS.includes(tokens[at].text) && !SEPARATORS.has(tokens[at].text) && tags[at] !== 'INTJ'; at += 1) ofWords.push(tokens[at].text);
      while (ofWords.length && tags[of + ofWords.length - 1] !== 'NOUN') ofWords.pop();
      reading.views.push({ kind: 'calendar', entity: (of > 0 ? draftAt(of)?.draft.singular : undefined) ?? (ofWords.length ? singularSnakeOf(ofWords) : null) });
    }
  }

  // "bottles, wineries, regions. vintage, price", "huéspedes, habitaciones, reservas con fecha": in a list of things
  // with no verb, the one thing given fields of its own is what the others describe, and it points at each of them
  for (let start = 0; start < tokens.length; start += 1) {
    const opens = start === 0 || (tokens[start - 1].punct && tokens[start - 1].text !== ',');
    if (!opens) continue;
    const run: EntityDraft[] = [];
    let at = start;
    for (let found = draftAt(at); found; found = draftAt(at)) {
      if (!run.includes(found.draft)) run.push(found.draft);
      at += found.length;
      if (!SEPARATORS.has(tokens[at]?.text ?? '') || tokens[at].text === 'or') break;
      at += 1;
      if (tokens[at]?.text === 'and') at += 1;
    }
    const closes = tokens[at] === undefined || (tokens[at].punct && tokens[at].text !== ',') || ['with', 'having'].includes(tokens[at].text);
    // "batches, recipes, brew date, cost": the list goes on with fields, which are the app's first thing's
    const fieldsFollow = !closes && isWord(tokens[at]) && run[0] === drafts[0] && reading.appFields.some((field) => field.type !== 'reference');
    if (run.length < 2 || !(closes || fieldsFollow)) continue;
    const described = fieldsFollow ? [run[0]] : run.filter((draft) => draft.fields.some((field) => field.type !== 'reference'));
    const describing = run.filter((draft) => !described.includes(draft) && draft.fields.length === 0);
    if (described.length !== 1 || describing.length !== run.length - 1) continue;
    // "players, matches with a date, and goals of each player in each match": a third thing links them already
    const pointsAt = (draft: EntityDraft, other: EntityDraft): boolean => draft.fields.some((field) => field.type === 'reference' && field.entity === pluralSnake(other.singular));
    if (drafts.some((draft) => !run.includes(draft) && run.every((member) => pointsAt(draft, member)))) continue;
    for (const other of describing) relate(described[0], other, other.singular, false, 'set_null');
  }

  // "each appointment has a stylist", "posts with an author": a person named as a field is one of the app's people,
  // kept once in a list of them and pointed at
  for (const draft of [...drafts]) {
    for (const field of [...draft.fields]) {
      if (field.type !== 'text' || field.options || field.hint || !personWord(field.name)) continue;
      const known = drafts.find((candidate) => candidate.singular === field.name || candidate.domainKey === field.name);
      // "books with title, author and a rating": a person the thing's own kind lists among its details (a book's
      // author) is a credit typed in with it, not someone kept in a list, unless the prompt names those people as a thing
      if (!known && draft.domainKey && DOMAINS[draft.domainKey]?.fields.includes(field.name)) continue;
      const noun = known ? null : matchDomainNoun(tokenize(field.name), 0);
      // a person the vocabulary has no kind for is kept as a contact: a name, an e-mail and a phone
      const people = known ?? { singular: field.name, domainKey: noun?.domainKey ?? 'contact', fields: [], measurement: false };
      if (people === draft) continue;
      if (!known) drafts.push(people);
      relate(draft, people, field.name, false, 'set_null');
    }
  }
}

/**
 * A field's word that names a person with an identity of their own: a kind of person the vocabulary knows ("author",
 * "teacher") or an agent noun in -ist or -ician/-arian ("stylist", "florist", "technician"; not a "playlist"), but
 * not the app's user.
 */
function personWord(name: string): boolean {
  if (name.includes('_') || ['user', 'owner', 'person', 'people'].includes(name)) return false;
  return PEOPLE_NOUNS.includes(name) || (name.length > 5 && /(?:[^l]|tyl)ist$|(?:ic|ar)ian$/.test(name) && (libraryFieldName(name) === undefined || FIELD_LIBRARY[libraryFieldName(name) as string].type === 'text'));
}
