import { APP_SOURCE_LAYOUT, type AppPlan, type SourceFile } from '@appgen/contracts';
import { PlanningError, type TokenUsage } from './app-planner';
import { ModelTimeoutError, type ChatCompletionsClient, type ChatMessage, type ToolCall } from './chat-completions';
import { CODE_TOOLS, CodeTools, type BuildCheck, type ToolAction } from './code-tools';
import { PLAN_FILE } from '../blueprint';
import { SourceWorkspace } from './source-workspace';
import { plural } from './wording';

/** What one coding run may spend (OPENAI_CODE_MAX_STEPS, OPENAI_CODE_MAX_TOKENS, OPENAI_CODE_MAX_MS). */
export interface CodeBudget {
  /** chat completions */
  maxSteps: number;
  /** input and output tokens of those completions together */
  maxTokens: number;
  /** wall-clock time of the whole loop */
  maxMs: number;
}

/** Tool calls of one answer that are run; the rest are answered with an error, so one answer cannot run away. */
export const MAX_TOOL_CALLS_PER_STEP = 20;

export interface CodeTask {
  prompt: string;
  /** the app's name, for messages */
  appName: string;
  /** the files to start from: the rendered scaffold of a new app, or an existing app's files as they are now */
  files: SourceFile[];
  /** true when `files` are an existing app's (with its owner's edits) */
  revision: boolean;
}

export interface CodeRun {
  chat: ChatCompletionsClient;
  model: string;
  budget: CodeBudget;
  /** where the tokens of every completion are added */
  usage: TokenUsage;
  check: BuildCheck;
  /**
   * Told after every step what it did (`Writing src/views/board.ts (step 3 of 20)`); throws to stop the run (the job
   * was cancelled or the worker is stopping), which is how cancellation reaches the loop at each step.
   */
  progress(step: number, message: string): Promise<void>;
  now?: () => number;
}

export interface CodeOutcome {
  files: SourceFile[];
  /** app.json's plan as the run left it */
  plan: AppPlan;
  steps: number;
  /** `finished`: the model said it was done with a clean build; `budget`: the budget ran out with a clean build */
  ending: 'finished' | 'budget';
}

const SYSTEM_PROMPT = `You are the programmer of appgen, which turns a request into a small full-stack web app. You work on the app's
files only through the tools: list_files, view_file, write_file (whole files), delete_file, build, read_build_errors, finish.

How an appgen app is made:
- ${APP_SOURCE_LAYOUT.html} loads /assets/app.js (and /assets/app.css); ${APP_SOURCE_LAYOUT.entry} is the entry, bundled by esbuild with what it imports
  (TypeScript, CSS). Imports are relative paths inside the app only: no npm packages, no URLs. Files under public/ are served as they are.
- TypeScript is transpiled, not type-checked: syntax errors, missing files and missing exports fail the build.
- ${PLAN_FILE} is the app's plan: its entities are the data model the server stores; src/api.ts talks to it at /_api. To store new
  data, add the entity or field to ${PLAN_FILE} (it must stay a valid plan) and use it through src/api.ts.
- No inline scripts, styles or event handler attributes: the page runs under a strict Content-Security-Policy.

Work in small steps: write the files the request needs, call build, read the errors, fix them, and build again. When the build is
clean and the request is done, call finish. Keep everything the request does not ask to change as it is.`;

function firstMessage(task: CodeTask, paths: string[]): string {
  const intro = task.revision
    ? `Change the app "${task.appName}" as this request says. Its files are as its owner has them now, including their own edits: change only what the request needs and keep the rest.`
    : `Build the app "${task.appName}". Its scaffold was generated from its plan (${PLAN_FILE}) and builds; extend and change it so it does what the request asks.`;
  return `${intro}\n\nRequest:\n${task.prompt}\n\nFiles:\n${paths.join('\n')}`;
}

/** The step's progress message, from what its tool calls did: the last build's outcome first, then what was written. */
function describeStep(actions: ToolAction[], step: number, maxSteps: number): string {
  const where = `(step ${step} of ${maxSteps})`;
  const built = actions.filter((action) => action.kind === 'build' || action.kind === 'finish').at(-1);
  if (built && 'errors' in built && built.errors > 0) return `Build failed: ${plural(built.errors, 'error')}, repairing ${where}`;
  if (built?.kind === 'finish' && built.accepted) return `The app builds: finishing ${where}`;
  const writes = actions.flatMap((action) => (action.kind === 'write' ? [action.path] : []));
  const builds = built ? ': it builds' : '';
  if (writes.length > 0) return `Writing ${writes[0]}${writes.length > 1 ? ` and ${plural(writes.length - 1, 'more file')}` : ''}${builds} ${where}`;
  if (built) return `Build succeeded ${where}`;
  const deleted = actions.find((action) => action.kind === 'delete');
  if (deleted && 'path' in deleted) return `Deleting ${deleted.path} ${where}`;
  const viewed = actions.find((action) => action.kind === 'view');
  if (viewed && 'path' in viewed) return `Reading ${viewed.path} ${where}`;
  return `Working on the code ${where}`;
}

/**
 * The coding loop of the openai engine: the model changes the app's files through tools and builds them with
 * deployment-service's builder (`check`), reads the errors and repairs them, until it says it is done with a clean
 * build or the budget (steps, tokens, time) runs out. A budget that runs out with a clean build still gives the
 * app; with a broken one the run fails saying so. Bad tool calls are answered with errors the model reads.
 */
export async function writeCode(task: CodeTask, run: CodeRun): Promise<CodeOutcome> {
  const now = run.now ?? Date.now;
  const started = now();
  const tokensBefore = run.usage.input + run.usage.output;
  const workspace = new SourceWorkspace(task.files);
  const tools = new CodeTools(workspace, run.check);
  const { maxSteps, maxTokens, maxMs } = run.budget;
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: firstMessage(task, workspace.paths()) },
  ];
  const outcome = (steps: number, ending: CodeOutcome['ending']): CodeOutcome => ({ files: workspace.snapshot(), plan: workspace.plan(), steps, ending });

  let exhausted = plural(maxSteps, 'step');
  let step = 0;
  while (step < maxSteps) {
    const remainingMs = maxMs - (now() - started);
    if (remainingMs <= 0) {
      exhausted = `${Math.round(maxMs / 1000)} s`;
      break;
    }
    if (run.usage.input + run.usage.output - tokensBefore >= maxTokens) {
      exhausted = plural(maxTokens, 'token');
      break;
    }
    step += 1;
    let turn;
    try {
      turn = await run.chat.complete({ model: run.model, messages, tools: CODE_TOOLS, tool_choice: 'auto', temperature: 0 }, run.usage, remainingMs);
    } catch (error) {
      // Cut short by the loop's own time budget rather than the API's timeout: the budget ran out.
      if (error instanceof ModelTimeoutError && remainingMs < run.chat.options.timeoutMs) {
        exhausted = `${Math.round(maxMs / 1000)} s`;
        break;
      }
      throw error;
    }
    messages.push({ role: 'assistant', content: turn.content, ...(turn.toolCalls.length > 0 ? { tool_calls: turn.toolCalls } : {}) });

    if (turn.toolCalls.length === 0) {
      // An answer without tools is the model saying it is done: accepted once the files build.
      const finish = await tools.finish();
      await run.progress(step, describeStep([finish.action], step, maxSteps));
      if (finish.action.kind === 'finish' && finish.action.accepted) return outcome(step, 'finished');
      messages.push({ role: 'user', content: finish.content });
      continue;
    }
    const actions: ToolAction[] = [];
    let finished = false;
    for (const [index, call] of turn.toolCalls.entries()) {
      const result = index < MAX_TOOL_CALLS_PER_STEP ? await tools.run(call) : tooMany(call);
      actions.push(result.action);
      if (result.action.kind === 'finish' && result.action.accepted) finished = true;
      messages.push({ role: 'tool', tool_call_id: call.id, content: result.content });
    }
    await run.progress(step, describeStep(actions, step, maxSteps));
    if (finished) return outcome(step, 'finished');
  }

  const problems = await tools.build();
  if (problems.length === 0) return outcome(step, 'budget');
  throw new PlanningError(
    `The model used its whole budget (${exhausted}) and the app still does not build: ${plural(problems.length, 'error')}, the first: ${problems[0]?.message ?? ''}`,
  );
}

function tooMany(call: ToolCall): { content: string; action: ToolAction } {
  return { content: `Error: not run: at most ${MAX_TOOL_CALLS_PER_STEP} tool calls are run per answer; call ${call.function.name} again`, action: { kind: 'refused' } };
}
