import { PlanningError, type TokenUsage } from './app-planner';

/** Where and how to reach an OpenAI-compatible chat completions API. */
export interface ChatApiOptions {
  /** API root, e.g. `https://api.openai.com/v1`; `/chat/completions` is appended */
  baseUrl: string;
  apiKey?: string;
  defaultModel: string;
  /** how long one completion may take (OPENAI_TIMEOUT_MS) */
  timeoutMs: number;
}

/** One call of a tool the model asked for, as the API sends it (`arguments` is JSON text). */
export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A tool offered to the model: its name, what it does and its arguments as JSON Schema. */
export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** What a completion request may add to the model and messages. */
export interface CompletionRequest {
  model: string;
  messages: ChatMessage[];
  response_format?: { type: 'json_object' };
  tools?: ToolDefinition[];
  tool_choice?: 'auto' | 'required' | 'none';
  temperature?: number;
}

/** The assistant's answer: its text and the tools it called (ids always set, arguments always text). */
export interface AssistantTurn {
  content: string | null;
  toolCalls: ToolCall[];
}

/** The API did not answer in the time it was given. */
export class ModelTimeoutError extends PlanningError {}

/** One trimmed line of a body, so an error message stays readable. */
export function snippet(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function tokenCount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/**
 * The tool calls of an answer, whatever shape the model gave them: entries without a function name are kept
 * under an empty name (answered with an error), missing ids are made up so every call can be answered.
 */
function toolCallsOf(raw: unknown): ToolCall[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((call: unknown, index) => {
    const fn = field(call, 'function');
    const args = field(fn, 'arguments');
    return {
      id: text(field(call, 'id')) || `call_${index + 1}`,
      type: 'function' as const,
      function: { name: text(field(fn, 'name')) ?? '', arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) },
    };
  });
}

/**
 * Posts to `{baseUrl}/chat/completions` of any OpenAI-compatible API and reads the first choice. HTTP errors,
 * timeouts, unreachable hosts and bodies that are not completions become PlanningErrors saying which, the
 * message the failed job shows. The tokens each answer reports are added to `usage`.
 */
export class ChatCompletionsClient {
  private readonly endpoint: string;

  constructor(readonly options: ChatApiOptions) {
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  }

  /** `timeoutMs` shortens OPENAI_TIMEOUT_MS (a loop's remaining time), never lengthens it. */
  async complete(request: CompletionRequest, usage?: TokenUsage, timeoutMs = this.options.timeoutMs): Promise<AssistantTurn> {
    const limit = Math.max(1, Math.min(timeoutMs, this.options.timeoutMs));
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.options.apiKey) headers['authorization'] = `Bearer ${this.options.apiKey}`;
    let response: Response;
    let body: string;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(limit),
      });
      body = await response.text();
    } catch (error) {
      // Duck-typed: fetch's errors may come from another realm (undici), where instanceof does not hold.
      if (field(error, 'name') === 'TimeoutError') {
        throw new ModelTimeoutError(`The model API did not answer within ${Math.max(1, Math.round(limit / 1000))} s`);
      }
      const cause = field(error, 'cause');
      throw new PlanningError(`The model API could not be reached: ${text(field(cause, 'message')) ?? text(field(error, 'message')) ?? String(error)}`);
    }
    if (!response.ok) {
      throw new PlanningError(`The model API answered HTTP ${response.status}${body ? `: ${snippet(body)}` : ''}`);
    }
    let completion: unknown;
    try {
      completion = JSON.parse(body);
    } catch {
      throw new PlanningError(`The model API answered something that is not JSON: ${snippet(body)}`);
    }
    if (usage) {
      usage.input += tokenCount(field(field(completion, 'usage'), 'prompt_tokens'));
      usage.output += tokenCount(field(field(completion, 'usage'), 'completion_tokens'));
    }
    const choices = field(completion, 'choices');
    const message = Array.isArray(choices) ? field(choices[0], 'message') : undefined;
    const content = field(message, 'content');
    const toolCalls = toolCallsOf(field(message, 'tool_calls'));
    if (typeof content !== 'string' && toolCalls.length === 0) {
      throw new PlanningError('The model API answered without a message (choices[0].message.content or tool_calls)');
    }
    return { content: typeof content === 'string' ? content : null, toolCalls };
  }
}
