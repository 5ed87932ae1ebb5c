import { BUILD_ERROR_TYPE, type BuildErrorEntry, type BuildErrorsResponse } from '@appgen/contracts';
import type { BuildFailure, Location, Message } from 'esbuild';

/** esbuild namespaces of the app's own files: modules, and files inlined into CSS as data URLs. */
export const APP_NAMESPACE = 'app';
export const ASSET_NAMESPACE = 'app-asset';

/** A build failure before it is stamped with the app's editor address and the time. */
export interface BuildIssue {
  /** app-relative path; empty when no single file is at fault */
  file: string;
  line?: number;
  message: string;
  suggestedAction: string;
  recoverable: boolean;
}

/** What the app-files plugin attaches to the errors it raises, so the entry says how to fix them. */
export interface PluginErrorDetail {
  suggestedAction: string;
}

export interface EntryStamp {
  editorUrl: string;
  occurredAt: string;
}

export function toBuildErrorEntry(issue: BuildIssue, stamp: EntryStamp): BuildErrorEntry {
  return {
    message: issue.message,
    error_type: BUILD_ERROR_TYPE,
    file: issue.file,
    suggested_action: issue.suggestedAction,
    fix_url: fixUrl(stamp.editorUrl, issue.file, issue.line),
    recoverable: issue.recoverable,
    occurred_at: stamp.occurredAt,
  };
}

/** The errors endpoint's body: recoverable unless one failure is appgen's own. */
export function toBuildErrorsResponse(errors: BuildErrorEntry[]): BuildErrorsResponse {
  return { recoverable: errors.every((entry) => entry.recoverable), errors };
}

/** `${editorUrl}?file=<encoded path>&line=<n>`, keeping any query or fragment the editor address has. */
export function fixUrl(editorUrl: string, file: string, line?: number): string {
  if (!file) return editorUrl;
  const hashAt = editorUrl.indexOf('#');
  const base = hashAt === -1 ? editorUrl : editorUrl.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : editorUrl.slice(hashAt);
  const query = `file=${encodeURIComponent(file)}${line ? `&line=${line}` : ''}`;
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
}

/** `app:src/main.ts` (how esbuild names files of a plugin namespace) → `src/main.ts`. */
export function appPath(esbuildPath: string): string {
  for (const namespace of [APP_NAMESPACE, ASSET_NAMESPACE]) {
    if (esbuildPath.startsWith(`${namespace}:`)) return esbuildPath.slice(namespace.length + 1);
  }
  return esbuildPath;
}

export function isBuildFailure(error: unknown): error is BuildFailure {
  return error instanceof Error && 'errors' in error && Array.isArray(error.errors) && 'warnings' in error;
}

/** An esbuild error (or a warning the build treats as one) as the entry the repair loop reads. */
export function issueFromMessage(message: Message): BuildIssue {
  const text = withAppPaths(message.text);
  const location = message.location;
  if (!location) {
    // Every problem in the app's files has a place; one without is esbuild or its set-up failing.
    const suggestedAction = pluginSuggestion(message.detail) ?? SUGGEST_RETRY;
    return { file: '', message: text, suggestedAction, recoverable: pluginSuggestion(message.detail) !== undefined };
  }
  const file = appPath(location.file);
  const line = location.line;
  const column = characterColumn(location);
  const snippet = location.lineText.trim().slice(0, 160);
  const notes = message.notes
    .filter((note) => note.location)
    .map((note) => `${withAppPaths(note.text)} ${appPath(note.location?.file ?? '')}:${note.location?.line ?? 0}`);
  return {
    file,
    line,
    message: `${file}:${line}:${column}: ${text}${snippet ? ` in \`${snippet}\`` : ''}${notes.length ? ` (${notes.join('; ')})` : ''}`,
    suggestedAction: pluginSuggestion(message.detail) ?? suggestionFor(message, text, file, line),
    recoverable: true,
  };
}

/** A failure of the build machinery itself: nothing in the app's files can fix it. */
export function internalIssue(appId: string, error: unknown): BuildIssue {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    file: '',
    message: `The build of app ${appId} could not run: ${reason}`,
    suggestedAction: SUGGEST_RETRY,
    recoverable: false,
  };
}

const SUGGEST_RETRY =
  'Nothing to change in the app: this failure is on appgen\'s side. Build or deploy again in a few minutes; if it keeps failing, contact support with this message.';

/** How esbuild's parsers word a syntax error, as opposed to code that parses but cannot work. */
const SYNTAX_ERROR = /^(Expected|Unexpected|Unterminated|Invalid|Syntax|Missing|The character|Legacy octal)/;

function suggestionFor(message: Message, text: string, file: string, line: number): string {
  const missingExport =
    /No matching export in "([^"]+)" for import "([^"]+)"/.exec(text) ??
    /Import "([^"]+)" will always be undefined because there is no matching export in "([^"]+)"/.exec(text);
  if (missingExport) {
    const [exported, from] = message.id === 'import-is-undefined'
      ? [missingExport[1], missingExport[2]]
      : [missingExport[2], missingExport[1]];
    return `Export ${exported} from ${from}, or fix the import at line ${line} of ${file}.`;
  }
  if (/Top-level await/.test(text)) {
    return `Move the await at line ${line} of ${file} into an async function: the bundle targets es2020 browsers, where a script cannot await at its top level.`;
  }
  if (message.id === 'css-syntax-error' || (message.id === '' && SYNTAX_ERROR.test(text))) {
    const suggestion = message.location?.suggestion;
    const expected = suggestion && !text.includes(`"${suggestion}"`) ? ` (expected "${suggestion}")` : '';
    return `Fix the syntax at line ${line} of ${file}: ${text}${expected}.`;
  }
  return `Fix line ${line} of ${file}: ${text}.`;
}

function pluginSuggestion(detail: unknown): string | undefined {
  if (typeof detail === 'object' && detail !== null && 'suggestedAction' in detail && typeof detail.suggestedAction === 'string') {
    return detail.suggestedAction;
  }
  return undefined;
}

/** esbuild quotes files as `"app:src/x.ts"`; users know them as `"src/x.ts"`. */
function withAppPaths(text: string): string {
  return text.replace(new RegExp(`"(?:${APP_NAMESPACE}|${ASSET_NAMESPACE}):([^"]*)"`, 'g'), '"$1"');
}

/** esbuild counts columns in bytes from 0; editors count characters from 1. */
function characterColumn(location: Location): number {
  return Buffer.from(location.lineText, 'utf8').subarray(0, location.column).toString('utf8').length + 1;
}
