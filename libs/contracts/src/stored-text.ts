import type { FieldError } from './errors';
import { METADATA_LIMITS, type TextLimit, type TextLines } from './limits';

/*
 * Which characters stored free text may hold. Names and other one-line fields end up in page titles, e-mail
 * subjects, log lines, CSV exports and terminals: a CR/LF there forges a line, a bidi control (U+202E) makes
 * text read backwards ("Trojan Source"). So every field refuses the C0 and C1 controls, DEL, the bidi
 * controls and the Unicode line and paragraph separators; multi-line fields (descriptions, prompts) allow
 * LF, CR and TAB. NUL and lone surrogates are refused earlier, for every value, by the services' NUL check.
 *
 * One character class per kind, from which both the check and the JSON Schema `pattern` the tools publish
 * are made, so the two cannot differ.
 */
const LINE_CONTROLS = '\\u0009\\u000A\\u000D';
const OTHER_CONTROLS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
const BIDI_CONTROLS = '\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069';
const SEPARATORS = '\\u2028\\u2029';

const REFUSED: Readonly<Record<TextLines, string>> = {
  single: `${LINE_CONTROLS}${OTHER_CONTROLS}${BIDI_CONTROLS}${SEPARATORS}`,
  multi: `${OTHER_CONTROLS}${BIDI_CONTROLS}${SEPARATORS}`,
};
const REFUSED_PATTERN: Readonly<Record<TextLines, RegExp>> = {
  single: new RegExp(`[${REFUSED.single}]`, 'u'),
  multi: new RegExp(`[${REFUSED.multi}]`, 'u'),
};

/** The JSON Schema `pattern` (ECMA-262) of text of each kind: what the tool schemas publish and enforce. */
export const TEXT_PATTERNS: Readonly<Record<TextLines, string>> = {
  single: `^[^${REFUSED.single}]*$`,
  multi: `^[^${REFUSED.multi}]*$`,
};

/** The kind a published pattern stands for, so a validator can explain it instead of quoting the regex. */
export function textLinesOfPattern(pattern: string): TextLines | null {
  if (pattern === TEXT_PATTERNS.single) return 'single';
  if (pattern === TEXT_PATTERNS.multi) return 'multi';
  return null;
}

function isBidiControl(code: number): boolean {
  return code === 0x061c || code === 0x200e || code === 0x200f || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

function kindOf(code: number): string {
  if (code === 0x0a || code === 0x0d) return 'line breaks';
  if (code === 0x09) return 'tabs';
  if (code === 0x2028 || code === 0x2029) return 'line or paragraph separators';
  if (isBidiControl(code)) return 'bidirectional text controls';
  return 'control characters';
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Characters as people (and JSON Schema, and Postgres) count them: code points, a surrogate pair being one. */
export function codePointLength(text: string): number {
  let length = text.length;
  for (let index = 0; index < text.length - 1; index += 1) {
    if (isHighSurrogate(text.charCodeAt(index)) && isLowSurrogate(text.charCodeAt(index + 1))) {
      length -= 1;
      index += 1;
    }
  }
  return length;
}

/** Why `text` may not be stored as text of this kind (which character, where), or null when it may. */
export function textCharacterProblem(text: string, lines: TextLines): string | null {
  const found = REFUSED_PATTERN[lines].exec(text);
  if (!found) return null;
  const code = found[0].charCodeAt(0);
  const hex = code.toString(16).toUpperCase().padStart(4, '0');
  const position = codePointLength(text.slice(0, found.index)) + 1;
  return `must not contain ${kindOf(code)} (U+${hex} at character ${position})`;
}

/**
 * Why `value` is not acceptable text under `limit`: not a string, too short or too long, or holding a
 * character its kind refuses; null when it is fine. Trim first where the field is trimmed.
 */
export function textProblem(value: unknown, limit: TextLimit): string | null {
  if (typeof value !== 'string') return 'must be a string';
  const length = codePointLength(value);
  if (limit.min !== undefined && length < limit.min) return limit.min === 1 ? 'must not be empty' : `must be at least ${limit.min} characters`;
  if (length > limit.max) return `must be at most ${limit.max} characters`;
  return textCharacterProblem(value, limit.lines);
}

/** `textProblem` as the API's field error. */
export function checkText(field: string, value: unknown, limit: TextLimit): FieldError | null {
  const message = textProblem(value, limit);
  return message === null ? null : { field, message };
}

/** Why `value` cannot be a generation's `metadata` (not an object, too many keys, too large), or null. */
export function metadataProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be a JSON object';
  if (Object.keys(value).length > METADATA_LIMITS.maxKeys) return `must have at most ${METADATA_LIMITS.maxKeys} keys`;
  if (new TextEncoder().encode(JSON.stringify(value)).length > METADATA_LIMITS.maxBytes) return `must be at most ${METADATA_LIMITS.maxBytes / 1024} KiB as JSON`;
  return null;
}
