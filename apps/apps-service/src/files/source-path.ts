import { CONTENT_LIMITS, formatBytes, type FieldError, type SourceFile } from '@appgen/contracts';

const { filePathLength, fileBytes, filesPerApp, sourceBytesPerApp } = CONTENT_LIMITS;

const PATH_CHARACTERS = /^[A-Za-z0-9._/-]+$/;

/** Why a path may not be stored, or null when it may. Paths stay inside the app's tree and are safe in URLs and shells. */
export function pathProblem(path: unknown): string | null {
  if (typeof path !== 'string' || path.length === 0) return 'is required';
  if (path.length > filePathLength) return `must be at most ${filePathLength} characters`;
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

export function contentProblem(content: unknown): string | null {
  if (typeof content !== 'string') return 'must be a string';
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
export function treeProblems(files: unknown): FieldError[] {
  if (!Array.isArray(files)) return [{ field: 'files', message: 'must be an array of {path, content}' }];
  const errors: FieldError[] = [];
  if (files.length > filesPerApp) errors.push({ field: 'files', message: `may hold at most ${filesPerApp} files (got ${files.length})` });
  const total = files.reduce((sum: number, file: Partial<SourceFile> | null) => sum + (typeof file?.content === 'string' ? byteSize(file.content) : 0), 0);
  const sizeProblem = treeSizeProblem(total);
  if (sizeProblem) errors.push({ field: 'files', message: sizeProblem });
  const seen = new Set<string>();
  files.forEach((file: Partial<SourceFile> | null, index) => {
    const path = file?.path;
    const pathError = pathProblem(path);
    if (pathError) errors.push({ field: `files[${index}].path`, message: pathError });
    const contentError = contentProblem(file?.content);
    if (contentError) errors.push({ field: `files[${index}].content`, message: contentError });
    if (typeof path === 'string') {
      if (seen.has(path)) errors.push({ field: `files[${index}].path`, message: `repeats ${path}` });
      seen.add(path);
    }
  });
  return errors;
}
