import { Type, type Static, type TSchema, type TObject, type TProperties, type TUnsafe, type ObjectOptions, type SchemaOptions } from '@sinclair/typebox';
import { MAX_INTEGER_ID, METADATA_LIMITS, type TextLimit } from './limits';
import { TEXT_PATTERNS } from './stored-text';

/*
 * The building blocks every message schema is made of (libs/contracts/README.md says why TypeBox). A schema is
 * plain JSON Schema 2020-12: the same object is validated (validation.ts), published in OpenAPI 3.1 and in the
 * tools' `input_schema`, and gives the TypeScript type through `Static`.
 *
 * Annotations beyond JSON Schema are `x-` keywords, which OpenAPI allows and the validator knows:
 * - `x-trim`: surrounding whitespace is removed before the value is checked (names, ids, URLs);
 * - `x-message`: the message when the value breaks a rule of this schema that has no wording of its own
 *   (a pattern, a format, a bound); a wrong type is always worded by the type;
 * - `x-missing`: the error code and message a missing (or blank) value is answered with instead of 422
 *   (the contract's 400 `missing_prompt`);
 * - `x-max-json-bytes`: the value's JSON, in UTF-8, may be at most this many bytes.
 */
export { Type, type Static, type TSchema, type TObject };

export interface MissingAnswer {
  code: 'missing_prompt';
  message: string;
}

export interface AnnotationOptions extends SchemaOptions {
  'x-trim'?: boolean;
  'x-message'?: string;
  'x-missing'?: MissingAnswer;
  'x-max-json-bytes'?: number;
}

/** A string that is one of `values`, published as a plain `enum` (clean in OpenAPI and generated clients). */
export function StringEnum<const Values extends readonly string[]>(values: Values, options: SchemaOptions = {}): TUnsafe<Values[number]> {
  return Type.Unsafe<Values[number]>({ ...options, type: 'string', enum: [...values] });
}

/** `schema` or null. Primitive types stay one schema (`type: [..., 'null']`), so errors and clients stay simple. */
export function Nullable<T extends TSchema>(schema: T, options: SchemaOptions = {}): TUnsafe<Static<T> | null> {
  const type: unknown = schema['type'];
  if (typeof type === 'string' && type !== 'object' && type !== 'array') {
    return Type.Unsafe<Static<T> | null>({ ...schema, ...options, type: [type, 'null'] });
  }
  return Type.Unsafe<Static<T> | null>({ ...options, anyOf: [schema, { type: 'null' }] });
}

/**
 * A stored text field under its limit of `TEXT_LIMITS`: its length in characters and, as `pattern`, the
 * characters its kind allows (the validator explains a refusal in words rather than quoting the pattern).
 */
export function StoredText(limit: TextLimit, options: AnnotationOptions = {}): TUnsafe<string> {
  return Type.Unsafe<string>({
    ...options,
    type: 'string',
    ...(limit.min === undefined ? {} : { minLength: limit.min }),
    maxLength: limit.max,
    pattern: TEXT_PATTERNS[limit.lines],
  });
}

/** An object that refuses fields it does not name (the API answers unknown fields with 422). */
export function Closed<T extends TProperties>(properties: T, options: ObjectOptions = {}): TObject<T> {
  return Type.Object(properties, { ...options, additionalProperties: false });
}

/**
 * A schema with a name: OpenAPI publishes it once under `components/schemas/<name>` and refers to it
 * wherever it is used, so a generated client has one type for it.
 */
export function Named<T extends TSchema>(name: string, schema: T): T {
  return Object.assign(schema, { title: name });
}

/** A generation's `metadata`: any JSON object, within METADATA_LIMITS. */
export const Metadata = Type.Record(Type.String(), Type.Unknown(), {
  maxProperties: METADATA_LIMITS.maxKeys,
  'x-max-json-bytes': METADATA_LIMITS.maxBytes,
  description: `custom keys passed through to callbacks; at most ${METADATA_LIMITS.maxKeys} keys and ${METADATA_LIMITS.maxBytes / 1024} KiB as JSON`,
});

/** The id of a record kept in an `integer` column (a key, a webhook, a delivery, a version, an account). */
export const IntegerId = Type.Integer({ minimum: 1, maximum: MAX_INTEGER_ID });

/** A date and time as ISO 8601 (every `*_at` of the API). */
export const Timestamp = Type.String({ format: 'date-time' });

/** The JSON Schema dialect of every schema here (OpenAPI 3.1's own). */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** A schema as plain JSON (TypeBox's symbols dropped), the way clients read it from a published document. */
export function plainJsonSchema(schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}
