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
  APP_KIND_WORDS, APP_WORDS, CLAUSE_WORDS, DOMAIN_ALIASES, DOMAIN_FAMILIES, DOMAINS, DURATION_TIME_WORDS, FALLBACK_OPTIONS, FIELD_FILLER_WORDS, FIELD_INTRO_WORDS,
  FIELD_LIBRARY, FIELD_OPTIONS, KEEPING_VERBS, MARK_ADJECTIVES, OBJECT_WORDS, PERSONAL_WORDS, RESERVED_FIELD_NAMES,
  SHARED_WORDS, SKIPPED_ADJECTIVES, STOP_WORDS, TYPE_WORDS, UNIT_WORDS, VERB_FIELDS, type DomainTemplate, type FieldTemplate,
} from './vocabulary.data';
import { isPlural, pluralSnake, singularize, toSentence, toSnake, tokenize, type Token } from './words.util';

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
}

export interface PromptReading {
  entities: EntityDraft[];
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
  const next = skipDeterminers(tokens, index + 1);
  if (next === index + 1 && isWord(tokens[next]) && tokens[next].text === 'track') return true; // "keep track of"
  const word = tokens[next];
  if (!isContentWord(word) || !isWord(word)) return false;
  return !APP_KIND_WORDS.includes(word.text) || matchDomainNoun(tokens, next) !== null;
}

/** Reads a scale or unit after a field: "from 1 to 10", "out of 10", "1-10", "in minutes". Returns tokens used. */
function readQualifier(tokens: Token[], index: number, field: { hint?: string; type?: string }): number {
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
  const cleaned = [...new Set(options.map((option) => option.charAt(0).toUpperCase() + option.slice(1)))];
  return cleaned.length >= 2 ? { options: cleaned, used: at - index + 1 } : null;
}

/** Choices of a select field: the domain's own, then the field name's, then its head word's. */
export function optionsFor(name: string, domainKey: string | null, template?: FieldTemplate): string[] | undefined {
  const head = name.split('_').pop() ?? name;
  const options = template?.options ?? domainOf(domainKey)?.options?.[name] ?? FIELD_OPTIONS[name] ?? domainOf(domainKey)?.options?.[head] ?? FIELD_OPTIONS[head];
  return options && options.length ? [...options] : undefined;
}

/** The field a phrase names, from the library, or by the type its words suggest. Null when it is no field. */
export function fieldFromWords(rawWords: string[], domainKey: string | null, qualifier: { hint?: string } = {}): EntityField | null {
  let required = false;
  const words: string[] = [];
  for (const raw of rawWords) {
    const word = raw.toLowerCase();
    if (word === 'required' || word === 'mandatory') required = true;
    if (FIELD_FILLER_WORDS.includes(word) || word === 'optional') continue;
    words.push(word);
  }
  if (!words.length || words.length > 4) return null;
  if (words.every((word) => STOP_WORDS.includes(word) || CLAUSE_WORDS.includes(word) || /^\d+$/.test(word))) return null;
  const phraseSnake = toSnake(words.join(' '));
  if (RESERVED_FIELD_NAMES.includes(phraseSnake)) return null;
  const head = words[words.length - 1];
  const headSingular = singularize(head);

  let name = phraseSnake;
  let template: FieldTemplate | undefined;
  const known = libraryFieldName(phraseSnake);
  if (known) {
    name = known;
    template = FIELD_LIBRARY[known];
  } else if (headSingular === 'time' && words.length > 1) {
    template = DURATION_TIME_WORDS.includes(words[words.length - 2]) ? { type: 'integer', hint: 'minutes' } : { type: 'datetime' };
  } else if (words[0] === 'is' || words[0] === 'has') {
    template = { type: 'boolean' };
  } else if (words[0] === 'number' && words[1] === 'of') {
    template = { type: 'integer' };
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
  const hint = qualifier.hint ?? template.hint;
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

export function readPrompt(prompt: string, known: EntityDraft[] = []): PromptReading {
  const tokens = tokenize(prompt);
  const reading: PromptReading = { entities: known.map((draft) => ({ ...draft, fields: [...draft.fields] })), appFields: [], impliedDomains: [], personal: false, shared: false };
  let current: EntityDraft | null = null;
  /** open list of fields: of an entity, or of the app ("a CRM with companies, contacts and deals") */
  let listing: 'entity' | 'app' | null = null;
  let afterAppWord = false;
  let appListHasFields = false;

  const entityFor = (singular: string, domainKey: string | null, measurement = false): EntityDraft => {
    const found = reading.entities.find((draft) => draft.singular === singular || pluralSnake(draft.singular) === singular);
    if (found) return found;
    const draft: EntityDraft = { singular, domainKey, fields: [], measurement };
    reading.entities.push(draft);
    return draft;
  };
  const fieldTarget = (): EntityField[] => (listing !== 'app' && current ? current.fields : reading.appFields);

  for (const token of tokens) {
    if (token.punct) continue;
    if (PERSONAL_WORDS.includes(token.text)) reading.personal = true;
    if (SHARED_WORDS.includes(token.text)) reading.shared = true;
  }

  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index];
    if (token.punct) {
      if (END_PUNCT.has(token.text) || token.text === ':' || token.text === '-') {
        if (token.text === ':' && current) listing = 'entity';
        else listing = null;
      }
      if (token.text === '(' && current) listing = 'entity';
      index += 1;
      continue;
    }
    const text = token.text;

    if (listing) {
      if (SEPARATORS.has(text)) {
        index += 1;
        continue;
      }
      const asVerbField = verbField(tokens, index, current?.domainKey ?? null);
      if (asVerbField) {
        addField(fieldTarget(), asVerbField.field);
        index += asVerbField.used;
        continue;
      }
      if ((KEEPING_VERBS.includes(text) && isVerbUse(tokens, index)) || CLAUSE_WORDS.includes(text)) {
        listing = null;
        continue;
      }
      const noun = matchDomainNoun(tokens, index);
      const nounIsField = noun !== null && libraryFieldName(noun.singular) !== undefined && listing === 'entity';
      if (noun && !nounIsField && (listing === 'app' || isPlural(tokens[index + noun.length - 1].text))) {
        current = entityFor(noun.singular, noun.domainKey);
        current.weak = false;
        listing = 'app';
        index += noun.length;
        continue;
      }
      // a field phrase: words up to the next separator or clause word
      const words: string[] = [];
      const qualifier: { hint?: string } = {};
      let at = index;
      while (at < tokens.length && isWord(tokens[at]) && !SEPARATORS.has(tokens[at].text)) {
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
        if (CLAUSE_WORDS.includes(tokens[at].text) && tokens[at].text !== 'of') break;
        if (words.length && KEEPING_VERBS.includes(tokens[at].text) && isVerbUse(tokens, at)) break;
        words.push(tokens[at].text);
        at += 1;
      }
      if (!words.length) {
        listing = null;
        continue;
      }
      if (words.length > 4) {
        // a sentence, not a field: the list is over
        listing = null;
        index = at;
        continue;
      }
      const field = fieldFromWords(words, current?.domainKey ?? null, qualifier);
      const thingListed = listing === 'app' && !appListHasFields && field !== null && words.length === 1 && isPlural(words[0]) && field.type === 'text' && !field.hint && !libraryFieldName(field.name);
      if (thingListed && tokens[at]?.text !== '(') {
        // "a chess club with members and tournaments": what an app lists is a thing it keeps, unless it is a known field
        current = entityFor(singularSnakeOf(words), null);
        current.weak = false;
        index = at;
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
    if (FIELD_INTRO_WORDS.includes(text) && (current || afterAppWord)) {
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
        current = entity;
        afterAppWord = false;
        const alsoField = VERB_FIELDS[text];
        if (alsoField && !alsoField.adjective) {
          const field = fieldFromWords([alsoField.field], entity.domainKey);
          if (field) addField(entity.fields, field);
        }
        index = at;
        continue;
      }
    }
    const asVerbField = verbField(tokens, index, current?.domainKey ?? null);
    if (asVerbField) {
      addField(current ? current.fields : reading.appFields, asVerbField.field);
      index += asVerbField.used;
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
      if (isWord(after) && KEEPING_VERBS.includes(after.text) && isVerbUse(tokens, index + noun.length)) {
        // "customers book appointments": the customers are who uses the app, the appointments are its data
        index += noun.length;
        continue;
      }
      const namesApp = isWord(after) && APP_KIND_WORDS.includes(after.text) && !isPlural(tokens[index + noun.length - 1].text);
      const existed = reading.entities.some((draft) => draft.singular === noun.singular || pluralSnake(draft.singular) === noun.singular);
      current = entityFor(noun.singular, noun.domainKey);
      if (namesApp && !existed) current.weak = true;
      else if (!namesApp) current.weak = false;
      afterAppWord = false;
      index += noun.length;
      continue;
    }
    if (APP_KIND_WORDS.includes(text)) {
      afterAppWord = true;
      index += 1;
      continue;
    }
    index += 1;
  }
  return { ...reading, entities: withoutWeakDuplicates(reading.entities) };
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
    if (!strong) {
      result.push(draft);
      continue;
    }
    for (const field of draft.fields) addField(strong.fields, field);
  }
  return result.map((draft) => ({ singular: draft.singular, domainKey: draft.domainKey, fields: draft.fields, measurement: draft.measurement }));
}
