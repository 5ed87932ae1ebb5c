import { METADATA_LIMITS, TEXT_LIMITS } from './limits';
import { checkText, codePointLength, metadataProblem, TEXT_PATTERNS, textCharacterProblem, textLinesOfPattern, textProblem } from './stored-text';

/** Every character a field of each kind refuses, by the list, with the kind the message names. */
const LINE_BREAKS = ['\n', '\r'];
const CONTROLS = ['\u0001', '\u0007', '\u0008', '\u000B', '\u000C', '\u001B', '\u001F', '\u007F', '\u0080', '\u0085', '\u009F'];
const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
const SEPARATORS = ['\u2028', '\u2029'];

describe('stored text characters', () => {
  it.each([
    ...LINE_BREAKS.map((char) => [char, 'line breaks'] as const),
    ['\t', 'tabs'] as const,
    ...CONTROLS.map((char) => [char, 'control characters'] as const),
    ...BIDI.map((char) => [char, 'bidirectional text controls'] as const),
    ...SEPARATORS.map((char) => [char, 'line or paragraph separators'] as const),
  ])('a one-line field refuses U+%j, naming it and where it is', (char, kind) => {
    const hex = char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    expect(textCharacterProblem(`Shop${char}front`, 'single')).toBe(`must not contain ${kind} (U+${hex} at character 5)`);
  });

  it('lets a multi-line field break lines and indent, and refuses every other control', () => {
    expect(textCharacterProblem('Line one\r\nLine two\n\tindented', 'multi')).toBeNull();
    for (const char of [...CONTROLS, ...BIDI, ...SEPARATORS]) expect(textCharacterProblem(`a${char}b`, 'multi')).toMatch(/^must not contain /);
  });

  it('accepts the text people write: accents, scripts written right to left, emoji with joiners', () => {
    for (const text of ['Café de Flore', 'מתכונים של סבתא', 'وصفات', '日本語のアプリ', '👩‍💻 Dev log', 'Tom & Jerry <3', 'a\u00A0b']) {
      expect(textCharacterProblem(text, 'single')).toBeNull();
    }
  });

  it('counts a character beyond the BMP once, in lengths and positions', () => {
    expect(codePointLength('🚀🚀')).toBe(2);
    expect(codePointLength('a\ud800')).toBe(2);
    expect(textCharacterProblem('🚀🚀\u202E', 'single')).toMatch(/at character 3\)$/);
    expect(textProblem('🚀'.repeat(100), TEXT_LIMITS.appName)).toBeNull();
    expect(textProblem('🚀'.repeat(101), TEXT_LIMITS.appName)).toBe('must be at most 100 characters');
  });

  it('publishes as a pattern exactly what it checks', () => {
    for (const lines of ['single', 'multi'] as const) {
      const pattern = new RegExp(TEXT_PATTERNS[lines], 'u');
      expect(textLinesOfPattern(TEXT_PATTERNS[lines])).toBe(lines);
      for (const text of ['plain', 'two\nlines', 'tab\there', 'a\u202Eb', 'a\u0085b', 'x\u2028y', 'Café 🚀']) {
        expect(pattern.test(text)).toBe(textCharacterProblem(text, lines) === null);
      }
    }
    expect(textLinesOfPattern('^[a-z]+$')).toBeNull();
  });
});

describe('stored text limits', () => {
  it('names the first problem: type, emptiness, length, then characters', () => {
    expect(textProblem(42, TEXT_LIMITS.appName)).toBe('must be a string');
    expect(textProblem('', TEXT_LIMITS.appName)).toBe('must not be empty');
    expect(textProblem('', TEXT_LIMITS.appDescription)).toBeNull();
    expect(textProblem('short', TEXT_LIMITS.webhookSecret)).toBe('must be at least 16 characters');
    expect(textProblem('a'.repeat(TEXT_LIMITS.prompt.max), TEXT_LIMITS.prompt)).toBeNull();
    expect(textProblem('a'.repeat(TEXT_LIMITS.prompt.max + 1), TEXT_LIMITS.prompt)).toBe('must be at most 10000 characters');
    expect(textProblem('Build\na shop', TEXT_LIMITS.prompt)).toBeNull();
    expect(checkText('name', 'Build\na shop', TEXT_LIMITS.appName)).toEqual({ field: 'name', message: 'must not contain line breaks (U+000A at character 6)' });
    expect(checkText('name', 'Shop', TEXT_LIMITS.appName)).toBeNull();
  });

  it('bounds metadata by its keys and its size as JSON', () => {
    expect(metadataProblem({ ticket: 4, nested: { ok: true } })).toBeNull();
    expect(metadataProblem([1])).toBe('must be a JSON object');
    expect(metadataProblem('x')).toBe('must be a JSON object');
    const keys = Object.fromEntries(Array.from({ length: METADATA_LIMITS.maxKeys + 1 }, (_, index) => [`k${index}`, index]));
    expect(metadataProblem(keys)).toBe('must have at most 50 keys');
    expect(metadataProblem({ blob: 'é'.repeat(METADATA_LIMITS.maxBytes / 2) })).toBe('must be at most 16 KiB as JSON');
    expect(metadataProblem({ blob: 'a'.repeat(METADATA_LIMITS.maxBytes - 20) })).toBeNull();
  });
});
