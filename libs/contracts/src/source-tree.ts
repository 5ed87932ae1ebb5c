import { CONTENT_LIMITS, formatBytes } from './limits';
import type { FieldError } from './errors';
import type { SourceFile } from './app-plan';

const { fileBytes, filesPerApp, sourceBytesPerApp } = CONTENT_LIMITS;

const PATH_CHARACTERS = /^[A-Za-z0-9._/-]+$/;

/*
 * The rules an app's source tree keeps, wherever files come from: apps-service checks every save and edit with
 * them, and generation-service every file a model writes. A path's length and a content's type are the subject
 * schemas' (SourcePath, FileContent, SourceFile); what is judged here is the form of a path and sizes in bytes.
 */

/** Why a path may not be stored, or null when it may. Paths stay inside the app's tree and are safe in URLs and shells. */
export function pathProblem(path: string): string | null {
  if (path.startsWith('/')) return 'must be relative (no leading /)';
  if (!PATH_CHARACTERS.test(path)) return 'may contain only letters, digits, ".", "_", "-" and "/"';
  const segments = path.split('/');
  if (segments.some((segment) => segment === '..')) return 'may not contain ".."';
  if (segments.some((segment) => segment === '' || segment === '.')) return 'may not contain empty or "." segments';
  return null;
}

export function byteSize(content: string): number {
  return Buffer.byteLength(content, 'utf8');
}

export function contentProblem(content: string): string | null {
  if (byteSize(content) > fileBytes) return `must be at most ${fileBytes} bytes (${formatBytes(fileBytes)}) of UTF-8`;
  return null;
}

/** Why an app whose files would then total `totalBytes` may not store them, or null when it may. */
export function treeSizeProblem(totalBytes: number): string | null {
  if (totalBytes <= sourceBytesPerApp) return null;
  return `would make the app's source ${formatBytes(totalBytes)}; an app holds at most ${sourceBytesPerApp} bytes (${formatBytes(sourceBytesPerApp)}) of source files`;
}

/** Why one more file may not be added to an app holding `count` files, or null when it may. */
export function fileCountProblem(count: number): string | null {
  return count >= filesPerApp ? `cannot be added: an app holds at most ${filesPerApp} files` : null;
}

/** Problems of a whole tree about to become a version: each file's path and content, duplicates, the count and total size. */
export function treeProblems(files: SourceFile[]): FieldError[] {
  const errors: FieldError[] = [];
  if (files.length > filesPerApp) errors.push({ field: 'files', message: `may hold at most ${filesPerApp} files (got ${files.length})` });
  const total = files.reduce((sum, file) => sum + byteSize(file.content), 0);
  const sizeProblem = treeSizeProblem(total);
  if (sizeProblem) errors.push({ field: 'files', message: sizeProblem });
  const seen = new Set<string>();
  files.forEach(({ path, content }, index) => {
    const pathError = pathProblem(path);
    if (pathError) errors.push({ field: `files[${index}].path`, message: pathError });
    const contentError = contentProblem(content);
    if (contentError) errors.push({ field: `files[${index}].content`, message: contentError });
    if (seen.has(path)) errors.push({ field: `files[${index}].path`, message: `repeats ${path}` });
    seen.add(path);
  });
  return errors;
}
