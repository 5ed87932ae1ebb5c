import { fieldFromWords, libraryFieldName } from './prompt-parser';
import { FIELD_LIBRARY, KEEPING_VERBS } from './vocabulary.data';
import { capitalize, toSnake, YES_NO_PAIRS } from './words.util';

/** A field the prompt gives a closed set of values: "severity can be low, medium or high", "colour (red|white)". */
export interface ChoicePhrase {
  /** The field's name as written ("severity", "payment method"). */
  name: string;
  options: string[];
  /** Where the phrase starts in the prompt, to find the thing it speaks of (the last one named before it). */
  at: number;
  /** The values are kinds of a thing ("a donor can be an individual or a business"): its type, when the app keeps it. */
  kinds?: boolean;
}

/** Words that join the last choice: English, and the French, German and Spanish ones a translation may leave. */
const OR = '(?:or|ou|oder|o|u)';
/** A list's last values joined by "or" in any of the languages: "red, green or blue". */
const JOINED_BY_OR = new RegExp(`,? ${OR} `, 'iu');
/** One choice: one to three words, none of them a small word that would make it a clause ("assigned to a developer"). */
const CHOICE = "(?!(?:and|or|with|by|of|for|from|the) )(?:\\d+/\\d+|[\\p{L}\\d][\\p{L}\\d'’-]*)(?: [\\p{L}\\d][\\p{L}\\d'’-]*){0,2}";
const NAME = '([\\p{L}][\\p{L}-]*)';
/** What says a closed set follows the field's name. */
const SAYS = '(?:(?:that|which) )?(?:is|are|can be|could be|must be|should be|will be|may be|has to be)(?: either| one of:?| any of:?)?';

/** "severity can be low, medium, high or critical", "a plan that is either monthly, yearly or lifetime" */
const OR_LIST = new RegExp(`\\b${NAME} ${SAYS} (${CHOICE}(?:, ${CHOICE})*,? ${OR} ${CHOICE})(?=$|[.,;:!?)]| and )`, 'giu');
/** "the outcome is one of: sale, callback, no answer, not interested": "one of" makes commas enough */
const ONE_OF_LIST = new RegExp(`\\b${NAME} (?:(?:that|which) )?(?:is|are|can be|must be) (?:one|any) of:? (${CHOICE}(?:, ${CHOICE})+)(?=$|[.;:!?)])`, 'giu');
/** "colour (red|white|rosé)", "a status of active | paused": values joined by bars (slashes are read in context by the parser) */
const BAR_LIST = new RegExp(
  `\\b${NAME}(?=[\\s(:=|-])(?: ${SAYS}| of|:| =| -)? ?\\(?(\\p{L}[\\p{L}'’-]*(?: \\p{L}[\\p{L}'’-]*)? ?\\| ?\\p{L}[\\p{L}'’-]*(?: \\p{L}[\\p{L}'’-]*)?(?: ?\\| ?\\p{L}[\\p{L}'’-]*(?: \\p{L}[\\p{L}'’-]*)?)*)\\)?`,
  'giu',
);

/** A list ending in "or", or of three or more: "easy, medium or hard", "waiting, in repair, done". */
const LIST = `${CHOICE}(?:, ${CHOICE})*,? ${OR} ${CHOICE}|${CHOICE}(?:, ${CHOICE}){2,}`;
/**
 * "condition (mint, near mint, played)", "accounts (checking, savings or credit card)", "members (which voice part:
 * soprano, alto, tenor, bass)": values in parentheses after a name, or after "which" and a field's name inside them.
 */
const PAREN_LIST = new RegExp(`(?<!['’])\\b(?:${NAME}( of)? )?${NAME} \\((?:which ([\\p{L}][\\p{L} -]*?): ?)?(${CHOICE}(?:, ${CHOICE})*,? ${OR} ${CHOICE}|${CHOICE}(?:, ${CHOICE})+)\\)`, 'giu');
/**
 * "a severity of SEV1, SEV2 or SEV3", "level easy, medium or hard", "status: waiting, in repair, done", "a colour - red,
 * green or blue - and …", "a category like food, travel or rent": a closed-set field's name, then its values.
 */
const NAMED_LIST = new RegExp(`\\b${NAME}( of|:| -| –| like| such as| e\\.g\\.)? (${LIST})(?=$|[.;:!?)\\n]|,? and |,? with | [-–] | \\()`, 'giu');
/**
 * "status waiting/in progress/done", "a status of open / on hold / closed": a closed-set field's values between slashes;
 * "grade: fine / very fine / mint": after a colon, three or more such values are any field's.
 */
const SLASH_LIST = new RegExp(`\\b${NAME}( of|:| =| -)? (${CHOICE}(?: ?/ ?${CHOICE})+)(?=$|[.;:,!?)\\n]| and | with | \\()`, 'giu');
/**
 * "belts (date, examiner, new belt: white, yellow, green)": inside a parenthesis, a name, a colon and values that run
 * to its end — the field list's last item, whose commas separate values, not fields — or to an "or" and its value,
 * after which the fields go on ("(name, voice part: soprano, alto or bass, email)").
 */
const COLON_TAIL_LIST = new RegExp(`\\b(?:${NAME} )?${NAME}: (${CHOICE}(?:, ${CHOICE})+(?:,? ${OR} ${CHOICE})?)(?=\\))`, 'giu');
const COLON_OR_LIST = new RegExp(`\\b(?:${NAME} )?${NAME}: (${CHOICE}(?:, ${CHOICE})*,? ${OR} ${CHOICE})(?=, )`, 'giu');
/** "orders sent by Royal Mail or courier", "paid by card or cash": the ways a deed is done, as a field named for it. */
const DONE_BY_LIST = new RegExp(`\\b(\\p{L}+(?:ed|id|nt|ne|de))( by| via| through| with) (${CHOICE}(?:, ${CHOICE})*,? ${OR} ${CHOICE})(?=$|[.;:!?)\\n]|,? and |,? with | \\()`, 'giu');
/** "leads get marked as hot, warm or cold", "customers are tagged VIP, regular or new": values a thing is labelled with. */
const LABEL_LIST = new RegExp(`\\b(marked|tagged|labell?ed|flagged|graded|classed|classified|categori[sz]ed) (?:as )?(${LIST})(?=$|[.;:!?)\\n]|,? and |,? with | \\()`, 'giu');
/** The field a labelling verb fills. */
const LABEL_FIELDS: Readonly<Record<string, string>> = {
  marked: 'status', tagged: 'tag', labelled: 'label', labeled: 'label', flagged: 'flag', graded: 'grade', classed: 'class',
  classified: 'class', categorised: 'category', categorized: 'category',
};
/** "you choose a type from concert, talk and workshop", "pick a size from S, M or L": the values to choose among. */
const CHOOSE_LIST = new RegExp(`\\b(?:choose|chooses|pick|picks|select|selects) (?:a|an|the|one|their|its) ${NAME} (?:from|out of|among) (${CHOICE}(?:, ${CHOICE})*,? (?:${OR}|and) ${CHOICE})(?=$|[.;:!?)\\n]|,? and |,? with )`, 'giu');

/** Whether a field of this name holds one of a closed set of values ("severity", "level", "condition", "urgency"). */
function closedSetField(name: string): boolean {
  const known = libraryFieldName(toSnake(name));
  return known !== undefined && ['select', 'multiselect'].includes(FIELD_LIBRARY[known].type);
}

/**
 * Whether the words are values: none a field's name ("(show, date, time)" lists fields, "(mint, near mint, played)"
 * values), and not all plural ("equipment (skis, boots, helmets)" lists kinds of things, which the parser reads).
 */
function valuesOnly(options: string[]): boolean {
  return options.every((option) => option.split(' ').length <= 2 && libraryFieldName(toSnake(option)) === undefined) && !options.every((option) => /s$/i.test(option));
}

/**
 * Whether a list in parentheses that ends in "or" holds values: "or" says one of them is meant, so a value may run to
 * three words ("sizes (25 sq ft, 50 sq ft or 100 sq ft)"); a list that names a field still lists fields ("payments
 * (date, amount, late or on time)").
 */
function valuesJoinedByOr(options: string[]): boolean {
  const fields = options.filter((option) => libraryFieldName(toSnake(option)) !== undefined).length;
  return options.every((option) => option.split(' ').length <= 3) && fields === 0 && !options.every((option) => /s$/i.test(option));
}

/** A count before a name: "four sizes (…)" names the sizes. */
const COUNT_WORD = /^(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)$/i;

/** Small words no choice holds, and words that name no field. */
const CLAUSE_WORDS = new Set(['a', 'an', 'the', 'to', 'for', 'with', 'by', 'of', 'from', 'into', 'each', 'every', 'their', 'his', 'her', 'its', 'our', 'my', 'your', 'who', 'which', 'that', 'when', 'where', 'if', 'we', 'they', 'i', 'you']);
const NOT_NAMES = new Set(['it', 'this', 'that', 'which', 'what', 'there', 'each', 'one', 'they', 'he', 'she', 'we', 'i', 'you', 'answer', 'and', 'or', 'either', 'be', 'is', 'are', 'over', 'up', 'out', 'off', 'back', 'down', 'away', 'them', 'us']);
/** A value that starts by counting: "one or more", "two or three people". */
const COUNTING_WORDS = /^(?:one|two|three|more|many|several|some|any|all|both|multiple|few)\b/i;
/** Pairs that are a yes/no fact or a conjunction, not a choice. */
const NOT_CHOICES: ReadonlyArray<readonly string[]> = [...YES_NO_PAIRS, ['and', 'or']];

function splitChoices(list: string): string[] {
  return list
    // ("a split of 50/50 or 60/40": a slash between numbers is part of the value)
    .split(new RegExp(`\\s*\\|\\s*|(?<!\\d)\\s*/\\s*|\\s*/\\s*(?!\\d)|,? ${OR} |, `, 'iu'))
    // ("an individual or a business": the article is no part of the value)
    .map((choice) => choice.trim().replace(/^(?:an?|the) (?=\S)/i, ''))
    .filter(Boolean);
}

function isChoiceList(options: string[]): boolean {
  if (options.length < 2 || new Set(options.map((option) => option.toLowerCase())).size !== options.length) return false;
  const lower = options.map((option) => option.toLowerCase());
  if (NOT_CHOICES.some((pair) => pair.length === lower.length && pair.every((word) => lower.includes(word)))) return false;
  // "in progress" and "on hold" are choices; a small word inside one makes it a clause
  return options.every((option) => option.split(' ').every((word, index) => !CLAUSE_WORDS.has(word.toLowerCase()) || (index === 0 && /^(in|on|at)$/i.test(word))));
}

/**
 * Finds the closed sets of values a prompt gives its fields, in the ways people write them (a list ending in "or"
 * after "is", "can be" or "either"; "one of:" and a list; values joined by bars), and returns the prompt
 * with each such phrase cut down to the field's name, so that the values are not read as things or fields.
 */
export function extractChoices(prompt: string): { text: string; choices: ChoicePhrase[] } {
  const choices: ChoicePhrase[] = [];
  let text = prompt;
  // (before the lists after "is": "customers are tagged VIP, regular or new" names no field "customers")
  text = replaceEach(text, LABEL_LIST, ([whole, verb, list], offset) => {
    const options = splitChoices(list);
    if (!isChoiceList(options)) return whole;
    const name = LABEL_FIELDS[verb.toLowerCase()];
    choices.push({ name, options: options.map(capitalize), at: offset });
    return `${verb} ${name}`;
  });
  for (const pattern of [ONE_OF_LIST, OR_LIST, BAR_LIST]) {
    text = text.replace(pattern, (whole: string, name: string, list: string, offset: number, all: string) => {
      const options = splitChoices(list);
      if (NOT_NAMES.has(name.toLowerCase()) || !isChoiceList(options)) return whole;
      // "each ride is open, full or cancelled" describes the thing itself: the parser reads it as its status
      if (/\b(each|every)\s+$/i.test(all.slice(0, offset))) return whole;
      // ("a donor can be an individual or a business": kinds of a thing the sentence also names; the parser keeps it)
      const kinds = /,? (?:an?|the) \S/i.test(` ${list}`);
      choices.push({ name: toSnake(name), options: options.map(capitalize), at: offset, ...(kinds ? { kinds } : {}) });
      // ("WorkOrder (title, priority low|med|high)": a closing parenthesis the list did not open stays)
      const closing = whole.endsWith(')') && !whole.includes('(') ? ')' : '';
      return kinds ? whole : `${name}${closing}`;
    });
  }
  text = replaceEach(text, PAREN_LIST, ([whole, before, of = '', last, inner, list], offset) => {
    const options = splitChoices(list);
    // ("payments (date, amount, late or on time)": fields, one of them a choice the parser reads)
    if (NOT_NAMES.has(last.toLowerCase()) || !isChoiceList(options) || !(inner || valuesOnly(options) || (JOINED_BY_OR.test(list) && valuesJoinedByOr(options)))) return whole;
    // ("skaters (derby name, number)": after a plural thing, a list without "or" that holds a typed field is its fields)
    const fieldsOfThing = !inner && /s$/i.test(last) && !JOINED_BY_OR.test(list)
      && options.some((option) => (fieldFromWords(option.toLowerCase().split(' '), null)?.type ?? 'text') !== 'text');
    if (fieldsOfThing) return whole;
    // ("light needs (low, medium or bright)", "voice part (soprano, alto)", "the type of light (sun, shade)": a name of two
    // words or of "X of Y"; "with status (…)" is one)
    const lead = before !== undefined && !CLAUSE_WORDS.has(before.toLowerCase()) && !NOT_NAMES.has(before.toLowerCase()) && !KEEPING_VERBS.includes(before.toLowerCase()) && !COUNT_WORD.test(before) && before === before.toLowerCase() ? `${before}${of} ` : '';
    const name = `${lead}${last}`;
    const skipped = before !== undefined && !lead ? `${before}${of} ` : '';
    choices.push({ name: toSnake(inner ?? name), options: options.map(capitalize), at: offset + skipped.length });
    return inner ? `${skipped}${name} (${inner})` : `${skipped}${name}`;
  });
  text = replaceEach(text, CHOOSE_LIST, ([whole, name, list], offset) => {
    const options = splitChoices(list.replace(/,? and /i, ', '));
    if (NOT_NAMES.has(name.toLowerCase()) || !isChoiceList(options)) return whole;
    choices.push({ name: toSnake(name), options: options.map(capitalize), at: offset });
    return whole.slice(0, whole.toLowerCase().lastIndexOf(` ${name.toLowerCase()} `) + name.length + 1);
  });
  for (const pattern of [COLON_TAIL_LIST, COLON_OR_LIST]) text = replaceEach(text, pattern, ([whole, before, last, list], offset) => {
    const options = splitChoices(list);
    const opened = text.lastIndexOf('(', offset) > text.lastIndexOf(')', offset);
    if (!opened || NOT_NAMES.has(last.toLowerCase()) || !isChoiceList(options) || !valuesOnly(options)) return whole;
    // ("new belt": a name of two words, unless the first is a small word or the parenthesis' previous item)
    const lead = before !== undefined && !CLAUSE_WORDS.has(before.toLowerCase()) && !NOT_NAMES.has(before.toLowerCase()) && before === before.toLowerCase() ? `${before} ` : '';
    const skipped = before !== undefined && !lead ? `${before} ` : '';
    choices.push({ name: toSnake(`${lead}${last}`), options: options.map(capitalize), at: offset + skipped.length });
    return `${skipped}${lead}${last}`;
  });
  text = replaceEach(text, DONE_BY_LIST, ([whole, deed, how, list], offset) => {
    const options = splitChoices(list);
    // ("done by one or more cleaners": how many do it, not how it is done)
    if (!isChoiceList(options) || !valuesOnly(options) || options.some((option) => COUNTING_WORDS.test(option))) return whole;
    choices.push({ name: toSnake(`${deed}${how}`), options: options.map(capitalize), at: offset });
    return `${deed}${how}`;
  });
  text = replaceEach(text, SLASH_LIST, ([whole, name, separator, list], offset) => {
    const options = list.split(/ ?\/ ?/).map((option) => option.trim());
    // ("date/time", "breast/bottle" after a name that holds no closed set: the parser reads them in context; after a
    // status, a value may also name a field: "waiting/in progress/done")
    const mostlyValues = options.filter((option) => libraryFieldName(toSnake(option)) !== undefined).length * 2 < options.length;
    // ("apparatus vault / bars / beam / floor": three or more values between spaced slashes, after any name)
    const listedAfterColon = (separator === ':' || / \/ /.test(list)) && options.length >= 3;
    if (!(closedSetField(name) || listedAfterColon) || !mostlyValues || options.every((option) => /s$/i.test(option)) || !isChoiceList(options)) return whole;
    choices.push({ name: toSnake(name), options: options.map(capitalize), at: offset });
    return name;
  });
  text = replaceEach(text, NAMED_LIST, ([whole, name, separator, list], offset) => {
    const options = splitChoices(list);
    // ("a colour - red, green or blue", "a category like food, travel or rent": a dash or "like" says values of any field follow)
    // (a singular name: "pets - dogs, cats or birds" lists kinds of things)
    // ("each one a colour: white, yellow or brown": after a colon too, when the list ends in "or")
    const orAfterColon = separator === ':' && JOINED_BY_OR.test(list);
    const saidValues = separator !== undefined && (!/^ ?(?:of|:)$/.test(separator) || orAfterColon) && !/s$/i.test(name) && !NOT_NAMES.has(name.toLowerCase()) && !CLAUSE_WORDS.has(name.toLowerCase()) && valuesOnly(options);
    if (!(closedSetField(name) || saidValues) || !isChoiceList(options)) return whole;
    choices.push({ name: toSnake(name), options: options.map(capitalize), at: offset });
    return name;
  });
  return { text, choices: choices.sort((a, b) => a.at - b.at) };
}

/**
 * Replaces each match of a global pattern by what `decide` makes of it; where it keeps a match as it was, the search
 * goes on from the match's second character, so a phrase that starts inside a rejected match is still found ("with a
 * severity of SEV1, SEV2 or SEV3": not "with", but "severity").
 */
function replaceEach(text: string, pattern: RegExp, decide: (match: RegExpExecArray, offset: number) => string): string {
  let result = '';
  let from = 0;
  const scanner = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  for (let match = scanner.exec(text); match !== null; match = scanner.exec(text)) {
    const replaced = decide(match, match.index);
    if (replaced === match[0]) {
      scanner.lastIndex = match.index + 1;
      continue;
    }
    result += text.slice(from, match.index) + replaced;
    from = match.index + match[0].length;
    scanner.lastIndex = from;
  }
  return result + text.slice(from);
}
