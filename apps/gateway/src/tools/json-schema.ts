import { codePointLength, textCharacterProblem, textLinesOfPattern, TEXT_PATTERNS, type FieldError, type TextLimit } from '@appgen/contracts';

export type JsonType = 'object' | 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'null';

/**
 * The part of JSON Schema (draft 2020-12) the tool catalogue uses. The schemas clients read from
 * GET /mcp/tools are the ones `validateJson` enforces, so the published description and the checks
 * cannot drift apart.
 */
export interface JsonSchema {
  type: JsonType | JsonType[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  enum?: ReadonlyArray<string | number | boolean>;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: string | number | boolean;
}

export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

function typeOf(value: unknown): JsonType | 'unknown' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'object') return 'object';
  return 'unknown';
}

function matchesType(value: unknown, expected: JsonType): boolean {
  const actual = typeOf(value);
  return actual === expected || (expected === 'number' && actual === 'integer');
}

const ARTICLE: Record<JsonType, string> = {
  object: 'an object',
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean',
  array: 'an array',
  null: 'null',
};

/** The first rule `value` breaks at `field` (and below it), as the API's `[{field, message}]`. */
export function validateJson(schema: JsonSchema, value: unknown, field: string): FieldError[] {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.some((type) => matchesType(value, type))) {
    return [{ field, message: `must be ${types.map((type) => ARTICLE[type]).join(' or ')}` }];
  }
  if (schema.enum && !schema.enum.some((choice) => choice === value)) {
    return [{ field, message: `must be one of: ${schema.enum.join(', ')}` }];
  }
  if (typeof value === 'string') return validateString(schema, value, field);
  if (typeof value === 'number') return validateNumber(schema, value, field);
  if (Array.isArray(value)) return validateArray(schema, value, field);
  if (typeof value === 'object' && value !== null) return validateObject(schema, value, field);
  return [];
}

/**
 * The schema of a stored text field under its limit (`TEXT_LIMITS`): its lengths, and as `pattern` the
 * characters its kind allows, which `validateJson` explains in words rather than quoting the regex.
 */
export function storedText(limit: TextLimit, description?: string): JsonSchema {
  return {
    type: 'string',
    ...(limit.min === undefined ? {} : { minLength: limit.min }),
    maxLength: limit.max,
    pattern: TEXT_PATTERNS[limit.lines],
    ...(description === undefined ? {} : { description }),
  };
}

function validateString(schema: JsonSchema, value: string, field: string): FieldError[] {
  // JSON Schema counts characters (code points): an emoji is one, as in every other limit of the API.
  const length = schema.minLength === undefined && schema.maxLength === undefined ? 0 : codePointLength(value);
  if (schema.minLength !== undefined && length < schema.minLength) {
    return [{ field, message: schema.minLength === 1 ? 'must not be empty' : `must be at least ${schema.minLength} characters` }];
  }
  if (schema.maxLength !== undefined && length > schema.maxLength) return [{ field, message: `must be at most ${schema.maxLength} characters` }];
  if (schema.pattern !== undefined) {
    const lines = textLinesOfPattern(schema.pattern);
    const problem = lines === null ? null : textCharacterProblem(value, lines);
    if (problem !== null) return [{ field, message: problem }];
    if (lines === null && !new RegExp(schema.pattern, 'u').test(value)) return [{ field, message: `must match ${schema.pattern}` }];
  }
  return [];
}

function validateNumber(schema: JsonSchema, value: number, field: string): FieldError[] {
  if (schema.minimum !== undefined && value < schema.minimum) return [{ field, message: `must not be less than ${schema.minimum}` }];
  if (schema.maximum !== undefined && value > schema.maximum) return [{ field, message: `must not be greater than ${schema.maximum}` }];
  return [];
}

function validateArray(schema: JsonSchema, value: unknown[], field: string): FieldError[] {
  if (schema.minItems !== undefined && value.length < schema.minItems) return [{ field, message: `must have at least ${schema.minItems} item(s)` }];
  if (schema.maxItems !== undefined && value.length > schema.maxItems) return [{ field, message: `must have at most ${schema.maxItems} items` }];
  const items = schema.items;
  if (!items) return [];
  return value.flatMap((item, index) => validateJson(items, item, `${field}.${index}`));
}

function validateObject(schema: JsonSchema, value: object, field: string): FieldError[] {
  const entries = new Map(Object.entries(value));
  const errors: FieldError[] = [];
  for (const name of schema.required ?? []) {
    if (!entries.has(name) || entries.get(name) === undefined) errors.push({ field: `${field}.${name}`, message: 'is required' });
  }
  for (const [name, child] of entries) {
    const property = schema.properties?.[name];
    if (property) errors.push(...validateJson(property, child, `${field}.${name}`));
    else if (schema.additionalProperties === false) errors.push({ field: `${field}.${name}`, message: 'is not a permitted field' });
  }
  return errors;
}
