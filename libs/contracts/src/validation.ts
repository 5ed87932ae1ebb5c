import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Static, TSchema } from '@sinclair/typebox';
import type { ErrorCode, FieldError } from './errors';
import type { AnnotationOptions, MissingAnswer } from './schema';
import { textCharacterProblem, textLinesOfPattern } from './stored-text';
import { normalizeEmail } from './users.contract';

/*
 * One validator for every message: the gateway's requests, the tools' params and each service's incoming
 * messages are checked against the same schema object by the same compiled function, and refused with the
 * same `[{field, message}]`. Ajv compiles each schema once to JavaScript (cached by the schema object), which
 * keeps a check of a typical request to a few hundred nanoseconds on the read path.
 */

/** An absolute http(s) URL with a host: where appgen may send a request. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    // error objects carry the failing schema and value, from which the messages below are worded
    verbose: true,
    allowUnionTypes: true,
    strict: true,
  });
  addFormats(ajv, ['date-time', 'date', 'uri', 'email', 'uuid']);
  ajv.addFormat('http-url', isHttpUrl);
  ajv.addFormat('account-email', (value: string) => normalizeEmail(value) !== null);
  for (const keyword of ['x-trim', 'x-message', 'x-missing', 'example']) ajv.addKeyword({ keyword, schemaType: ['boolean', 'string', 'object', 'number', 'array'] });
  ajv.addKeyword({
    keyword: 'x-max-json-bytes',
    schemaType: 'number',
    validate: (limit: number, data: unknown) => Buffer.byteLength(JSON.stringify(data) ?? '', 'utf8') <= limit,
  });
  return ajv;
}

const ajv = createAjv();

export interface ValidateOptions {
  /** the field name errors are reported under (the tools' `params`); default: none, fields are top-level names */
  root?: string;
  /** the value is a query string: numbers and booleans arrive as text */
  query?: boolean;
}

export type Validation<T> =
  | { ok: true; value: T }
  | { ok: false; missing: MissingAnswer & { code: ErrorCode }; errors: FieldError[] }
  | { ok: false; missing: null; errors: FieldError[] };

const compiled = new WeakMap<TSchema, ValidateFunction>();

function compiledFor(schema: TSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/**
 * Checks `value` against `schema`, trimming the fields marked `x-trim` first (in place: the value is a freshly
 * parsed message). Answers the value, typed, or one error per field that is wrong, worded for people.
 */
export function validate<T extends TSchema>(schema: T, value: unknown, options: ValidateOptions = {}): Validation<Static<T>> {
  if (options.query === true) readQueryText(schema, value);
  trimMarked(schema, value);
  const check = compiledFor(schema);
  if (check(value)) return { ok: true, value: value as Static<T> };
  const errors = check.errors ?? [];
  const missing = missingAnswer(errors);
  const fieldErrors = toFieldErrors(errors, options.root ?? '');
  return missing ? { ok: false, missing, errors: fieldErrors } : { ok: false, missing: null, errors: fieldErrors };
}

/** Compiles every schema given now, so that a schema Ajv refuses fails at boot (or in a test), not on a request. */
export function precompile(schemas: Iterable<TSchema>): void {
  for (const schema of schemas) compiledFor(schema);
}

type SchemaNode = TSchema & AnnotationOptions & {
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  type?: string | string[];
};

/**
 * A query string's values arrive as text: one that spells a whole number where the schema takes an integer
 * becomes that number ("12", not "1e1" or "12.0"), and "true" or "false" a boolean where it takes one. Anything
 * else stays text, for the schema to refuse with its words.
 */
function readQueryText(schema: SchemaNode, value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const text = record[name];
    if (typeof text !== 'string') continue;
    const types = Array.isArray(property.type) ? property.type : [property.type];
    if ((types.includes('integer') || types.includes('number')) && /^\s*-?\d{1,16}\s*$/.test(text)) record[name] = Number(text);
    else if (types.includes('boolean') && (text === 'true' || text === 'false')) record[name] = text === 'true';
  }
}

function trimMarked(schema: SchemaNode, value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    if (schema.items) for (const item of value) trimMarked(schema.items, item);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const field = record[name];
    if (typeof field === 'string') {
      if (property['x-trim'] === true) record[name] = field.trim();
    } else if (typeof field === 'object' && field !== null) {
      trimMarked(property, field);
      for (const branch of property.anyOf ?? []) trimMarked(branch, field);
    }
  }
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The coded answer (`x-missing`) of a required field that is absent or blank, if any. */
function missingAnswer(errors: readonly ErrorObject[]): (MissingAnswer & { code: ErrorCode }) | null {
  for (const error of errors) {
    const parent = error.parentSchema as SchemaNode | undefined;
    if (error.keyword === 'required') {
      const property = parent?.properties?.[(error.params as { missingProperty: string }).missingProperty];
      if (property?.['x-missing']) return property['x-missing'];
    } else if (parent?.['x-missing'] && isBlank(error.data)) {
      return parent['x-missing'];
    }
  }
  return null;
}

function fieldOf(root: string, instancePath: string, child?: string): string {
  const parts = instancePath === '' ? [] : instancePath.slice(1).split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  return [root, ...parts].filter((part) => part !== '').join('.') || 'body';
}

const ARTICLE: Readonly<Record<string, string>> = {
  object: 'an object',
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  array: 'an array',
  null: 'null',
};

function typesOf(schema: SchemaNode): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap(typesOf);
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema['enum'])) return ['one of the choices'];
  return [];
}

function describeTypes(types: readonly string[]): string {
  const words = [...new Set(types)].map((type) => ARTICLE[type] ?? type);
  return `must be ${words.join(' or ')}`;
}

function messageOf(error: ErrorObject): string {
  const schema = (error.parentSchema ?? {}) as SchemaNode;
  const params = error.params as Record<string, unknown>;
  const custom = schema['x-message'];
  switch (error.keyword) {
    case 'type':
      // A wrong type is worded by the type alone: `x-message` words the rules a value of the right type breaks.
      return describeTypes(typesOf(schema));
    case 'anyOf':
      return describeTypes(typesOf(schema));
    case 'enum':
      return `must be one of ${(error.schema as unknown[]).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params['allowedValue'])}`;
    case 'minLength':
      return params['limit'] === 1 ? 'must not be empty' : `must be at least ${String(params['limit'])} characters`;
    case 'maxLength':
      return `must be at most ${String(params['limit'])} characters`;
    case 'pattern': {
      const lines = textLinesOfPattern(String(error.schema));
      const problem = lines === null || typeof error.data !== 'string' ? null : textCharacterProblem(error.data, lines);
      return problem ?? custom ?? `must match ${String(error.schema)}`;
    }
    case 'format':
      return custom ?? `must be a valid ${String(params['format'])}`;
    case 'minimum':
      return custom ?? `must not be less than ${String(params['limit'])}`;
    case 'maximum':
      return custom ?? `must not be greater than ${String(params['limit'])}`;
    case 'minItems':
      return custom ?? (params['limit'] === 1 ? 'must not be empty' : `must have at least ${String(params['limit'])} items`);
    case 'maxItems':
      return `must have at most ${String(params['limit'])} items`;
    case 'uniqueItems':
      return 'must not repeat an item';
    case 'maxProperties':
      return `must have at most ${String(params['limit'])} keys`;
    case 'x-max-json-bytes': {
      const limit = Number(error.schema);
      return `must be at most ${limit % 1024 === 0 ? `${limit / 1024} KiB` : `${limit} bytes`} as JSON`;
    }
    default:
      return custom ?? error.message ?? 'is not valid';
  }
}

/**
 * Ajv's errors as the API's `[{field, message}]`: one per field (its first), with dotted paths (`a.b`,
 * `items.0.name`). A value that matches no branch of an `anyOf` (a nullable object) gets one message
 * naming what it may be, not one per branch.
 */
function toFieldErrors(errors: readonly ErrorObject[], root: string): FieldError[] {
  const unions = errors.filter((error) => error.keyword === 'anyOf').map((error) => error.schemaPath);
  const byField = new Map<string, string>();
  for (const error of errors) {
    if (unions.some((union) => error.schemaPath.startsWith(`${union}/`))) continue;
    let field: string;
    let message: string;
    if (error.keyword === 'required') {
      field = fieldOf(root, error.instancePath, (error.params as { missingProperty: string }).missingProperty);
      message = 'is required';
    } else if (error.keyword === 'additionalProperties') {
      field = fieldOf(root, error.instancePath, (error.params as { additionalProperty: string }).additionalProperty);
      message = 'is not a permitted field';
    } else {
      field = fieldOf(root, error.instancePath);
      message = messageOf(error);
    }
    if (!byField.has(field)) byField.set(field, message);
  }
  // Fields that are wrong before fields that should not be there, which Ajv reports first.
  const unknown = (message: string): number => (message === 'is not a permitted field' ? 1 : 0);
  return [...byField].map(([field, message]) => ({ field, message })).sort((a, b) => unknown(a.message) - unknown(b.message));
}
