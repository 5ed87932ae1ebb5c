import { PERMISSIONS, precompile, SCOPE_GRANTS, validate, type ApiKeyScope, type Caller, type TSchema } from '@appgen/contracts';
import { entityFromColumns } from './entity-columns';
import { TOOL_CATALOGUE } from './tool-catalogue';
import { admitToolCall, describeTools } from './tool-executor';
import { appgenErrorOf } from '@appgen/testing';

const CONTRACT_TOOLS = [
  'svc-generate-app',
  'svc-view-file',
  'svc-write-file',
  'svc-list-files',
  'svc-delete-file',
  'svc-create-entity',
  'svc-query-data',
  'svc-insert-data',
  'svc-update-data',
  'svc-delete-data',
];

type SchemaNode = { default?: unknown; properties?: Record<string, SchemaNode>; items?: SchemaNode };

/** Defaults that break their own schema, with where they are: a client filling them in would be refused. */
function brokenDefaults(schema: SchemaNode, at: string): string[] {
  const problems: string[] = [];
  if (schema.default !== undefined && !validate(schema as TSchema, schema.default).ok) problems.push(`${at}: default breaks its own schema`);
  for (const [name, child] of Object.entries(schema.properties ?? {})) problems.push(...brokenDefaults(child, `${at}.${name}`));
  if (schema.items) problems.push(...brokenDefaults(schema.items, `${at}[]`));
  return problems;
}

function callerWith(scope: ApiKeyScope): Caller {
  return { accountId: 1, email: 'ada@example.com', plan: 'free', keyId: 7, scope, grants: [...SCOPE_GRANTS[scope]] };
}

describe('tool catalogue', () => {
  it('has the ten tools of the contract, each with a description, schema, permission and handler', () => {
    expect(TOOL_CATALOGUE.map((tool) => tool.name)).toEqual(CONTRACT_TOOLS);
    for (const tool of TOOL_CATALOGUE) {
      expect(tool.description.length).toBeGreaterThan(20);
      expect(PERMISSIONS).toContain(tool.permission);
      expect(typeof tool.run).toBe('function');
      expect(tool.input_schema.type).toBe('object');
      expect(tool.input_schema.additionalProperties).toBe(false);
      // Ajv compiles in strict mode: an unknown keyword or a required field that is no property throws.
      expect(() => precompile([tool.input_schema])).not.toThrow();
      expect(brokenDefaults(tool.input_schema, tool.name)).toEqual([]);
    }
  });

  it('publishes each schema as a JSON Schema document, as plain JSON', () => {
    const { tools } = describeTools();
    expect(tools).toHaveLength(10);
    for (const tool of tools) {
      expect(Object.keys(tool)).toEqual(['name', 'description', 'input_schema']);
      expect(tool.input_schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(JSON.parse(JSON.stringify(tool.input_schema))).toEqual(tool.input_schema);
    }
  });

  it('needs the permission of the route doing the same thing', () => {
    const permissions = Object.fromEntries(TOOL_CATALOGUE.map((tool) => [tool.name, tool.permission]));
    expect(permissions).toEqual({
      'svc-generate-app': 'generation:queue',
      'svc-view-file': 'apps:read',
      'svc-write-file': 'apps:write',
      'svc-list-files': 'apps:read',
      'svc-delete-file': 'apps:write',
      'svc-create-entity': 'apps:write',
      'svc-query-data': 'apps:read',
      'svc-insert-data': 'apps:write',
      'svc-update-data': 'apps:write',
      'svc-delete-data': 'apps:write',
    });
    expect(TOOL_CATALOGUE.filter((tool) => !tool.needs_app).map((tool) => tool.name)).toEqual(['svc-generate-app']);
  });
});

describe('admitting a tool call', () => {
  it('admits a call the key may make, with its params', () => {
    const admitted = admitToolCall(callerWith('read_only'), { tool: 'svc-view-file', app_id: 'k3x9', params: { path: 'index.html' } });
    expect(admitted).toMatchObject({ appId: 'k3x9', params: { path: 'index.html' } });
    expect(admitted.tool.name).toBe('svc-view-file');
    expect(admitToolCall(callerWith('full_access'), { tool: 'svc-generate-app', params: { prompt: 'A recipe manager' } }).appId).toBeNull();
  });

  it("refuses with 403 a tool whose permission the key lacks, like the route's guard", () => {
    const write = appgenErrorOf(() => admitToolCall(callerWith('read_only'), { tool: 'svc-write-file', app_id: 'a', params: { path: 'a', content: '' } }));
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ error: 'forbidden', message: 'This credential lacks the apps:write permission' });
    const generate = appgenErrorOf(() => admitToolCall(callerWith('read_write'), { tool: 'svc-generate-app', params: { prompt: 'x' } }));
    expect(generate.body.message).toBe('This credential lacks the generation:queue permission');
  });

  it('refuses with 422 a tool that needs an app when app_id is missing', () => {
    const error = appgenErrorOf(() => admitToolCall(callerWith('full_access'), { tool: 'svc-list-files' }));
    expect(error.status).toBe(422);
    expect(error.body.errors).toEqual([{ field: 'app_id', message: 'is required by svc-list-files' }]);
  });

  it('refuses with 422 params the schema refuses, naming each field', () => {
    const error = appgenErrorOf(() =>
      admitToolCall(callerWith('full_access'), {
        tool: 'svc-create-entity',
        app_id: 'a',
        params: { name: 'Recipes', columns: [{ name: 'title', type: 'string' }], extra: 1 },
      }),
    );
    expect(error.status).toBe(422);
    expect(error.body.errors).toEqual([
      { field: 'params.name', message: 'must be snake_case: a lower-case letter, then lower-case letters, digits or _' },
      { field: 'params.columns.0.type', message: 'must be one of text, integer, number, boolean, date, datetime, select, multiselect, json, reference, references' },
      { field: 'params.extra', message: 'is not a permitted field' },
    ]);
    const missing = appgenErrorOf(() => admitToolCall(callerWith('full_access'), { tool: 'svc-update-data', app_id: 'a', params: { entity: 'recipes', id: 1.5 } }));
    expect(missing.body.errors).toEqual([
      { field: 'params.data', message: 'is required' },
      { field: 'params.id', message: 'must be an integer' },
    ]);
  });
});

describe('stored text in tool params', () => {
  it('refuses control and bidi characters and oversize text, saying which character, as the routes do', () => {
    const generate = appgenErrorOf(() =>
      admitToolCall(callerWith('full_access'), {
        tool: 'svc-generate-app',
        params: { prompt: 'A shop\r\nwith products', name: 'Shop\r\nfront', description: 'd'.repeat(2001), model: 'blue\u202Eprint' },
      }),
    );
    expect(generate.body.errors).toEqual([
      { field: 'params.name', message: 'must not contain line breaks (U+000D at character 5)' },
      { field: 'params.description', message: 'must be at most 2000 characters' },
      { field: 'params.model', message: 'must not contain bidirectional text controls (U+202E at character 5)' },
    ]);
    const options = appgenErrorOf(() =>
      admitToolCall(callerWith('full_access'), {
        tool: 'svc-create-entity',
        app_id: 'a',
        params: { name: 'tasks', columns: [{ name: 'state', type: 'select', options: ['open', 'do\u0000ne\u0085', 'x'.repeat(101)] }] },
      }),
    );
    expect(options.body.errors).toEqual([
      { field: 'params.columns.0.options.1', message: 'must not contain control characters (U+0000 at character 3)' },
      { field: 'params.columns.0.options.2', message: 'must be at most 100 characters' },
    ]);
  });

  it('counts characters, not UTF-16 units, and lets a prompt span lines', () => {
    const params = { prompt: 'A shop.\n\tWith products.', name: '🛒'.repeat(100) };
    expect(admitToolCall(callerWith('full_access'), { tool: 'svc-generate-app', params }).params).toEqual(params);
  });
});

describe('svc-create-entity columns', () => {
  it('become the plan fields generators produce, labelled from their names', () => {
    const entity = entityFromColumns(
      'recipe_categories',
      [
        { name: 'title', type: 'text', required: true, unique: true },
        { name: 'cooking_time', type: 'integer', default_value: 30 },
        { name: 'course', type: 'select', options: ['starter', 'main'] },
      ],
      'user_scoped',
    );
    expect(entity).toEqual({
      name: 'recipe_categories',
      label: 'Recipe categories',
      label_singular: 'Recipe category',
      user_scoped: true,
      open_writes: false,
      fields: [
        { name: 'title', label: 'Title', type: 'text', required: true, unique: true },
        { name: 'cooking_time', label: 'Cooking time', type: 'integer', required: false, default_value: 30 },
        { name: 'course', label: 'Course', type: 'select', required: false, options: ['starter', 'main'] },
      ],
    });
    expect(entityFromColumns('recipes', [{ name: 'title', type: 'text' }], 'shared')).toMatchObject({ label_singular: 'Recipe', user_scoped: false });
    expect(entityFromColumns('team_people', [{ name: 'name', type: 'text' }], 'shared')).toMatchObject({ label: 'Team people', label_singular: 'Team person' });
    expect(entityFromColumns('entries', [{ name: 'message', type: 'text' }], 'shared', true)).toMatchObject({ user_scoped: false, open_writes: true });
  });

  it('carry the entity a reference column points at and its delete rule, which the tool schema publishes', () => {
    const entity = entityFromColumns(
      'expenses',
      [
        { name: 'paid_by', type: 'reference', required: true, entity: 'people' },
        { name: 'shared_among', type: 'references', entity: 'people', on_delete: 'set_null' },
      ],
      'shared',
    );
    expect(entity.fields).toEqual([
      { name: 'paid_by', label: 'Paid by', type: 'reference', required: true, entity: 'people' },
      { name: 'shared_among', label: 'Shared among', type: 'references', required: false, entity: 'people', on_delete: 'set_null' },
    ]);
    const admitted = () =>
      admitToolCall(callerWith('full_access'), {
        tool: 'svc-create-entity',
        app_id: 'k3x9',
        params: { name: 'expenses', columns: [{ name: 'paid_by', type: 'reference', entity: 'People', on_delete: 'nullify' }] },
      });
    expect(appgenErrorOf(admitted).body.errors).toEqual([
      { field: 'params.columns.0.entity', message: 'must be snake_case: a lower-case letter, then lower-case letters, digits or _' },
      { field: 'params.columns.0.on_delete', message: 'must be one of restrict, cascade, set_null' },
    ]);
    const query = describeTools().tools.find((tool) => tool.name === 'svc-query-data');
    expect(Object.keys(query?.input_schema['properties'] ?? {})).toContain('expand');
  });
});
