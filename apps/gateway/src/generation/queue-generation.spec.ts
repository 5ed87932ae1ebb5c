import { QueueGenerationBody } from '@appgen/contracts';
import { appgenErrorOf } from '@appgen/testing';
import { ContractPipe } from '../common/contract-input';

const pipe = new ContractPipe(QueueGenerationBody, 'body');

const refusal = (body: unknown) => appgenErrorOf(() => pipe.transform(body));

describe('POST /generation_queue body', () => {
  it.each([[undefined], [{}], [{ prompt: '' }], [{ prompt: '   ' }], [{ name: 'Recipes', callback_url: 'ftp://x' }]])(
    'answers a missing or empty prompt (%j) with 400 missing_prompt, as the contract says',
    (body) => {
      const error = refusal(body);
      expect(error.status).toBe(400);
      expect(error.body).toEqual({ error: 'missing_prompt', message: 'prompt is required: describe the app to build' });
    },
  );

  it.each([
    [{ prompt: 42 }, 'prompt', 'must be a string'],
    [{ prompt: 'x'.repeat(10_001) }, 'prompt', 'must be at most 10000 characters'],
    [{ prompt: 'Recipes \u202Ereversed' }, 'prompt', 'must not contain bidirectional text controls (U+202E at character 9)'],
    [{ prompt: 'Recipes', callback_url: 'ftp://example.com/hook' }, 'callback_url', 'must be an http or https URL'],
    [{ prompt: 'Recipes', callback_url: 'not a url' }, 'callback_url', 'must be an http or https URL'],
    [{ prompt: 'Recipes', callback_url: `https://example.com/${'a'.repeat(2029)}` }, 'callback_url', 'must be at most 2048 characters'],
    [{ prompt: 'Recipes', metadata: ['a'] }, 'metadata', 'must be an object'],
    [{ prompt: 'Recipes', metadata: { blob: 'x'.repeat(16_384) } }, 'metadata', 'must be at most 16 KiB as JSON'],
    [{ prompt: 'Recipes', name: '' }, 'name', 'must not be empty'],
    [{ prompt: 'Recipes', name: 'Recipes\tBox' }, 'name', 'must not contain tabs (U+0009 at character 8)'],
    [{ prompt: 'Recipes', ai_model: 'blue\nprint' }, 'ai_model', 'must not contain line breaks (U+000A at character 5)'],
    [{ prompt: 'Recipes', ai_model: 'm'.repeat(101) }, 'ai_model', 'must be at most 100 characters'],
    [{ prompt: 'Recipes', colour: 'blue' }, 'colour', 'is not a permitted field'],
  ])('answers any other invalid field with 422: %j', (body, field, message) => {
    const error = refusal(body);
    expect(error.status).toBe(422);
    expect(error.body.error).toBe('validation_failed');
    expect(error.body.errors).toEqual([{ field, message }]);
  });

  it('accepts the fields of the contract, trimming the one-line ones', () => {
    const body = {
      prompt: 'A recipe manager.\r\n\tWith ratings.',
      app_id: 'k3x9q2m7w1ab',
      name: ' Recipes ',
      callback_url: 'http://localhost:9000/hook',
      ai_model: 'blueprint',
      metadata: { ticket: 12 },
    };
    expect(pipe.transform({ ...body })).toEqual({ ...body, name: 'Recipes' });
  });
});
