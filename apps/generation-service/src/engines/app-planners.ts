import { BUILTIN_MODEL, GENERATORS, type GeneratorName } from '@appgen/contracts';
import type { GenerationConfig } from '../config/generation.config';
import { PlanningError, type AppPlanner } from './app-planner';
import { BlueprintPlanner } from './blueprint.planner';
import { ChatCompletionsClient } from './chat-completions';
import type { CodeBudget } from './code-loop';
import { OpenAiPlanner } from './openai.planner';

/** Typical duration of a job per engine, for the queue response's `estimated_time_seconds`: openai plans, then writes and builds the code in several steps. */
export const ESTIMATED_SECONDS: Readonly<Record<GeneratorName, number>> = { blueprint: 5, openai: 120 };

export function isGeneratorName(value: string | null | undefined): value is GeneratorName {
  return typeof value === 'string' && (GENERATORS as readonly string[]).includes(value);
}

/**
 * The engine of a job: the one its `ai_model` names (`blueprint`, `openai`), else the configured
 * GENERATOR, whose model is then the `ai_model` (an OpenAI model name) when one is given.
 */
export function engineFor(aiModel: string | null | undefined, config: Pick<GenerationConfig, 'GENERATOR'>): GeneratorName {
  return isGeneratorName(aiModel) ? aiModel : config.GENERATOR;
}

/** The model an engine asks: the job's ai_model unless it only named the engine. */
export function modelFor(aiModel: string | null | undefined): string | undefined {
  return aiModel && !isGeneratorName(aiModel) ? aiModel : undefined;
}

/**
 * Every value `ai_model` may take here: the built-in engine; `openai` when an OpenAI-compatible API is
 * configured; and, when it is the default engine (the one a model name runs on), OPENAI_MODEL and OPENAI_MODELS.
 */
export function offeredModels(config: Pick<GenerationConfig, 'GENERATOR' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL' | 'OPENAI_MODELS'>): string[] {
  const models: string[] = [BUILTIN_MODEL];
  if (config.OPENAI_BASE_URL) models.push('openai');
  if (config.GENERATOR === 'openai') models.push(config.OPENAI_MODEL, ...config.OPENAI_MODELS);
  return [...new Set(models)];
}

export class AppPlanners {
  private readonly blueprint = new BlueprintPlanner();
  private readonly openai?: OpenAiPlanner;
  private readonly chat?: ChatCompletionsClient;
  /** what `ai_model` may name on this server (`offeredModels`) */
  readonly offered: readonly string[];
  /** what the openai engine may spend writing and repairing one app's code */
  readonly codeBudget: CodeBudget;

  constructor(config: GenerationConfig) {
    this.offered = offeredModels(config);
    this.codeBudget = { maxSteps: config.OPENAI_CODE_MAX_STEPS, maxTokens: config.OPENAI_CODE_MAX_TOKENS, maxMs: config.OPENAI_CODE_MAX_MS };
    if (config.OPENAI_BASE_URL) {
      const api = { baseUrl: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY, defaultModel: config.OPENAI_MODEL, timeoutMs: config.OPENAI_TIMEOUT_MS };
      this.openai = new OpenAiPlanner(api);
      this.chat = new ChatCompletionsClient(api);
    }
  }

  /**
   * The chat API an engine writes an app's code with, or undefined for an engine that renders its plan (blueprint):
   * the openai engine plans, then the model writes and repairs the files through tools (code-loop.ts).
   */
  coder(engine: GeneratorName): ChatCompletionsClient | undefined {
    return engine === 'openai' ? this.chat : undefined;
  }

  available(engine: GeneratorName): boolean {
    return engine === 'blueprint' || this.openai !== undefined;
  }

  get(engine: GeneratorName): AppPlanner {
    if (engine === 'blueprint') return this.blueprint;
    if (!this.openai) throw new PlanningError('The openai engine is not configured on this server (OPENAI_BASE_URL is not set)');
    return this.openai;
  }
}
