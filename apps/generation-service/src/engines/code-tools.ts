import { byteSize } from '@appgen/contracts';
import type { ToolCall, ToolDefinition } from './chat-completions';
import type { SourceWorkspace } from './source-workspace';
import { plural } from './wording';

/** One reason the files do not build, as deployment-service's build errors say it. */
export interface BuildProblem {
  file: string;
  message: string;
  suggested_action: string;
}

/** Builds the files as a version is built (`deployment.builds.check`): their problems, none when they build. */
export type BuildCheck = (files: ReturnType<SourceWorkspace['snapshot']>) => Promise<BuildProblem[]>;

/** What one tool call did, for the job's progress message. */
export type ToolAction =
  | { kind: 'list' | 'refused' }
  | { kind: 'view' | 'write' | 'delete'; path: string }
  | { kind: 'build'; errors: number }
  | { kind: 'finish'; accepted: boolean; errors: number };

export interface ToolOutcome {
  /** the tool message the model reads */
  content: string;
  action: ToolAction;
}

const PATH_ARGUMENT = { type: 'string', description: 'app-relative path, e.g. src/views/board.ts' };

function tool(name: string, description: string, properties: Record<string, unknown> = {}, required: string[] = []): ToolDefinition {
  return { type: 'function', function: { name, description, parameters: { type: 'object', properties, required, additionalProperties: false } } };
}

/** The tools a model works on an app's files with. */
export const CODE_TOOLS: ToolDefinition[] = [
  tool('list_files', "Lists the app's files with their sizes in bytes."),
  tool('view_file', 'Shows the whole content of one file.', { path: PATH_ARGUMENT }, ['path']),
  tool(
    'write_file',
    'Creates a file or replaces its whole content. app.json must stay a valid app plan (its entities are the data model).',
    { path: PATH_ARGUMENT, content: { type: 'string', description: 'the whole new content' } },
    ['path', 'content'],
  ),
  tool('delete_file', 'Deletes a file.', { path: PATH_ARGUMENT }, ['path']),
  tool('build', 'Builds the app as it will be deployed (esbuild) and answers the build errors, if any.'),
  tool('read_build_errors', 'Shows the errors of the last build again, with what to change for each.'),
  tool(
    'finish',
    'Says the work is done. Accepted only when the app builds without errors; otherwise answers the errors to fix first.',
    { summary: { type: 'string', description: 'one sentence on what was built or changed' } },
  ),
];

/** The arguments of a call as an object, or why they cannot be read. */
function parseArguments(call: ToolCall): Record<string, unknown> | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(call.function.arguments || '{}');
  } catch {
    return 'the arguments are not valid JSON';
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : 'the arguments must be a JSON object';
}

function stringArgument(args: Record<string, unknown>, name: string): string | null {
  const value = args[name];
  return typeof value === 'string' ? value : null;
}

export function describeProblems(problems: readonly BuildProblem[]): string {
  return problems
    .map((problem, index) => `${index + 1}. ${problem.file || '(the app)'}: ${problem.message}\n   Fix: ${problem.suggested_action}`)
    .join('\n');
}

/**
 * Runs the model's tool calls against the workspace. A call that cannot be run (unknown tool, arguments that are
 * not JSON, a path or content the source tree's rules refuse) answers an error the model reads: it never stops the job.
 */
export class CodeTools {
  private lastBuild: { revision: number; problems: BuildProblem[] } | null = null;

  constructor(
    private readonly workspace: SourceWorkspace,
    private readonly check: BuildCheck,
  ) {}

  async run(call: ToolCall): Promise<ToolOutcome> {
    const args = parseArguments(call);
    if (typeof args === 'string') return this.refuse(`${call.function.name || 'The tool call'}: ${args}`);
    const path = stringArgument(args, 'path');
    switch (call.function.name) {
      case 'list_files':
        return { content: this.listing(), action: { kind: 'list' } };
      case 'view_file': {
        if (path === null) return this.refuse('view_file needs "path", a string');
        const content = this.workspace.read(path);
        if (content === undefined) return this.refuse(`${path} does not exist; list_files shows the app's files`);
        return { content, action: { kind: 'view', path } };
      }
      case 'write_file': {
        const content = stringArgument(args, 'content');
        if (path === null || content === null) return this.refuse('write_file needs "path" and "content", both strings');
        const existed = this.workspace.has(path);
        const problem = this.workspace.write(path, content);
        if (problem) return this.refuse(`${path} was not written: ${problem}`);
        return { content: `${existed ? 'Replaced' : 'Created'} ${path} (${byteSize(content)} bytes)`, action: { kind: 'write', path } };
      }
      case 'delete_file': {
        if (path === null) return this.refuse('delete_file needs "path", a string');
        const problem = this.workspace.delete(path);
        if (problem) return this.refuse(`${path} was not deleted: ${problem}`);
        return { content: `Deleted ${path}`, action: { kind: 'delete', path } };
      }
      case 'build': {
        const problems = await this.build();
        return { content: this.buildReport(problems), action: { kind: 'build', errors: problems.length } };
      }
      case 'read_build_errors':
        return { content: this.lastBuildReport(), action: this.lastBuild ? { kind: 'build', errors: this.lastBuild.problems.length } : { kind: 'list' } };
      case 'finish':
        return this.finish();
      default:
        return this.refuse(`There is no tool "${call.function.name}"; the tools are ${CODE_TOOLS.map((t) => t.function.name).join(', ')}`);
    }
  }

  /** Accepts the work when the current files build; otherwise says what to fix. */
  async finish(): Promise<ToolOutcome> {
    const problems = await this.build();
    if (problems.length === 0) return { content: 'Done: the app builds.', action: { kind: 'finish', accepted: true, errors: 0 } };
    return {
      content: `Not done yet: the build fails with ${plural(problems.length, 'error')}. Fix them, build again, then call finish.\n${describeProblems(problems)}`,
      action: { kind: 'finish', accepted: false, errors: problems.length },
    };
  }

  /** The problems of the current files, building them only when they changed since the last build. */
  async build(): Promise<BuildProblem[]> {
    if (this.lastBuild?.revision !== this.workspace.version) {
      const revision = this.workspace.version;
      this.lastBuild = { revision, problems: await this.check(this.workspace.snapshot()) };
    }
    return this.lastBuild.problems;
  }

  private refuse(message: string): ToolOutcome {
    return { content: `Error: ${message}`, action: { kind: 'refused' } };
  }

  private listing(): string {
    const paths = this.workspace.paths();
    return [`${plural(paths.length, 'file')}:`, ...paths.map((path) => `${path} (${byteSize(this.workspace.read(path) ?? '')} bytes)`)].join('\n');
  }

  private buildReport(problems: BuildProblem[]): string {
    if (problems.length === 0) return 'The build succeeded: no errors.';
    return `The build failed with ${plural(problems.length, 'error')}:\n${describeProblems(problems)}`;
  }

  private lastBuildReport(): string {
    if (!this.lastBuild) return 'Nothing was built yet: call build.';
    const stale = this.lastBuild.revision === this.workspace.version ? '' : ' (files changed since: build again to see the current errors)';
    if (this.lastBuild.problems.length === 0) return `The last build succeeded${stale}.`;
    return `The last build failed${stale}:\n${describeProblems(this.lastBuild.problems)}`;
  }
}
