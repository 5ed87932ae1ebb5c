import 'reflect-metadata';
import { ApiValidationPipe } from '../common/api-validation.pipe';
import { ApiError } from '../errors/api-error';
import { CreateAppDto } from '../managed-apps/dto/app-requests.dto';
import { QueueGenerationDto } from './dto/generation-requests.dto';

const pipe = new ApiValidationPipe();

async function refusal(body: unknown, metatype: new () => object = QueueGenerationDto): Promise<ApiError> {
  try {
    await pipe.transform(body, { type: 'body', metatype });
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(body)} was accepted`);
}

describe('POST /generation_queue body', () => {
  it.each([[undefined], [{}], [{ prompt: '' }], [{ prompt: '   ' }], [{ name: 'Recipes', callback_url: 'ftp://x' }]])(
    'answers a missing or empty prompt (%j) with 400 missing_prompt, as the contract says',
    async (body) => {
      const error = await refusal(body);
      expect(error.getStatus()).toBe(400);
      expect(error.body).toEqual({ error: 'missing_prompt', message: 'prompt is required: describe the app to build' });
    },
  );

  it.each([
    [{ prompt: 42 }, 'prompt', 'must be a string'],
    [{ prompt: 'x'.repeat(10_001) }, 'prompt', 'must be shorter than or equal to 10000 characters'],
    [{ prompt: 'Recipes', callback_url: 'ftp://example.com/hook' }, 'callback_url', 'must be an http or https URL'],
    [{ prompt: 'Recipes', callback_url: 'not a url' }, 'callback_url', 'must be an http or https URL'],
    [{ prompt: 'Recipes', metadata: ['a'] }, 'metadata', 'must be an object'],
    [{ prompt: 'Recipes', name: '' }, 'name', 'must be longer than or equal to 1 characters'],
    [{ prompt: 'Recipes', colour: 'blue' }, 'colour', 'is not a permitted field'],
  ])('answers any other invalid field with 422: %j', async (body, field, message) => {
    const error = await refusal(body);
    expect(error.getStatus()).toBe(422);
    expect(error.body.error).toBe('validation_failed');
    expect(error.body.errors).toEqual([{ field, message }]);
  });

  it('accepts the fields of the contract', async () => {
    const body = {
      prompt: 'A recipe manager',
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
    expect(error.getStatus()).toBe(422);
  });
});
