/**
 * Prompts written as a data model rather than as prose: "Entities: Vessel (name, length), Charter (vessel, price)",
 * "Tables: Course(title) / Section(course -> Course, room)", "- shows - performances (show, date) - roles (which
 * show, which cast member)". Each "Name (items)" declares a thing with exactly those fields, in that order; an item
 * naming another thing of the prompt ("vessel", "which show", "course -> Course") is a reference to it.
 */
import { fieldFromWords, libraryFieldName, matchDomainNoun, type EntityDraft, type PromptReading } from './prompt-parser';
import { linkDrafts, renameDraft } from './prompt-structure';
import { PEOPLE_NOUNS, RANKING_WORDS, VIEW_WORDS } from './vocabulary.data';
import { capitalize, distinctValues, isPlural, pluralSnake, singularize, toSentence, toSnake, tokenize, YES_NO_PAIRS } from './words.util';

export interface DeclaredThing {
  /** snake_case singular of the name as written: "Vessel" → vessel, "cast members" → cast_member */
  singular: string;
  /** each item's words, lower case: "which show" → ["which", "show"] */
  items: string[][];
  /** items that name a field and its values: "tier: gold/silver/bronze", "status = open | closed" */
  choices: { name: string; options: string[] }[];
  /** items that hold one of another thing: "skipper (one of the members)" → skipper, member */
  pointers: { name: string; target: string }[];
}

/** "tier: gold/silver/bronze", "status = pending | paid", "size: S or M": a field's name, then its values. */
const CHOICE_ITEM = /^\s*([\p{L}][\p{L}\d _'’-]*?)\s*[:=]\s*(\S.*)$/u;

/** An item and its values in parentheses: "result (pass, pass with defects, fail)". */
const BRACKETED_VALUES = /(?:^|,)\s*([\p{L}][\p{L}\d '’-]*?)\s*\(([^()]+)\)/gu;

/** An item and, in brackets, the things it holds one of: "skipper (one of the members)", "vet (from our list of vets)". */
const AMONG_ITEM = /(?:^|,)\s*([\p{L}][\p{L}\d '’-]*?)\s*\((?:both |all )?(?:(?:one|any|each) of|from|chosen from|picked from)(?: our| the| my| your| their)?(?: list of)? ([\p{L}-]+)\)/giu;

/** Words before a declared name that are no part of it: "the tireurs (…)", "our boats (…)", "…, and rentals (…)". */
const NAME_DETERMINERS = ['the', 'a', 'an', 'our', 'my', 'your', 'their', 'some', 'all', 'and', 'or'];

/** Words before a list of declarations that say it is one: "Entities:", "Tables:", "data model:". */
const DECLARING_WORDS = ['entities', 'entity', 'tables', 'table', 'models', 'model', 'schema', 'objects', 'resources', 'collections', 'types'];
/** A name (one to three words) that starts an item of a list, then its items in parentheses. */
const DECLARATION = /(^|[,;/|\n:.•*]|\s-\s|\band\s)\s*([\p{L}][\p{L}\d'’-]*(?:[ _][\p{L}][\p{L}\d'’-]*){0,2})\s*\(([^()]*)\)/gu;
/** "Orders -> customer | date | total; Customer -> name | email": a name starting a line or sentence, an arrow or "=", its items. */
const ARROW_DECLARATION = /(^|[;\n.]\s*)([\p{L}][\p{L}\d'’-]*(?:[ _][\p{L}][\p{L}\d'’-]*){0,2})\s*(?:->|→|=>|=)\s*([^;\n.]+)/gu;
/** "Wine cellar: bottles - vintage, region, grape, price paid": a name opening a line, sentence or list, a dash, then a comma list of its fields. */
const DASH_DECLARATION = /(^|[:;\n.]\s*)([\p{L}][\p{L}\d'’]*(?: [\p{L}][\p{L}\d'’]*){0,2}) [-–—] ([^;\n.:\-–—]+,[^;\n.:\-–—]+)/gu;
/**
 * "Building: name, address / Lift: building, serial no / Inspection: lift, date": a name opening a line (or a part of
 * one after " / "), a colon, then a comma list of its fields up to the line's or part's end.
 */
const COLON_DECLARATION = /(^|\n|\s\/\s)[ \t]*(?:(?:[-*\u2022]|\d+[.)])[ \t]*)?([\p{L}][\p{L}\d'’-]*(?: [\p{L}][\p{L}\d'’-]*){0,2})[ \t]*:[ \t]*((?:(?!\s\/\s)[^\n:])+?,(?:(?!\s\/\s)[^\n:])+?)(?=\s\/\s|\n|$)/gu;
/** "Author has many Books": the second points at the first. */
const HAS_MANY = /\b([\p{L}]+) (?:has|have) (?:many|several|multiple|some) ([\p{L}]+)/giu;
/** Words in front of an item that only say it points somewhere: "which show", "the vessel", "a member". */
const POINTING_WORDS = ['which', 'the', 'a', 'an', 'its', 'their', 'one'];

/**
 * The things a prompt declares, or an empty list when it declares none. Declarations ("Name (items)", "Name -> items",
 * "Name - a, b") count when two of them hold two items or more (then one-item ones count too), when a declaring word
 * introduces them, or when the prompt has a single "Name -> …" or "Name - …" of three items or more. A parenthesis of
 * values ("accounts (checking, savings or credit card)", "condition (mint, played)") or one with its own colon
 * ("(which voice part: soprano, alto)") declares nothing.
 */
export function declaredThings(text: string): DeclaredThing[] {
  const found: DeclaredThing[] = [];
  let lineForms = 0;
  for (const { name, inside: written, line } of declarationsIn(text)) {
    const inside = written.replace(/\([^()]*\)/g, ' ');
    // ("(which voice part: soprano, alto)", "(mint, near mint or played)": values, not fields; a later item may give its
    // own values: "(name, tier: gold/silver/bronze)")
    const listed = inside.split(/[,;]/);
    const valued = listed.map((item) => CHOICE_ITEM.exec(item)).map((match) => (match && /[/|]|\bor\b/i.test(match[2]) ? match : null));
    if (listed[0].includes(':') || /\b(?:or|ou|oder|o)\b/i.test(listed.filter((_, index) => !valued[index]).join(','))) continue;
    const choices = valued.flatMap((match) => (match ? [{ name: toSnake(match[1]), options: match[2].split(/\s*(?:[/|]|\bor\b)\s*/i).map((option) => option.trim()).filter(Boolean) }] : []));
    // ("result (pass, pass with defects, fail)": an item's values in parentheses, each of a few words)
    const bracketed = [...written.matchAll(BRACKETED_VALUES)]
      .map((match) => ({ name: toSnake(match[1].trim()), options: match[2].split(/\s*(?:[,/|]|\bor\b)\s*/i).map((option) => option.trim()).filter(Boolean) }))
      // (not fields, "payment (amount, date)", nor a yes/no mark, "paid (y/n)")
      .filter(({ options }) => options.length >= 2 && options.every((option) => option.split(' ').length <= 4) && options.filter((option) => libraryFieldName(toSnake(option)) !== undefined).length * 2 < options.length
        && !YES_NO_PAIRS.some((pair) => options.every((option) => pair.includes(option.toLowerCase()))));
    choices.push(...bracketed);
    const pointers = [...written.matchAll(AMONG_ITEM)].map((match) => ({ name: toSnake(match[1].trim()), target: toSnake(singularize(match[2].toLowerCase())) }));
    // ("breast/bottle" is one item holding a choice, read by the parser; "vendor -> Vendor": the field, then the thing it points at)
    const items = listed.filter((_, index) => !valued[index]).join(',').split(/[,;|]|\band\b/).map((item) => tokenize(item.replace(/\s*(?:->|→|=>)\s*\S.*$/, '')).filter((token) => !token.punct).map((token) => token.text))
      .filter((words) => words.length > 0 && ![...bracketed, ...pointers].some((known) => known.name === toSnake(words.join(' '))));
    // ("the tireurs (name, …)": an article before the name is no part of it)
    const nameWords = name.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').toLowerCase().split(/[ _]/).filter((word, index, all) => index === all.length - 1 || !NAME_DETERMINERS.includes(word));
    const held = items.length + choices.length + pointers.length;
    // (one item is enough among other declarations: "Author (name)")
    if (held < 1 || (held < 2 && !/^\p{Lu}/u.test(name)) || fieldFromWords(nameWords, null) !== null && !isPlural(nameWords[nameWords.length - 1]) && !/^\p{Lu}/u.test(name)) continue;
    // ("Need all-around rankings = total of the four scores": a view, and how it is worked out, declare no thing)
    if ([...VIEW_WORDS, ...RANKING_WORDS].includes(nameWords[nameWords.length - 1])) continue;
    const singular = toSnake([...nameWords.slice(0, -1), singularize(nameWords[nameWords.length - 1])].join(' '));
    // "Vessel (…)" after "Entities: ": the declaring word is no part of the name
    found.push({ singular: singular.replace(new RegExp(`^(?:${DECLARING_WORDS.join('|')})_`), ''), items, choices, pointers });
    if (line && held >= 3) lineForms += 1;
  }
  const introduced = new RegExp(`\\b(?:${DECLARING_WORDS.join('|')})\\s*:`, 'i').test(text);
  const declaring = introduced || found.filter((thing) => thing.items.length + thing.choices.length + thing.pointers.length >= 2).length >= 2;
  // (one "Name - a, b, c" or "Name -> a | b | c" with three fields or more says what that thing holds)
  return declaring || (lineForms === 1 && found.length === 1) ? found : [];
}

/** Each "Name (items)", "Name -> items", "Name - a, b" and "Name: a, b" starting a line or sentence, with where it stands in the text. */
function declarationsIn(text: string): { name: string; inside: string; start: number; end: number; line: boolean }[] {
  const spans = [...text.matchAll(DECLARATION)].map((match) => ({ name: match[2], inside: match[3], start: match.index, end: match.index + match[0].length, line: false }));
  for (const pattern of [ARROW_DECLARATION, DASH_DECLARATION]) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index + match[1].length;
      if (!spans.some((span) => start < span.end && span.start < start + match[0].length)) spans.push({ name: match[2], inside: match[3], start, end: match.index + match[0].length, line: true });
    }
  }
  // ("Status: open, closed" names a field and its values; "A podcast planner: episodes, …" is prose about the app)
  const colons = [...text.matchAll(COLON_DECLARATION)]
    .filter((match) => libraryFieldName(toSnake(match[2])) === undefined && !/^(?:a|an|the|my|our|your|their)\b/i.test(match[2]))
    .map((match) => ({ name: match[2], inside: match[3], start: match.index + match[1].length, end: match.index + match[0].length, line: false }));
  // (taken only as two or more, the way a data model is written out: "Building: name, address / Lift: building, …"; a
  // parenthesis inside one is a field's values, not a declaration of its own)
  if (colons.length >= 2) {
    const outside = spans.filter((span) => !colons.some((colon) => colon.start <= span.start && span.end <= colon.end));
    spans.splice(0, spans.length, ...outside, ...colons.filter((colon) => !outside.some((span) => colon.start < span.end && span.start < colon.end)));
  }
  return spans.sort((a, b) => a.start - b.start);
}

/**
 * Gives each declared thing its declared fields and references, adding the things it points at that the reading
 * lacks. When the prompt is nothing but declarations, they are the whole data model: each thing has exactly its
 * declared fields, and what the reading made of words inside them ("client name" is a charter's field, not a thing)
 * is dropped. Among prose, the declarations add to what the prose says.
 */
export function applyDeclarations(reading: PromptReading, declared: DeclaredThing[], text: string): void {
  const drafts = reading.entities;
  const draftOf = (singular: string): EntityDraft | undefined => drafts.find((draft) => draft.singular === singular || pluralSnake(draft.singular) === singular);
  const adopt = (singular: string): EntityDraft => {
    const domain = matchDomainNoun(tokenize(singular.replace(/_/g, ' ')), 0);
    const draft: EntityDraft = { singular, domainKey: domain?.length === singular.split('_').length ? domain.domainKey : null, fields: [], measurement: false };
    drafts.push(draft);
    return draft;
  };
  let outside = text.toLowerCase();
  for (const span of declarationsIn(text).reverse()) outside = `${outside.slice(0, span.start)} - ${outside.slice(span.end)}`;
  // ("Author has many Books" is part of the data model, not prose around it)
  const outsideWords = tokenize(outside.replace(HAS_MANY, ' ')).filter((token) => !token.punct && !DECLARING_WORDS.includes(token.text));
  const onlyDeclarations = outsideWords.length <= 2;
  // ("orienteering club results … - results: runner, course": a thing the prose named longer is the one declared, by
  // its declared name)
  const longer = (singular: string): EntityDraft | undefined => {
    const ending = drafts.filter((draft) => draft.singular.endsWith(`_${singular}`));
    return ending.length === 1 ? renameDraft(drafts, ending[0], singular) : undefined;
  };
  const declaredDrafts = declared.map((thing) => draftOf(thing.singular) ?? longer(thing.singular) ?? adopt(thing.singular));
  declared.forEach((thing, index) => {
    const draft = declaredDrafts[index];
    if (onlyDeclarations) {
      // exactly what is declared: no fields a domain usually has
      draft.fields = [];
      draft.domainKey = null;
      draft.declared = true;
    }
    for (const item of thing.items) {
      const pointing = POINTING_WORDS.includes(item[0]);
      const words = pointing ? item.slice(1) : item;
      if (!words.length) continue;
      const singular = toSnake([...words.slice(0, -1), singularize(words[words.length - 1])].join(' '));
      // (in a prompt of declarations only, an item points at a declared thing: "Supplier(name, contact)" keeps a contact)
      const known = onlyDeclarations ? declaredDrafts.find((other) => other.singular === singular) : draftOf(singular);
      // ("which show" names a thing; so does "their owner", a kind of person whose the thing is)
      const target = known ?? (item[0] === 'which' || (['their', 'its'].includes(item[0]) && PEOPLE_NOUNS.includes(singular)) ? adopt(singular) : undefined);
      if (target && target !== draft) {
        linkDrafts(draft, target, isPlural(words[words.length - 1]) && words.length === item.length);
        continue;
      }
      const field = fieldFromWords(words, draft.domainKey);
      if (field && !draft.fields.some((known) => known.name === field.name)) draft.fields.push(field);
    }
    for (const { name, target } of thing.pointers) {
      const pointed = draftOf(target) ?? adopt(target);
      if (pointed === draft) continue;
      draft.fields = draft.fields.filter((known) => known.name !== name);
      draft.fields.push({ name, label: toSentence(name), type: 'reference', required: false, entity: pluralSnake(pointed.singular), on_delete: 'set_null' });
    }
    for (const { name, options } of thing.choices) {
      const values = distinctValues(options.map(capitalize));
      if (values.length < 2) continue;
      draft.fields = draft.fields.filter((known) => known.name !== name);
      draft.fields.push({ name, label: toSentence(name), type: 'select', required: false, options: values });
    }
  });
  // "Author has many Books": the books point at their author
  for (const match of text.matchAll(HAS_MANY)) {
    const owner = draftOf(toSnake(singularize(match[1].toLowerCase())));
    const owned = draftOf(toSnake(singularize(match[2].toLowerCase())));
    if (owner && owned && owner !== owned) linkDrafts(owned, owner, false);
  }
  // ("Entities: …": the word that introduces the declarations names no thing)
  reading.entities = reading.entities.filter((draft) => !DECLARING_WORDS.includes(draft.singular) && !DECLARING_WORDS.includes(pluralSnake(draft.singular)));
  if (!onlyDeclarations) return;
  // fields of the app and views of a field no declaration has were read from the declarations' punctuation ("a -> b" as stages)
  reading.appFields = [];
  reading.views = reading.views.filter((view) => !view.field || declaredDrafts.some((draft) => draft.fields.some((field) => field.name === view.field)));
  const pointedAt = (draft: EntityDraft): boolean => declaredDrafts.some((other) => other.fields.some((field) => field.entity === pluralSnake(draft.singular)));
  // ("clients - jobs (date, price)": a thing listed beside the declarations stays)
  const namedOutside = (draft: EntityDraft): boolean => outsideWords.some((token) => [draft.singular, pluralSnake(draft.singular)].includes(token.text));
  reading.entities = reading.entities.filter((draft) => declaredDrafts.includes(draft) || pointedAt(draft) || namedOutside(draft));
}
