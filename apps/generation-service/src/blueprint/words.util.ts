/**
 * Word handling the blueprint planner needs: tokens, singular and plural forms, and the three spellings of a
 * name (snake_case for columns and tables, "Sentence case" for labels, "Title Case" for app names).
 */
import winkNLP from 'wink-nlp';
import winkModel from 'wink-eng-lite-web-model';
import { ICS_SINGULARS, IRREGULAR_PLURALS, UNCOUNTABLE_NOUNS, IES_SINGULARS, VES_SINGULARS, ES_SINGULARS, UPPERCASE_WORDS, TITLE_SMALL_WORDS, MISSPELLED_WORDS, IRREGULAR_PARTICIPLES } from './vocabulary.data';

export interface Token {
  /** lower-case word, or the punctuation mark itself */
  text: string;
  /** the word as the user typed it (casing kept), for names */
  raw: string;
  punct: boolean;
  /** the word was written as a possessive: "student's", "parents'" */
  possessive?: boolean;
}

const SINGULAR_OF_IRREGULAR = new Map(Object.entries(IRREGULAR_PLURALS).map(([singular, plural]) => [plural, singular]));

/** The one word a yes/no mark after a field becomes ("drunk y/n", "fragile (yes/no)", "payé oui/non"). */
export const YES_NO_MARK = 'yes-or-no';
/** The pairs of words a yes/no answer is written with, in English, French, German and Spanish. */
export const YES_NO_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['y', 'n'], ['yes', 'no'], ['true', 'false'], ['oui', 'non'], ['vrai', 'faux'], ['ja', 'nein'], ['wahr', 'falsch'], ['sí', 'no'], ['si', 'no'], ['verdadero', 'falso'],
];
/** "y/n", "yes or no", "oui/non", "ja oder nein", after a colon or in parentheses: a yes/no mark. */
const YES_NO_WRITTEN = new RegExp(`(?::\\s*)?\\(?\\b(?:${YES_NO_PAIRS.map(([yes, no]) => `${yes}\\/${no}|${yes} (?:or|ou|oder|o) ${no}`).join('|')})\\b\\)?\\??`, 'gi');

/** The word a currency sign is read as, one the planner knows for money. */
const CURRENCY_NAMES: Record<string, string> = { '€': 'euros', $: 'dollars', '£': 'pounds' };

/**
 * Splits a prompt into words and the punctuation that separates phrases. Hyphens and apostrophes stay inside words.
 * Arrows between stages ("draft → review", "queued -> printing", "a > b") become one `>` mark; a yes/no mark after
 * a field becomes the word YES_NO_MARK; a misspelled function word ("wether") is read as meant.
 */
export function tokenize(text: string): Token[] {
  const normalized = text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/\s*(?:->|=>|-->|[\u2192\u21D2\u27F6\u2794\u279C\u21AA]|(?<=\s)>(?=\s))\s*/g, ' > ')
    // ("Instrument ID<tab>Description<tab>Location": a spreadsheet's header row, pasted, lists fields as commas would)
    .replace(/[ ]*\t+[ ]*/g, ', ')
    // "- must store patients …", "- should show appointments …", "- track our vans": a requirement's verb at the head
    // of a list's line says what the app does, not what it keeps
    .replace(/(^|\n)([ \t]*(?:[-*\u2022]|\d+[.)])[ \t]*)(?:(?:it|we|the app|users?)\s+)?(?:(?:must|should|shall|will|can|needs? to|has to|have to)\s+(?:be able to\s+)?)?(?:store|keep|track|record|log|show|list|manage|save|hold|display|register|capture)\s+(?!of\b)(?=\S)/gi, '$1$2')
    // ("* hearing aids fitted to a patient: …", "• rooms": a list's line marked by a star or a bullet is one marked by a dash)
    .replace(/(^|\n)([ \t]*)[*\u2022](?=[ \t])/g, '$1$2-')
    // ("insured: yes/no", "poisonous yes or no": after a colon, or written out, too)
    .replace(YES_NO_WRITTEN, ` ${YES_NO_MARK} `)
    // "signed?)", "paid?, notes": a question mark inside a list of fields asks a yes/no question about the row, like
    // "y/n"; so does one after a participle that ends a list ("… + price + paid?"); a question ending a sentence stays one
    .replace(/\b([A-Za-z\u00C0-\u024F]+)\?(?=\s*[,;)/+])/g, `$1 ${YES_NO_MARK} `)
    // (or one not plural, "…, present?", "…, gift wrap?", in a line that does not open as a question)
    .replace(/([,/+]\s*)((?:[A-Za-z\u00C0-\u024F]+ )?[A-Za-z\u00C0-\u024F]+)\?[ \t]*(?=\n|$)/g, (whole, before: string, phrase: string, at: number, all: string) => {
      const word = phrase.split(' ').pop() as string;
      const line = all.slice(all.lastIndexOf('\n', at) + 1, at);
      const asked = /^\W*(?:can|could|would|will|do|does|did|is|are|how|what|why|should|may|shall)\b/i.test(line);
      return /ed$/i.test(word) || IRREGULAR_PARTICIPLES.includes(word.toLowerCase()) || (!asked && !/s$/i.test(word)) ? `${before}${phrase} ${YES_NO_MARK}` : whole;
    })
    // "€40 each", "$12.50", "500$": an amount in a currency, read as "40 euros" (a decimal point would end a sentence)
    .replace(/([€$£])\s?(\d+)(?:[.,]\d{1,2})?|(\d+)(?:[.,]\d{1,2})?\s?([€$£])/g, (whole, before: string | undefined, amount: string | undefined, amountFirst: string | undefined, after: string | undefined) =>
      ` ${amount ?? amountFirst} ${CURRENCY_NAMES[(before ?? after) as string]} `)
    // "value in €": a currency sign standing alone is the currency's name
    .replace(/(^|\s)([€$£])(?=\s|[,.;:!?)]|$)/g, (whole, before: string, sign: string) => `${before}${CURRENCY_NAMES[sign]}`)
    // "date + price", "sightings = species + spot": a plus joins items of a list, an equals sign says what a thing holds
    .replace(/\s\+\s/g, ' , ')
    .replace(/\s=\s/g, ' : ')
    // "visits w date", "w/ photos": the note-taker's "with"
    .replace(/(?<=\s)w\/?\s(?=[A-Za-z])/gi, 'with ')
    .replace(/[\u2013\u2014]/g, ' - ');
  const tokens: Token[] = [];
  const pattern = /[A-Za-z0-9\u00C0-\u024F]+(?:['-][A-Za-z0-9\u00C0-\u024F]+)*|[.,;:!?()/&">\n-]/g;
  for (const match of normalized.matchAll(pattern)) {
    const raw = match[0];
    const punct = !/[A-Za-z0-9\u00C0-\u024F]/.test(raw);
    let word = raw.toLowerCase();
    // "recipe's" and "users'" name the same thing as the bare noun; the token remembers it owns what follows
    const possessive = /'s$/.test(word) || (/s$/.test(word) && normalized[(match.index ?? 0) + raw.length] === "'");
    word = word.replace(/'s$/, '');
    if (word === 'e-mail') word = 'email';
    const meant = MISSPELLED_WORDS[word];
    if (meant) {
      tokens.push({ text: meant, raw: meant, punct });
      continue;
    }
    tokens.push({ text: punct ? (raw === '\n' ? '.' : raw) : word, raw, punct, ...(possessive ? { possessive } : {}) });
  }
  return tokens;
}

export function singularize(word: string): string {
  const lower = word.toLowerCase();
  if (UNCOUNTABLE_NOUNS.includes(lower)) return lower;
  const irregular = SINGULAR_OF_IRREGULAR.get(lower);
  if (irregular) return irregular;
  if (lower in IRREGULAR_PLURALS) return lower;
  // short words (bus, gas, yes) are far more often singular than a plural of a two-letter noun
  if (lower.length <= 3) return lower;
  if (lower.endsWith('ies')) {
    const stem = lower.slice(0, -3);
    return IES_SINGULARS.includes(`${stem}ie`) ? `${stem}ie` : `${stem}y`;
  }
  if (lower.endsWith('ves')) {
    const known = VES_SINGULARS[lower];
    return known ?? lower.slice(0, -1);
  }
  // "skis", "bicis", "kiwis": a plural of a word ending in -i (but "axis", "basis", "tennis" are singular)
  if (/[ckwjpdgz]is$/.test(lower)) return lower.slice(0, -1);
  // ("fabrics", "clinics", "comics" are plurals; "physics", "logistics" the name of a field of study or work)
  if (lower.endsWith('ics')) return ICS_SINGULARS.includes(lower) ? lower : lower.slice(0, -1);
  if (/(ss|us|is)$/.test(lower)) return lower;
  if (lower.endsWith('sses') || lower.endsWith('xes') || lower.endsWith('zzes')) return lower.slice(0, -2);
  if (/(ch|sh)es$/.test(lower)) return ES_SINGULARS.includes(lower.slice(0, -1)) ? lower.slice(0, -1) : lower.slice(0, -2);
  // ("minibuses", "omnibuses": a bus, like "buses")
  if (lower.endsWith('uses')) return lower.endsWith('tuses') || lower.endsWith('ibuses') ? lower.slice(0, -2) : lower.slice(0, -1);
  if (lower.endsWith('oes')) return ES_SINGULARS.includes(lower.slice(0, -1)) ? lower.slice(0, -1) : lower.slice(0, -2);
  if (lower.endsWith('s')) return lower.slice(0, -1);
  return lower;
}

export function pluralize(word: string): string {
  const lower = word.toLowerCase();
  if (UNCOUNTABLE_NOUNS.includes(lower)) return lower;
  const irregular = IRREGULAR_PLURALS[lower];
  if (irregular) return irregular;
  if (singularize(lower) !== lower) return lower;
  // "ins" of "check-ins" is a plural already, though too short for singularize to say so
  if (lower.length <= 3 && /[^aeiousy]s$|ins$/.test(lower) && !['bus', 'gas'].includes(lower)) return lower;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(lower)) return `${lower}es`;
  if (/(potato|tomato|hero|echo|veto)$/.test(lower)) return `${lower}es`;
  return `${lower}s`;
}

export function isPlural(word: string): boolean {
  return singularize(word) !== word.toLowerCase() && !UNCOUNTABLE_NOUNS.includes(word.toLowerCase());
}

/** `Cooking time` -> `cooking_time`; never empty, never starting with a digit. */
export function toSnake(text: string): string {
  const snake = text
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!snake) return 'item';
  return /^[0-9]/.test(snake) ? `n_${snake}` : snake;
}

/** `cooking_time` -> `Cooking time` */
export function toSentence(snakeOrWords: string): string {
  const words = snakeOrWords.replace(/_/g, ' ').trim().split(/\s+/).filter(Boolean);
  return words
    .map((word, index) => {
      if (UPPERCASE_WORDS.includes(word.toLowerCase())) return word.toUpperCase();
      return index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word;
    })
    .join(' ');
}

/** `to-do list` -> `To-Do List`, `crm` -> `CRM` */
export function toTitle(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word, index) => {
      const lower = word.toLowerCase();
      if (UPPERCASE_WORDS.includes(lower)) return lower.toUpperCase();
      if (index > 0 && TITLE_SMALL_WORDS.includes(lower)) return lower;
      return lower
        .split('-')
        .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
        .join('-');
    })
    .join(' ');
}

/** `cooking_methods` -> `cooking_method`: only the last word of a compound takes the plural. */
export function singularSnake(snake: string): string {
  const parts = snake.split('_');
  parts[parts.length - 1] = singularize(parts[parts.length - 1]);
  return parts.join('_');
}

export function pluralSnake(snake: string): string {
  const parts = snake.split('_');
  parts[parts.length - 1] = pluralize(parts[parts.length - 1]);
  return parts.join('_');
}

/** "a, b and c" for a list of words. */
export function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** Universal part-of-speech tags (NOUN, PROPN, VERB, ADJ, ADP, NUM, ...) as wink-nlp's English model gives them. */
export type PartOfSpeech = string;

let tagger: ReturnType<typeof winkNLP> | null = null;

/**
 * The part of speech of each token of an English prompt, by wink-nlp's statistical tagger (`PUNCT` for
 * punctuation). Loaded on first use (about 0.7 s); tagging a prompt takes well under a millisecond. The model
 * is a plain module, so this stays a pure function: the same tokens always get the same tags.
 */
export function partsOfSpeech(tokens: Token[]): PartOfSpeech[] {
  if (!tokens.length) return [];
  tagger ??= winkNLP(winkModel);
  const its = tagger.its;
  // a capital that only starts a sentence says nothing of the word ("Heaviest catches at the top" is no name), and the
  // tagger takes capitalised words for names: it reads them as written mid-sentence
  const opensSentence = (index: number): boolean => index === 0 || ['.', '!', '?', '\n', ':', '-', ';'].includes(tokens[index - 1].text);
  const written = tokens.map((token, index) => (opensSentence(index) && /^\p{Lu}\p{Ll}+$/u.test(token.raw) ? token.raw.toLowerCase() : token.raw));
  const tagged = tagger.readDoc(written.join(' ')).tokens();
  const texts = tagged.out(its.value) as string[];
  const tags = tagged.out(its.pos) as string[];
  const result: PartOfSpeech[] = [];
  let at = 0;
  for (const token of tokens) {
    if (token.punct) {
      result.push('PUNCT');
      // the tagger may keep a mark we split off (or drop a newline): re-align on it when it is there
      if (texts[at] === token.raw) at += 1;
      continue;
    }
    result.push(tags[at] ?? 'X');
    // "band's" is one token here and two for the tagger ("band", "'s"): consume the tagger's tokens it covers
    let covered = (texts[at] ?? '').length;
    at += 1;
    while (at < texts.length && covered < token.raw.length && token.raw.toLowerCase().slice(covered).startsWith(texts[at].toLowerCase())) {
      covered += texts[at].length;
      at += 1;
    }
  }
  return result;
}

/** The text with its first letter upper-case ("no answer" → "No answer"). */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Each value once, whatever its case, in the order first given ("Track", "track" → "Track"). */
export function distinctValues(values: string[]): string[] {
  return values.filter((value, index) => values.findIndex((other) => other.toLowerCase() === value.toLowerCase()) === index);
}
