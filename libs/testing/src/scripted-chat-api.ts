import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What a recorded request must show: `json_mode` a plan request (response_format json_object, no tools), `tools` a
 * coding request offering these tools; `contains` texts the request's newest messages (everything after the last
 * assistant message: the tool results or the user's message) must hold.
 */
export interface ExpectedRequest {
  json_mode?: boolean;
  tools?: string[];
  model?: string;
  contains?: string[];
}

/** A tool call of a scripted answer; `arguments` is sent as JSON text, `arguments_raw` as it is (to send broken JSON). */
export interface ScriptedToolCall {
  id?: string;
  name: string;
  arguments?: Record<string, unknown>;
  arguments_raw?: string;
}

export type ScriptedResponse =
  | { content?: string; tool_calls?: ScriptedToolCall[]; usage?: { prompt_tokens: number; completion_tokens: number } }
  | { status: number; body: string };

export interface ChatExchange {
  expect?: ExpectedRequest;
  response: ScriptedResponse;
  /** answer only after this long, as a model thinking (to act while a request is in flight) */
  delay_ms?: number;
}

/** A recorded conversation: the requests appgen is expected to send, in order, and the answers the model gave. */
export interface ChatConversation {
  description: string;
  /** the prompt of the job the conversation was recorded for */
  prompt?: string;
  exchanges: ChatExchange[];
}

export interface ReceivedChatRequest {
  url: string;
  headers: IncomingHttpHeaders;
  body: {
    model?: string;
    /** always sent by appgen */
    messages: Array<{ role: string; content?: string | null; tool_call_id?: string; tool_calls?: unknown[] }>;
    tools?: Array<{ function?: { name?: string } }>;
    tool_choice?: unknown;
    response_format?: { type?: string };
  };
}

export function loadConversation(path: string): ChatConversation {
  return JSON.parse(readFileSync(path, 'utf8')) as ChatConversation;
}

/** The text of a request's newest messages: all of them up to the first request, then what came after the model's last answer. */
export function newestMessages(request: ReceivedChatRequest['body']): string {
  const messages = request.messages ?? [];
  let lastAssistant = -1;
  messages.forEach((message, index) => {
    if (message.role === 'assistant') lastAssistant = index;
  });
  return messages
    .slice(lastAssistant + 1)
    .map((message) => message.content ?? '')
    .join('\n');
}

function mismatch(expected: ExpectedRequest | undefined, body: ReceivedChatRequest['body']): string | null {
  if (!expected) return null;
  const offered = (body.tools ?? []).map((tool) => tool.function?.name ?? '');
  if (expected.json_mode !== undefined && expected.json_mode !== (body.response_format?.type === 'json_object')) {
    return expected.json_mode ? 'expected a JSON-mode request' : 'expected a request without JSON mode';
  }
  if (expected.tools && expected.tools.some((name) => !offered.includes(name))) {
    return `expected the tools ${expected.tools.join(', ')}, got ${offered.join(', ') || 'none'}`;
  }
  if (expected.model !== undefined && expected.model !== body.model) return `expected the model ${expected.model}, got ${String(body.model)}`;
  const newest = newestMessages(body);
  const missing = (expected.contains ?? []).filter((text) => !newest.includes(text));
  if (missing.length > 0) return `the newest messages lack ${missing.map((text) => JSON.stringify(text)).join(', ')}: ${newest.slice(0, 2000)}`;
  return null;
}

/**
 * An OpenAI-compatible chat completions API on loopback that replays recorded conversations: each POST to
 * `/chat/completions` is checked against the next expected request and answered with the recorded answer (tool
 * calls included). A request that does not match, or one past the end of the script, is answered HTTP 500 saying
 * why and kept in `mismatches`, so a test fails on the job's message and on the list.
 */
export class ScriptedChatApi {
  readonly requests: ReceivedChatRequest[] = [];
  readonly mismatches: string[] = [];
  private exchanges: ChatExchange[] = [];
  private server?: Server;
  /** the API root to configure as OPENAI_BASE_URL */
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const { status, body, delayMs } = this.answer(request.url ?? '', request.headers, Buffer.concat(chunks).toString('utf8'));
        setTimeout(() => response.writeHead(status, { 'content-type': 'application/json' }).end(body), delayMs);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Replays these conversations from now on, one after the other, forgetting what was received. */
  play(...conversations: ChatConversation[]): void {
    this.exchanges = conversations.flatMap((conversation) => conversation.exchanges);
    this.requests.length = 0;
    this.mismatches.length = 0;
  }

  /** Exchanges not asked for yet. */
  get remaining(): number {
    return this.exchanges.length;
  }

  private answer(url: string, headers: IncomingHttpHeaders, raw: string): { status: number; body: string; delayMs?: number } {
    let body: ReceivedChatRequest['body'];
    try {
      body = JSON.parse(raw) as ReceivedChatRequest['body'];
    } catch {
      return this.refuse('the request body is not JSON');
    }
    this.requests.push({ url, headers, body });
    const number = this.requests.length;
    if (!url.endsWith('/chat/completions')) return this.refuse(`request ${number} went to ${url}, not /chat/completions`);
    const exchange = this.exchanges.shift();
    if (!exchange) return this.refuse(`request ${number} comes after the end of the script`);
    const problem = mismatch(exchange.expect, body);
    if (problem) return this.refuse(`request ${number} does not match the script: ${problem}`);
    const { response, delay_ms: delayMs } = exchange;
    if ('status' in response) return { status: response.status, body: response.body, delayMs };
    const toolCalls = (response.tool_calls ?? []).map((call, index) => ({
      id: call.id ?? `call_${number}_${index + 1}`,
      type: 'function',
      function: { name: call.name, arguments: call.arguments_raw ?? JSON.stringify(call.arguments ?? {}) },
    }));
    const message = { role: 'assistant', content: response.content ?? null, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) };
    return {
      status: 200,
      delayMs,
      body: JSON.stringify({
        id: `chatcmpl-${number}`,
        object: 'chat.completion',
        model: body.model,
        choices: [{ index: 0, finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop', message }],
        usage: response.usage ?? { prompt_tokens: 0, completion_tokens: 0 },
      }),
    };
  }

  private refuse(why: string): { status: number; body: string } {
    this.mismatches.push(why);
    return { status: 500, body: JSON.stringify({ error: { message: `scripted chat API: ${why}` } }) };
  }
}
