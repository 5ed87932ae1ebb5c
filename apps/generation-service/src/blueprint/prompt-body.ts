/**
 * The part of a prompt that describes the app, as people paste it: a forwarded e-mail's headers, its greeting and
 * signature, a spec's markdown headings and emphasis, user stories' "As a …, I want to", and the data rows under a
 * pasted header row say nothing of what the app keeps, and read as things they made tables of ("Hi Tom", "Many
 * thanks", "As a booker", "A12"). What is left reads as the prompt would have without them.
 */
import { libraryFieldName } from './prompt-parser';
import { singularize, toSnake } from './words.util';

/** "From: …", "Subject: …", "---------- Forwarded message ---------": lines of a mail's header. */
const MAIL_HEADER = /^\s*(?:-{3,}.*-{3,}|(?:from|to|cc|date|sent|subject|objet|de|à|von|an|betreff|asunto|para|enviado)\s*:.*)\s*$/i;
/** What shows the prompt is a mail, before any "Date:" or "To:" line is taken for its header rather than a field's. */
const MAIL_MARK = /^\s*(?:-{3,}.*-{3,}|(?:from|subject|objet|von|betreff|asunto|de)\s*:.*)\s*$/im;
/** A line that only greets: "Hi Tom,", "Hello!", "Bonjour,", "Guten Tag,", "¡Hola!", "Dear all,". */
const GREETING = /^\s*(?:¡\s*)?(?:hi|hello|hey|dear|good (?:morning|afternoon|evening)|bonjour|bonsoir|salut|hallo|guten (?:tag|morgen|abend)|liebe[rs]?|sehr geehrte[rs]?|hola|buenos días|buenas(?: tardes)?|estimad[oa]s?)\b[^.!?\n]{0,40}[,!.:]?\s*$/i;
/** A line that signs off: "Many thanks,", "Best regards", "Merci d'avance,", "Mit freundlichen Grüßen". */
const SIGN_OFF = /^\s*(?:(?:many |kind |best |warm )?(?:thanks|thank you|regards|wishes|cheers)(?: so much| again| in advance)?|best|sincerely|yours(?: sincerely| truly)?|merci(?: d['’]avance| beaucoup)?|cordialement|bien à (?:vous|toi)|(?:mit )?freundlichen grüßen|viele grüße|beste grüße|danke(?: schön)?|saludos(?: cordiales)?|un saludo|gracias(?: de antemano)?|atentamente)\s*[,!.]?\s*$/i;
/** What may follow a sign-off: a few short lines (a name, a role, a company), nothing more. */
const SIGNATURE_LINES = 4;
const SIGNATURE_LENGTH = 60;
/** "## Entities", "### Views": a markdown heading, kept as the word it is with a colon ("Entities:"). */
const HEADING = /^(\s*)#{1,6}\s+(.+?)\s*#*\s*$/;
/** "- As a booker, I want to log …", "As an interpreter I'd like to see …": the teller of a user story. */
const STORY_TELLER = /^(\s*(?:[-*\u2022]|\d+[.)])?\s*)as an? [^,.\n]{1,40}?,?\s+i(?:['’]d like| would like| want| need| can| should be able)(?: to)?\s+/i;
/** A pasted spreadsheet line of four or more cells separated by semicolons: "berth;pontoon;length m;boat". */
const SEMICOLON_ROW = /^[^;\n]*(?:;[^;\n]*){3,}$/;

/**
 * "kit items (e.g. Alexa Mini, Cooke lenses, sticks)", "(par ex. …)", "(z. B. …)", "(p. ej. …)": examples of things in
 * brackets name no field, no value and no thing; after a field of a closed set ("a category (e.g. food or rent)") they
 * are its values, and stay.
 */
const EXAMPLES = /([\p{L}-]+)\s*\(\s*(?:e\.\s?g\.?|eg\b|for example|for instance|such as|par ex(?:\.|emple)|z\.\s?b\.|zum beispiel|p\.\s?ej\.|por ejemplo)[^()]*\)/giu;

export function promptBody(prompt: string): string {
  const lines = prompt.split('\n');
  const kept: string[] = [];
  let headerRowSeen = false;
  const mail = MAIL_MARK.test(prompt);
  for (const [index, line] of lines.entries()) {
    if ((mail && MAIL_HEADER.test(line)) || GREETING.test(line)) continue;
    // (nothing after a sign-off is the app: the name, the role, the company)
    const signature = lines.slice(index + 1).filter((after) => after.trim());
    if (SIGN_OFF.test(line) && kept.some((earlier) => earlier.trim()) && signature.length <= SIGNATURE_LINES && signature.every((after) => after.length < SIGNATURE_LENGTH)) break;
    if (SEMICOLON_ROW.test(line)) {
      // the first such row names the columns; rows of figures under it are data
      if (headerRowSeen && /\d/.test(line)) continue;
      kept.push(line.split(';').map((cell) => cell.trim()).join(', '));
      headerRowSeen = true;
      continue;
    }
    const heading = HEADING.exec(line);
    const plain = (heading ? `${heading[1]}${heading[2]}:` : line).replace(/\*\*|__|`/g, '').replace(STORY_TELLER, '$1');
    kept.push(plain);
  }
  const body = withNestedListsJoined(kept).join('\n').replace(EXAMPLES, (whole, before: string) => (libraryFieldName(toSnake(singularize(before))) === undefined ? before : whole)).trim();
  // (a prompt that is nothing but a greeting stays as it was)
  return body || prompt;
}

/** A list's line: its indent, its marker, its text. */
const LIST_LINE = /^([ \t]*)(?:[-*\u2022]|\d+[.)])[ \t]+(.*)$/;

/**
 * "- Locomotives\n  - number, name, livery\n  - owner: one of the members": a list line with lines indented under it
 * names a thing whose fields they are, read as "- Locomotives: number, name, livery, owner (one of the members)"
 * (a "name: what it holds" line becomes the name and, in brackets, what it holds).
 */
function withNestedListsJoined(lines: string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const parent = LIST_LINE.exec(lines[index]);
    const children: string[] = [];
    let next = index + 1;
    for (let child = parent ? LIST_LINE.exec(lines[next] ?? '') : null; parent && child && child[1].length > parent[1].length; child = LIST_LINE.exec(lines[next] ?? '')) {
      // ("DCC fitted? yes/no": the question's mark, inside a list, would end its sentence)
      children.push(child[2].trim().replace(/^([^:,()]{1,40}):\s+(.+)$/, '$1 ($2)').replace(/\?(?=\s*(?:yes|y)\s*(?:\/|or)\s*(?:no|n)\b)/i, ''));
      next += 1;
    }
    if (!parent || children.length === 0) {
      joined.push(lines[index]);
      continue;
    }
    joined.push(`${parent[1]}- ${parent[2].trim().replace(/:$/, '')}: ${children.join(', ')}`);
    index = next - 1;
  }
  return joined;
}
