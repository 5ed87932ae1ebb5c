import { loadGenerationConfig } from '../config/generation.config';
import { PlanningError } from './app-planner';
import { AppPlanners, engineFor, modelFor, offeredModels } from './app-planners';

describe('choosing the engine of a job', () => {
  it('uses the engine ai_model names, else GENERATOR', () => {
    expect(engineFor('blueprint', { GENERATOR: 'openai' })).toBe('blueprint');
    expect(engineFor('openai', { GENERATOR: 'blueprint' })).toBe('openai');
    expect(engineFor('gpt-4o', { GENERATOR: 'openai' })).toBe('openai');
    expect(engineFor('gpt-4o', { GENERATOR: 'blueprint' })).toBe('blueprint');
    expect(engineFor(undefined, { GENERATOR: 'blueprint' })).toBe('blueprint');
  });

  it('asks the model ai_model names, or the default when it only names an engine', () => {
    expect(modelFor('gpt-4o')).toBe('gpt-4o');
    expect(modelFor('openai')).toBeUndefined();
    expect(modelFor(null)).toBeUndefined();
  });

  it('has openai only when an API address is configured', async () => {
    const offline = new AppPlanners(loadGenerationConfig({}));
    expect(offline.available('blueprint')).toBe(true);
    expect(offline.available('openai')).toBe(false);
    expect(() => offline.get('openai')).toThrow(PlanningError);
    const plan = await offline.get('blueprint').plan('a recipe manager where I save recipes with ingredients', null);
    expect(plan.entities.map((entity) => entity.name)).toContain('recipes');
    expect(new AppPlanners(loadGenerationConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' })).available('openai')).toBe(true);
  });

  it('offers the built-in engine, openai once configured, and model names only where they run on openai', () => {
    expect(offeredModels(loadGenerationConfig({}))).toEqual(['blueprint']);
    expect(offeredModels(loadGenerationConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' }))).toEqual(['blueprint', 'openai']);
    const openai = loadGenerationConfig({ GENERATOR: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', OPENAI_MODELS: ' gpt-4o , gpt-4o-mini,,o3-mini' });
    expect(offeredModels(openai)).toEqual(['blueprint', 'openai', 'gpt-4o-mini', 'gpt-4o', 'o3-mini']);
    expect(new AppPlanners(openai).offered).toEqual(['blueprint', 'openai', 'gpt-4o-mini', 'gpt-4o', 'o3-mini']);
  });

  it('refuses at boot a configured model no request could name', () => {
    expect(() => loadGenerationConfig({ OPENAI_MODELS: 'gpt-4o,bad\u202Emodel' })).toThrow(/OPENAI_MODELS: "bad\u202Emodel" must not contain bidirectional text controls/);
  });
});
