/**
 * Prompts in French, German and Spanish: which language a prompt is in, the English words the planner reads
 * for it, and the plan put back into that language (labels, choices, page titles, names). Identifiers stay
 * snake_case ASCII ("créneaux" -> `creneaux`) whatever the language. Data in languages.data.ts.
 */
import type { AppLanguage, AppPlan, EntityField, EntityPlan } from '@appgen/contracts';
import type { EntityView } from './plan-builder';
import { FIELD_LABELS, HINT_LABELS, KIND_LABELS, LABEL_WORDS, LANGUAGE_MARKERS, LEXICON, OPTION_LABELS, UI_TEXTS, type OtherLanguage } from './languages.data';
import { IRREGULAR_PARTICIPLES, RESERVED_FIELD_NAMES } from './vocabulary.data';
import { capitalize, isPlural, joinWords, pluralize, singularSnake, singularize, toSnake, tokenize, type Token } from './words.util';

const OTHER_LANGUAGES: OtherLanguage[] = ['fr', 'de', 'es'];
/** "une appli pour notre association", "eine App für unsere WG", "una app para nuestra peña": what the app is for. */
const APP_FOR: Record<OtherLanguage, RegExp> = {
  fr: /\b(?:application|appli|app) pour (?:notre|mon|ma|nos|mes) ([A-Za-zÀ-ÿ-]+)\s*[:.,;!]/i,
  de: /\b(?:App|Anwendung) für (?:unsere|unseren|unser|meine|meinen|mein) ([A-Za-zÄÖÜäöüß-]+)\s*[:.,;!]/i,
  es: /\b(?:aplicación|app) para (?:nuestra|nuestro|mi) ([A-Za-zÁ-úñ-]+)\s*[:.,;!]/i,
};
/** "Mi equipo de fútbol: …", "Unser Schachverein: …": a prompt opening with the user's own group or place, then a colon. */
const OPENING_SUBJECT: Record<OtherLanguage, RegExp> = {
  fr: /^\s*(?:notre|mon|ma|nos|mes)\s+([^:.,;!?\n]{2,40}?)\s*:/i,
  de: /^\s*(?:unsere|unseren|unser|meine|meinen|mein)\s+([^:.,;!?\n]{2,40}?)\s*:/i,
  es: /^\s*(?:nuestra|nuestro|nuestras|nuestros|mi|mis)\s+([^:.,;!?\n]{2,40}?)\s*:/i,
};
/** Letters only one of the languages writes. */
const LETTERS: Record<OtherLanguage, RegExp> = { fr: /[çèêëîïôœùû]|\boù\b/gi, de: /[äöüß]/gi, es: /[ñ¿¡]|ción\b/gi };
/** French elisions: "l'application", "d'échéance", "s'inscrivent". */
const ELISION = /^(?:l|d|j|qu|n|c|m|t)'(.+)$/;

/**
 * The language a prompt is written in: English unless another's frequent words clearly outnumber English ones. A
 * terse prompt with few frequent words ("brennholz verkauf. kunden, lieferungen (datum, preis), bezahlt ja/nein")
 * is told by the words of the language the planner knows, each counting half, as some ("clients", "film") are
 * English too.
 */
export function detectLanguage(prompt: string): AppLanguage {
  const words = tokenize(prompt).filter((token) => !token.punct).map((token) => token.text.replace(ELISION, '$1'));
  const english = words.filter((word) => LANGUAGE_MARKERS.en.includes(word)).length;
  const distinct = [...new Set(words)].filter((word) => !LANGUAGE_MARKERS.en.includes(word));
  let best: AppLanguage = 'en';
  let bestScore = 0;
  for (const language of OTHER_LANGUAGES) {
    const known = distinct.filter((word) => LEXICON[language][word] !== undefined && LEXICON[language][word] !== word).length;
    const score = words.filter((word) => LANGUAGE_MARKERS[language].includes(word)).length + (prompt.match(LETTERS[language])?.length ?? 0) + known / 2;
    if (score > bestScore) {
      best = language;
      bestScore = score;
    }
  }
  return bestScore >= 2 && bestScore > english ? best : 'en';
}

/** What the plan's English words were in the prompt: "shifts" -> "créneaux". */
export type OriginalWords = Map<string, string>;

/**
 * The prompt in the English words the planner reads, phrase by phrase ("temps de cuisson" -> "cooking time"),
 * German compounds split into known parts ("Schichtplaner" -> "shift scheduler"); words it does not know stay as
 * written (they name the user's own things). Also what each English word was in the prompt.
 */
export function toEnglish(prompt: string, language: OtherLanguage): { text: string; words: OriginalWords } {
  const lexicon = LEXICON[language];
  const tokens = language === 'de' ? genitiveSingulars(verbFinalFirst(tokenize(prompt), lexicon), lexicon) : tokenize(prompt);
  const out: string[] = [];
  const words: OriginalWords = new Map();
  const remember = (english: string, original: string): void => {
    const key = english.toLowerCase();
    if (!words.has(key)) words.set(key, original);
  };
  const pairs = numberPairs(language, tokens, lexicon);
  // "pasa por presupuesto, en ejecución, terminada y cobrada": the stages a thing moves through are the user's words
  let stages = false;
  for (let index = 0; index < tokens.length; ) {
    const token = tokens[index];
    if (token.punct) {
      // ("pasa por: recibida, …": the stages follow the verb as they would in English, without the colon)
      if (token.text === ':' && stages && /\bthrough$/.test(out[out.length - 1] ?? '')) {
        index += 1;
        continue;
      }
      out.push(token.text);
      if (!['(', ',', ')', '/'].includes(token.text) && !(token.text === ':' && stages && STAGE_NOUNS.includes(out[out.length - 2] ?? ''))) stages = false;
      index += 1;
      continue;
    }
    // ("…, y cada pedido tiene un total": an article or "each" starts what is said next)
    if (stages && NOUN_MARKERS[language].includes(token.text) && !STAGE_NOUNS.includes(lexicon[tokens[index + 1]?.text ?? ''] ?? '')) stages = false;
    if (stages && !STAGE_KEPT_WORDS[language].includes(token.text) && !(NOUN_MARKERS[language].includes(token.text) && tokens[index + 1] !== undefined && STAGE_NOUNS.includes(lexicon[tokens[index + 1].text] ?? ''))
      && !STAGE_NOUNS.includes(lexicon[token.text] ?? '')) {
      out.push(token.raw);
      remember(token.text, token.raw);
      index += 1;
      continue;
    }
    // "Aufgaben, die jede Woche …": after a comma a German article starts a relative clause
    if (language === 'de' && ['die', 'der', 'das', 'denen'].includes(token.text) && tokens[index - 1]?.text === ',') {
      out.push('that');
      index += 1;
      continue;
    }
    let matched = false;
    for (let length = 3; length >= 1 && !matched; length -= 1) {
      const span = tokens.slice(index, index + length);
      if (span.length < length || span.some((part) => part.punct)) continue;
      const key = span.map((part) => part.raw.toLowerCase()).join(' ');
      const bare = key.replace(ELISION, '$1');
      let english = lexicon[key] ?? (length === 1 ? lexicon[bare] ?? otherNumber(language, bare, lexicon) : undefined);
      if (english === undefined) continue;
      // "jedem Schüler", "die Noten jedes Schülers": a German word of one form in both numbers is singular after a singular article
      const before = tokens[index - 1];
      if (length === 1 && lexicon[bare] !== undefined && before !== undefined && ONLY_SINGULAR_BEFORE[language].includes(before.text) && isPlural(english) && englishNouns().has(english)
        && (language === 'de' || /[sxz]$/.test(bare))) english = singularize(english);
      if (length === 1 && ELISION.test(key) && lexicon[key] === undefined && /^[dl]'/.test(key)) out.push(key.startsWith('d') ? 'of' : 'the');
      // "necesitamos controlar las obras": an infinitive after a verb of wanting is "to" and the verb
      if (WANTING.includes(out[out.length - 1] ?? '') && INFINITIVE[language].test(span[0].text) && /^[a-z ]+$/.test(english)) out.push('to');
      // ("pour suivre les élèves", "para gestionar los pedidos": "to track", "to manage")
      else if (out[out.length - 1] === 'for' && INFINITIVE[language].test(span[0].text) && DOING_VERBS.includes(english)) out[out.length - 1] = 'to';
      out.push(english);
      remember(english, span.map((part) => part.raw.replace(ELISION, '$1')).join(' '));
      if (/\bthrough$/.test(english)) stages = true;
      index += length;
      matched = true;
    }
    if (matched) continue;
    const word = token.raw.toLowerCase().replace(ELISION, '$1');
    const paired = pairs.get(word);
    if (paired) {
      const plural = paired.singular !== word || (language === 'de' && germanPluralUse(tokens, index, word));
      // (a German thing is written by its plural, "kinders" and "kinder", so that "Kind" is never read as English "kind")
      const stem = language === 'de' ? paired.plural.toLowerCase() : paired.singular;
      const english = plural ? `${stem}s` : singularize(`${stem}s`);
      out.push(english);
      remember(english, plural ? paired.plural : token.raw.replace(ELISION, '$1'));
      remember(toSnake(english).replace(/_/g, ' '), plural ? paired.plural : token.raw.replace(ELISION, '$1'));
      index += 1;
      continue;
    }
    const stated = participleAfterBeing(language, tokens, index);
    if (stated) {
      out.push(stated);
      remember(stated, token.raw);
      index += 1;
      continue;
    }
    const verb = verbByShape(language, tokens, index, out[out.length - 1]);
    if (verb !== null) {
      if (verb) out.push(verb);
      if (verb) remember(verb, token.raw);
      index += 1;
      continue;
    }
    const compound = language === 'de' ? splitCompound(word, lexicon) : null;
    const shaped = compound ? null : byShape(language, tokens, index, out[out.length - 1], lexicon);
    if (shaped === '') {
      index += 1;
      continue;
    }
    if (shaped) {
      out.push(shaped);
      // "mit Artikeln": the user's word for the things is the nominative plural "Artikel"
      const stripped = token.raw.slice(0, -1);
      const dativeUse = tokens[index - 1] !== undefined && (DATIVE_BEFORE.includes(tokens[index - 1].text) || listedAfterDative(tokens, index));
      const dativePlural = language === 'de' && dativeUse && /n$/.test(token.raw) && (lexicon[stripped.toLowerCase()] === shaped || shaped === `${stripped.toLowerCase()}s`);
      remember(shaped, dativePlural ? stripped : token.raw.replace(ELISION, '$1'));
      // entity names are ASCII ("gästes" -> gastes): their words lead back to the user's too
      remember(toSnake(shaped).replace(/_/g, ' '), dativePlural ? stripped : token.raw.replace(ELISION, '$1'));
    } else if (compound) {
      out.push(compound);
      remember(compound, token.raw);
    } else {
      out.push(token.raw.replace(ELISION, '$1'));
      remember(word, token.raw.replace(ELISION, '$1'));
      // ("reparación" is planned as "reparacion": the ASCII word leads back to the user's too)
      remember(toSnake(word).replace(/_/g, ' '), token.raw.replace(ELISION, '$1'));
    }
    index += 1;
  }
  return { text: out.join(' ').replace(/ ([,.;:!?)])/g, '$1').replace(/\( /g, '('), words };
}

/** English words of the stages a thing moves through ("etapas", "Phasen", "suivantes"): translated, not kept as a stage. */
const STAGE_NOUNS = ['stages', 'stage', 'statuses', 'status', 'columns', 'phases', 'steps', 'following'];
/** Words a list of stages is joined with: translated, not kept as a stage. */
const STAGE_KEPT_WORDS: Record<OtherLanguage, string[]> = { fr: ['et', 'ou', 'puis', 'ensuite', 'enfin'], de: ['und', 'oder', 'dann', 'schließlich'], es: ['y', 'e', 'o', 'u', 'luego', 'después', 'finalmente'] };
/** English of the verbs an infinitive follows as what is wanted ("necesitamos controlar", "nous voulons suivre"). */
const WANTING = ['need', 'want', 'would like', 'like', 'we need', 'i need', 'we want', 'i want', 'i would like', 'we would like'];
/** English verbs an app is for doing ("une appli pour suivre", "una app para gestionar"). */
const DOING_VERBS = ['manage', 'track', 'record', 'keep', 'save', 'plan', 'organize', 'book', 'rate', 'see', 'sell', 'buy', 'rent', 'list', 'mark', 'check', 'pay', 'share', 'split', 'borrow', 'rank', 'keep track'];
/** Infinitive endings: the word after a verb of wanting is its object verb. */
const INFINITIVE: Record<OtherLanguage, RegExp> = { fr: /^[a-zàâçéèêëîïôûü]{2,}(?:er|ir|re)$/, de: /^[a-zäöüß]{2,}en$/, es: /^[a-záéíóúñ]{2,}(?:ar|er|ir)$/ };

/**
 * English words the lexicons give things: those given in both numbers ("book" and "books", from "livre" and
 * "livres"), and those given in one number only whose word is shaped like no verb and whose English is no adjective,
 * adverb or field ("salle": room). A word the lexicon has only in the other number is read through these, never
 * through a verb or an adjective.
 */
let nounWords: Set<string> | null = null;
function englishNouns(): Set<string> {
  if (nounWords) return nounWords;
  const nouns = new Set<string>();
  for (const language of OTHER_LANGUAGES) {
    const lexicon = LEXICON[language];
    for (const [word, english] of Object.entries(lexicon)) {
      if (!/^[a-z]+$/.test(english)) continue;
      const plural = isPlural(english) ? undefined : pluralForms(language, word).map((form) => lexicon[form]).find((other) => other !== undefined && other === pluralize(english));
      if (plural) nouns.add(english).add(plural);
      // a word the lexicon has in one number only ("coche": car) is a thing unless its shape or English says otherwise
      // (nor a field the planner knows: "teléfono" is a phone number before it is a thing)
      else if (!VERB_SHAPES[language].test(word) && !LANGUAGE_MARKERS.en.includes(english) && !NOT_THINGS.includes(english) && FIELD_LABELS.fr[english] === undefined && !/(?:ed|ly|ing|est)$/.test(english)) nouns.add(english);
    }
  }
  nounWords = nouns;
  return nouns;
}

/** Shapes of verbs (infinitives, persons) in each language: a lexicon word of this shape is no thing. */
const VERB_SHAPES: Record<OtherLanguage, RegExp> = { fr: /(?:er|ir|re|ent|ons|ez)$/, de: /(?:en|t)$/, es: /(?:ar|er|ir|an|en|amos|emos|imos)$/ };
/** English words of the lexicons that are not things: adjectives, adverbs, numbers, question words. */
const NOT_THINGS = ['small', 'simple', 'best', 'top', 'first', 'most', 'all', 'several', 'some', 'also', 'then', 'already', 'when', 'how', 'whether', 'if', 'as', 'done', 'sold', 'born', 'paid', 'shared', 'written', 'split', 'per', 'or', 'in', 'on', 'at', 'it', 'they', 'he', 'was', 'were', 'has', 'have', 'been', 'this', 'these', 'their', 'its', 'your', 'between', 'among', 'through', 'want', 'need', 'see', 'know', 'run', 'keep', 'track', 'record', 'manage', 'plan', 'book', 'rate', 'check', 'mark', 'buy', 'sell', 'rent', 'costs', 'cost', 'buys', 'lent', 'used', 'overview', 'someone', 'new'];

/** The last umlaut of a German stem undone ("Gäst" -> "Gast", "Bücher" -> "Bucher"). */
function withoutUmlaut(stem: string): string {
  const at = Math.max(stem.lastIndexOf('ä'), stem.lastIndexOf('ö'), stem.lastIndexOf('ü'));
  if (at < 0) return stem;
  return `${stem.slice(0, at)}${({ 'ä': 'a', 'ö': 'o', 'ü': 'u' } as Record<string, string>)[stem[at]]}${stem.slice(at + 1)}`;
}

/** What a word could be the plural of, by the language's regular endings ("coches" -> "coche", "créneaux" -> "créneau", "Gästen" -> "Gast"). */
function singularForms(language: OtherLanguage, word: string): string[] {
  const forms: string[] = [];
  if (language === 'fr') {
    if (/eaux$/.test(word)) forms.push(word.slice(0, -1));
    else if (/aux$/.test(word)) forms.push(word.replace(/aux$/, 'al'), word.replace(/aux$/, 'ail'));
    if (/[^sxz][sx]$/.test(word)) forms.push(word.slice(0, -1));
  }
  if (language === 'es') {
    if (/ones$/.test(word)) forms.push(word.replace(/ones$/, 'ón'));
    if (/ces$/.test(word)) forms.push(word.replace(/ces$/, 'z'));
    if (/[lnrdjy]es$/.test(word)) forms.push(word.slice(0, -2));
    if (/[aeiouáéó]s$/.test(word)) forms.push(word.slice(0, -1));
  }
  if (language === 'de') {
    const stems: string[] = [];
    if (/nen$/.test(word)) stems.push(word.slice(0, -3));
    if (/ern$/.test(word)) stems.push(word.slice(0, -1), word.slice(0, -3));
    if (/en$/.test(word)) stems.push(word.slice(0, -1), word.slice(0, -2));
    else if (/[nse]$/.test(word)) stems.push(word.slice(0, -1));
    if (/er$/.test(word)) stems.push(word.slice(0, -2));
    for (const stem of stems) forms.push(stem, withoutUmlaut(stem));
  }
  return [...new Set(forms)].filter((form) => form.length >= 3 && form !== word);
}

/** The plurals a singular could have, by the language's regular endings. */
function pluralForms(language: OtherLanguage, word: string): string[] {
  const forms: string[] = [];
  if (language === 'fr') forms.push(`${word}s`, `${word}x`, word.replace(/al$/, 'aux'), word.replace(/ail$/, 'aux'));
  if (language === 'es') forms.push(`${word}s`, `${word}es`, word.replace(/z$/, 'ces'), word.replace(/ón$/, 'ones'));
  if (language === 'de') {
    const umlaut = word.replace(/([aou])([^aeiouäöü]*)$/, (_, vowel: string, rest: string) => `${({ a: 'ä', o: 'ö', u: 'ü' } as Record<string, string>)[vowel]}${rest}`);
    forms.push(`${word}e`, `${word}en`, `${word}n`, `${word}er`, `${word}s`, `${word}nen`, `${umlaut}e`, `${umlaut}er`, word);
  }
  return [...new Set(forms)].filter((form) => form !== word || language === 'de');
}

/**
 * A word the lexicon has only in its other number ("coche" for "coches", "salle" for "salles", "Gruppe" for
 * "Gruppen"): the English of that form, in this word's number; undefined when the form is no thing's.
 */
function otherNumber(language: OtherLanguage, word: string, lexicon: Record<string, string>): string | undefined {
  if (word.length < 4 || !/^[a-zà-ÿ]+$/.test(word)) return undefined;
  const nouns = englishNouns();
  for (const form of singularForms(language, word)) {
    const english = lexicon[form];
    if (english !== undefined && nouns.has(english) && !isPlural(english)) return pluralize(english);
  }
  for (const form of pluralForms(language, word)) {
    if (form === word) continue;
    const english = lexicon[form];
    if (english !== undefined && nouns.has(english) && isPlural(english)) return singularize(english);
  }
  return undefined;
}

/**
 * Words of the prompt no table knows that it uses in both numbers ("sus coches … cada coche", "mit Fahrschülern …
 * einem Fahrschüler"): each form of the thing with its singular and the user's plural, so the English reads both as
 * one thing ("coches" and "coch") and the plan is named with the user's words. A German dative plural is named by
 * its nominative ("Fahrschülern" -> "Fahrschüler", "Gästen" -> "Gäste"; "Fahrstunden" stays).
 */
function numberPairs(language: OtherLanguage, tokens: Token[], lexicon: Record<string, string>): Map<string, { singular: string; plural: string }> {
  const unknown = new Map<string, string>();
  // (German words used outside a dative: "Lektoren und …" is a nominative plural, "mit Lektoren" may be a dative)
  const nominative = new Set<string>();
  const openingOnly = new Set<string>();
  tokens.forEach((token, index) => {
    if (token.punct) return;
    const word = token.raw.toLowerCase().replace(ELISION, '$1');
    if (lexicon[word] !== undefined || lexicon[token.text] !== undefined || word.length < 3 || !/^[a-zà-ÿ]+$/.test(word)) return;
    if (otherNumber(language, word, lexicon) !== undefined || (language === 'de' && splitCompound(word, lexicon))) return;
    // in German only nouns are written with a capital (or the whole prompt is in lower case)
    if (language === 'de' && !/^[A-ZÄÖÜ]/.test(token.raw) && tokens.some((other) => /^[A-ZÄÖÜ][a-zäöüß]/.test(other.raw) && other !== tokens[0])) return;
    // (the user's spelling of the word: its first use that does not open a sentence)
    const opening = index === 0 || ['.', '!', '?', ':'].includes(tokens[index - 1].text);
    if (!unknown.has(word) || (openingOnly.has(word) && !opening)) unknown.set(word, token.raw.replace(ELISION, '$1'));
    if (opening && unknown.get(word) === token.raw.replace(ELISION, '$1')) openingOnly.add(word);
    else openingOnly.delete(word);
    if (language === 'de' && !(index > 0 && (DATIVE_BEFORE.includes(tokens[index - 1].text) || listedAfterDative(tokens, index)))) nominative.add(word);
  });
  // (a German form is a singular where an article says so: "einem Fahrschüler", "jede Fahrstunde"; "Gäste" alone is a plural)
  const singularUse = new Set(tokens.filter((token, index) => index > 0 && [...SINGULAR_MARKERS, ...GENITIVE_ARTICLES].includes(tokens[index - 1].text)).map((token) => token.text));
  const pairs = new Map<string, { singular: string; plural: string }>();
  for (const [word, raw] of unknown) {
    const singular = singularForms(language, word).find((form) => unknown.has(form) && (language !== 'de' || singularUse.has(form)));
    if (!singular) continue;
    let plural = raw;
    if (language === 'de' && /n$/.test(word) && !nominative.has(word)) {
      const stripped = word.slice(0, -1);
      // "Fahrstunden" is the plural of "Fahrstunde"; "Gästen", "Kindern", "Fahrschülern" are datives of "Gäste", "Kinder", "Fahrschüler"
      if (!(stripped === singular && /e$/.test(singular)) && /(?:e|er|el)$/.test(stripped)) plural = raw.slice(0, -1);
    }
    pairs.set(word, { singular, plural });
    if (!pairs.has(singular)) pairs.set(singular, { singular, plural });
  }
  return pairs;
}

/** A German noun in its singular form used as a plural ("die Fahrschüler", "mit Lehrern und Fahrschüler"): not after a singular article, and of a plural-like ending. */
function germanPluralUse(tokens: Token[], index: number, word: string): boolean {
  const before = tokens[index - 1];
  if (before !== undefined && [...SINGULAR_MARKERS, 'des', 'eines', 'dem', 'der', 'das', 'jedem', 'jeden'].includes(before.text)) return false;
  return /(?:er|el|en)$/.test(word);
}

/**
 * A verb no table knows, read by its shape so it is never taken for a thing: a Spanish first person plural before
 * what it does to ("alquilamos las bicis", "vendemos pan") reads "we keep"; a participle after a plural noun and
 * before a preposition ("los materiales comprados para cada obra", "les outils prêtés à chaque membre") reads
 * "given". Null: not a verb by its shape.
 */
function verbByShape(language: OtherLanguage, tokens: Token[], index: number, previousOut: string | undefined): string | null {
  if (language === 'de') return null;
  const token = tokens[index];
  const before = tokens[index - 1];
  const after = tokens[index + 1];
  const lower = token.text;
  const marked = before !== undefined && !before.punct && NOUN_MARKERS[language].includes(before.text);
  if (marked || after === undefined || after.punct) return null;
  const afterIsObject = NOUN_MARKERS[language].includes(after.text) || INFINITIVE[language].test(after.text) || ['que', 'qu'].includes(after.text);
  const firstPlural = language === 'es' ? /^[a-záéíóúñ]{3,}(?:amos|emos|imos)$/ : /^[a-zàâçéèêëîïôûü]{3,}ons$/;
  if (firstPlural.test(lower) && afterIsObject && (language === 'es' || before?.text === 'nous')) return previousOut === 'we' ? 'keep' : 'we keep';
  const participle = language === 'es' ? /^[a-záéíóúñ]{3,}(?:ados|adas|idos|idas)$/ : /^[a-zàâçéèêëîïôûü]{3,}(?:és|ées|is|ies|us|ues)$/;
  const preposition = language === 'es' ? ['para', 'por', 'a', 'en', 'con', 'al'] : ['pour', 'par', 'à', 'au', 'aux', 'dans', 'avec'];
  if (participle.test(lower) && preposition.includes(after.text) && previousOut !== undefined && /s$/.test(previousOut)) return 'given';
  return null;
}

/**
 * "si l'autorisation est signée", "si la fianza está pagada": a participle no table knows, after a form of "to be", is
 * written in English's shape ("signed"), so that the fact it states is read as one; its own word comes back in the app.
 */
function participleAfterBeing(language: OtherLanguage, tokens: Token[], index: number): string | null {
  if (language === 'de') return null;
  const before = tokens[index - 1]?.text ?? '';
  const word = tokens[index].text;
  const shape = language === 'es' ? /^([a-záéíóúñ]{3,}?)(?:ado|ada|ados|adas|ido|ida|idos|idas)$/ : /^([a-zàâçéèêëîïôûü]{3,}?)(?:ée|ées|és|é|ie|ies|is|ue|ues|us|u|i)$/;
  const match = BEING[language].includes(before) ? shape.exec(word) : null;
  return match ? `${match[1].normalize('NFKD').replace(/[\u0300-\u036f]/g, '')}ed` : null;
}

/** Forms of "to be" (and "been") a participle follows. */
const BEING: Record<'fr' | 'es', string[]> = {
  fr: ['est', 'sont', 'été', 'soit', 'soient', 'était', 'étaient', 'sera', 'seront'],
  es: ['está', 'están', 'es', 'son', 'fue', 'fueron', 'sido', 'esté', 'estén', 'estaba', 'estaban'],
};

/** Words before a noun: articles, possessives and "each" of each language (the language's frequent words). */
const NOUN_MARKERS: Record<OtherLanguage, string[]> = {
  fr: ['le', 'la', 'les', 'un', 'une', 'des', 'du', 'aux', 'mon', 'ma', 'mes', 'ton', 'ta', 'tes', 'son', 'sa', 'ses', 'notre', 'nos', 'votre', 'vos', 'leur', 'leurs', 'ces', 'chaque', 'plusieurs'],
  de: ['der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer', 'mein', 'meine', 'unser', 'unsere', 'ihre', 'jede', 'jeder', 'jedes'],
  es: ['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'mi', 'mis', 'su', 'sus', 'nuestro', 'nuestra', 'nuestros', 'nuestras', 'cada', 'varios', 'varias'],
};
/** German singular articles and possessives: the noun after them is singular ("einem Mitbewohner"). */
const SINGULAR_MARKERS = ['ein', 'eine', 'einen', 'einem', 'einer', 'jede', 'jeder', 'jedes', 'jedem', 'mein', 'meine', 'meinem', 'unser', 'unsere', 'unserem'];
/** Plural determiners: the noun after them is plural even when it does not end in -s ("die Gäste"). */
const PLURAL_MARKERS = ['les', 'des', 'aux', 'mes', 'tes', 'ses', 'nos', 'vos', 'leurs', 'ces', 'plusieurs', 'los', 'las', 'unos', 'unas', 'mis', 'sus', 'nuestros', 'nuestras', 'varios', 'varias'];

/**
 * A word no table knows, read by its shape so the planner can still use it: a noun after an article, a
 * possessive or "each", and in German any capitalised word inside a sentence ("Gäste", "Tische"), is written as an
 * English-looking plural when plural ("gästes"), so it can be a thing; a German past participle ("mitgebracht")
 * reads as "given"; a French or Spanish verb in the third person plural between two nouns ("les clients déposent
 * leurs vélos") as "give"; French "a" after a noun as "has". Null: keep the word as written.
 */
function byShape(language: OtherLanguage, tokens: Token[], index: number, previousOut: string | undefined, lexicon: Record<string, string>): string | null {
  const token = tokens[index];
  const before = tokens[index - 1];
  const after = tokens[index + 1];
  const lower = token.raw.toLowerCase();
  const marked = before !== undefined && !before.punct && NOUN_MARKERS[language].includes(before.raw.toLowerCase());
  if (language === 'fr' && lower === 'a' && before !== undefined && !before.punct && !marked && after !== undefined && !after.punct) return 'has';
  // a participle that names a fact ("ob es abgeholt wurde") keeps its word; one a relation follows reads as "given"
  if (language === 'de' && /^[a-zäöüß]*ge[a-zäöüß]{2,}t$/.test(lower) && !/^[A-ZÄÖÜ]/.test(token.raw)) return after !== undefined && ['by', 'von', 'vom', 'an', 'zu', 'für'].includes(after.text) ? 'given' : `${lower.replace(/t$/, '')}ed`;
  // "pagos mensuales", "réunions mensuelles": an adjective after a plural noun (no table knows it) says only what kind
  if ((language === 'es' || language === 'fr') && previousOut !== undefined && /s$/.test(previousOut) && !marked && ADJECTIVE_ENDINGS[language].test(lower)) return '';
  const afterMarks = after !== undefined && !after.punct && NOUN_MARKERS[language].includes(after.raw.toLowerCase());
  const verbShape = language === 'fr' ? /[a-zéèê]{3,}ent$/ : language === 'es' ? /[a-záéí]{3,}(?:an|en)$/ : null;
  if (verbShape && verbShape.test(lower) && afterMarks && !marked && previousOut !== undefined && /s$/.test(previousOut)) return 'give';
  // ("lieferungen", "bestellungen": a prompt written all in lower case still names things by their noun endings, and
  // by a list's item whose fields follow in brackets: "kunden, reparaturen (kunde, datum)")
  const listedWithFields = [',', ':'].includes(before?.text ?? '') && after?.text === '(' && /^[a-zäöüß]{3,}$/.test(lower);
  const germanNoun = language === 'de' && before !== undefined && ((/^[A-ZÄÖÜ][a-zäöüß]{2,}$/.test(token.raw) && !['.', '!', '?'].includes(before.text)) || GERMAN_NOUN_ENDINGS.test(lower) || listedWithFields);
  if (!marked && !germanNoun) return null;
  if (lower.length < 3 || /\d/.test(lower)) return null;
  let word = lower;
  // German dative plural "Gästen" is the plural "Gäste"
  const dative = before !== undefined && (DATIVE_BEFORE.includes(before.raw.toLowerCase()) || listedAfterDative(tokens, index));
  if (language === 'de' && dative && /(?:en|ern|eln)$/.test(word)) {
    word = word.slice(0, -1);
    const known = lexicon[word];
    if (known) return known;
  }
  // "einem Mitbewohner", "eine Einkaufsliste": after a singular article the German ending says nothing of the number
  const singularMarked = before !== undefined && SINGULAR_MARKERS.includes(before.raw.toLowerCase());
  const plural = /[sx]$/.test(word) || (before !== undefined && PLURAL_MARKERS.includes(before.raw.toLowerCase())) || (language === 'de' && !singularMarked && /(?:e|en|er|ern)$/.test(word))
    || (language === 'de' && dative && word !== lower);
  // "Kinder … jedes Kind": a singular whose plural in -er or -e the prompt also uses names the same things, so it is
  // written as that plural's singular ("kinder"), and the thing is one (plurals in -en already read back to the singular)
  if (!plural && language === 'de' && singularMarked) {
    const pluralForm = tokens.find((other) => other !== token && ['er', 'e'].some((ending) => other.raw.toLowerCase() === lower + ending));
    if (pluralForm) return pluralForm.raw.toLowerCase();
  }
  if (!plural) return word === lower ? null : word;
  // "Gruppen" is the plural of "Gruppe": written "gruppes", its singular reads back as the one "einer Gruppe" names
  if (language === 'de' && /[^aeiouäöü]en$/.test(word) && !singularMarked) {
    // "Lieferungen", "Mannschaften": the singular of these endings has no "e"
    if (/(?:ung|heit|keit|schaft)en$/.test(word)) return `${word.slice(0, -2)}s`;
    const known = lexicon[word.slice(0, -1)];
    return known ? pluralize(known) : `${word.slice(0, -1)}s`;
  }
  return /[sx]$/.test(word) ? word : `${word}s`;
}

/** Articles only a singular follows ("unsere" may be plural): "chaque cours", "jedes Schülers". */
const ONLY_SINGULAR_BEFORE: Record<OtherLanguage, string[]> = {
  fr: ['un', 'une', 'chaque', 'le', 'la', 'ce', 'cet', 'cette', 'mon', 'ma', 'son', 'sa', 'notre', 'votre', 'leur', 'du', 'au'],
  es: ['un', 'una', 'cada', 'el', 'la', 'este', 'esta', 'del', 'al'],
  de: ['ein', 'einen', 'einem', 'einer', 'eines', 'jede', 'jeder', 'jedes', 'jedem', 'jeden', 'des', 'dem', 'meines', 'unseres', 'ihres', 'seines', 'meinem', 'unserem'],
};
/** German articles and possessives of the genitive singular: "die Durchsichten eines Bienenstocks". */
const GENITIVE_ARTICLES = ['des', 'eines', 'meines', 'unseres', 'ihres', 'seines', 'jedes'];

/**
 * "eines Bienenstocks", "des Autors": a German genitive singular in -s or -es is written as its nominative when the
 * prompt or the lexicon knows that word ("Bienenstöcke", "Autoren"), so it is the same thing.
 */
function genitiveSingulars(tokens: Token[], lexicon: Record<string, string>): Token[] {
  const known = new Set(tokens.filter((token) => !token.punct).flatMap((token) => [token.text, ...singularForms('de', token.text)]));
  return tokens.flatMap((token, index) => {
    const before = tokens[index - 1];
    // ("die Termine jedes Pferdes": "of each")
    if (token.text === 'jedes' && tokens[index + 1] !== undefined && genitiveCut(tokens[index + 1], lexicon, known) !== undefined) return [{ text: 'des', raw: 'des', punct: false }, token];
    if (before === undefined || !GENITIVE_ARTICLES.includes(before.text)) return token;
    const cut = genitiveCut(token, lexicon, known);
    if (cut === undefined) return token;
    return { ...token, text: token.text.slice(0, -cut), raw: token.raw.slice(0, -cut) };
  });
}

/** How many letters a genitive in -s or -es loses to be a word the prompt or the lexicon knows: "jedes Pferdes" is "Pferd", "eines Bienenstocks" "Bienenstock". */
function genitiveCut(token: Token, lexicon: Record<string, string>, known: Set<string>): number | undefined {
  if (token.punct || !/s$/.test(token.text) || lexicon[token.text] !== undefined) return undefined;
  return [/es$/.test(token.text) ? 2 : 0, 1].find((length) => length > 0 && token.text.length - length >= 3 && (lexicon[token.text.slice(0, -length)] !== undefined || known.has(token.text.slice(0, -length))));
}

/** Words a German dative plural follows ("mit Artikeln", "den Gästen"). */
const DATIVE_BEFORE = ['den', 'von', 'vom', 'mit', 'zu', 'by', 'ihren', 'unseren', 'meinen'];

/** "mit Fahrschülern, Fahrlehrern und Fahrstunden": a noun listed after a dative plural is in the dative too. */
function listedAfterDative(tokens: Token[], index: number): boolean {
  let at = index - 1;
  let listed = false;
  while (at > 0 && ([',', 'und', 'oder', 'sowie'].includes(tokens[at].text) || /^[A-ZÄÖÜ][a-zäöüß]+$/.test(tokens[at].raw))) {
    // ("Bienenvölker mit Standort, und Ernten": a comma before "und" ends the list)
    if (['und', 'oder', 'sowie'].includes(tokens[at].text) && tokens[at - 1]?.text === ',') return false;
    if ([',', 'und', 'oder', 'sowie'].includes(tokens[at].text)) listed = true;
    at -= 1;
  }
  return listed && at < index - 2 && ['von', 'vom', 'mit', 'zu'].includes(tokens[at].text);
}

/** Plural adjective endings of Spanish and French ("mensuales", "mensuelles", "nouveaux", "activos"). */
const ADJECTIVE_ENDINGS: Record<'fr' | 'es', RegExp> = {
  es: /(?:ales|ares|osos|osas|ivos|ivas|ables|ibles|icos|icas|entes|antes)$/,
  fr: /(?:aux|elles|els|euses|eux|ives|ifs|iques|ables|ibles|aires)$/,
};

/** Endings only German nouns have, in either number: "Lieferung", "Lieferungen", "Gesundheit", "Mannschaften". */
const GERMAN_NOUN_ENDINGS = /(?:ung|ungen|heit|heiten|keit|keiten|schaft|schaften)$/;
const GERMAN_AUXILIARIES = ['werden', 'wird', 'wurde', 'wurden', 'ist', 'sind', 'war', 'waren', 'hat', 'haben'];
const GERMAN_PREPOSITIONS = ['von', 'vom', 'an', 'am', 'für', 'zu', 'zum', 'zur', 'in', 'im', 'mit', 'zwischen', 'unter', 'bei', 'auf', 'aus'];
const DATIVE_ARTICLES = ['einem', 'einer', 'dem'];
const CLAUSE_BREAKS = [',', '.', ';', ':', '!', '?', '(', ')', 'und', 'oder', 'aber'];

/** A past participle of a German clause: the lexicon gives an English one ("bezahlt" -> paid), or its shape says so ("mitgebracht"). */
function isGermanParticiple(word: string, lexicon: Record<string, string>): boolean {
  const english = lexicon[word];
  if (english !== undefined) return /ed$/.test(english) || IRREGULAR_PARTICIPLES.includes(english);
  return /^[a-zäöüß]*ge[a-zäöüß]{2,}(?:t|en)$/.test(word);
}

/**
 * German puts the participle at the end of its clause ("Ausgaben werden von einer Person bezahlt", "Geschenke, die
 * von Gästen mitgebracht werden"); the planner reads English order. Moves a clause's final participle before its
 * first preposition, "von" after it becoming "by": "Ausgaben werden bezahlt by einer Person".
 */
function verbFinalFirst(tokens: Token[], lexicon: Record<string, string>): Token[] {
  const out: Token[] = [];
  let start = 0;
  for (let index = 0; index <= tokens.length; index += 1) {
    const token = tokens[index];
    if (token !== undefined && !CLAUSE_BREAKS.includes(token.text)) continue;
    const clause = tokens.slice(start, index);
    let end = clause.length;
    while (end > 0 && GERMAN_AUXILIARIES.includes(clause[end - 1].text)) end -= 1;
    const participle = clause[end - 1];
    const preposition = clause.findIndex((word, at) => at < end - 1 && GERMAN_PREPOSITIONS.includes(word.text));
    // (a capitalised word is a noun, whatever its English: "Rasse" is a breed, not a participle)
    const nounWritten = participle !== undefined && /^[A-ZÄÖÜ]/.test(participle.raw);
    // ("einen Haken für abgeholt": a participle right after its preposition is what the preposition names, no verb)
    if (participle && !participle.punct && !nounWritten && preposition >= 0 && preposition < end - 2 && isGermanParticiple(participle.text, lexicon)) {
      const moved = [...clause.slice(0, preposition), participle, ...clause.slice(preposition, end - 1), ...clause.slice(end)];
      const by = moved.findIndex((word, at) => at > 0 && moved[at - 1] === participle && (word.text === 'von' || word.text === 'vom'));
      if (by >= 0) moved[by] = { text: 'by', raw: 'by', punct: false };
      out.push(...moved);
    } else if (participle && !participle.punct && !nounWritten && end < clause.length && isGermanParticiple(participle.text, lexicon) && clause.some((word, at) => at < end - 1 && DATIVE_ARTICLES.includes(word.text))) {
      // "die jede Woche einem Mitbewohner zugewiesen werden": a passive with a dative object, "are assigned to a Mitbewohner"
      const dative = clause.findIndex((word, at) => at < end - 1 && DATIVE_ARTICLES.includes(word.text));
      const word = (text: string): Token => ({ text, raw: text, punct: false });
      out.push(...clause.slice(0, dative), word('are'), participle, word('to'), ...clause.slice(dative, end - 1));
    } else out.push(...clause);
    if (token !== undefined) out.push(token);
    start = index + 1;
  }
  return out;
}

/** "schichtplaner" -> "shift scheduler": a known last part and a known first part, with or without a linking s/n/en/e. */
function splitCompound(word: string, lexicon: Record<string, string>): string | null {
  for (let cut = 3; cut <= word.length - 3; cut += 1) {
    const head = word.slice(cut);
    if (!lexicon[head]) continue;
    const first = word.slice(0, cut);
    const stem = [first, first.replace(/(?:s|n|en|es|e)$/, '')].find((candidate) => candidate.length >= 3 && lexicon[candidate]);
    if (stem) return `${lexicon[stem]} ${lexicon[head]}`;
  }
  // "Abholdatum", "Stückpreis": a compound ending on a word of a field's kind is that kind of field, whatever its first part
  for (let cut = 3; cut <= word.length - 4; cut += 1) {
    const head = word.slice(cut);
    if (FIELD_HEADS.includes(head) && lexicon[head]) return `${word.slice(0, cut)} ${lexicon[head]}`;
  }
  return null;
}

/** German words a compound field ends on ("Abholdatum", "Stückpreis", "Fahrzeit"). */
const FIELD_HEADS = ['datum', 'preis', 'zeit', 'uhrzeit', 'nummer', 'betrag', 'kosten', 'gewicht', 'dauer'];

/**
 * The user's word for a thing in the singular: of the words the lexicon gives for it ("réserver", "livre" for
 * "book"), the one closest to the user's plural ("livres" -> "livre", not the verb); null when the lexicon has none.
 */
function singularOf(language: OtherLanguage, englishSingular: string, pluralWord: string | undefined): string | null {
  const candidates = Object.entries(LEXICON[language]).filter(([, english]) => english === englishSingular).map(([original]) => original);
  if (!candidates.length) return null;
  if (!pluralWord) return candidates[0];
  const plural = pluralWord.toLowerCase();
  const shared = (word: string): number => {
    let at = 0;
    while (at < word.length && at < plural.length && word[at] === plural[at]) at += 1;
    return at;
  };
  const [best] = [...candidates].sort((a, b) => shared(b) - shared(a) || a.length - b.length);
  // no lexicon word shares the start of the user's ("Mitbewohner" for a thing the lexicon calls otherwise): theirs
  return shared(best) >= 3 || candidates.length === 1 ? best : null;
}

/**
 * A field label the lexicon has no phrase for, word by word in the user's words: "date of départ" -> "Date de
 * départ", "acompte paid" -> "Acompte payé"; words of neither stay as they are.
 */
function wordByWord(language: OtherLanguage, label: string, words: OriginalWords, reverse: Map<string, string>): string {
  const plainWords = new Map<string, string>();
  for (const [english, original] of words) plainWords.set(toSnake(english), original);
  const local = label.split(' ').map((word) => {
    const lower = word.toLowerCase();
    return LABEL_WORDS[language][lower] ?? words.get(lower) ?? plainWords.get(toSnake(lower)) ?? reverse.get(lower) ?? lower;
  });
  let text = local.join(' ');
  if (language === 'fr') text = text.replace(/\b(d|l)e ([aeiouéèêh])/gi, "$1'$2");
  return capitalize(language === 'de' ? text : text.toLowerCase());
}

/** One word of a language in the singular, by its regular endings ("créneaux" -> "créneau", "canciones" -> "canción"). */
function singularIn(language: OtherLanguage, phrase: string): string {
  const [first, ...rest] = phrase.split(' ');
  let word = first;
  if (language === 'fr') word = /eaux$/.test(word) ? word.slice(0, -1) : word.replace(/aux$/, 'al').replace(/([^s])[sx]$/, '$1');
  // ("Lieferungen", "Reparaturen", "Lehrerinnen": the German endings a singular can be told from)
  if (language === 'de') word = word.replace(/(ung|heit|keit|schaft|ion|tät|ur|ei)en$/, '$1').replace(/innen$/, 'in');
  if (language === 'es') word = word.replace(/ones$/, 'ón').replace(/ces$/, 'z').replace(/([lnrdj])es$/, '$1').replace(/([aeiouáéó])s$/, '$1');
  return [word, ...rest].join(' ');
}

function pluralIn(language: OtherLanguage, phrase: string): string {
  const [first, ...rest] = phrase.split(' ');
  let word = first;
  if (language === 'fr' && !/[sxz]$/.test(word)) word = /eau$/.test(word) ? `${word}x` : /al$/.test(word) ? word.replace(/al$/, 'aux') : `${word}s`;
  if (language === 'es' && !/s$/.test(word)) word = /[aeiou]$/.test(word) ? `${word}s` : `${word.replace(/ón$/, 'on')}es`;
  return [word, ...rest].join(' ');
}

/** Page titles and the sign-in page's name in a language. */
export function pageTitle(language: AppLanguage, kind: 'form' | 'board' | 'calendar' | 'ranking' | 'sign_in', entity?: EntityPlan, field?: EntityField): string {
  const texts = UI_TEXTS[language];
  if (kind === 'sign_in') return texts.signIn;
  const singular = entity ? (language === 'de' ? entity.label_singular : entity.label_singular.toLowerCase()) : '';
  const template = kind === 'form' ? texts.form : texts[kind];
  return template.replace('{label}', entity?.label ?? '').replace('{singular}', singular).replace('{field}', field ? (language === 'de' ? field.label : field.label.toLowerCase()) : '');
}

/**
 * The plan of a translated prompt, put back into the prompt's language: each entity is named with the user's
 * word for it, fields get their label in the language (or the user's words), choices and hints too; names are
 * made from the labels, and references and views follow the renames.
 */
export function localizePlan(plan: AppPlan, language: OtherLanguage, words: OriginalWords, views: EntityView[]): { plan: AppPlan; views: EntityView[] } {
  const reverse = new Map<string, string>();
  for (const [original, english] of Object.entries(LEXICON[language])) if (!reverse.has(english)) reverse.set(english, original);
  const localWord = (english: string): string | undefined => words.get(english) ?? reverse.get(english);
  const lower = language === 'de' ? (text: string) => text : (text: string) => text.toLowerCase();

  const entityNames = new Map<string, string>();
  const fieldNames = new Map<string, Map<string, string>>();
  const entities: EntityPlan[] = plan.entities.map((entity) => {
    const englishPlural = entity.name.replace(/_/g, ' ');
    const englishSingular = singularSnake(entity.name).replace(/_/g, ' ');
    const pluralWord = localWord(englishPlural);
    // (German plurals have no regular ending: the singular the user wrote, when they wrote one)
    const germanSingular = language === 'de' && englishSingular !== englishPlural ? words.get(englishSingular) : undefined;
    // ("chaque cours": the user's own singular, the same word as their plural, before the lexicon's "classe")
    const userSingular = englishSingular !== englishPlural ? words.get(englishSingular) : undefined;
    const ownSingular = userSingular && pluralWord && userSingular.slice(0, 4).toLowerCase() === pluralWord.slice(0, 4).toLowerCase() ? userSingular : undefined;
    const singularWord = ownSingular ?? singularOf(language, englishSingular, pluralWord) ?? germanSingular ?? (pluralWord ? singularIn(language, pluralWord) : words.get(englishSingular));
    const plural = pluralWord ?? (singularWord ? pluralIn(language, singularWord) : entity.label);
    const singular = singularWord ?? entity.label_singular;
    let name = toSnake(plural);
    while ([...entityNames.values()].includes(name)) name = `${name}_2`;
    entityNames.set(entity.name, name);
    return { ...entity, name, label: capitalize(plural), label_singular: capitalize(singular) };
  });
  const localized = entities.map((entity, index) => {
    const original = plan.entities[index];
    const names = new Map<string, string>();
    fieldNames.set(entity.name, names);
    const fields = original.fields.map((field) => {
      const target = field.entity ? entities[plan.entities.findIndex((candidate) => candidate.name === field.entity)] : undefined;
      const label = FIELD_LABELS[language][field.name]
        ?? (target && [singularSnake(field.entity ?? ''), field.entity].includes(field.name) ? (field.type === 'references' ? target.label : target.label_singular) : undefined)
        ?? (localWord(field.name.replace(/_/g, ' ')) ? capitalize(localWord(field.name.replace(/_/g, ' ')) as string) : undefined)
        ?? wordByWord(language, field.label, words, reverse);
      let name = toSnake(label);
      if (RESERVED_FIELD_NAMES.includes(name)) name = `${name}_value`;
      while ([...names.values()].includes(name)) name = `${name}_2`;
      names.set(field.name, name);
      const next: EntityField = { ...field, name, label };
      if (field.entity) next.entity = entityNames.get(field.entity) ?? field.entity;
      if (field.hint) next.hint = HINT_LABELS[language][field.hint] ?? field.hint;
      if (field.options) {
        // ("(à faire, en cours, livrée)" read as "to faire", "in classes": a value of several words is the user's, word by word)
        const userWords = (option: string): string => option.split(' ').map((word) => words.get(word.toLowerCase()) ?? word).join(' ');
        const options = field.options.map((option) => OPTION_LABELS[language][option] ?? capitalize(words.get(option.toLowerCase()) ?? (option.includes(' ') ? userWords(option) : option)));
        next.options = [...new Set(options)];
      }
      return next;
    });
    return { ...entity, fields };
  });
  const localizedViews = views.map((view) => ({ kind: view.kind, entity: entityNames.get(view.entity) ?? view.entity, field: fieldNames.get(entityNames.get(view.entity) ?? '')?.get(view.field) ?? view.field }));
  const texts = UI_TEXTS[language];
  const kindWord = plan.name.split(' ').pop()?.toLowerCase() ?? '';
  const [primary] = localized;
  const named = plan.prompts.some((prompt) => prompt.includes(plan.name)) || !primary;
  const subject = primary ? (language === 'de' ? primary.label_singular : lower(primary.label)) : '';
  const kind = KIND_LABELS[language][kindWord] ?? texts.fallbackKind;
  // "Eine App für unsere WG": the app is named after what the user calls the place or group it is for
  const forWhom = APP_FOR[language].exec(plan.prompts[0] ?? '');
  const ownWord = forWhom && !LEXICON[language][forWhom[1].toLowerCase()] ? forWhom[1] : null;
  // ("Mi equipo de fútbol: jugadores, …": the app is the user's team, named so, not a list of its players)
  const opening = OPENING_SUBJECT[language].exec(plan.prompts[0] ?? '');
  const ownSubject = opening && opening[1].trim().split(/\s+/).length <= 4 ? capitalize(opening[1].trim()) : null;
  const name = named ? plan.name : ownWord ? texts.appFor.replace('{subject}', ownWord) : ownSubject ??  capitalize(texts.kindJoin.replace('{kind}', kind).replace('{subject}', subject).replace(/ de ([aeiouéèh])/i, language === 'fr' ? " d'$1" : ' de $1'));
  const description = `${texts.manage} ${joinWords(localized.map((entity) => lower(entity.label))).replace(/ and /, ` ${texts.and} `)}.`;
  return { plan: { ...plan, name: name.slice(0, 80), description, language, entities: localized }, views: localizedViews };
}
