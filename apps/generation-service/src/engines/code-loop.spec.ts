import { join } from 'node:path';
import { transform } from 'esbuild';
import type { AppPlan, SourceFile } from '@appgen/contracts';
import { loadConversation, ScriptedChatApi, type ChatConversation } from '@appgen/testing';
import { PlanningError, type TokenUsage } from './app-planner';
import { ChatCompletionsClient } from './chat-completions';
import { writeCode, type CodeBudget, type CodeRun } from './code-loop';
import type { BuildProblem } from './code-tools';

const fixture = (name: string): ChatConversation => loadConversation(join(__dirname, 'fixtures', `${name}.json`));

/** The coding part of a recorded conversation: what comes after the plan request. */
function codingPart(conversation: ChatConversation): ChatConversation {
  return { ...conversation, exchanges: conversation.exchanges.filter((exchange) => !exchange.expect?.json_mode) };
}

/** The plan the recorded model answered, as the scaffold's app.json holds it. */
function recordedPlan(conversation: ChatConversation): AppPlan {
  const first = conversation.exchanges[0]?.response;
  if (!first || !('content' in first) || !first.content) throw new Error('the conversation starts without a plan');
  return JSON.parse(first.content) as AppPlan;
}

function scaffold(plan: AppPlan): SourceFile[] {
  return [
    { path: 'index.html', content: '<!doctype html><html><body><div id="app"></div><script defer src="/assets/app.js"></script></body></html>\n' },
    { path: 'src/main.ts', content: "document.body.textContent = 'scaffold';\n" },
    { path: 'app.json', content: `${JSON.stringify(plan, null, 2)}\n` },
  ];
}

/** Stands in for deployment.builds.check in unit tests: esbuild's own syntax errors of every TypeScript file. */
async function syntaxCheck(files: SourceFile[]): Promise<BuildProblem[]> {
  const problems: BuildProblem[] = [];
  for (const file of files.filter((f) => f.path.endsWith('.ts'))) {
    try {
      await transform(file.content, { loader: 'ts', sourcefile: file.path });
    } catch (error) {
      const errors = (error as { errors?: Array<{ text: string; location?: { line: number; column: number } | null }> }).errors ?? [];
      for (const entry of errors) {
        const at = entry.location ? `${entry.location.line}:${entry.location.column}` : '0:0';
        problems.push({ file: file.path, message: `${file.path}:${at}: ${entry.text}`, suggested_action: `Fix the syntax in ${file.path}.` });
      }
    }
  }
  return problems;
}

describe('the openai engine coding loop', () => {
  let api: ScriptedChatApi;
  let chat: ChatCompletionsClient;
  const budget: CodeBudget = { maxSteps: 3, maxTokens: 100_000, maxMs: 30_000 };
  let usage: TokenUsage;
  let progress: string[];
  let checks: number;

  const run = (overrides: Partial<CodeRun> = {}): CodeRun => ({
    chat,
    model: 'gpt-test',
    budget,
    usage,
    check: async (files) => {
      checks += 1;
      return syntaxCheck(files);
    },
    progress: async (_step, message) => {
      progress.push(message);
    },
    ...overrides,
  });
  const task = (conversation: ChatConversation, revision = false) => ({
    prompt: conversation.prompt ?? '',
    appName: 'Habit Tracker',
    files: scaffold(recordedPlan(conversation)),
    revision,
  });

  beforeAll(async () => {
    api = await new ScriptedChatApi().start();
    chat = new ChatCompletionsClient({ baseUrl: api.url, apiKey: 'sk-test', defaultModel: 'gpt-test', timeoutMs: 5000 });
  });
  afterAll(() => api.stop());
  beforeEach(() => {
    usage = { input: 0, output: 0 };
    progress = [];
    checks = 0;
  });

  it('writes a file that does not build, reads the errors, repairs it and finishes with a clean build', async () => {
    const conversation = fixture('new-app-repair');
    api.play(codingPart(conversation));

    const outcome = await writeCode(task(conversation), run());

    expect(api.mismatches).toEqual([]);
    expect(api.remaining).toBe(0);
    expect(outcome).toMatchObject({ ending: 'finished', steps: 3 });
    expect(outcome.files.find((f) => f.path === 'src/views/stats.ts')?.content).toContain('Habit Tracker: ${habits.length} habits');
    expect(outcome.plan.entities.map((e) => e.name)).toEqual(['habits']);
    expect(progress).toEqual([
      'Build failed: 1 error, repairing (step 1 of 3)',
      'Writing src/views/stats.ts: it builds (step 2 of 3)',
      'The app builds: finishing (step 3 of 3)',
    ]);
    // Each completion's usage is added up; the finish step builds nothing again (the files did not change).
    expect(usage).toEqual({ input: 1500 + 2500 + 3000, output: 400 + 300 + 50 });
    expect(checks).toBe(2);
    const request = api.requests[0]?.body;
    expect(request).toMatchObject({ model: 'gpt-test', tool_choice: 'auto' });
    expect(api.requests[0]?.headers.authorization).toBe('Bearer sk-test');
  });

  it('fails saying so when the budget runs out with a build that still fails', async () => {
    const conversation = fixture('budget-runs-out');
    api.play(codingPart(conversation));

    const failure = writeCode(task(conversation), run());

    await expect(failure).rejects.toBeInstanceOf(PlanningError);
    await expect(failure).rejects.toThrow(/^The model used its whole budget \(3 steps\) and the app still does not build: 1 error, the first: src\/views\/stats\.ts:2:/);
    expect(api.mismatches).toEqual([]);
    expect(progress.at(-1)).toBe('Build failed: 1 error, repairing (step 3 of 3)');
  });

  it('gives the app when the budget runs out with a clean build', async () => {
    const conversation = fixture('new-app-repair');
    api.play(codingPart(conversation));

    const outcome = await writeCode(task(conversation), run({ budget: { ...budget, maxSteps: 2 } }));

    expect(outcome).toMatchObject({ ending: 'budget', steps: 2 });
    expect(outcome.files.find((f) => f.path === 'src/views/stats.ts')?.content).toContain('Habit Tracker:');
  });

  it('stops on the token budget before asking again', async () => {
    const conversation = fixture('budget-runs-out');
    api.play(codingPart(conversation));

    const failure = writeCode(task(conversation), run({ budget: { ...budget, maxTokens: 1000 } }));

    await expect(failure).rejects.toThrow(/whole budget \(1000 tokens\)/);
    expect(api.requests).toHaveLength(1);
  });

  it('answers every bad tool call with an error the model reads, and keeps the files valid', async () => {
    const conversation = fixture('bad-tool-calls');
    api.play(codingPart(conversation));

    const outcome = await writeCode(task(conversation), run());

    expect(api.mismatches).toEqual([]);
    expect(outcome.ending).toBe('finished');
    expect(outcome.files.map((f) => f.path)).toEqual(['app.json', 'index.html', 'src/main.ts']);
    expect(outcome.plan).toEqual(recordedPlan(conversation));
    const results = (api.requests[1]?.body.messages ?? []).filter((m) => m.role === 'tool').map((m) => m.content);
    expect(results).toHaveLength(6);
    for (const result of results) expect(result).toMatch(/^Error: /);
  });

  it('changes an existing app through the same tools and keeps what it was not asked to change', async () => {
    const conversation = fixture('revision-keeps-edit');
    api.play(codingPart(conversation));
    const files = [...scaffold(recordedPlan(fixture('new-app-repair'))), { path: 'src/views/stats.ts', content: "export function renderStats(root: HTMLElement, habits: string[]): void {\n  root.textContent = `Habit Tracker: ${habits.length} habits`;\n}\n" }];
    const ownerEdited = { path: 'src/notes.md', content: 'my own notes\n' };

    const outcome = await writeCode({ ...task(conversation, true), files: [...files, ownerEdited] }, run());

    expect(api.mismatches).toEqual([]);
    expect(outcome.ending).toBe('finished');
    expect(outcome.files).toContainEqual(ownerEdited);
    expect(outcome.files.find((f) => f.path === 'src/views/stats.ts')?.content).toContain('streaks');
    expect(newestUserMessage(api)).toContain('including their own edits');
  });

  it('fails with the API error when the model API answers an HTTP error', async () => {
    api.play({ description: 'overloaded', exchanges: [{ response: { status: 503, body: '{"error":{"message":"overloaded"}}' } }] });

    await expect(writeCode(task(fixture('new-app-repair')), run())).rejects.toThrow('The model API answered HTTP 503: {"error":{"message":"overloaded"}}');
  });

  it('stops at the next step when the job is cancelled', async () => {
    const conversation = fixture('new-app-repair');
    api.play(codingPart(conversation));
    const cancelled = new Error('cancelled');

    const failure = writeCode(task(conversation), run({ progress: () => Promise.reject(cancelled) }));

    await expect(failure).rejects.toBe(cancelled);
    expect(api.requests).toHaveLength(1);
  });

  it('tells a model that says it is done while the build fails to fix it first', async () => {
    const broken = "export const total = ;\n";
    api.play({
      description: 'done too early',
      exchanges: [
        { response: { tool_calls: [{ name: 'write_file', arguments: { path: 'src/main.ts', content: broken } }] } },
        { response: { content: 'Done.' } },
        { expect: { contains: ['Not done yet: the build fails with 1 error', 'src/main.ts:1'] }, response: { tool_calls: [{ name: 'write_file', arguments: { path: 'src/main.ts', content: 'export const total = 1;\n' } }, { name: 'finish', arguments: {} }] } },
      ],
    });

    const outcome = await writeCode(task(fixture('new-app-repair')), run());

    expect(api.mismatches).toEqual([]);
    expect(outcome).toMatchObject({ ending: 'finished', steps: 3 });
  });
});

function newestUserMessage(api: ScriptedChatApi): string {
  const messages = api.requests[0]?.body.messages ?? [];
  return messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
}
