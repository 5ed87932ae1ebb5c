import 'reflect-metadata';
import { ApiValidationPipe } from '../common/api-validation.pipe';
import { CreateAppDto } from '../managed-apps/dto/app-requests.dto';
import { QueueGenerationDto } from './dto/generation-requests.dto';
import { AppgenError } from '@appgen/service-kit';

const pipe = new ApiValidationPipe();

async function refusal(body: unknown, metatype: new () => object = QueueGenerationDto): Promise<AppgenError> {
  try {
    await pipe.transform(body, { type: 'body', metatype });
  } catch (error) {
    if (error instanceof AppgenError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(body)} was accepted`);
}

describe('POST /generation_queue body', () => {
  it.each([[undefined], [{}], [{ prompt: '' }], [{ prompt: '   ' }], [{ name: 'Recipes', callback_url: 'ftp://x' }]])(
    'answers a missing or empty prompt (%j) with 400 missing_prompt, as the contract says',
    async (body) => {
      const error = await refusal(body);
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
    [{ prompt: 'Recipes', metadata: ['a'] }, 'metadata', 'must be a JSON object'],
    [{ prompt: 'Recipes', metadata: { blob: 'x'.repeat(16_384) } }, 'metadata', 'must be at most 16 KiB as JSON'],
    [{ prompt: 'Recipes', name: '' }, 'name', 'must not be empty'],
    [{ prompt: 'Recipes', name: 'Recipes\tBox' }, 'name', 'must not contain tabs (U+0009 at character 8)'],
    [{ prompt: 'Recipes', ai_model: 'blue\nprint' }, 'ai_model', 'must not contain line breaks (U+000A at character 5)'],
    [{ prompt: 'Recipes', ai_model: 'm'.repeat(101) }, 'ai_model', 'must be at most 100 characters'],
    [{ prompt: 'Recipes', colour: 'blue' }, 'colour', 'is not a permitted field'],
  ])('answers any other invalid field with 422: %j', async (body, field, message) => {
    const error = await refusal(body);
    expect(error.status).toBe(422);
    expect(error.body.error).toBe('validation_failed');
    expect(error.body.errors).toEqual([{ field, message }]);
  });

  it('accepts the fields of the contract', async () => {
    const body = {
      prompt: 'A recipe manager.\r\n\tWith ratings.',
      app_id: 'k3x9q2m7w1ab',
      name: ' Recipes ',
      callback_url: 'http://localhost:9000/hook',
      ai_model: 'blueprint',
      metadata: { ticket: 12 },
    };
    expect(await pipe.transform(body, { type: 'body', metatype: QueueGenerationDto })).toEqual({ ...body, name: 'Recipes' });
  });

  it('keeps a missing field a 422 everywhere else (POST /managed_apps with an empty prompt)', async () => {
    const error = await refusal({ prompt: '' }, CreateAppDto);
    expect(error.status).toBe(422);
  });
});
