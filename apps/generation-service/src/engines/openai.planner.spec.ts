import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppPlan, EntityPlan } from '@appgen/contracts';
import { ScriptedChatApi } from '@appgen/testing';
import { PlanningError, type TokenUsage } from './app-planner';
import { OpenAiPlanner } from './openai.planner';

const RECIPE_ENTITY: EntityPlan = {
  name: 'recipes',
  label: 'Recipes',
  label_singular: 'Recipe',
  user_scoped: true,
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true },
    { name: 'ingredients', label: 'Ingredients', type: 'text', required: false },
    { name: 'cooking_time', label: 'Cooking time', type: 'integer', required: false, hint: 'minutes' },
  ],
};

const RECIPES: AppPlan = {
  name: 'Recipe Manager',
  description: 'Keeps recipes with their ingredients and cooking time.',
  entities: [RECIPE_ENTITY],
  pages: [
    { path: '/', title: 'Recipe Manager', kind: 'home' },
    { path: '/recipes', title: 'Recipes', kind: 'list', entity: 'recipes' },
    { path: '/recipes/new', title: 'New recipe', kind: 'form', entity: 'recipes' },
    { path: '/sign-in', title: 'Sign in', kind: 'sign_in' },
  ],
  prompts: ['a recipe manager'],
};

type Answer = { status: number; body: string } | { content: string };

/** The recorded chat API answering each request with the next answer, each reporting 120 input and 80 output tokens. */
class PlannerChatApi extends ScriptedChatApi {
  script(...answers: Answer[]): void {
    this.play({
      description: 'planner answers',
      exchanges: answers.map((answer) => ({ response: 'status' in answer ? answer : { ...answer, usage: { prompt_tokens: 120, completion_tokens: 80 } } })),
    });
  }
}

describe('OpenAiPlanner against a chat-completions server', () => {
  const api = new PlannerChatApi();
  let planner: OpenAiPlanner;

  beforeAll(async () => {
    await api.start();
    planner = new OpenAiPlanner({ baseUrl: `${api.url}/`, apiKey: 'sk-test', defaultModel: 'gpt-4o-mini', timeoutMs: 2000 });
  });
  afterAll(() => api.stop());

  it('asks in JSON mode with the bearer key and returns the valid plan it answers', async () => {
    api.script({ content: JSON.stringify(RECIPES) });
    const usage: TokenUsage = { input: 0, output: 0 };
    const plan = await planner.plan('a recipe manager', null, { usage });
    expect(plan.name).toBe('Recipe Manager');
    expect(plan.entities[0]?.fields.map((field) => field.name)).toEqual(['title', 'ingredients', 'cooking_time']);
    expect(plan.prompts).toEqual(['a recipe manager']);
    expect(usage).toEqual({ input: 120, output: 80 });

    const [request] = api.requests;
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.headers['authorization']).toBe('Bearer sk-test');
    expect(request?.body.model).toBe('gpt-4o-mini');
    expect(request?.body.response_format).toEqual({ type: 'json_object' });
    expect(request?.body.messages[0]?.role).toBe('system');
    expect(request?.body.messages[0]?.content).toContain('label_singular');
    expect(request?.body.messages[1]?.content).toContain('a recipe manager');
  });

  it('sends the current plan when updating, uses the job model, and keeps the prompt history', async () => {
    const revised: AppPlan = {
      ...RECIPES,
      entities: [{ ...RECIPE_ENTITY, fields: [...RECIPE_ENTITY.fields, { name: 'category', label: 'Category', type: 'text', required: false }] }],
      prompts: ['something the model made up'],
    };
    api.script({ content: JSON.stringify(revised) });
    const plan = await planner.plan('add a category field to recipes', RECIPES, { model: 'llama3' });
    expect(plan.entities[0]?.fields.map((field) => field.name)).toContain('category');
    expect(plan.prompts).toEqual(['a recipe manager', 'add a category field to recipes']);
    const body = api.requests[0]?.body;
    expect(body?.model).toBe('llama3');
    expect(body?.messages[1]?.content).toContain('"cooking_time"');
    expect(body?.messages[1]?.content).toContain('add a category field to recipes');
  });

  it('retries once after an answer that is not JSON, telling the model what was wrong', async () => {
    api.script({ content: 'Sure! Here is your app: {name: Recipes' }, { content: JSON.stringify(RECIPES) });
    const usage: TokenUsage = { input: 0, output: 0 };
    const plan = await planner.plan('a recipe manager', null, { usage });
    expect(plan.name).toBe('Recipe Manager');
    expect(api.requests).toHaveLength(2);
    const retry = api.requests[1]?.body.messages ?? [];
    expect(retry[2]).toEqual({ role: 'assistant', content: 'Sure! Here is your app: {name: Recipes' });
    expect(retry[3]?.content).toContain('not JSON');
    expect(usage).toEqual({ input: 240, output: 160 });
  });

  it('fails with a clear message after two invalid plans', async () => {
    const invalid = { ...RECIPES, entities: [{ ...RECIPE_ENTITY, fields: [{ name: 'title', label: 'Title', type: 'varchar', required: true }] }] };
    api.script({ content: JSON.stringify(invalid) }, { content: JSON.stringify(invalid) });
    const failure = planner.plan('a recipe manager', null);
    await expect(failure).rejects.toBeInstanceOf(PlanningError);
    await expect(failure).rejects.toThrow(/did not answer with a valid app plan twice in a row: .*type/);
    expect(api.requests).toHaveLength(2);
    expect(api.requests[1]?.body.messages[3]?.content).toContain('type');
  });

  it('fails with the HTTP status when the API answers 500, without retrying', async () => {
    api.script({ status: 500, body: '{"error":{"message":"the model is overloaded"}}' });
    const failure = planner.plan('a recipe manager', null);
    await expect(failure).rejects.toBeInstanceOf(PlanningError);
    await expect(failure).rejects.toThrow('The model API answered HTTP 500: {"error":{"message":"the model is overloaded"}}');
    expect(api.requests).toHaveLength(1);
  });

  it('fails when the API does not answer in time', async () => {
    const slow = createServer(() => undefined);
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const { port } = slow.address() as AddressInfo;
    const impatient = new OpenAiPlanner({ baseUrl: `http://127.0.0.1:${port}/v1`, defaultModel: 'm', timeoutMs: 1000 });
    try {
      await expect(impatient.plan('a recipe manager', null)).rejects.toThrow('The model API did not answer within 1 s');
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it('fails when nothing listens at the address', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const unreachable = new OpenAiPlanner({ baseUrl: `http://127.0.0.1:${port}/v1`, defaultModel: 'm', timeoutMs: 1000 });
    await expect(unreachable.plan('a recipe manager', null)).rejects.toThrow(/The model API could not be reached: .*ECONNREFUSED/);
  });
});
