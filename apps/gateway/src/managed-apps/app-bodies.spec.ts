import { CreateAppBody, QueueGenerationBody, UpdateAppBody, type TSchema } from '@appgen/contracts';
import { appgenErrorOf } from '@appgen/testing';
import { ContractPipe } from '../common/contract-input';

const createApp = new ContractPipe(CreateAppBody, 'body');
const updateApp = new ContractPipe(UpdateAppBody, 'body');
const queueGeneration = new ContractPipe(QueueGenerationBody, 'body');

const refusal = (pipe: ContractPipe, body: unknown) => appgenErrorOf(() => pipe.transform(body));

function schemaOf(body: TSchema, field: string): unknown {
  const properties = (body as { properties?: Record<string, unknown> }).properties ?? {};
  return JSON.parse(JSON.stringify(properties[field] ?? null));
}

describe('POST /managed_apps body', () => {
  it.each([
    ['a prompt over its limit', 'x'.repeat(10_001), 'must be at most 10000 characters'],
    ['a prompt with a bidi control', 'Recipes \u202Ereversed', 'must not contain bidirectional text controls (U+202E at character 9)'],
    ['a prompt with a control character', 'Recipes \u0007box', 'must not contain control characters (U+0007 at character 9)'],
    ['a prompt that is not text', 42, 'must be a string'],
  ])('refuses %s with the same 422 field error as POST /generation_queue', (_case, prompt, message) => {
    const created = refusal(createApp, { prompt });
    const queued = refusal(queueGeneration, { prompt });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual([{ field: 'prompt', message }]);
    expect({ status: queued.status, errors: queued.body.errors }).toEqual({ status: created.status, errors: created.body.errors });
  });

  it('answers an empty prompt with 422 naming the field, where the queue answers 400 missing_prompt', () => {
    const created = refusal(createApp, { prompt: '  ' });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual([{ field: 'prompt', message: 'must not be empty' }]);
    expect(refusal(queueGeneration, { prompt: '  ' }).status).toBe(400);
  });

  it('holds prompt, name and ai_model to the same limits and characters as the queue (one schema each, no x-missing on the app route)', () => {
    const { 'x-missing': missing, description: _queueWords, example: _example, ...queuePrompt } = schemaOf(QueueGenerationBody, 'prompt') as Record<string, unknown>;
    const { description: _appWords, example: _appExample, ...appPrompt } = schemaOf(CreateAppBody, 'prompt') as Record<string, unknown>;
    expect(missing).toBeDefined();
    expect(appPrompt).toEqual(queuePrompt);
    expect(schemaOf(CreateAppBody, 'prompt')).not.toHaveProperty('x-missing');
    for (const field of ['name', 'ai_model']) {
      const { description: _a, ...app } = schemaOf(CreateAppBody, field) as Record<string, unknown>;
      const { description: _q, ...queue } = schemaOf(QueueGenerationBody, field) as Record<string, unknown>;
      expect({ field, schema: app }).toEqual({ field, schema: queue });
    }
  });

  it('accepts the fields of an app, trimming the one-line ones, and refuses others', () => {
    const body = { name: ' Recipe Box ', description: 'Saves recipes.\nRates them.', visibility: 'login_required', ai_model: 'blueprint', prompt: 'A recipe box', auto_generate: false };
    expect(createApp.transform({ ...body })).toEqual({ ...body, name: 'Recipe Box' });
    expect(refusal(createApp, { colour: 'blue' }).body.errors).toEqual([{ field: 'colour', message: 'is not a permitted field' }]);
    expect(refusal(createApp, { visibility: 'secret' }).body.errors).toEqual([{ field: 'visibility', message: 'must be one of public, login_required' }]);
  });
});

describe('PATCH /managed_apps/:id body', () => {
  it('takes only the updatable fields, checked as on creation', () => {
    expect(updateApp.transform({ name: ' Recipes ' })).toEqual({ name: 'Recipes' });
    expect(refusal(updateApp, { prompt: 'Change it' }).body.errors).toEqual([{ field: 'prompt', message: 'is not a permitted field' }]);
    expect(refusal(updateApp, { name: 'Recipe\nBox' }).body.errors).toEqual([{ field: 'name', message: 'must not contain line breaks (U+000A at character 7)' }]);
    expect(refusal(updateApp, { auto_generate: 'yes' }).body.errors).toEqual([{ field: 'auto_generate', message: 'is not a permitted field' }]);
  });
});
