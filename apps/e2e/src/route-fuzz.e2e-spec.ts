import fc from 'fast-check';
import { adminAccount, api, closeBus, contractErrorProblems, publishedDocument, publishedOperations, resolveSchema, type JsonSchema, type OpenApiOperation } from './support';

/**
 * Every operation of the published OpenAPI document, called with generated path parameters, queries and bodies:
 * some shaped as the document describes, most hostile (wrong types, huge and odd strings, nulls, extra fields,
 * deep nesting, broken JSON). A client may send anything: the answer is never a 5xx, and every error is the
 * contract's body. The runs are seeded (FUZZ_SEED, else a random seed that a failure prints) and bounded
 * (FUZZ_RUNS per route). Each route gets a fresh enterprise account with one app of its own, so a DELETE or a
 * rotated secret of one route never changes what another sees.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const document = publishedDocument();
const operations = publishedOperations(document);

const HUGE = 'x'.repeat(200_000);
const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', 'a\u202Eb', '../../etc/passwd', '%00', '%ZZ', '${7*7}', "' OR 1=1 --", '<script>alert(1)</script>', '__proto__', 'constructor', '-1', '0', '1e309', 'NaN', 'null', 'true', '[]', '{}', 'é'.repeat(5000), HUGE),
);
const deepNesting = fc.constantFrom(1, 50, 2000).map((depth) => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) as unknown);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 2 ** 53, -(2 ** 63), 1.5, [], {}, [null], { __proto__: { admin: true } }),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
  deepNesting,
);

const resolve = (schema: JsonSchema): JsonSchema => resolveSchema(schema, document);

/** A value the schema describes (lengths kept small): what a careful client would send. */
function shapedBy(input: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input);
  if ('const' in schema) return fc.constant(schema['const']);
  if (Array.isArray(schema['enum'])) return fc.constantFrom(...(schema['enum'] as unknown[]));
  const choices = (schema['anyOf'] ?? schema['oneOf']) as JsonSchema[] | undefined;
  if (choices) return fc.oneof(...choices.map((choice) => shapedBy(choice, depth)));
  if (Array.isArray(schema['allOf'])) return shapedBy((schema['allOf'] as JsonSchema[])[0] ?? {}, depth);
  const example = schema['example'];
  switch (schema['type']) {
    case 'string': {
      const min = Number(schema['minLength'] ?? 0);
      const max = Math.max(min, Math.min(Number(schema['maxLength'] ?? 40), 40));
      const text = fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: max });
      return example === undefined ? text : fc.oneof(fc.constant(example), text);
    }
    case 'integer':
      return fc.integer({ min: Number(schema['minimum'] ?? -1000), max: Number(schema['maximum'] ?? 1000) });
    case 'number':
      return fc.double({ min: Number(schema['minimum'] ?? -1000), max: Number(schema['maximum'] ?? 1000), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(shapedBy((schema['items'] as JsonSchema | undefined) ?? {}, depth + 1), { maxLength: 3 });
    case 'object': {
      const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
      if (depth > 3 || Object.keys(properties).length === 0) return fc.dictionary(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }), fc.string({ maxLength: 20 }), { maxKeys: 3 });
      const required = (schema['required'] ?? []) as string[];
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, shapedBy(property, depth + 1)])),
        { requiredKeys: required },
      );
    }
    default:
      return example === undefined ? fc.jsonValue({ maxDepth: 2 }) : fc.constant(example);
  }
}

/** A body: well-shaped, well-shaped with one field made hostile or one field too many, any hostile JSON value, or broken JSON text. */
function bodyFor(schema: JsonSchema): fc.Arbitrary<{ json?: unknown; raw?: string }> {
  const shaped = shapedBy(schema);
  const withHostileField = fc
    .tuple(shaped, fc.constantFrom(...Object.keys((resolve(schema)['properties'] ?? { extra: {} }) as object), 'unexpected_field', '__proto__'), hostileValue)
    .map(([value, key, bad]) => (typeof value === 'object' && value !== null ? { ...value, [key]: bad } : bad));
  return fc.oneof(
    shaped.map((json) => ({ json })),
    withHostileField.map((json) => ({ json })),
    hostileValue.map((json) => ({ json })),
    fc.constantFrom('{"a":', '{,}', '\u0000', 'null', '"just a string"', '[1,2', '{"prompt": "x"}'.repeat(3), `[${'['.repeat(100_000)}`).map((raw) => ({ raw })),
  );
}

interface Call {
  path: Record<string, string>;
  query: Record<string, string>;
  body?: { json?: unknown; raw?: string };
}

function callsOf(operation: OpenApiOperation, ownAppId: string): fc.Arbitrary<Call> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  // A lone surrogate cannot be percent-encoded: no client can put one in a URL.
  const encodable = (s: string): boolean => s.length > 0 && !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
  const pathValue = (name: string): fc.Arbitrary<string> =>
    fc.oneof(...(name === 'id' || name === 'app_id' ? [fc.constant(ownAppId)] : []), fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 20 }), hostileString.filter(encodable));
  const queryValue = (schema: JsonSchema | undefined): fc.Arbitrary<string> =>
    fc.oneof(shapedBy(schema ?? { type: 'string' }).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))), hostileString);
  return fc.record({
    path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathValue(p.name)]))),
    query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, queryValue(p.schema)])), { requiredKeys: [] }),
    ...(operation.body ? { body: bodyFor(operation.body) } : {}),
  }) as fc.Arbitrary<Call>;
}

function urlOf(operation: OpenApiOperation, call: Call): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(call.path[name] ?? ''));
  const query = new URLSearchParams(call.query).toString();
  return `/api/v1${path}${query ? `?${query}` : ''}`;
}

describe('every route of the OpenAPI document, fuzzed', () => {
  afterAll(closeBus);

  it('has routes to fuzz', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it.each(operations.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation] as const))(
    '%s never answers 5xx, and answers errors with the contract body',
    async (_name, operation) => {
      const owner = await adminAccount('enterprise', 'fuzz');
      const app = await api().post('/api/v1/managed_apps').set('X-API-Key', owner.key).send({ name: 'Fuzz target' }).expect(201);
      const details = await fc.check(
        fc.asyncProperty(callsOf(operation, app.body.app.id), async (call) => {
          let request = api()[operation.method](urlOf(operation, call));
          if (operation.authenticated) request = request.set('X-API-Key', owner.key);
          if (call.body?.raw !== undefined) request = request.set('content-type', 'application/json').send(call.body.raw);
          else if (call.body) request = request.set('content-type', 'application/json').send(JSON.stringify(call.body.json ?? null));
          const response = await request;
          const problems = response.status >= 500 ? [`status ${response.status}: ${response.text.slice(0, 300)}`] : [];
          if (response.status >= 400) problems.push(...contractErrorProblems(response.status, response.headers['content-type'], response.text));
          if (problems.length > 0) throw new Error(`${response.status} ${problems.join('; ')}`);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (details.failed) {
        const shown = JSON.stringify(details.counterexample, (_key, value: unknown) => (typeof value === 'string' && value.length > 120 ? `${value.slice(0, 120)}… (${value.length} characters)` : value));
        throw new Error(`after ${details.numRuns} run(s): ${String(details.errorInstance)}\ncall: ${shown}\nrerun with FUZZ_SEED=${SEED} (path ${details.counterexamplePath})`);
      }
    },
    180_000,
  );
});
