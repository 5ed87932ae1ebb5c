import { TEXT_LIMITS, type TextLimit } from '@appgen/contracts';
import { adminAccount, api, closeBus, uniqueEmail, type TestAccount } from './support';

/** Characters no stored text may hold, with how a refusal names them (a one-line field refuses the first two as well). */
const REFUSED_EVERYWHERE: Array<[string, string]> = [
  ['\u202E', 'bidirectional text controls (U+202E'],
  ['\u2066', 'bidirectional text controls (U+2066'],
  ['\u0007', 'control characters (U+0007'],
  ['\u001B', 'control characters (U+001B'],
  ['\u007F', 'control characters (U+007F'],
  ['\u0085', 'control characters (U+0085'],
  ['\u2028', 'line or paragraph separators (U+2028'],
];
const REFUSED_IN_ONE_LINE: Array<[string, string]> = [
  ['\r\n', 'line breaks (U+000D'],
  ['\n', 'line breaks (U+000A'],
  ['\t', 'tabs (U+0009'],
];

type Send = (value: string) => { method: 'post' | 'patch'; path: string; body: object };

/** One stored text field of one route: how to send a value in it, the field a 422 names, its limit, and text before the value. */
interface StoredField {
  route: string;
  field: string;
  limit: TextLimit;
  send: Send;
  /** what the route puts before the value in the field (a URL's scheme and host) */
  prefix?: string;
}

describe('stored text: control characters, bidi controls and sizes', () => {
  let owner: TestAccount;
  let appId: string;
  let webhookId: number;
  const VALID_URL = 'https://example.com/hooks/';

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'text');
    appId = (await api().post('/api/v1/managed_apps').set('X-API-Key', owner.key).send({ name: 'Target' }).expect(201)).body.app.id;
    webhookId = (await api().post('/api/v1/webhooks').set('X-API-Key', owner.key).send({ url: 'http://127.0.0.1:9/h', events: ['app.created'] }).expect(201)).body
      .webhook.id;
  });
  afterAll(closeBus);

  const send = (request: ReturnType<Send>) => {
    const call = request.method === 'post' ? api().post(request.path) : api().patch(request.path);
    return request.path === '/api/v1/accounts' ? call.send(request.body) : call.set('X-API-Key', owner.key).send(request.body);
  };
  const tool = (tool: string, params: (value: string) => object, withApp = false): Send => (value) => ({
    method: 'post',
    path: '/api/v1/mcp/execute_tool',
    body: { tool, ...(withApp ? { app_id: appId } : {}), params: params(value) },
  });

  const FIELDS: StoredField[] = [
    { route: 'POST /accounts', field: 'name', limit: TEXT_LIMITS.accountName, send: (name) => ({ method: 'post', path: '/api/v1/accounts', body: { email: uniqueEmail('text'), name } }) },
    { route: 'POST /api_keys', field: 'name', limit: TEXT_LIMITS.apiKeyName, send: (name) => ({ method: 'post', path: '/api/v1/api_keys', body: { name } }) },
    { route: 'POST /managed_apps', field: 'name', limit: TEXT_LIMITS.appName, send: (name) => ({ method: 'post', path: '/api/v1/managed_apps', body: { name } }) },
    { route: 'POST /managed_apps', field: 'description', limit: TEXT_LIMITS.appDescription, send: (description) => ({ method: 'post', path: '/api/v1/managed_apps', body: { description } }) },
    { route: 'POST /managed_apps', field: 'prompt', limit: TEXT_LIMITS.prompt, send: (prompt) => ({ method: 'post', path: '/api/v1/managed_apps', body: { prompt, auto_generate: false } }) },
    { route: 'POST /managed_apps', field: 'ai_model', limit: TEXT_LIMITS.aiModel, send: (ai_model) => ({ method: 'post', path: '/api/v1/managed_apps', body: { ai_model } }) },
    { route: 'PATCH /managed_apps/:id', field: 'name', limit: TEXT_LIMITS.appName, send: (name) => ({ method: 'patch', path: `/api/v1/managed_apps/${appId}`, body: { name } }) },
    { route: 'PATCH /managed_apps/:id', field: 'description', limit: TEXT_LIMITS.appDescription, send: (description) => ({ method: 'patch', path: `/api/v1/managed_apps/${appId}`, body: { description } }) },
    { route: 'PATCH /managed_apps/:id', field: 'ai_model', limit: TEXT_LIMITS.aiModel, send: (ai_model) => ({ method: 'patch', path: `/api/v1/managed_apps/${appId}`, body: { ai_model } }) },
    { route: 'POST /generation_queue', field: 'prompt', limit: TEXT_LIMITS.prompt, send: (prompt) => ({ method: 'post', path: '/api/v1/generation_queue', body: { prompt } }) },
    { route: 'POST /generation_queue', field: 'name', limit: TEXT_LIMITS.appName, send: (name) => ({ method: 'post', path: '/api/v1/generation_queue', body: { prompt: 'A guest book', name } }) },
    { route: 'POST /generation_queue', field: 'ai_model', limit: TEXT_LIMITS.aiModel, send: (ai_model) => ({ method: 'post', path: '/api/v1/generation_queue', body: { prompt: 'A guest book', ai_model } }) },
    {
      route: 'POST /generation_queue',
      field: 'callback_url',
      limit: TEXT_LIMITS.url,
      prefix: VALID_URL,
      send: (path) => ({ method: 'post', path: '/api/v1/generation_queue', body: { prompt: 'A guest book', callback_url: `${VALID_URL}${path}` } }),
    },
    { route: 'POST /zapier/actions/generate_app', field: 'name', limit: TEXT_LIMITS.appName, send: (name) => ({ method: 'post', path: '/api/v1/zapier/actions/generate_app', body: { prompt: 'A guest book', name } }) },
    { route: 'POST /zapier/actions/generate_app', field: 'prompt', limit: TEXT_LIMITS.prompt, send: (prompt) => ({ method: 'post', path: '/api/v1/zapier/actions/generate_app', body: { prompt } }) },
    {
      route: 'POST /webhooks',
      field: 'url',
      limit: TEXT_LIMITS.url,
      prefix: VALID_URL,
      send: (path) => ({ method: 'post', path: '/api/v1/webhooks', body: { url: `${VALID_URL}${path}`, events: ['app.created'] } }),
    },
    { route: 'POST /webhooks', field: 'name', limit: TEXT_LIMITS.webhookName, send: (name) => ({ method: 'post', path: '/api/v1/webhooks', body: { url: VALID_URL, events: ['app.created'], name } }) },
    {
      route: 'POST /webhooks',
      field: 'description',
      limit: TEXT_LIMITS.webhookDescription,
      send: (description) => ({ method: 'post', path: '/api/v1/webhooks', body: { url: VALID_URL, events: ['app.created'], description } }),
    },
    {
      route: 'POST /webhooks',
      field: 'secret',
      limit: TEXT_LIMITS.webhookSecret,
      prefix: 's'.repeat(16),
      send: (secret) => ({ method: 'post', path: '/api/v1/webhooks', body: { url: VALID_URL, events: ['app.created'], secret: `${'s'.repeat(16)}${secret}` } }),
    },
    { route: 'PATCH /webhooks/:id', field: 'name', limit: TEXT_LIMITS.webhookName, send: (name) => ({ method: 'patch', path: `/api/v1/webhooks/${webhookId}`, body: { name } }) },
    { route: 'PATCH /webhooks/:id', field: 'description', limit: TEXT_LIMITS.webhookDescription, send: (description) => ({ method: 'patch', path: `/api/v1/webhooks/${webhookId}`, body: { description } }) },
    {
      route: 'POST /zapier/hooks',
      field: 'target_url',
      limit: TEXT_LIMITS.url,
      prefix: VALID_URL,
      send: (path) => ({ method: 'post', path: '/api/v1/zapier/hooks', body: { target_url: `${VALID_URL}${path}`, event: 'app.created' } }),
    },
    { route: 'svc-generate-app', field: 'params.prompt', limit: TEXT_LIMITS.prompt, send: tool('svc-generate-app', (prompt) => ({ prompt })) },
    { route: 'svc-generate-app', field: 'params.name', limit: TEXT_LIMITS.appName, send: tool('svc-generate-app', (name) => ({ prompt: 'A guest book', name })) },
    { route: 'svc-generate-app', field: 'params.description', limit: TEXT_LIMITS.appDescription, send: tool('svc-generate-app', (description) => ({ prompt: 'A guest book', description })) },
    { route: 'svc-generate-app', field: 'params.model', limit: TEXT_LIMITS.aiModel, send: tool('svc-generate-app', (model) => ({ prompt: 'A guest book', model })) },
    {
      route: 'svc-create-entity',
      field: 'params.columns.0.options.0',
      limit: TEXT_LIMITS.selectOption,
      send: tool('svc-create-entity', (option) => ({ name: 'tasks', columns: [{ name: 'state', type: 'select', options: [option] }] }), true),
    },
  ];

  const cases = FIELDS.flatMap((stored) => [
    ...REFUSED_EVERYWHERE.map(([char, named]) => [stored, char, named] as const),
    ...(stored.limit.lines === 'single' ? REFUSED_IN_ONE_LINE.map(([char, named]) => [stored, char, named] as const) : []),
  ]);

  // Named by code point: the characters themselves would reorder or break the test report's own lines.
  const codes = (text: string): string => [...text].map((char) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
  it.each(cases.map(([stored, char, named]) => [stored.route, stored.field, codes(char), stored, char, named] as const))(
    '%s refuses %s holding %s with a 422 naming the field and the character',
    async (_route, _field, _shown, stored, char, named) => {
      const response = await send(stored.send(`Shop${char}front`));
      expect(response.status).toBe(422);
      const at = (stored.prefix?.length ?? 0) + 5;
      expect(response.body).toEqual({
        error: 'validation_failed',
        message: expect.any(String),
        errors: [{ field: stored.field, message: `must not contain ${named} at character ${at})` }],
      });
    },
  );

  it.each(FIELDS.map((stored) => [stored.route, stored.field, stored.limit.max, stored] as const))(
    '%s refuses %s longer than %i characters with a 422 naming the field',
    async (_route, _field, max, stored) => {
      const response = await send(stored.send('a'.repeat(max + 1 - (stored.prefix?.length ?? 0))));
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual([{ field: stored.field, message: `must be at most ${max} characters` }]);
    },
  );

  it('refuses metadata with too many keys or over 16 KiB, naming it', async () => {
    const keys = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`key${index}`, index]));
    for (const [metadata, message] of [
      [keys, 'must have at most 50 keys'],
      [{ blob: 'x'.repeat(16_384) }, 'must be at most 16 KiB as JSON'],
    ] as const) {
      const response = await api().post('/api/v1/generation_queue').set('X-API-Key', owner.key).send({ prompt: 'A guest book', metadata });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual([{ field: 'metadata', message }]);
    }
  });

  it('keeps what people write: line breaks and tabs in descriptions and prompts, accents, right-to-left scripts and emoji in names', async () => {
    const body = {
      name: 'Café מתכונים 🍲',
      description: 'Recipes we love.\r\n\tOne per line.',
      prompt: 'A recipe box.\nWith ratings.',
      auto_generate: false,
    };
    const created = await api().post('/api/v1/managed_apps').set('X-API-Key', owner.key).send(body).expect(201);
    expect(created.body.app).toMatchObject({ name: body.name, description: body.description });
    const longest = '🍲'.repeat(TEXT_LIMITS.appName.max);
    const renamed = await api().patch(`/api/v1/managed_apps/${created.body.app.id}`).set('X-API-Key', owner.key).send({ name: longest }).expect(200);
    expect(renamed.body.app.name).toBe(longest);
    const hook = await api().patch(`/api/v1/webhooks/${webhookId}`).set('X-API-Key', owner.key).send({ description: 'Deploys.\nThen tell ops.' }).expect(200);
    expect(hook.body.webhook.description).toBe('Deploys.\nThen tell ops.');
  });

  describe('ai_model', () => {
    const OFFERED = 'must be a model this server offers: blueprint';
    const ROUTES: Array<[string, string, string, (model: string) => object, number]> = [
      ['POST /managed_apps (draft)', 'post', '/api/v1/managed_apps', (ai_model) => ({ name: 'Model draft', ai_model }), 201],
      ['POST /managed_apps (generating)', 'post', '/api/v1/managed_apps', (ai_model) => ({ prompt: 'A guest book with messages', ai_model }), 201],
      ['POST /generation_queue', 'post', '/api/v1/generation_queue', (ai_model) => ({ prompt: 'A guest book with messages', ai_model }), 202],
      ['POST /zapier/actions/generate_app', 'post', '/api/v1/zapier/actions/generate_app', (ai_model) => ({ prompt: 'A guest book with messages', ai_model }), 202],
    ];

    it.each(ROUTES)('%s refuses a model no engine offers, listing the offered ones, and takes an offered one', async (_route, _method, path, body, status) => {
      for (const unknown of ['gpt-5', 'openai', 'Blueprint']) {
        const refused = await api().post(path).set('X-API-Key', owner.key).send(body(unknown));
        expect(refused.status).toBe(422);
        expect(refused.body).toEqual({ error: 'validation_failed', message: `ai_model ${OFFERED}`, errors: [{ field: 'ai_model', message: OFFERED }] });
      }
      const accepted = await api().post(path).set('X-API-Key', owner.key).send(body('blueprint'));
      expect(accepted.status).toBe(status);
      expect(accepted.body.app.ai_model).toBe('blueprint');
    });

    it('PATCH /managed_apps/:id refuses a model no engine offers and keeps the one it had', async () => {
      const refused = await api().patch(`/api/v1/managed_apps/${appId}`).set('X-API-Key', owner.key).send({ ai_model: 'gpt-4o' });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([{ field: 'ai_model', message: OFFERED }]);
      const kept = await api().patch(`/api/v1/managed_apps/${appId}`).set('X-API-Key', owner.key).send({ ai_model: 'blueprint' }).expect(200);
      expect(kept.body.app.ai_model).toBe('blueprint');
    });

    it('svc-generate-app refuses a model no engine offers, naming params.model, and takes an offered one', async () => {
      const execute = (model: string) =>
        api().post('/api/v1/mcp/execute_tool').set('X-API-Key', owner.key).send({ tool: 'svc-generate-app', params: { prompt: 'A guest book with messages', model } });
      const refused = await execute('gpt-5');
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([{ field: 'params.model', message: OFFERED }]);
      const accepted = await execute('blueprint');
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ success: true, app_id: expect.any(String) });
    });
  });
});
