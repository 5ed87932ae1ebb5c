/**
 * A structural reading of an English prompt, after the rules of prompt-parser.ts: the noun phrases of each clause
 * (by wink-nlp's parts of speech), and how two phrases next to each other are joined — by a preposition ("samples
 * taken from patients"), a verb between a subject and its object ("customers book appointments", "each firing uses
 * one kiln"), a possessive ("the band's songs", "customers and their dogs"). Each join says which thing points at
 * which; the reading adds the references the rules left out and the things such joins show the user keeps ("pickups
 * by a family": families), never a second link between two things already linked.
 *
 * It reads structure, not vocabulary: no word list here names a domain; the lists say which words are function
 * words, measures or the app itself, so that a phrase of them is no thing.
 */
import {
  APP_KIND_WORDS, DEED_RECORDS, DOMAINS, KEPT_DEEDS, MASS_THINGS, MONEY_NOUNS, ROLE_MODIFIERS, SCHEDULED_NOUNS, DURATION_TIME_WORDS, PEOPLE_NOUNS, SAME_PLURAL_NOUNS, FIELD_INTRO_WORDS, KEEPING_VERBS, LIST_NOUNS, MANY_WORDS, OBJECT_WORDS, SCORE_WORDS, STOP_WORDS, UNIT_WORDS, USER_NOUNS, VIEW_WORDS,
} from './vocabulary.data';
import { capitalize, isPlural, pluralSnake, singularize, toSentence, toSnake, type PartOfSpeech, type Token } from './words.util';
import { fieldFromWords, isParticiple, readQualifier, type EntityDraft, type PromptReading } from './prompt-parser';

/** Stretches of the calendar: when something happens, never a thing of its own. */
const CALENDAR_PERIODS = ['day', 'week', 'month', 'year', 'quarter', 'weekend', 'fortnight', 'hour', 'minute', 'time_slot'];

/** Marks that end a clause: phrases on either side of one are not joined. */
const CLAUSE_ENDS = new Set(['.', '!', '?', ';', ':', '\n', '-', ')']);
/** Prepositions that place one thing in, on, at, under or with another: the thing before points at the one after. */
const PLACING = new Set(['in', 'on', 'at', 'of', 'for', 'from', 'by', 'to', 'per', 'under', 'inside', 'within', 'into', 'between', 'across', 'with', 'about', 'during', 'against']);
/** Verbs by which a thing holds others of its own: "each firing holds many pieces" — the pieces point at the firing. */
const HOLDING_VERBS = ['has', 'have', 'hold', 'holds', 'having', 'own', 'owns', 'got'];
/** Verbs by which a thing takes some of others: "recipes use ingredients" — the recipe points at its ingredients. */
const TAKING_VERBS = ['use', 'uses', 'need', 'needs', 'require', 'requires', 'contain', 'contains', 'include', 'includes', 'combine', 'combines', 'involve', 'involves', 'list', 'lists', 'feature', 'features'];
/** Words before a phrase that make it one row: "each firing", "one kiln", "which tenant". */
const ONE_WORDS = ['a', 'an', 'one', 'each', 'every', 'which', 'single', 'its', 'whose'];
/** Determiners that say whose or which a phrase is, not how many: "the", "our", "their". */
const POSSESSIVES = ['the', 'my', 'our', 'their', 'his', 'her', 'your'];
/** Words after which a participle goes on saying what the clause's subject undergoes: "until adopted by a family". */
const SUBORDINATORS = ['until', 'once', 'after', 'before', 'unless'];
/** Nouns for how the data is laid out or looked at, which name no thing kept: "a kanban", "the spreadsheet's columns". */
const LAYOUT_NOUNS = ['kanban', 'spreadsheet', 'column', 'header', 'ranking', 'leaderboard', 'dashboard', 'pipeline', 'calendar'];
/** Verbs by which a thing joins two others: "each appointment links a patient to a dentist". */
const LINKING_VERBS = ['link', 'links', 'connect', 'connects', 'put', 'puts', 'match', 'matches', 'pair', 'pairs', 'assign', 'assigns', 'place', 'places', 'attach', 'attaches', 'tie', 'ties', 'join', 'joins'];
/** Words that start a clause of their own inside a sentence: a phrase after one is joined to none before it. */
const CLAUSE_OPENERS = ['where', 'when', 'while', 'so', 'because', 'but', 'if', 'whether', 'who', 'that', 'then', 'also'];
/** Verbs that state where a row belongs: "is logged against a machine", "belongs to a firing", "sits in a greenhouse". */
const STATING_VERBS = ['belongs', 'belong', 'sits', 'sit', 'logged', 'linked', 'assigned', 'attached', 'tied', 'filed', 'recorded', 'booked', 'come', 'comes', 'sourced', 'supplied'];
/** Records of the use of a thing, which a compound names after the thing used: "table bookings", "bike hires". */
const USE_RECORDS = ['booking', 'rental', 'hire', 'reservation', 'loan', 'lease', 'checkout'];
/** Records of work done or a thing used, on which people are staffed rather than belonging to: "each hire has two erectors". */
const STAFFED_RECORDS = [...SCHEDULED_NOUNS, 'job', 'hire', 'rental', 'project', 'task', 'order', 'case', 'exam', 'trip', 'move', 'removal'];
/** Nouns of an amount or a kind, after which "of" names stuff rather than a thing kept: "a lot of", "a pair of". */
const QUANTITY_NOUNS = ['lot', 'lots', 'number', 'couple', 'bunch', 'kind', 'sort', 'type', 'variety', 'pair', 'group', 'few', 'bit', 'piece', 'part', 'range', 'amount', 'set', 'way', 'mix', 'ton', 'load'];
/** Verbs by which the user marks a row yes or no: "flag damaged pallets", "mark them as paid". */
const FLAG_VERBS = ['flag', 'flags', 'flagged', 'mark', 'marks', 'marked', 'tick', 'ticked', 'tag', 'tagged'];
/** Verbs that only carry tense or voice: "has been opened", "is out of order". */
const AUXILIARIES = ['is', 'are', 'was', 'were', 'be', 'been', 'being', 'has', 'have', 'had', 'get', 'gets', 'got', 'did', 'does', 'do', 'will', 'would', 'can'];
/** Words saying when, which follow a verb without being what it is done to: "whether they paid today". */
const TIME_ADVERBS = ['today', 'yesterday', 'tonight', 'late', 'early', 'online', 'later', 'now', 'again', 'once', 'twice'];
/** Words standing for the thing a fact is said of: "whether they paid", "if it was returned". */
const SUBJECT_WORDS = ['it', 'they', 'he', 'she', 'we', 'i', 'you', 'them'];
/** "if they need childcare", "whether it has a warranty": what is needed or had is the fact. */
const NEEDING_VERBS = ['need', 'needs', 'want', 'wants', 'require', 'requires'];
/** Plural nouns that are never a thing the user keeps: what is said of things, time spans and the app. */
const NO_THING = ['things', 'stuff', 'details', 'data', 'info', 'information', 'records', 'entries', 'ones', 'others', 'lots', 'times', 'days', 'weeks', 'months', 'years', 'hours', 'minutes', 'seconds', 'numbers', 'amounts', 'totals', 'notes', 'photos', 'pictures', 'dates', 'names', 'stats', 'statistics', 'reminders', 'notifications', 'charts', 'reports', 'views', 'pages', 'lists', 'screens', 'users', 'people', 'apps', 'fields', 'options', 'statuses', 'stages', 'steps', 'kinds', 'types', 'sorts', 'ways', 'bits', 'parts'];

interface Mention {
  /** the thing kept, or the singular of a thing the join may show the user keeps */
  draft: EntityDraft | null;
  singular: string;
  start: number;
  end: number;
  /** "one kiln", "each firing", "a family": one row */
  one: boolean;
  /** written as a possessive: "the band's songs" */
  possessive: boolean;
  /** a word for the app's users ("customers"): a thing only when something is said to be theirs */
  user: boolean;
}

/** Which thing points at which, and whether at many. */
interface Join {
  from: Mention;
  to: Mention;
  many: boolean;
  /** joined by "their": the one join that makes a word for the app's users a thing */
  owning?: boolean;
  /** said outright of each row: "every breakdown is logged against a machine", "each piece belongs to a firing" */
  stated?: boolean;
}

/** "customers rent a bike": a deed whose record (a rental) the user keeps, done by one thing to another. */
interface Deed {
  /** the record kept, or the noun of one to keep ("members book machines": bookings) */
  record: EntityDraft | string;
  doer: Mention;
  object: Mention;
}

/**
 * Adds the joins of every clause to the reading. `fieldWord` says whether a word names a field rather than a thing
 * ("price", "date"), as the parser's field library knows them; counted (plural, or one row a preposition places
 * something on: "to a room"), a field that holds a name may be a thing ("categories"); otherwise ("each phone") it is
 * the field.
 */
export function readStructure(tokens: Token[], tags: PartOfSpeech[], reading: PromptReading, fieldWord: (singular: string, counted: boolean) => boolean): void {
  const drafts = reading.entities;
  /** ownerBefore's answer for every index, and how many things there were when it was read */
  let owners: (EntityDraft | null)[] = [];
  let ownersOf = -1;
  /** namedBefore's answer, and how many things there were when it was read */
  let namedSoFar: { last: (EntityDraft | null)[]; each: (EntityDraft | null)[] } = { last: [], each: [] };
  let namedOf = -1;
  const draftNamed = (singular: string): EntityDraft | null => {
    const own = drafts.find((draft) => draft.singular === singular || pluralSnake(draft.singular) === singular);
    if (own) return own;
    const ending = drafts.filter((draft) => draft.singular.endsWith(`_${singular}`));
    return ending.length === 1 ? ending[0] : null;
  };
  /** Whether the parser read the word as a field of a thing: "recipes with ingredients", "a fee per student". */
  const isFieldOfAny = (singular: string): boolean => {
    const forms = [singular, pluralSnake(singular)];
    // (a field the thing's kind usually has is one too: "the recipe's ingredients")
    return drafts.some((draft) => draft.fields.some((field) => forms.some((form) => `_${field.name}_`.includes(`_${form}_`)))
      || (draft.domainKey !== null && forms.some((form) => DOMAINS[draft.domainKey as string]?.fields.includes(form))));
  };
  /** The one noun at `at` as a mention, whatever the rules made of its word: "one room" (`one`), "couples" (book …). */
  const nounMention = (at: number, one: boolean): Mention => {
    const singular = toSnake(singularize(tokens[at].text));
    return { ...wordMention(singular, at, at + 1, USER_NOUNS.includes(tokens[at].text), one), draft: draftNamed(singular) };
  };
  /** The mention of one to three words that ends right before `end` (a kept thing's, when `kept`). */
  const mentionEndingAt = (end: number, kept: boolean): Mention | undefined =>
    [1, 2, 3].map((length) => mentionAt(end - length)).find((mention): mention is Mention => mention?.end === end && (!kept || mention.draft !== null));
  const mentionAt = (index: number): Mention | null => {
    if (index < 0 || index >= tokens.length) return null;
    for (let length = 3; length >= 1; length -= 1) {
      const words = tokens.slice(index, index + length);
      if (words.length < length || !words.every((token) => !token.punct)) continue;
      const singular = toSnake([...words.slice(0, -1).map((word) => word.text), singularize(words[length - 1].text)].join(' '));
      const draft = draftNamed(singular);
      // "dog walking", "kiln firings": a thing's name before a noun only says what kind the noun is
      const next = tokens[index + length];
      const modifies = next !== undefined && !next.punct && (tags[index + length] === 'NOUN' || next.text.endsWith('ing')) && !isPlural(words[length - 1].text) && !words[length - 1].possessive;
      if (draft && !modifies) return { draft, singular: draft.singular, start: index, end: index + length, one: false, possessive: words[length - 1].possessive === true, user: false };
    }
    return candidateAt(index);
  };
  /**
   * A noun that may name a thing: plural ("storage units", a noun before it is its compound), or one row of it ("by a
   * family", "each sensor"); never a measure, a field or the app.
   */
  const candidateAt = (index: number): Mention | null => {
    const token = tokens[index];
    // ("deliveries to shops": after "to", a preposition or a determiner a plural word is a noun, whatever the tagger says)
    const nounAfterFunctionWord = tags[index] === 'VERB' && isPlural(token.text) && ['ADP', 'DET', 'PART'].includes(tags[index - 1] ?? '');
    // ("invoices list line items": a holding or taking verb after a plural is its verb, whatever the tagger says)
    const verbAfter = isPlural(token.text) && [...HOLDING_VERBS, ...TAKING_VERBS].includes(tokens[index + 1]?.text ?? '') && !isPlural(tokens[index + 1]?.text ?? '');
    if (token.punct || (tags[index] !== 'NOUN' && tags[index] !== 'PROPN' && !nounAfterFunctionWord) || !thingWord(token.text) || (tags[index + 1] === 'NOUN' && !tokens[index + 1].punct && !verbInS(index + 1) && !verbAfter)) return null;
    // ("a key box": a kept thing's name before a noun is part of the compound, even where the tagger reads an adjective)
    const modifier = tokens[index - 1];
    const compound = index > 0 && !modifier.punct && !modifier.possessive && (tags[index - 1] === 'NOUN' || draftNamed(toSnake(modifier.text)) !== null) && thingWord(modifier.text) && !isPlural(modifier.text) ? index - 1 : index;
    // ("… and concerns one system", "one member hosts a meeting": after "and" or a singular noun, a word in -s before a
    // determiner is a verb)
    if (verbInS(index)) return null;
    // ("a tenancy start date", "the class end time": a singular noun that opens a typed field's name is no thing)
    const opensField = !isPlural(token.text) && [2, 3].some((length) => {
      const words = tokens.slice(index, index + length);
      return words.length === length && words.every((word) => !word.punct) && (fieldFromWords(words.map((word) => word.text), null)?.type ?? 'text') !== 'text'
        && ['NOUN', 'VERB'].includes(tags[index + 1]);
    });
    if (opensField) return null;
    // ("sightings of species": a noun whose plural is the singular counts as plural)
    const plural = isPlural(token.text) || SAME_PLURAL_NOUNS.includes(token.text);
    const before = tokens[compound - 1];
    // ("concerns one system": a word that names an app names a thing when counted as one)
    if (APP_KIND_WORDS.includes(singularize(token.text)) && !['one', 'each', 'every', 'which'].includes(before?.text ?? '')) return null;
    // ("each unit's tenant": one row of a thing, named after whose it is)
    // ("scores per player per round": "per" counts one row, like "each")
    if (!plural && !ONE_WORDS.includes(before?.text ?? '') && before?.text !== 'per' && !(before?.possessive && draftNamed(toSnake(singularize(before.text))))) return null;
    const singular = toSnake([...tokens.slice(compound, index).map((word) => word.text), singularize(token.text)].join(' '));
    // ("each building has several units": many of them are things, even where a field has the word's name)
    // ("to a room", "in a shed": one row a preposition places something on is a thing, even one a field is named for)
    // ("book a room", "hire a van": one row a deed is done to, too)
    const placedOne = !plural && ['a', 'an', 'one'].includes(before?.text ?? '') && (PLACING.has(tokens[compound - 2]?.text ?? '') || KEPT_DEEDS.includes(tokens[compound - 2]?.text ?? ''));
    // ("students with their parents": people said to be someone's are kept, whatever field the rules made of them)
    const theirPeople = plural && before?.text === 'their' && PEOPLE_NOUNS.includes(singular);
    // ("students have weekly lessons": things that happen, or that are money, are kept, whatever field the rules made)
    const happening = plural && [...SCHEDULED_NOUNS, ...MONEY_NOUNS].includes(singular.split('_').pop() ?? '');
    if (!theirPeople && !happening && (isFieldOfAny(singular) || (fieldWord(singular, plural || placedOne) && !(plural && MANY_WORDS.includes(before?.text ?? ''))))) return null;
    return { draft: null, singular, start: compound, end: index + 1, one: false, possessive: token.possessive === true, user: USER_NOUNS.includes(singularize(token.text)) };
  };

  /** A word in -s the tagger took for a plural noun that is a verb: after "and" or a singular noun, before a determiner. */
  function verbInS(index: number): boolean {
    const token = tokens[index];
    if (!token || token.punct || !/s$/.test(token.text) || ![...ONE_WORDS, ...MANY_WORDS, 'the', 'their', 'our', 'my'].includes(tokens[index + 1]?.text ?? '')) return false;
    const before = tokens[index - 1];
    return before?.text === 'and' || (before !== undefined && !before.punct && tags[index - 1] === 'NOUN' && !isPlural(before.text) && tokens[index + 1].text !== 'the');
  }

  /** Where the field lists in brackets that things were given open and close: what is said after one is said of its thing. */
  const ownLists: { open: number; close: number }[] = [];
  // "stages (name, capacity)", "parcels given out (date, household, size)": a plural noun given a list of fields of
  // its own is a thing, even a word that usually names none ("stages") or one the rules read as a field; kept before the
  // joins are read, so that what is said of it joins it ("each exam (…) needs one or more invigilators")
  for (let index = 0; index + 3 < tokens.length; index += 1) {
    const token = tokens[index];
    let open = index + 1;
    if (isParticiple(tokens[open]?.text ?? '')) open += ['out', 'up', 'in', 'off', 'back', 'away'].includes(tokens[open + 1]?.text ?? '') ? 2 : 1;
    if (tokens[open]?.text !== '(') open = -1;
    // ("each exam (subject, paper, date)": one of them, said of each, too)
    const counted = isPlural(token.text) || ['each', 'every'].includes(tokens[index - 1]?.text ?? '');
    if (open < 0 || token.punct || !counted || !['NOUN', 'PROPN', 'VERB'].includes(tags[index]) || mentionAt(index)?.draft || STOP_WORDS.includes(token.text)) continue;
    const close = tokens.findIndex((candidate, at) => at > open && candidate.text === ')');
    if (close < 0) continue;
    const items: string[][] = [[]];
    for (const inside of tokens.slice(open + 1, close)) {
      if ([',', 'and', '/'].includes(inside.text)) items.push([]);
      else if (!inside.punct) items[items.length - 1].push(inside.text);
    }
    const listed = items.filter((words) => words.length > 0 && words.length <= 4);
    // ("AM or PM session": two values joined by "or", then what they are of, is a choice)
    const choiceOf = (words: string[]): EntityDraft['fields'][number] | null => {
      const or = words.indexOf('or');
      if (or !== 1 || words.length < 3) return null;
      const name = toSnake(words.slice(3).join(' ')) || 'type';
      return { name, label: toSentence(name), type: 'select', required: false, options: [words[0], words[2]].map((word) => word.toUpperCase() === word ? word : word[0].toUpperCase() + word.slice(1)) };
    };
    const fields = listed.map((words) => choiceOf(words.map((word, at) => (at === 1 ? word : tokens.find((token) => token.text === word)?.raw ?? word))) ?? fieldFromWords(words, null))
      .filter((field): field is NonNullable<typeof field> => field !== null);
    const known = fields.filter((field) => field.type !== 'text' || fieldWord(field.name, false)).length;
    if (listed.length < 2 || listed.length !== items.length || known * 2 < listed.length) continue;
    const singular = toSnake(singularize(token.text));
    const thing = adopt(wordMention(singular, index, index + 1, USER_NOUNS.includes(singular)), drafts);
    addMissingFields(thing, fields);
    ownLists.push({ open, close });
    // (and no thing keeps the words as a field of its own: "parcels given out")
    const phrase = toSnake(tokens.slice(index, open).map((word) => word.text).join(' '));
    for (const draft of drafts) if (draft !== thing) draft.fields = draft.fields.filter((field) => field.name !== phrase);
  }
  const deeds: Deed[] = [];
  // twice: a thing the first reading adopts ("several units") is known to the second ("each unit's tenant")
  for (let pass = 0; pass < 2; pass += 1) {
    for (const clause of clausesOf(tokens, ownLists)) {
      const mentions: Mention[] = [];
      for (let index = clause.start; index < clause.end; index += 1) {
        const list = ownLists.find((candidate) => candidate.open === index);
        if (list) {
          index = list.close;
          continue;
        }
        const mention = mentionAt(index);
        if (!mention) continue;
        if (mentions.length && mentions[mentions.length - 1].end > mention.start) continue;
        mention.one = ONE_WORDS.includes(tokens[mention.start - 1]?.text ?? '') && !isPlural(tokens[mention.end - 1].text);
        mentions.push(mention);
        index = mention.end - 1;
        // "member payments", "customer calls": a kept thing's name before a kept thing says whose each is
        const modifier = mention.draft && mention.start > clause.start ? tokens[mention.start - 1] : undefined;
        const owner = modifier && !modifier.punct && !modifier.possessive && tags[mention.start - 1] === 'NOUN' && !isPlural(modifier.text) ? draftNamed(toSnake(modifier.text)) : null;
        if (owner && mention.draft && isPlural(tokens[mention.end - 1].text)) linkDrafts(mention.draft, owner, false);
      }
      // "club app - anglers - pegs - matches": a list item that is nothing but a plural noun is a thing, whatever the
      // tagger makes of a word standing alone
      const item = tokens.slice(clause.start, clause.end).filter((token) => !POSSESSIVES.includes(token.text));
      const head = item[item.length - 1];
      if (['-', ':', ';'].includes(tokens[clause.start - 1]?.text ?? '') && item.length >= 1 && item.length <= 2 && item.every((token) => !token.punct) && isPlural(head.text) && thingWord(head.text)) {
        const singular = toSnake([...item.slice(0, -1).map((token) => token.text), singularize(head.text)].join(' '));
        // ("- clients -": listed on its own, a word for the app's users is a thing too; a field the rules made of the
        // word points at the thing instead)
        if (!draftNamed(singular) && (!fieldWord(singular, true) || USER_NOUNS.includes(singularize(head.text)))) {
          adopt(wordMention(singular, clause.start, clause.end), drafts);
        }
      }
      // "a booking app for our tennis courts and coaches": what an app is for is what it keeps, and what a list is of
      for (const mention of mentions) {
        let at = mention.start - 1;
        while (at > 0 && POSSESSIVES.includes(tokens[at].text)) at -= 1;
        const appFor = tokens[at]?.text === 'for' && APP_KIND_WORDS.includes(tokens[at - 1]?.text ?? '');
        // ("keep track of our hives and swarms", "a list of venues": what a list is of is kept)
        // ("a history of repairs", "a note of visits": a record of things, not an amount of stuff)
        const recordOf = tags[at - 1] === 'NOUN' && ['a', 'an', 'my', 'our'].includes(tokens[at - 2]?.text ?? '') && !QUANTITY_NOUNS.includes(tokens[at - 1]?.text ?? '');
        const listOf = tokens[at]?.text === 'of' && (LIST_NOUNS.includes(tokens[at - 1]?.text ?? '') || tokens[at - 1]?.text === 'track' || recordOf);
        if (!mention.draft && !mention.user && isPlural(tokens[mention.end - 1].text) && (appFor || listOf)) adopt(mention, drafts);
      }
      // "our tools and ladders": a plural noun listed with a thing is a thing too
      for (let at = 1; at < mentions.length; at += 1) {
        const [first, second] = [mentions[at - 1], mentions[at]];
        const words = tokens.slice(first.end, second.start).map((token) => token.text);
        const coordinated = words.length > 0 && words.every((word) => word === ',' || word === 'and' || word === 'or' || POSSESSIVES.includes(word)) && words.some((word) => word !== ',');
        if (!coordinated) continue;
        for (const [known, other] of [[first, second], [second, first]]) {
          if (known.draft && !other.draft && !other.user && isPlural(tokens[other.end - 1].text) && isPlural(tokens[known.end - 1].text)) adopt(other, drafts);
        }
      }
      // "customers rent a bike …, each rental has a price", "employees who borrow them": the doer and what the deed is
      // done to are joined through the deed's record, not to each other
      const throughDeed = new Set<number>();
      for (let at = 1; at < mentions.length; at += 1) {
        const deed = deedBetween(mentions[at - 1], mentions[at], mentions[at - 2] ?? null);
        if (!deed) continue;
        // (a record the prompt names holds the join; one it does not name is kept beside the join it would have made)
        if (typeof deed.record !== 'string') throughDeed.add(at);
        if (pass === 1) deeds.push(deed);
      }
      const joins: Join[] = [];
      // the clause's subject: its first thing, when no verb comes before it ("I need to schedule deliveries" has none)
      const subject = mentions[0] && !tokens.slice(clause.start, mentions[0].start).some((_, offset) => isVerb(clause.start + offset)) ? mentions[0] : null;
      /** The head a phrase placed by a preposition hangs from: "lap times for each swimmer at every meet" — meets of lap times. */
      const placedOn = new Map<Mention, Mention>();
      for (let at = 1; at < mentions.length; at += 1) {
        const before = mentions[at - 1];
        const after = mentions[at];
        // "each lesson belongs to a pupil and an instructor": a phrase joined to the one before by "and" alone is
        // joined as that one was
        if (throughDeed.has(at)) continue;
        const sibling = siblingJoin(before, after, joins);
        if (sibling && placedOn.has(before)) placedOn.set(after, sibling.from);
        const join = sibling ?? joinOf(before, after, subject, placedOn);
        if (join) joins.push(join);
      }
      for (const join of joins) {
        if ((join.from.user || join.to.user) && !join.owning) continue;
        linkDrafts(join.from.draft ?? adopt(join.from, drafts), join.to.draft ?? adopt(join.to, drafts), join.many, join.stated === true);
      }
      // "the inspections I do on each hive, with the date", "every laptop is linked to an employee and a department,
      // with purchase date, price": what is said after a thing placed on another is said of what was placed
      const last = mentions[mentions.length - 1];
      const placedHead = last ? placedOn.get(last) : undefined;
      if (placedHead?.draft && last?.draft && placedHead.draft !== last.draft) {
        const after = new Set(tokens.slice(last.end, clause.end).map((token) => toSnake(token.text)));
        const dateSaid = ['date', 'day', 'dates', 'days', 'when'].some((word) => after.has(word));
        const saidAfter = (field: { name: string; type: string }): boolean => field.type !== 'reference' && field.type !== 'references'
          && (field.name.split('_').every((word) => after.has(word)) || (isDateField(field) && dateSaid));
        const head = placedHead.draft;
        // (from each thing placed on the same head: "linked to an employee and a department, with …")
        for (const placed of mentions.filter((mention) => placedOn.get(mention) === placedHead && mention.draft && mention.draft !== head)) {
          const from = placed.draft as EntityDraft;
          const moved = from.fields.filter((field) => saidAfter(field) && !head.fields.some((known) => known.name === field.name) && !(isDateField(field) && head.fields.some(isDateField)));
          from.fields = from.fields.filter((field) => !moved.includes(field));
          head.fields.push(...moved);
          // (the money the rules heard of it was the price moved)
          if (moved.some((field) => field.hint === 'currency') && from.money) {
            from.money = false;
            head.money = true;
          }
        }
      }
    }
  }
  // "rooms, groups, bookings (room, group, date)", "plots, plot holders, and the annual inspections": plural nouns
  // listed with kept things are things, even where the rules read a word of theirs as a field
  for (const list of thingLists()) {
    if (list.filter((item) => item.draft).length === 0 || list.length < 3) continue;
    for (const item of list.filter((listed) => !listed.draft && !listed.user)) {
      const table = pluralSnake(adopt(item, drafts).singular);
      // (nor a field of the app's first thing: "annual inspections" read as one)
      reading.appFields = reading.appFields.filter((field) => !(field.type === 'text' && (field.name === table || field.name.endsWith(`_${table}`))));
    }
  }
  // "bookings (room, group, date)": in a kept thing's field list, a word naming another kept thing points at it, where
  // the rules made a field of the word ("room" as a location)
  for (let index = 1; index < tokens.length; index += 1) {
    const owner = tokens[index].text === '(' ? mentionEndingAt(index, true)?.draft : undefined;
    if (!owner) continue;
    for (let at = index + 1; at < tokens.length && tokens[at].text !== ')' && !(tokens[at].punct && CLAUSE_ENDS.has(tokens[at].text)); at += 1) {
      const alone = [',', '('].includes(tokens[at - 1].text) && [',', ')'].includes(tokens[at + 1]?.text ?? '') && !tokens[at].punct;
      const named = alone ? draftNamed(toSnake(singularize(tokens[at].text))) : null;
      if (!named || named === owner) continue;
      const read = fieldFromWords([tokens[at].text], owner.domainKey);
      owner.fields = owner.fields.filter((field) => field.type === 'reference' || field.type === 'references' || field.name !== read?.name);
      linkDrafts(owner, named, false, true);
    }
  }

  /**
   * Lists of three or more items joined by commas and "and", each a plural noun with at most a determiner, adjectives
   * and a noun before it, ending where the list does: each item as a mention, kept or not.
   */
  function thingLists(): Mention[][] {
    const lists: Mention[][] = [];
    let list: Mention[] = [];
    for (let index = 0; index < tokens.length; ) {
      let at = index;
      // (a possessive says whose, as a determiner does: "the owner's horses")
      while (POSSESSIVES.includes(tokens[at]?.text ?? '') || ['a', 'an'].includes(tokens[at]?.text ?? '') || (tokens[at]?.possessive && !tokens[at].punct)) at += 1;
      while (tags[at] === 'ADJ' && !tokens[at].punct) at += 1;
      const start = at;
      while (at < start + 2 && tags[at] === 'NOUN' && !tokens[at].punct && !isPlural(tokens[at].text)) at += 1;
      const head = tokens[at];
      const after = tokens[at + 1];
      const item = head && !head.punct && isPlural(head.text) && thingWord(head.text) && (after === undefined || [',', 'and', '&', '(', '.', ';', ':', '\n', '!'].includes(after.text));
      if (item) {
        // (the longest of its names a thing is kept under: "log fee payments" are the fee payments)
        const names = [start, start + 1, start + 2].filter((from) => from <= at).map((from) => toSnake([...tokens.slice(from, at).map((token) => token.text), singularize(head.text)].join(' ')));
        const draft = names.map(draftNamed).find((named) => named !== null) ?? null;
        list.push({ draft, singular: draft?.singular ?? names[0], start, end: at + 1, one: false, possessive: false, user: USER_NOUNS.includes(singularize(head.text)) });
        let next = at + 1;
        if (tokens[next]?.text === ',' && tokens[next + 1]?.text === 'and') next += 1;
        if ([',', 'and', '&'].includes(tokens[next]?.text ?? '')) {
          index = next + 1;
          continue;
        }
      }
      if (list.length) lists.push(list);
      list = [];
      index = item ? at + 1 : index + 1;
    }
    if (list.length) lists.push(list);
    return lists;
  }

  for (const deed of deeds) {
    const { doer, object } = deed;
    const named = typeof deed.record !== 'string';
    const record = typeof deed.record === 'string' ? adopt(wordMention(deed.record, doer.start, object.end), drafts) : deed.record;
    // (a record of a deed points at who did it, even one of the app's users: "tenants rent units" keeps tenants)
    const sides = [doer, object].map((side) => side.draft ?? adopt(side, drafts));
    for (const side of sides) linkDrafts(record, side, false, true);
    // (whatever joined the two to each other was the deed, which the record the prompt names now holds)
    if (named) unjoin(sides[0], sides[1]);
  }
  // "couples book the venue", "groups hire our hall": a deed done to the user's own one thing keeps its record, of the doer
  for (let index = 1; index + 2 < tokens.length; index += 1) {
    const nouns = DEED_RECORDS[tokens[index].text];
    // (the tagger takes "book" after a plural for a noun of a compound: "couples book")
    const doer = mentionEndingAt(index, false) ?? (tags[index - 1] === 'NOUN' && isPlural(tokens[index - 1].text) && thingWord(tokens[index - 1].text) ? nounMention(index - 1, false) : undefined);
    const own = ['the', 'our', 'my'].includes(tokens[index + 1].text) && tags[index + 2] === 'NOUN' && !isPlural(tokens[index + 2].text) && mentionAt(index + 2) === null;
    if (!nouns || !KEPT_DEEDS.includes(tokens[index].text) || !doer || !isPlural(tokens[doer.end - 1].text) || !own) continue;
    const record = drafts.find((draft) => draft !== doer.draft && nouns.some((noun) => draft.singular === noun || draft.singular.endsWith(`_${noun}`)))
      ?? adopt(wordMention(nouns[0], index, index + 1), drafts);
    linkDrafts(record, doer.draft ?? adopt(doer, drafts), false, true);
  }
  // "borrowings - a member takes a packet of a variety", "observations = a target seen in a session", "innings, i.e. the
  // runs a player scored in a match": a kept thing defined by a clause naming one of each of two or more other kept
  // things is a record of them; what joined the clause's first to the others was the record's deed
  for (let index = 1; index < tokens.length; index += 1) {
    const definer = definerLength(index);
    const record = definer ? mentionEndingAt(index, true) : undefined;
    if (!record?.draft || !isPlural(tokens[index - 1].text)) continue;
    const named: EntityDraft[] = [];
    // ("rooms - a bed is assigned to a ward", "- a hive has a queen": where one thing belongs, or what it has, defines no record)
    let says = true;
    for (let at = index + definer; at < tokens.length && !tokens[at].punct; at += 1) {
      if ([...STATING_VERBS, ...HOLDING_VERBS].includes(tokens[at].text)) says = false;
      const mention = mentionAt(at);
      if (!mention) continue;
      if (mention.draft && mention.draft !== record.draft && ['a', 'an', 'one', 'each', 'every'].includes(tokens[at - 1]?.text ?? '') && !named.includes(mention.draft)) named.push(mention.draft);
      at = mention.end - 1;
    }
    if (says && named.length >= 2) recordOf(record.draft, named);
  }
  // "I deliver kegs to bars; each delivery has a date": a deed the user does, whose record the prompt keeps, points at
  // what it is done to and where
  for (let index = 0; index + 2 < tokens.length; index += 1) {
    const nouns = ['i', 'we'].includes(tokens[index].text) ? DEED_RECORDS[tokens[index + 1].text] : undefined;
    const record = nouns ? drafts.find((draft) => nouns.some((noun) => draft.singular === noun || draft.singular.endsWith(`_${noun}`))) : undefined;
    if (!record) continue;
    const named: EntityDraft[] = [];
    for (let at = index + 2; at < tokens.length && !(tokens[at].punct && CLAUSE_ENDS.has(tokens[at].text)); at += 1) {
      // (what the deed is done to and where are kept with the record, "kegs", "bars", even a word the rules made a
      // field of: "the bar" among a delivery's details)
      // ("to bars": after a preposition or a determiner a plural is a noun, whatever the tagger says)
      const plural = !tokens[at].punct && isPlural(tokens[at].text) && thingWord(tokens[at].text) && !['ADP', 'DET', 'PRON', 'AUX'].includes(tags[at])
        && (tags[at] !== 'VERB' || ['ADP', 'DET', 'PART'].includes(tags[at - 1] ?? ''));
      const mention = mentionAt(at) ?? (plural ? wordMention(toSnake(singularize(tokens[at].text)), at, at + 1, USER_NOUNS.includes(singularize(tokens[at].text))) : null);
      if (!mention) continue;
      const draft = mention.draft ?? (!mention.user && isPlural(tokens[mention.end - 1].text) ? adopt(mention, drafts) : null);
      if (draft && draft !== record && !named.includes(draft)) named.push(draft);
      at = mention.end - 1;
    }
    if (named.length) recordOf(record, named);
  }

  // "each appointment must link one patient to one dentist", "a booking puts a diver on a trip": a thing that joins two
  // others is a record of both, which no longer point at each other
  // ("a loan is one piece of equipment to one borrower", "each booking is one room for one guest": a row said to be one
  // of a thing for one of another is a record of both, each of them kept)
  for (let index = 1; index + 3 < tokens.length; index += 1) {
    const defining = ['is', 'are'].includes(tokens[index].text) && ['one', 'a', 'an'].includes(tokens[index + 1]?.text ?? '');
    if (!LINKING_VERBS.includes(tokens[index].text) && !defining) continue;
    let subjectEnd = index;
    while (subjectEnd > 0 && ['must', 'should', 'will', 'can', 'shall', 'always', 'just', 'also'].includes(tokens[subjectEnd - 1].text)) subjectEnd -= 1;
    // ("a booking puts a diver on a trip": a thing named only here, as one, is kept)
    const subject = mentionEndingAt(subjectEnd, false);
    const record = subject?.draft ?? (subject && !subject.user && ['a', 'an', 'each', 'every'].includes(tokens[subject.start - 1]?.text ?? '') ? adopt(subject, drafts) : undefined);
    const afterDeterminers = (from: number): number => {
      let at = from;
      while (ONE_WORDS.includes(tokens[at]?.text ?? '') || POSSESSIVES.includes(tokens[at]?.text ?? '')) at += 1;
      // ("one piece of equipment": the amount names the stuff after "of")
      if (QUANTITY_NOUNS.includes(tokens[at]?.text ?? '') && tokens[at + 1]?.text === 'of') at += 2;
      return at;
    };
    const counted = (mention: Mention | null): EntityDraft | undefined =>
      mention?.draft ?? (defining && mention ? adopt(mention, drafts) : undefined);
    if (!record || (defining && !['a', 'an', 'each', 'every'].includes(tokens[(subject?.start ?? 0) - 1]?.text ?? ''))) continue;
    // (after "is one", a noun is one row of a thing even where a field has its name: "one room for one guest")
    const oneRowAt = (at: number): Mention | null => mentionAt(at) ?? (defining && tags[at] === 'NOUN' && tokens[at] !== undefined && !tokens[at].punct && thingWord(tokens[at].text) && !isPlural(tokens[at].text)
      ? nounMention(at, true)
      : null);
    const firstMention = oneRowAt(afterDeterminers(index + 1));
    const joining = ['to', 'with', 'on', 'onto', 'into', 'in', 'at', 'for'].includes(tokens[firstMention?.end ?? -1]?.text ?? '');
    const secondMention = joining && firstMention ? oneRowAt(afterDeterminers(firstMention.end + 1)) : null;
    // (both must be one row each: "one room for one guest", not "a room for two nights")
    if (defining && !(['one', 'a', 'an'].includes(tokens[(secondMention?.start ?? 0) - 1]?.text ?? ''))) continue;
    const first = joining ? counted(firstMention) : undefined;
    const second = first ? counted(secondMention) : undefined;
    if (!first || !second || [first, second].includes(record) || second === first) continue;
    recordOf(record, [first, second]);
    // ("one piece of kit": where the amount's word is only ever followed by "of", the rules' thing of that name goes)
    const amount = firstMention ? tokens[firstMention.start - 2] : undefined;
    const amountThing = amount && QUANTITY_NOUNS.includes(amount.text) ? draftNamed(amount.text) : null;
    const onlyBeforeOf = tokens.every((token, at) => singularize(token.text) !== amount?.text || tokens[at + 1]?.text === 'of');
    if (amountThing && onlyBeforeOf && ![record, first, second].includes(amountThing)) dropDraft(drafts, amountThing);
  }

  /** `record` points at each of `named`; what joined the first of them to the others was the record's deed. */
  function recordOf(record: EntityDraft, named: EntityDraft[]): void {
    const [first, ...others] = named;
    first.fields = first.fields.filter((field) => !(field.type === 'reference' && others.some((other) => field.entity === pluralSnake(other.singular))));
    for (const other of named) linkDrafts(record, other, false, true);
  }

  /** How many tokens at `index` say that a definition follows: a dash, a colon ("="), "where", ", i.e.", ", meaning". */
  function definerLength(index: number): number {
    const text = tokens[index].text;
    // ("visits where a vet sees a pet": "where" too)
    if (['-', '–', ':', 'where'].includes(text)) return 1;
    if (text !== ',') return 0;
    if (tokens[index + 1]?.text === 'i' && tokens[index + 2]?.text === '.' && tokens[index + 3]?.text === 'e') return tokens[index + 4]?.text === '.' ? 5 : 4;
    if (['ie', 'meaning', 'namely'].includes(tokens[index + 1]?.text ?? '')) return tokens[index + 2]?.text === '.' ? 3 : 2;
    return 0;
  }

  // "equipment: wheelchairs, walking frames and commodes, each with an asset number", "gear (tents, stoves)": the plural
  // nouns listed after stuff kept row by row are its kinds, one thing with a type, not things of their own
  for (let index = 0; index + 2 < tokens.length; index += 1) {
    if (!MASS_THINGS.includes(tokens[index].text) || !['(', ':'].includes(tokens[index + 1].text)) continue;
    const kinds = pluralKindsAt(index + 2, tokens[index + 1].text === '(');
    if (!kinds) continue;
    const mass = adopt(wordMention(tokens[index].text, index, index + 1), drafts);
    for (const kind of kinds) {
      // ("walking frames", which the rules may have kept as "frames")
      const listed = draftNamed(toSnake(kind.replace(/\S+$/, singularize))) ?? draftNamed(singularize(kind.split(' ').pop() ?? kind));
      if (listed && listed !== mass) renameDraft(drafts, listed, mass.singular);
    }
    // (nor fields named by a kind, nor the stuff pointing at itself where a kind pointed at it)
    const kindFields = kinds.map(toSnake);
    for (const draft of drafts) draft.fields = draft.fields.filter((field) => !(field.type === 'text' && kindFields.includes(field.name)) && !(draft === mass && field.entity === pluralSnake(mass.singular)));
    mass.fields = mass.fields.filter((field) => field.name !== 'type');
    mass.fields.push({ name: 'type', label: 'Type', type: 'select', required: false, options: kinds.map(capitalize) });
  }

  /**
   * The kinds listed from `start` to a closing bracket (`bracketed`) or to the clause's end or its "each"/"with": two or
   * more plural nouns of one or two words each ("walking frames"), none of them a field's name; null otherwise.
   */
  function pluralKindsAt(start: number, bracketed: boolean): string[] | null {
    const kinds: string[] = [];
    let words: Token[] = [];
    for (let at = start; at <= tokens.length; at += 1) {
      const token = tokens[at];
      const ends = token === undefined || (bracketed ? token.text === ')' : ['.', ';', '\n', '!', '?', ')', 'each', 'every', 'with'].includes(token.text));
      if (ends || [',', 'and', 'or', '/'].includes(token.text)) {
        if (words.length) {
          const last = words[words.length - 1];
          if (words.length > 2 || !isPlural(last.text) || words.some((word) => word.punct) || tags[tokens.indexOf(last)] !== 'NOUN' || fieldWord(toSnake([...words.slice(0, -1).map((word) => word.text), singularize(last.text)].join(' ')), true)) return null;
          kinds.push(words.map((word) => word.text).join(' '));
        }
        words = [];
        if (ends) break;
        continue;
      }
      words.push(token);
    }
    return kinds.length >= 2 ? kinds : null;
  }

  // "my kids chores - kids, chores": a kept thing's plural before a noun says whose each is (an apostrophe left out),
  // unlike "kiln firings", where the singular only says what kind
  for (const draft of [...drafts]) {
    const words = draft.singular.split('_');
    const owner = words.length === 2 && isPlural(words[0]) && !draft.declared ? draftNamed(toSnake(singularize(words[0]))) : null;
    if (!owner || owner === draft) continue;
    linkDrafts(renameDraft(drafts, draft, words[1]), owner, false);
  }
  // "their pieces and kiln firings. … firings have a date": one thing named in full, then by its last word
  for (const short of [...drafts]) {
    const longer = drafts.filter((draft) => draft.singular.endsWith(`_${short.singular}`));
    if (longer.length !== 1) continue;
    const [full] = longer;
    addMissingFields(full, short.fields);
    for (const draft of drafts) {
      for (const field of draft.fields) if (field.entity === pluralSnake(short.singular)) field.entity = pluralSnake(full.singular);
      draft.fields = draft.fields.filter((field, index) => !(draft === full && field.entity === pluralSnake(full.singular)) && draft.fields.findIndex((other) => other.name === field.name) === index);
    }
    drafts.splice(drafts.indexOf(short), 1);
  }
  // "hives with their inspections" and "inspections on each hive": the inspections point at their hive, so the hive
  // needs no list of them
  for (const draft of drafts) {
    // (nor a field named after them, which would become that list)
    draft.fields = draft.fields.filter((field) => !((field.type === 'references' || field.type === 'text') && drafts.some((other) => other !== draft
      && (pluralSnake(other.singular) === field.entity || (field.type === 'text' && pluralSnake(other.singular) === field.name))
      && other.fields.some((back) => back.type === 'reference' && back.entity === pluralSnake(draft.singular)))));
  }
  // ("boilers and the checks I do": a kept thing is no field of the app's first thing)
  reading.appFields = reading.appFields.filter((field) => !drafts.some((draft) => [draft.singular, pluralSnake(draft.singular)].includes(field.name)));
  // "table bookings", "boat rentals": the record of a thing's use, named after the thing, is the record, of one of them
  for (const draft of [...drafts]) {
    const [thing, record, ...rest] = draft.singular.split('_');
    if (rest.length || !USE_RECORDS.includes(record ?? '') || draft.declared || CALENDAR_PERIODS.includes(thing)) continue;
    const at = tokens.findIndex((token, index) => token.text === thing && singularize(tokens[index + 1]?.text ?? '') === record);
    if (at < 0 || tags[at] !== 'NOUN' || drafts.some((other) => other.singular === record)) continue;
    const used = adopt(wordMention(thing, at, at + 1), drafts);
    linkDrafts(renameDraft(drafts, draft, record), used, false);
  }
  // "kiln firings" kept as one thing beside the kilns: each firing is of a kiln
  for (const draft of [...drafts]) {
    const words = draft.singular.split('_');
    const owner = words.length > 1 ? drafts.find((other) => other !== draft && other.singular === words.slice(0, -1).join('_')) : undefined;
    if (owner) linkDrafts(draft, owner, false);
  }

  // "we log any faults reported on a machine": a participle after a thing's plural says what befell it, not its name
  for (const draft of [...drafts]) {
    const words = draft.singular.split('_');
    if (draft.declared || words.length < 2 || !/ed$/.test(words[words.length - 1]) || !isPlural(words[words.length - 2])) continue;
    renameDraft(drafts, draft, toSnake([...words.slice(0, -2), singularize(words[words.length - 2])].join(' ')));
  }
  // "fixtures: home team, away team, date", "a main contact": a field named for the part a kept thing plays points at it
  for (const draft of drafts) {
    for (const field of draft.fields) {
      const [role, named, ...rest] = field.name.split('_');
      const target = field.type === 'text' && rest.length === 0 && named !== undefined && ROLE_MODIFIERS.includes(role) ? draftNamed(named) : null;
      if (!target || target === draft) continue;
      Object.assign(field, { type: 'reference', entity: pluralSnake(target.singular), on_delete: 'set_null' });
      delete field.hint;
    }
  }
  // "rate my coffees 1-10": numbers are no part of a thing's name
  for (const draft of [...drafts]) {
    const words = draft.singular.split('_');
    const kept = words.filter((word) => !/^\d/.test(word));
    if (draft.declared || kept.length === words.length || kept.length === 0) continue;
    renameDraft(drafts, draft, toSnake([...kept.slice(0, -1), singularize(kept[kept.length - 1])].join(' ')));
  }
  // "members rate each wine from 1 to 10", "rate my coffees 1-10": a scale said after the verb is the rating's
  for (let index = 0; index < tokens.length; index += 1) {
    const scale = scaleAt(index);
    const owner = scale ? ownerBefore(index) : null;
    if (!scale || !owner) continue;
    const rated = owner.fields.find((field) => field.type === 'integer' && ['rating', 'score', 'stars', 'grade', 'mark'].includes(field.name));
    if (rated) rated.hint = scale.range;
    else owner.fields.push({ name: scale.field, label: toSentence(scale.field), type: 'integer', required: false, hint: scale.range });
  }
  // "As a shop owner I want to record each sale": who the user is, not a thing the app keeps
  const persona = tokens[0]?.text === 'as' && ['a', 'an'].includes(tokens[1]?.text ?? '') ? tokens.slice(2, 5).findIndex((token) => token.punct || ['i', 'we'].includes(token.text)) : -1;
  if (persona > 0) {
    const singular = toSnake(tokens.slice(2, 2 + persona).map((token) => token.text).join(' '));
    const user = drafts.find((draft) => draft.singular === singular && !draft.declared);
    if (user && drafts.length > 1) dropDraft(drafts, user);
  }
  // "a grade for each exam", "the cost of each repair", "the weight of every lamb": a field of each of a thing, which
  // is kept; a thing the rules made of the field's word alone ("grades") was that field
  for (let index = 0; index + 3 < tokens.length; index += 1) {
    const [word, joint, each] = [tokens[index], tokens[index + 1], tokens[index + 2]];
    // (a plural, "grades for each assignment", or a second "each", "marks of each pupil in each subject", is a record)
    // ("a score per gymnast per apparatus": "per" counts one of each by itself)
    const perOne = joint.text === 'per' && !['each', 'every'].includes(each.text);
    if (word.punct || isPlural(word.text) || !['for', 'of', 'per'].includes(joint.text) || (!['each', 'every'].includes(each.text) && !perOne)) continue;
    const singular = toSnake(singularize(word.text));
    const field = fieldWord(singular, false) ? fieldFromWords([word.text], null) : null;
    const mention = mentionAt(perOne ? index + 2 : index + 3);
    if (!mention || (mention.draft === null && (mention.user || isPlural(tokens[mention.end - 1].text)))) continue;
    // ("a score for each speaker in each round": one said of each of two kept things is a record of both, which
    // holds the field; what joined the two to each other was the record; "the result of each fencer at each
    // competition (place, points)": a noun that names no field is such a record too)
    const secondPer = perOne && tokens[mention.end]?.text === 'per';
    if (['each', 'every'].includes(tokens[mention.end + 1]?.text ?? '') || secondPer) {
      const second = PLACING.has(tokens[mention.end]?.text ?? '') && ['a', 'an', 'the', 'one'].includes(tokens[index - 1]?.text ?? '') ? mentionAt(mention.end + (secondPer ? 1 : 2)) : null;
      const named = field !== null || (['NOUN', 'PROPN'].includes(tags[index]) && thingWord(word.text));
      if (!named || !mention.draft || !second?.draft || second.draft === mention.draft) continue;
      const sides = [mention.draft, second.draft];
      const record = draftNamed(singular) ?? adopt(wordMention(singular, index, index + 1), drafts);
      if (sides.includes(record)) continue;
      if (field) addMissingFields(record, [field]);
      unjoin(sides[0], sides[1]);
      for (const side of sides) linkDrafts(record, side, false, true);
      continue;
    }
    // ("score per player and night": the rules read what is per one thing and another)
    if (perOne || !field) continue;
    const owner = mention.draft ?? adopt(mention, drafts);
    if (!owner.fields.some((known) => known.name === field.name)) owner.fields.push(field);
    const stand = drafts.find((draft) => draft !== owner && [field.name, `${field.name}_entry`].includes(draft.singular) && !draft.declared);
    if (stand && !drafts.some((draft) => draft.fields.some((known) => known.entity === pluralSnake(stand.singular)))) {
      dropDraft(drafts, stand);
      addMissingFields(owner, stand.fields.filter((kept) => kept.type !== 'reference'));
    }
  }
  // "each member's stableford score at each outing": what each of one kept thing has at each of another is a record of
  // both, named and holding the field its words name
  for (let index = 0; index + 5 < tokens.length; index += 1) {
    if (!['each', 'every'].includes(tokens[index].text)) continue;
    const owner = mentionAt(index + 1);
    if (!owner?.draft || !tokens[owner.end - 1].possessive) continue;
    let joint = owner.end;
    while (joint < owner.end + 3 && tokens[joint] !== undefined && !tokens[joint].punct && !PLACING.has(tokens[joint].text)) joint += 1;
    const other = PLACING.has(tokens[joint]?.text ?? '') && ['each', 'every'].includes(tokens[joint + 1]?.text ?? '') ? mentionAt(joint + 2) : null;
    const words = tokens.slice(owner.end, joint).map((token) => token.text);
    // ("stableford score": a kind of score is a score, named as the user wrote it)
    const phrase = words.length ? fieldFromWords(words, null) : null;
    const head = words.length > 1 ? fieldFromWords(words.slice(-1), null) : null;
    const field = phrase?.type === 'text' && head && head.type !== 'text' ? { ...head, name: phrase.name, label: phrase.label } : phrase;
    if (!other?.draft || other.draft === owner.draft || !field || isPlural(words[words.length - 1])) continue;
    const singular = toSnake(singularize(words[words.length - 1]));
    const record = draftNamed(singular) ?? adopt(wordMention(singular, owner.end, joint), drafts);
    if (record === owner.draft || record === other.draft) continue;
    addMissingFields(record, [field]);
    unjoin(owner.draft, other.draft);
    for (const side of [owner.draft, other.draft]) linkDrafts(record, side, false, true);
  }
  // One of a thing said to be for each of a kept other: "I log a visit to each customer", "a check-in for each habit",
  // "the accommodation at each stop" — a record of it, which points at it; but "the winning bidder for each lot", "the
  // entertainer assigned to each party" — one kept thing picked for each of the other, which points at it. (One for
  // each of two is a record of both, read above.)
  for (let index = 1; index + 3 < tokens.length; index += 1) {
    const article = tokens[index - 1].text;
    if (!['a', 'an', 'one', 'the'].includes(article) || tokens[index].punct) continue;
    // ("the winning bidder": the part it plays is no part of its name)
    const at = ROLE_MODIFIERS.includes(tokens[index].text) && tokens[index + 1] !== undefined && !tokens[index + 1].punct ? index + 1 : index;
    const one = mentionAt(at) ?? (article === 'the' && tags[at] === 'NOUN' && !isPlural(tokens[at].text) && thingWord(tokens[at].text) && !fieldWord(tokens[at].text, false)
      ? wordMention(toSnake(tokens[at].text), at, at + 1, USER_NOUNS.includes(tokens[at].text), true) : null);
    if (!one || one.user || tokens.slice(one.start, one.end).some((token) => isPlural(token.text))) continue;
    // ("the entertainer assigned to each party": a participle may say how it was picked)
    const joint = isParticiple(tokens[one.end]?.text ?? '') ? one.end + 1 : one.end;
    if (!['to', 'for', 'of', 'per', 'on', 'at', 'in'].includes(tokens[joint]?.text ?? '') || !['each', 'every'].includes(tokens[joint + 1]?.text ?? '')) continue;
    const other = mentionAt(joint + 2);
    if (!other?.draft || other.draft === one.draft || ['each', 'every'].includes(tokens[other.end + 1]?.text ?? '')) continue;
    // (picked "for" or "to" each; "of" each only a person: "the owner of each dog", where "the milking of each goat" is a record)
    const picked = one.draft !== null && article === 'the' && (['for', 'to'].includes(tokens[joint].text) || isPerson(one.singular));
    if (picked) linkDrafts(other.draft, one.draft as EntityDraft, false, true);
    else if (one.draft || article === 'the') linkDrafts(one.draft ?? adopt(one, drafts), other.draft, false, true);
    else continue;
    // (a field the rules made of the words, "owner of", was this join)
    const phrase = `${one.singular}_${tokens[joint].text}`;
    const wordsField = (field: { name: string; type: string }): boolean => field.type === 'text' && field.name === phrase;
    other.draft.fields = other.draft.fields.filter((field) => !wordsField(field));
    reading.appFields = reading.appFields.filter((field) => !wordsField(field));
  }
  // "I want the stages on a kanban: …", "a spreadsheet with columns …", "Need all-around rankings": words for how the
  // data is laid out or seen are no thing kept; stages read as theirs belong to the thing the prompt last said "each" of
  // ("stages" are a thing of their own at a festival; read as the stages a thing moves through, they are the board's)
  const staged = (draft: EntityDraft): boolean => draft.singular === 'stage' && draft.fields.some((field) => field.type === 'select' && ['stage', 'status'].includes(field.name) && field.options !== undefined);
  for (const meta of drafts.filter((draft) => !draft.declared && (LAYOUT_NOUNS.includes(draft.singular.split('_').pop() ?? '') || staged(draft)))) {
    const at = tokens.findIndex((token) => toSnake(singularize(token.text)) === meta.singular.split('_').pop());
    const owner = lastEachBefore(at < 0 ? tokens.length : at) ?? drafts.find((draft) => draft !== meta && !LAYOUT_NOUNS.includes(draft.singular.split('_').pop() ?? ''));
    const stages = meta.fields.filter((field) => field.type === 'select' && ['stage', 'status'].includes(field.name) && field.options);
    if (owner && owner !== meta) {
      owner.fields = owner.fields.filter((field) => !stages.some((stage) => stage.name === field.name));
      owner.fields.push(...stages);
      for (const view of reading.views) if (view.entity === meta.singular) view.entity = owner.singular;
    }
    dropDraft(drafts, meta);
  }

  /** The thing the prompt last said "each" or "every" of before `index`. */
  function lastEachBefore(index: number): EntityDraft | null {
    return namedBefore().each[index] ?? null;
  }

  // "payments per month", "book a machine for a time slot": a stretch of the calendar says when, it is no thing kept
  for (const period of drafts.filter((draft) => CALENDAR_PERIODS.includes(draft.singular) && !draft.declared)) dropDraft(drafts, period);

  // yes/no facts: "whether the vial has been opened", "if they need childcare", "flag damaged pallets", "flag rooms
  // that are out of order", "entries … get marked billed"
  for (let index = 0; index < tokens.length; index += 1) {
    const fact = factAt(index);
    if (!fact) continue;
    // ("whether I spread salt": a fact the rules read by its verb alone, "spread", is this one, on the thing they gave it)
    const verbOnly = fact.words.length > 1 ? toSnake(fact.words[0]) : null;
    const isVerbOnly = (field: { name: string; type: string }): boolean => field.type === 'boolean' && field.name === verbOnly;
    // ("Mark the poisonous ones.": a sentence naming no thing speaks of the one named last)
    const owner = fact.owner ?? drafts.find((draft) => draft.fields.some(isVerbOnly)) ?? ownerBefore(index) ?? lastNamedBefore(index);
    const said = owner?.fields.some((field) => field.type === 'boolean' && fact.words.every((word) => field.name.split('_').includes(toSnake(word))));
    if (!owner || said) continue;
    const name = toSnake(fact.words.join(' '));
    // ("a toggle for insured": the rules' text field named "toggle" was the fact)
    if (fact.replaces) owner.fields = owner.fields.filter((field) => !(field.type === 'text' && field.name === fact.replaces));
    const existing = owner.fields.findIndex((field) => field.name === name || field.name.endsWith(`_${name}`) || isVerbOnly(field));
    const field = { name, label: toSentence(name), type: 'boolean' as const, required: false };
    if (existing >= 0) owner.fields[existing] = field;
    else owner.fields.push(field);
  }

  /** A scale said at `index` ("from 1 to 10", "1-10", "out of 20"), after a word of rating in the same clause. */
  function scaleAt(index: number): { range: string; field: string } | null {
    // (read as the parser reads one after a field, keeping ranges only: "in minutes" is a unit)
    const read: { hint?: string } = {};
    const scale = readQualifier(tokens, index, read) > 0 && /^\d+–\d+$/.test(read.hint ?? '') ? (read.hint as string) : null;
    if (!scale) return null;
    for (let back = index - 1; back >= 0 && !(tokens[back].punct && CLAUSE_ENDS.has(tokens[back].text)); back -= 1) {
      const word = /^(rat|scor|grad|mark|star)(?:e|es|ed|ing|ings|s)?$/.exec(tokens[back].text)?.[1];
      if (word) return { range: scale, field: { rat: 'rating', scor: 'score', grad: 'grade', mark: 'mark', star: 'stars' }[word] as string };
    }
    return null;
  }

  /** The yes/no fact a phrase at `index` states, with the thing it is said of when the phrase names it. */
  function factAt(index: number): { words: string[]; owner: EntityDraft | null; replaces?: string } | null {
    const text = tokens[index].text;
    if (text === 'whether' || (text === 'if' && index > 0)) return factClause(index + 1);
    // "does it have a tow bar", "do they need a lift": a question asked of each row
    if (['does', 'do', 'did'].includes(text) && SUBJECT_WORDS.includes(tokens[index + 1]?.text ?? '')) return factClause(index + 1);
    // "a tick when it has been picked up", "a box to tick once collected": the fact the box is ticked for
    if (['tick', 'checkbox', 'tickbox', 'box'].includes(text) && ['when', 'once', 'if'].includes(tokens[index + 1]?.text ?? '')) return factClause(index + 2);
    // "which ones are poisonous", "which orders are still unpaid": a state asked of the rows
    if (text === 'which' && ['is', 'are'].includes(tokens[index + 2]?.text ?? '')) {
      const asked = mentionAt(index + 1);
      let at = index + 3;
      while (['still', 'already', 'currently', 'not', 'yet'].includes(tokens[at]?.text ?? '')) at += 1;
      const words = (asked?.draft || ['ones', 'one'].includes(tokens[index + 1].text)) ? predicate(at) : [];
      return words.length ? { words, owner: asked?.draft ?? null } : null;
    }
    // "track who has done the safety training": a fact of the people the sentence speaks of
    if (text === 'who' && ['has', 'have', 'is', 'are'].includes(tokens[index + 1]?.text ?? '') && !mentionAt(index + 2)) {
      const fact = factClause(index + 1);
      const people = drafts.find((draft) => [draft.singular, draft.singular.split('_').pop() ?? ''].some((word) => PEOPLE_NOUNS.includes(word)));
      return fact && { ...fact, owner: fact.owner ?? people ?? null };
    }
    // "a toggle for insured", "a checkbox for gift wrap": a yes/no fact named after it
    if (['toggle', 'checkbox', 'tickbox', 'switch', 'flag', 'tick', 'box'].includes(text) && tokens[index + 1]?.text === 'for') {
      let named = index + 2;
      while ([...ONE_WORDS, ...POSSESSIVES, 'whether', 'if'].includes(tokens[named]?.text ?? '')) named += 1;
      const phrase: string[] = [];
      for (let look = named; look < named + 2 && tokens[look] && !tokens[look].punct && !['and', 'or', 'with', 'to'].includes(tokens[look].text) && !mentionAt(look)?.draft; look += 1) phrase.push(tokens[look].text);
      return phrase.length ? { words: phrase, owner: null, replaces: text } : null;
    }
    if (!FLAG_VERBS.includes(text)) return null;
    let at = index + 1;
    // ("mark the poisonous ones", "flag any van that is off the road")
    while (['the', 'any', 'all', 'those', 'these'].includes(tokens[at]?.text ?? '')) at += 1;
    // "flag damaged pallets": the state, then the thing
    if (isState(at)) {
      const mention = mentionAt(at + 1);
      // ("mark the poisonous ones": of the rows the sentence speaks of)
      if (['ones', 'one'].includes(tokens[at + 1]?.text ?? '')) return { words: [tokens[at].text], owner: null };
      return mention?.draft ? { words: [tokens[at].text], owner: mention.draft } : null;
    }
    // "flag rooms that are out of order", "mark them as paid", "marked billed"
    const mention = mentionAt(at);
    if (mention) at = mention.end;
    else if (['them', 'it', 'each', 'one'].includes(tokens[at]?.text ?? '')) at += 1;
    if (['that', 'which', 'who'].includes(tokens[at]?.text ?? '')) at += 1;
    while (AUXILIARIES.includes(tokens[at]?.text ?? '') || tokens[at]?.text === 'as') at += 1;
    const words = predicate(at);
    return words.length ? { words, owner: mention?.draft ?? null } : null;
  }

  /** "the vial has been opened" → vial opened; "they need childcare" → childcare; "die Prüfung bestanden ist" → Prüfung bestanden. */
  function factClause(start: number): { words: string[]; owner: EntityDraft | null } | null {
    let at = start;
    let owner: EntityDraft | null = null;
    const subject: string[] = [];
    // "whether there is a dashcam fitted": what there is, and what was done to it
    if (tokens[at]?.text === 'there' && ['is', 'are'].includes(tokens[at + 1]?.text ?? '')) {
      const noun = ['a', 'an', 'any'].includes(tokens[at + 2]?.text ?? '') ? at + 3 : at + 2;
      const nouns: string[] = [];
      for (let look = noun; look < noun + 2 && tags[look] === 'NOUN' && !tokens[look].punct; look += 1) nouns.push(tokens[look].text);
      return nouns.length ? { words: isState(noun + nouns.length) ? [...nouns, tokens[noun + nouns.length].text] : nouns, owner } : null;
    }
    while (tokens[at] && !tokens[at].punct && (SUBJECT_WORDS.includes(tokens[at].text) || SUBJECT_WORDS.includes(tokens[at].text.replace(/'(?:s|re)$/, '')) || POSSESSIVES.includes(tokens[at].text) || ONE_WORDS.includes(tokens[at].text))) at += 1;
    const mention = mentionAt(at);
    if (mention?.draft) {
      owner = mention.draft;
      at = mention.end;
      // ("if the fûts vides have been collected": a word after the thing, before its verb, only says which of them)
      if (!AUXILIARIES.includes(tokens[at]?.text ?? '') && !tokens[at]?.punct && AUXILIARIES.includes(tokens[at + 1]?.text ?? '')) at += 1;
    } else {
      // ("whether the empty kegs were collected": the subject's adjectives are part of its name)
      let described = at;
      while (tags[described] === 'ADJ' && !tokens[described].punct) described += 1;
      if (described > at && tags[described] === 'NOUN' && !tokens[described].punct) at = described;
      while (tokens[at] && !tokens[at].punct && tags[at] === 'NOUN' && !AUXILIARIES.includes(tokens[at].text)) subject.push(tokens[at++].text);
    }
    // "if they need childcare", "if they have a DBS check": what they need or have is the fact
    if (NEEDING_VERBS.includes(tokens[at]?.text ?? '') || (['have', 'has', 'hold', 'holds'].includes(tokens[at]?.text ?? '') && ['a', 'an', 'any', 'their', 'its'].includes(tokens[at + 1]?.text ?? ''))) {
      const needed = [...ONE_WORDS, 'any', 'their'].includes(tokens[at + 1]?.text ?? '') ? at + 2 : at + 1;
      const compound = tags[needed + 1] === 'NOUN' && tokens[needed + 1] && !tokens[needed + 1].punct;
      if (['NOUN', 'PROPN'].includes(tags[needed]) && !tokens[needed].punct) return { words: compound ? [tokens[needed].text, tokens[needed + 1].text] : [tokens[needed].text], owner };
    }
    while (AUXILIARIES.includes(tokens[at]?.text ?? '') || ['already', 'still', 'ever', 'yet'].includes(tokens[at]?.text ?? '')) at += 1;
    const words = predicate(at);
    // ("if it's vegan": after "it's" the word the tagger took for a noun is what it is)
    const itIs = tokens.slice(start, at).some((token) => token.possessive && SUBJECT_WORDS.includes(token.text));
    if (!words.length && itIs && subject.length >= 1 && subject.length <= 2) return { words: subject, owner };
    if (!words.length) return null;
    return { words: subject.length && subject.length <= 2 ? [...subject, ...words] : words, owner };
  }

  /** The words stating a fact from `at`: a participle, adjective or verb with its particle, or a short phrase ("out of order"). */
  function predicate(at: number): string[] {
    const words: string[] = [];
    for (let look = at; look < at + 3 && tokens[look] && !tokens[look].punct && !CLAUSE_OPENERS.includes(tokens[look].text) && !['and', 'or', 'at', 'this', 'every', 'each', 'by'].includes(tokens[look].text); look += 1) {
      if (AUXILIARIES.includes(tokens[look].text)) break;
      words.push(tokens[look].text);
    }
    // ("out of order", "behind on payment": a phrase of three words stating where the thing stands)
    const standing = words.length === 3 && (words[1] === 'of' || (['on', 'to', 'in', 'the'].includes(words[1]) && !isState(at)));
    if (!words.length || !(isState(at) || standing)) return [];
    // "signed the waiver", "has done the safety training", "whether I spread salt": what was done, named by the deed and
    // its object
    let object = at + 1;
    while (tokens[object] && ['the', 'a', 'an', 'their', 'its', 'his', 'her'].includes(tokens[object].text)) object += 1;
    const bareObject = object === at + 1 && tags[at] === 'VERB' && !TIME_ADVERBS.includes(tokens[object]?.text ?? '');
    if ((object > at + 1 || bareObject) && tags[object] === 'NOUN' && !tokens[object].punct && !mentionAt(object)?.draft) {
      const nouns = [tokens[object].text];
      if (tags[object + 1] === 'NOUN' && tokens[object + 1] && !tokens[object + 1].punct) nouns.push(tokens[object + 1].text);
      return [words[0], ...nouns];
    }
    // "came back", "showed up": a verb's particle is part of it; other words after it are not
    return standing ? words : words.slice(0, tokens[at + 1] && ['back', 'up', 'out', 'off', 'in'].includes(words[1] ?? '') ? 2 : 1);
  }

  /** A word that states how a thing is: a participle, an adjective, a verb ("opened", "damaged", "escaped", "bestanden"). */
  function isState(index: number): boolean {
    const token = tokens[index];
    return token !== undefined && !token.punct && (tags[index] === 'ADJ' || tags[index] === 'VERB' || /ed$/.test(token.text)) && !AUXILIARIES.includes(token.text) && !STOP_WORDS.includes(token.text);
  }

  // "for each award we note the scout, the date and which leader signed it off", "who did it (one of our
  // technicians)": someone or something picked for each row of the thing the sentence lists details of
  for (let index = 0; index < tokens.length; index += 1) {
    const chosen = chosenAt(index);
    // ("Also which salesperson sold it.": a sentence naming nothing else speaks of the thing named last before it)
    const owner = chosen ? ownerBefore(index) ?? (chosen.start > 0 ? lastNamedBefore(chosen.start) : null) : null;
    if (chosen && owner && chosen.draft !== owner && !chosen.user) linkDrafts(owner, chosen.draft ?? adopt(chosen, drafts), false);
  }

  /** The kept thing named last before `index`. */
  function lastNamedBefore(index: number): EntityDraft | null {
    return namedBefore().last[index] ?? null;
  }

  /**
   * For every index, the kept thing named last before it and the one last said "each" or "every" of: read in one pass
   * over the prompt, again only once a thing has been kept since (asked per fact, a walk back each would be quadratic).
   */
  function namedBefore(): { last: (EntityDraft | null)[]; each: (EntityDraft | null)[] } {
    if (namedOf === drafts.length) return namedSoFar;
    namedSoFar = { last: [], each: [] };
    let last: EntityDraft | null = null;
    let each: EntityDraft | null = null;
    for (let at = 0; at <= tokens.length; at += 1) {
      namedSoFar.last[at] = last;
      namedSoFar.each[at] = each;
      const mention = at < tokens.length ? mentionAt(at) : null;
      if (!mention?.draft) continue;
      for (let inside = at + 1; inside < mention.end; inside += 1) {
        namedSoFar.last[inside] = last;
        namedSoFar.each[inside] = each;
      }
      if (['each', 'every'].includes(tokens[at - 1]?.text ?? '')) each = mention.draft;
      last = mention.draft;
      at = mention.end - 1;
    }
    namedOf = drafts.length;
    return namedSoFar;
  }

  /** "which leader signed", "which vet sees": a thing picked by "which" and said to do something; "who … (one of our technicians)". */
  function chosenAt(index: number): Mention | null {
    if (tokens[index].text === 'which') {
      const mention = mentionAt(index + 1);
      return mention && isVerb(mention.end) ? mention : null;
    }
    if (tokens[index].text !== 'who') return null;
    const opened = tokens.findIndex((token, at) => at > index && at < index + 6 && token.text === '(');
    if (opened < 0 || tokens[opened + 1]?.text !== 'one' || tokens[opened + 2]?.text !== 'of') return null;
    const at = POSSESSIVES.includes(tokens[opened + 3]?.text ?? '') ? opened + 4 : opened + 3;
    const mention = mentionAt(at);
    return mention && isPlural(tokens[mention.end - 1].text) ? mention : null;
  }

  /**
   * The thing a sentence lists details of before `index`: the one named with "each" or "every", or else its first.
   * Read for every index in one pass over the prompt, again only once a thing has been adopted since: asked of each
   * "which", "who" and "whether", a walk back per question would take seconds on a long prompt.
   */
  function ownerBefore(index: number): EntityDraft | null {
    if (ownersOf !== drafts.length) {
      owners = sentenceOwners();
      ownersOf = drafts.length;
    }
    return owners[index] ?? null;
  }

  function sentenceOwners(): (EntityDraft | null)[] {
    const result: (EntityDraft | null)[] = [];
    let first: EntityDraft | null = null;
    let lastEach: EntityDraft | null = null;
    for (let at = 0; at < tokens.length; ) {
      if (at > 0 && tokens[at - 1].punct && ['.', '!', '?', ';', '\n'].includes(tokens[at - 1].text)) {
        first = null;
        lastEach = null;
      }
      result[at] = lastEach ?? first;
      const mention = mentionAt(at);
      if (!mention?.draft) {
        at += 1;
        continue;
      }
      first ??= mention.draft;
      if (['each', 'every'].includes(tokens[at - 1]?.text ?? '')) lastEach = mention.draft;
      for (let inside = at + 1; inside < mention.end; inside += 1) result[inside] = lastEach ?? first;
      at = mention.end;
    }
    result[tokens.length] = lastEach ?? first;
    return result;
  }

  /**
   * The deed a verb between `doer` and `next` names, when the user keeps its record: "customers rent a bike", "members
   * who book machines"; with "them" or "it" for its object, the deed is done to the thing named before the doer
   * ("books, employees who borrow them").
   */
  function deedBetween(doer: Mention, next: Mention, beforeDoer: Mention | null): Deed | null {
    const span = tokens.slice(doer.end, next.start);
    let at = 0;
    while (span[at] && ['who', 'that', 'can', 'may', 'will', 'often', 'usually', 'also', 'sometimes'].includes(span[at].text)) at += 1;
    const verb = span[at];
    const nouns = verb && !verb.punct ? DEED_RECORDS[verb.text] : undefined;
    if (!nouns) return null;
    let rest = at + 1;
    // ("check out", "sign up for", "comment on", "enrol in", "apply to": a particle or a preposition before what it is done to)
    if (['out', 'up', 'in', 'off'].includes(span[rest]?.text ?? '')) rest += 1;
    if (['on', 'for', 'to', 'in', 'into', 'at', 'with'].includes(span[rest]?.text ?? '')) rest += 1;
    const pronoun = ['them', 'it'].includes(span[rest]?.text ?? '');
    const object = pronoun ? beforeDoer : next;
    if (!object || (!pronoun && !span.slice(rest).every((token) => ONE_WORDS.includes(token.text) || MANY_WORDS.includes(token.text) || POSSESSIVES.includes(token.text) || /^\d+$/.test(token.text)))) return null;
    const record = drafts.find((draft) => draft !== doer.draft && draft !== object.draft && nouns.some((noun) => draft.singular === noun || draft.singular.endsWith(`_${noun}`)));
    if (record) return { record, doer, object };
    // ("customers book appointments": what is booked may be the record itself)
    const isRecord = (mention: Mention): boolean => [...SCHEDULED_NOUNS, ...Object.values(DEED_RECORDS).flat()].includes(mention.singular.split('_').pop() ?? '');
    const things = [doer, object].every((side) => !isRecord(side)) && (object.draft !== null || !object.user);
    return KEPT_DEEDS.includes(verb.text) && things ? { record: nouns[0], doer, object } : null;
  }

  /** The join of `after` when only "and", "or", a comma and determiners stand between it and `before`, which a join reached. */
  function siblingJoin(before: Mention, after: Mention, joins: Join[]): Join | null {
    const words = tokens.slice(before.end, after.start).map((token) => token.text);
    const coordinated = words.some((word) => word === 'and' || word === 'or' || word === ',')
      && words.every((word) => word === 'and' || word === 'or' || word === ',' || ONE_WORDS.includes(word) || POSSESSIVES.includes(word) || MANY_WORDS.includes(word));
    // ("to a pupil and an instructor": each named as one row; "tracks on each release, and royalties paid to …" lists a new thing)
    const oneEach = [before, after].every((mention) => ONE_WORDS.includes(tokens[mention.start - 1]?.text ?? ''));
    // ("…, and each route is driven by …": a thing a verb follows starts a clause of its own)
    const startsClause = isVerb(after.end);
    const reached = coordinated && oneEach && !startsClause ? joins.find((join) => join.to === before && join.from !== after) : undefined;
    return reached ? { ...reached, to: after } : null;
  }

  /** How two phrases next to each other are joined, or null when they are not (a list, another clause). */
  function joinOf(before: Mention, after: Mention, subject: Mention | null, placedOn: Map<Mention, Mention>): Join | null {
    // ("each exam (subject, paper, date) needs one or more invigilators": the first's own list in brackets stands
    // between them, and joins nothing)
    const ownList = ownLists.find((list) => list.open === before.end);
    const from = ownList ? ownList.close + 1 : before.end;
    const words = tokens.slice(from, after.start).map((token) => token.text);
    if (words.some((word) => CLAUSE_OPENERS.includes(word)) && !(words[0] === 'which' || tokens[before.start - 1]?.text === 'which')) return null;
    // "the band's songs": what is theirs points at them
    if (before.possessive && !words.length) return { from: after, to: before, many: false };
    // "customers book appointments for their dogs": theirs are the clause's subject's
    if (words[words.length - 1] === 'their') {
      const owner = subject && subject !== after && isPlural(tokens[subject.end - 1].text) ? subject : before;
      if (owner === after) return null;
      // ("horses and their owners", "cars and their drivers": a thing points at who has it or works it; "families, their
      // children": the children point at their family)
      const person = (mention: Mention): boolean => PEOPLE_NOUNS.includes(mention.singular.split('_').pop() ?? '') || mention.user;
      if (person(after) && /(?:er|or)$/.test(after.singular) && !person(owner)) return { from: owner, to: after, many: false, owning: true, stated: true };
      return { from: after, to: owner, many: false, owning: true, stated: true };
    }
    // ("dogs are fostered by volunteers until adopted by a family": a participle after "until" is the subject's too)
    // ("by one or more cleaners": that "or" counts, it joins nothing)
    const orAt = words.findLastIndex((word, at) => word === 'or' && !MANY_WORDS.includes(words[at + 1] ?? ''));
    const coordination = Math.max(words.lastIndexOf(','), words.lastIndexOf('and'), orAt, ...SUBORDINATORS.map((word) => words.lastIndexOf(word)));
    if (coordination < 0) return joinAcross(before, after, from, placedOn);
    // "samples are taken from patients, stored in freezers": a second verb of the clause's subject
    // ("… and concerns one system": a word in -s before a determiner is a verb, whatever the tagger says)
    const next = from + coordination + 1;
    const verbLike = isVerb(next) || (tags[next] === 'NOUN' && /s$/.test(tokens[next].text) && [...ONE_WORDS, ...POSSESSIVES].includes(tokens[next + 1]?.text ?? ''));
    const carried = subject !== null && verbLike && subject !== after;
    return carried ? joinAcross(subject, after, next, placedOn) : null;
  }

  /** The join the words from `from` to `after` make between `left` and `after`: a preposition or a verb. */
  function joinAcross(left: Mention, after: Mention, from: number, placedOn: Map<Mention, Mention>): Join | null {
    const span = tokens.slice(from, after.start);
    const words = span.map((token) => token.text);
    // (adjectives before the second say what kind it is: "come from local farms"; "one or more" counts it)
    const counting = (word: string, back: number): boolean => ONE_WORDS.includes(word) || MANY_WORDS.includes(word) || (word === 'or' && MANY_WORDS.includes(words[words.length - back] ?? ''));
    const lastWord = [...words].reverse().find((word, back) => !counting(word, back) && !POSSESSIVES.includes(word) && !/^\d+$/.test(word) && tags[after.start - 1 - back] !== 'ADJ');
    // ("done by one or more cleaners", "with several guests": many of the second)
    const manyAfter = isPlural(tokens[after.end - 1].text) && MANY_WORDS.includes(words[words.length - 1] ?? '');
    const verbs = span.filter((_, offset) => isVerb(from + offset)).map((token) => token.text);
    // "donors drop off food items": a singular word right after a plural subject is its verb, whatever the tagger says
    if (!verbs.length && span[0] && !span[0].punct && tags[from] === 'NOUN' && !isPlural(span[0].text) && isPlural(tokens[left.end - 1].text) && from === left.end) verbs.push(span[0].text);
    // ("… and concerns one system": a word in -s right before a determiner is the verb)
    if (!verbs.length && span[0] && !span[0].punct && tags[from] === 'NOUN' && /s$/.test(span[0].text) && [...ONE_WORDS, ...POSSESSIVES].includes(span[1]?.text ?? '')) verbs.push(span[0].text);
    if (lastWord && PLACING.has(lastWord)) {
      const head = placedOn.get(left) ?? left;
      placedOn.set(after, head);
      // ("customers with their orders", "clients come to us with cases": several of the second, each one's)
      if (lastWord === 'with' && !after.one && (!verbs.length || isPlural(tokens[after.end - 1].text))) return { from: after, to: head, many: false };
      const stated = head === left && (['each', 'every'].includes(tokens[left.start - 1]?.text ?? '') || words.some((word) => STATING_VERBS.includes(word)));
      // ("a fixer is assigned to each item": each of the second has one of the first, so the second points at it)
      if (head === left && left.one && !['each', 'every'].includes(tokens[left.start - 1]?.text ?? '') && ['each', 'every'].includes(tokens[after.start - 1]?.text ?? '')) return { from: after, to: left, many: false, stated: true };
      return { from: head, to: after, many: lastWord === 'between' || manyAfter, stated };
    }
    const verb = verbs[verbs.length - 1];
    // a noun between the two is a third thing ("members record game results"), not a join
    // (nouns right before the second only say what kind it is: "donors drop off food items")
    let named = after.start;
    while (named > from && tags[named - 1] === 'NOUN' && !tokens[named - 1].punct) named -= 1;
    if (!verb || span.slice(0, named - from).some((token, offset) => tags[from + offset] === 'NOUN' && token.text !== verb)) return null;
    // ("each hire has one or two erectors", "every shift has three cleaners": the people a job or a booking has are
    // staffed on it, kept apart from it; "each team has eleven players" belong to their team)
    if (HOLDING_VERBS.includes(verb) && !after.one && STAFFED_RECORDS.includes(left.singular.split('_').pop() ?? '') && personLike(after)) return { from: left, to: after, many: true };
    if (HOLDING_VERBS.includes(verb)) return after.one ? { from: left, to: after, many: false } : { from: after, to: left, many: false };
    if (TAKING_VERBS.includes(verb)) return { from: left, to: after, many: !after.one };
    // ("each session is one tutor": said outright of each row)
    const stated = ['is', 'are'].includes(verb) && ['each', 'every'].includes(tokens[left.start - 1]?.text ?? '');
    return left.one && after.one ? { from: left, to: after, many: false, stated } : { from: after, to: left, many: false };
  }

  function isVerb(index: number): boolean {
    return !tokens[index]?.punct && (tags[index] === 'VERB' || tags[index] === 'AUX');
  }
}

/** Whether a thing's name is a person's: one the vocabulary knows, or a doer's ("bidder", "entertainer", "florist"). */
function isPerson(singular: string): boolean {
  const head = singular.split('_').pop() ?? singular;
  return PEOPLE_NOUNS.includes(head) || /(?:er|or|ist|ant)$/.test(head);
}

/** The spans of a prompt between marks that end a clause; a parenthesis goes on the clause of the phrase it follows. */
function clausesOf(tokens: Token[], ownLists: { close: number }[]): { start: number; end: number }[] {
  const clauses: { start: number; end: number }[] = [];
  let start = 0;
  tokens.forEach((token, index) => {
    // (a thing's own list in brackets does not end what is said of it: "each exam (subject, date) needs invigilators")
    if (!token.punct || !CLAUSE_ENDS.has(token.text) || ownLists.some((list) => list.close === index)) return;
    if (index > start) clauses.push({ start, end: index });
    start = index + 1;
  });
  if (start < tokens.length) clauses.push({ start, end: tokens.length });
  return clauses;
}

/** A mention of people: a word the vocabulary knows for people, one for the app's users, or one that does ("erectors"). */
function personLike(mention: Mention): boolean {
  const word = mention.singular.split('_').pop() ?? '';
  return PEOPLE_NOUNS.includes(word) || mention.user || (word.length > 5 && /(?:er|or|ist)$/.test(word) && !UNIT_WORDS[word]);
}

/** Whether a plural noun can name a thing the user keeps. */
function thingWord(word: string): boolean {
  const singular = singularize(word);
  return word.length > 2 && !NO_THING.includes(word) && !STOP_WORDS.includes(word) && !STOP_WORDS.includes(singular) && !KEEPING_VERBS.includes(word)
    && !UNIT_WORDS[word] && !UNIT_WORDS[singular] && !SCORE_WORDS.includes(singular) && !SCORE_WORDS.includes(word) && !DURATION_TIME_WORDS.includes(singular)
    && !OBJECT_WORDS.includes(word) && !FIELD_INTRO_WORDS.includes(word) && !LIST_NOUNS.includes(singular) && !VIEW_WORDS.includes(singular);
}

/** Makes the thing a join showed the user keeps one of the app's things. */
function adopt(mention: Mention, drafts: EntityDraft[]): EntityDraft {
  const existing = drafts.find((draft) => draft.singular === mention.singular);
  if (existing) return existing;
  const draft: EntityDraft = { singular: mention.singular, domainKey: null, fields: [], measurement: false };
  drafts.push(draft);
  mention.draft = draft;
  // a field the rules made of the word ("- clients -", "their parents") points at the thing instead
  for (const other of drafts) {
    const table = pluralSnake(draft.singular);
    // (a text field of a few words ending in it, "students have weekly lessons" made weekly_lessons, goes: the join
    // that adopted the thing says which way they point)
    other.fields = other.fields.filter((field) => !(other !== draft && field.type === 'text' && field.name.endsWith(`_${table}`) && field.name.split('_').length <= 3));
    const named = other === draft ? -1 : other.fields.findIndex((field) => field.type !== 'reference' && field.type !== 'references' && [draft.singular, table].includes(field.name));
    if (named < 0) continue;
    other.fields.splice(named, 1);
    linkDrafts(other, draft, false);
  }
  return draft;
}

/** Gives a thing each of these fields whose name it does not have yet. */
export function addMissingFields(into: EntityDraft, fields: EntityDraft['fields']): void {
  for (const field of fields) if (!into.fields.some((known) => known.name === field.name)) into.fields.push(field);
}

/** Forgets a thing, and every reference to it. */
/** Neither of two things points at the other any more: the record that now holds their join does. */
function unjoin(one: EntityDraft, other: EntityDraft): void {
  for (const [from, to] of [[one, other], [other, one]]) from.fields = from.fields.filter((field) => !(field.type === 'reference' && field.entity === pluralSnake(to.singular)));
}

/** A mention of words no kept thing is named by yet: one row of it when `one`. */
function wordMention(singular: string, start: number, end: number, user = false, one = false): Mention {
  return { draft: null, singular, start, end, one, possessive: false, user };
}

function dropDraft(drafts: EntityDraft[], dropped: EntityDraft): void {
  drafts.splice(drafts.indexOf(dropped), 1);
  for (const draft of drafts) draft.fields = draft.fields.filter((field) => field.entity !== pluralSnake(dropped.singular));
}

/**
 * Names a thing anew, pointing what pointed at it at the new name; where a thing of that name is kept already, the
 * two are one, with the fields of both. Answers the thing that now bears the name.
 */
export function renameDraft(drafts: EntityDraft[], draft: EntityDraft, singular: string): EntityDraft {
  const [before, after] = [pluralSnake(draft.singular), pluralSnake(singular)];
  const same = drafts.find((other) => other !== draft && other.singular === singular);
  if (same) {
    addMissingFields(same, draft.fields);
    drafts.splice(drafts.indexOf(draft), 1);
  }
  for (const other of drafts) {
    for (const field of other.fields) {
      if (field.entity !== before) continue;
      field.entity = after;
      if (field.name === draft.singular) {
        field.name = singular;
        field.label = toSentence(singular);
      }
    }
  }
  draft.singular = singular;
  return same ?? draft;
}

/** A reference from one thing to another, unless either already points at the other. */
export function linkDrafts(from: EntityDraft, to: EntityDraft, many: boolean, overrides = false): void {
  if (from === to) return;
  const fromTable = pluralSnake(from.singular);
  const toTable = pluralSnake(to.singular);
  const points = (draft: EntityDraft, table: string): boolean => draft.fields.some((field) => (field.type === 'reference' || field.type === 'references') && field.entity === table);
  if (points(from, toTable)) return;
  // a join the sentence states outright ("every breakdown is logged against a machine") turns round a guess made the other way
  if (points(to, fromTable) && !overrides) return;
  to.fields = to.fields.filter((field) => !(field.type === 'reference' && field.entity === fromTable));
  if (points(to, fromTable)) return;
  const name = many ? toTable : to.singular;
  const existing = from.fields.findIndex((field) => field.name === name || field.name === to.singular);
  const field = { name, label: toSentence(name), type: many ? ('references' as const) : ('reference' as const), required: false, entity: toTable, on_delete: 'set_null' as const };
  if (existing >= 0) from.fields[existing] = field;
  else from.fields.push(field);
}

function isDateField(field: { type: string }): boolean {
  return field.type === 'date' || field.type === 'datetime';
}
