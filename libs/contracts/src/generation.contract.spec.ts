import { OFFERED_MODELS_TTL_MS, OfferedModelsCheck, type OfferedModelsResponse } from './generation.contract';

describe('OfferedModelsCheck', () => {
  let clock = 0;
  let questions = 0;
  let answer: OfferedModelsResponse = { models: ['blueprint', 'openai', 'gpt-4o-mini'] };
  const check = new OfferedModelsCheck(
    async () => {
      questions += 1;
      return answer;
    },
    () => clock,
  );

  it('knows the built-in model without asking', async () => {
    expect(await check.problem('blueprint')).toBeNull();
    expect(questions).toBe(0);
  });

  it('accepts an offered model and names every offered one when refusing', async () => {
    const [accepted, refused] = await Promise.all([check.problem('gpt-4o-mini'), check.problem('gpt-5')]);
    expect(accepted).toBeNull();
    expect(refused).toBe('must be a model this server offers: blueprint, openai, gpt-4o-mini');
    expect(questions).toBe(1);
  });

  it('keeps the answer for a while, then asks again', async () => {
    answer = { models: ['blueprint'] };
    clock += OFFERED_MODELS_TTL_MS - 1;
    expect(await check.problem('openai')).toBeNull();
    clock += 1;
    expect(await check.problem('openai')).toBe('must be a model this server offers: blueprint');
    expect(questions).toBe(2);
  });

  it('fails with the question and asks again next time', async () => {
    const failing = new OfferedModelsCheck(() => Promise.reject(new Error('no responders')));
    await expect(failing.problem('openai')).rejects.toThrow('no responders');
    await expect(failing.problem('openai')).rejects.toThrow('no responders');
  });
});
